import { splitRally, type RallySplit } from "./chips";
import { classSuits } from "./classes";
import { addDrain, recoverDrain, recoverHP, type Recovered } from "./drain";
import { advanceHealingClock, type HealingClock } from "./injury/healing";
import { endBleeding, type OngoingEffect } from "./ongoing";
import { hpMax, realDamage, wakes, type Vitals } from "./hitPoints";
import { armedWoundHealsAfterSleep } from "./wounds";
import { SUITS, type ClassKey, type DegreeOfSuccess, type PerSuit, type Suit } from "./vocabulary";

/** REC-1: class chips a Rally regains by the DoS of its ♥ test. */
export const RALLY_CHIPS: Readonly<Record<DegreeOfSuccess, number>> = { CS: 3, S: 2, F: 1, CF: 0 };

/** REC-3: recovery points a Sleep's ♥ test gives to recoverHP. */
export const SLEEP_RECOVERY: Readonly<Record<DegreeOfSuccess, number>> = { CS: 3, S: 2, F: 1, CF: 0 };

/** REC-2: Rests allowed between two Sleeps. */
export const RESTS_PER_DAY = 2;

/** Why a recovery may not be taken. */
export type RecoveryProblem =
  | "alreadyRallied"
  | "notClassSuit"
  | "badAmount"
  | "overRoom"
  | "overRegained"
  | "restLimit"
  | "outOfCombatOnly"
  | "notAtZero"
  | "alreadyTried";

/** The chip state recovery reads: chips on each suit and capacity (CH-2) as it stands now. */
export interface ChipState {
  classes: readonly ClassKey[];
  chips: PerSuit<number>;
  capacity: PerSuit<number>;
}

/** REC-1: what a Rally's choice of split is wrong about, or null when it is a legal split. */
export function rallySplitProblem(
  dos: DegreeOfSuccess,
  state: ChipState,
  choice: Partial<PerSuit<number>>,
): RecoveryProblem | null {
  const suits = classSuits(state.classes);
  let total = 0;
  for (const [suit, amount] of Object.entries(choice) as [Suit, number][]) {
    if (!suits.includes(suit)) return "notClassSuit";
    if (!Number.isInteger(amount) || amount < 0) return "badAmount";
    if (amount > Math.max(0, state.capacity[suit] - state.chips[suit])) return "overRoom";
    total += amount;
  }
  return total > RALLY_CHIPS[dos] ? "overRegained" : null;
}

/**
 * REC-1: a Rally, at most once per encounter: regain class chips by the ♥ test's DoS, split among
 * the class suits as the player chooses (by default in class order), each capped at capacity.
 */
export function rally(
  dos: DegreeOfSuccess,
  state: ChipState,
  options: { ralliedThisEncounter?: boolean; choice?: Partial<PerSuit<number>> } = {},
): { ok: true; split: RallySplit } | { ok: false; problem: RecoveryProblem } {
  if (options.ralliedThisEncounter) return { ok: false, problem: "alreadyRallied" };
  if (options.choice) {
    const problem = rallySplitProblem(dos, state, options.choice);
    if (problem) return { ok: false, problem };
  }
  return {
    ok: true,
    split: splitRally(RALLY_CHIPS[dos], state.chips, state.capacity, state.classes, options.choice),
  };
}

/** REC-2: every class suit's chips back to capacity (♥ chips are HP, handled separately). */
function refillClassChips(state: ChipState): PerSuit<number> {
  const suits = classSuits(state.classes);
  const chips = { ...state.chips };
  for (const suit of suits) if (suit !== "hearts") chips[suit] = state.capacity[suit];
  return chips;
}

/** REC-2: the whole temporary pool returns: value += temp (capped at max), temp = 0. */
function returnTemporary(v: Vitals): Vitals {
  return { ...v, value: Math.min(hpMax(v), v.value + v.temp), temp: 0 };
}

export interface RestResult {
  vitals: Vitals;
  chips: PerSuit<number>;
  restsToday: number;
  /** HP-5: an Unconscious creature at 0 HP is back to 1 or more. */
  woke: boolean;
}

/** REC-2: a Rest (at most 2 between Sleeps): all class chips, and the temporary pool, come back. */
export function rest(
  vitals: Vitals,
  state: ChipState,
  restsToday: number,
): ({ ok: true } & RestResult) | { ok: false; problem: RecoveryProblem } {
  if (restsToday >= RESTS_PER_DAY) return { ok: false, problem: "restLimit" };
  const next = returnTemporary(vitals);
  return {
    ok: true,
    vitals: next,
    chips: refillClassChips(state),
    restsToday: restsToday + 1,
    woke: wakes(vitals, next),
  };
}

export interface SleepResult<T extends HealingClock> extends RestResult {
  /** The ♥ test's recoverHP (DRN-6): how much went to taint and how much to HP. */
  hp: Recovered;
  /** TL-6: Boon tokens go back to their maximum. */
  boonsReset: true;
  /** INJ-9: injuries still healing, and those the day's clock removed. */
  injuries: { kept: T[]; healed: T[] };
  /** SW-8: armed specific wounds end. */
  armedWoundsHeal: boolean;
}

/**
 * REC-3: a Sleep: the Rest, then recoverHP by the ♥ test's DoS, then one recoverDrain point on
 * every suit with drain or taint; Boons and the Rest count reset; injury clocks advance a day. Chips
 * are refilled before drain recovery raises capacity (EX-CH-2: they stay until the next refill).
 */
export function sleep<T extends HealingClock = HealingClock>(
  vitals: Vitals,
  state: ChipState,
  dos: DegreeOfSuccess,
  injuries: readonly T[] = [],
): SleepResult<T> {
  let next = returnTemporary(vitals);
  const hp = recoverHP(next, SLEEP_RECOVERY[dos]);
  next = hp.vitals;
  for (const suit of SUITS) {
    if (next.drain[suit] > 0 || next.taint[suit] > 0) next = recoverDrain(next, suit, 1).vitals;
  }
  return {
    vitals: next,
    chips: refillClassChips(state),
    restsToday: 0,
    woke: wakes(vitals, next),
    hp,
    boonsReset: true,
    injuries: advanceHealingClock(injuries),
    armedWoundsHeal: armedWoundHealsAfterSleep(next),
  };
}

/** HP-5: First Aid after a fight, once per creature per encounter: S or better recovers 1 HP (DRN-6). */
export function firstAidRevive(
  v: Vitals,
  dos: DegreeOfSuccess,
  triedThisEncounter = false,
): { ok: true; recovered: Recovered; woke: boolean } | { ok: false; problem: RecoveryProblem } {
  if (v.value !== 0) return { ok: false, problem: "notAtZero" };
  if (triedThisEncounter) return { ok: false, problem: "alreadyTried" };
  const recovered = recoverHP(v, dos === "CS" || dos === "S" ? 1 : 0);
  return { ok: true, recovered, woke: wakes(v, recovered.vitals) };
}

/** REC-6: the four healing items. */
export const HEALING_ITEMS = ["salveEgg", "warPitch", "warPitchPatch", "cureAllSyrup"] as const;
export type HealingItem = (typeof HEALING_ITEMS)[number];

/** REC-6: the numbers of the healing items. */
export const HEALING_ITEM_VALUES = {
  salveEgg: { recover: 3, spadesDrain: 2 },
  warPitch: { recover: 3 },
  warPitchPatch: { recover: 1 },
  cureAllSyrup: { points: 3 },
} as const;

/** REC-6: a salve egg: recoverHP(3), then 2 ♠ drain. */
export function salveEgg(v: Vitals): { vitals: Vitals; recovered: Recovered; woke: boolean } {
  const recovered = recoverHP(v, HEALING_ITEM_VALUES.salveEgg.recover);
  const vitals = addDrain(recovered.vitals, "spades", HEALING_ITEM_VALUES.salveEgg.spadesDrain);
  return { vitals, recovered, woke: wakes(v, vitals) };
}

/** REC-6: war pitch, out of combat only: recoverHP(3), taint absorbing points as usual. */
export function warPitch(
  v: Vitals,
  inCombat: boolean,
): { ok: true; recovered: Recovered; woke: boolean } | { ok: false; problem: RecoveryProblem } {
  if (inCombat) return { ok: false, problem: "outOfCombatOnly" };
  const recovered = recoverHP(v, HEALING_ITEM_VALUES.warPitch.recover);
  return { ok: true, recovered, woke: wakes(v, recovered.vitals) };
}

/** REC-6, OD-4: a war-pitch patch ends all bleeding, then recoverHP(1). */
export function warPitchPatch(
  v: Vitals,
  ongoing: readonly OngoingEffect[],
): { recovered: Recovered; ongoing: OngoingEffect[]; woke: boolean } {
  const recovered = recoverHP(v, HEALING_ITEM_VALUES.warPitchPatch.recover);
  return { recovered, ongoing: endBleeding(ongoing), woke: wakes(v, recovered.vitals) };
}

/**
 * REC-4, OD-4, OD-2a: magical healing (a healing spell's points) recovers HP through recoverHP and ends
 * every bleeding effect on the target, an injury's bleeder included.
 */
export function magicalHealing(
  v: Vitals,
  ongoing: readonly OngoingEffect[],
  points: number,
): { recovered: Recovered; ongoing: OngoingEffect[]; woke: boolean } {
  const recovered = recoverHP(v, Math.max(0, points));
  return { recovered, ongoing: endBleeding(ongoing), woke: wakes(v, recovered.vitals) };
}

/** REC-6: the order in which cure-all syrup removes taint counters. */
export const CURE_ALL_TAINT_ORDER: readonly Suit[] = ["hearts", "clubs", "spades", "diamonds"];

/**
 * REC-6: cure-all syrup: 3 points; each removes a taint counter (♥, then ♣, ♠, ♦) while any is left,
 * and each point after that turns 1 real damage into temporary damage, up to the real damage.
 */
export function cureAllSyrup(v: Vitals): { vitals: Vitals; taintRemoved: number; madeTemporary: number } {
  let points: number = HEALING_ITEM_VALUES.cureAllSyrup.points;
  const taint = { ...v.taint };
  let taintRemoved = 0;
  for (const suit of CURE_ALL_TAINT_ORDER) {
    const removed = Math.min(points, taint[suit]);
    taint[suit] -= removed;
    points -= removed;
    taintRemoved += removed;
  }
  const next: Vitals = { ...v, taint };
  const madeTemporary = Math.min(points, Math.max(0, realDamage(next)));
  return { vitals: { ...next, temp: next.temp + madeTemporary }, taintRemoved, madeTemporary };
}

/** REC-6, OD-4: what one healing item does to these vitals and ongoing effects (war pitch is refused in combat). */
export function healingItemResult(
  kind: HealingItem,
  before: Vitals,
  ongoing: readonly OngoingEffect[],
  inCombat: boolean,
):
  | { ok: true; after: Vitals; woke: boolean; stillOngoing: OngoingEffect[] | null }
  | Extract<ReturnType<typeof warPitch>, { ok: false }> {
  switch (kind) {
    case "salveEgg": {
      const { vitals, woke } = salveEgg(before);
      return { ok: true, after: vitals, woke, stillOngoing: null };
    }
    case "warPitch": {
      const result = warPitch(before, inCombat);
      if (!result.ok) return result;
      return { ok: true, after: result.recovered.vitals, woke: result.woke, stillOngoing: null };
    }
    case "warPitchPatch": {
      const result = warPitchPatch(before, ongoing);
      return { ok: true, after: result.recovered.vitals, woke: result.woke, stillOngoing: result.ongoing };
    }
    case "cureAllSyrup":
      return { ok: true, after: cureAllSyrup(before).vitals, woke: false, stillOngoing: null };
  }
}
