import { addDrain } from "./drain";
import { applyDamage, type DamageApplied, type DamageOptions, type Vitals } from "./hitPoints";
import type { DegreeOfSuccess, Location, Suit } from "./vocabulary";

/** OD-1: what keeps hurting. `bleeding` is the tag OD-4 stops and stacks by origin. */
export const ONGOING_TAGS = ["bleeding", "burning", "acid", "poison"] as const;
export type OngoingTag = (typeof ONGOING_TAGS)[number];

/** OD-1: an ongoing effect as plain data. */
export interface OngoingEffect {
  /** N, usually 1. */
  rating: number;
  /** ♥ for bleeding and burning; poisons may name ♣ or ♠. */
  suit: Suit;
  /** Test modifier: 0, or −5 for a "−2d" bleeder. */
  modifier: number;
  tag: OngoingTag;
  /** The injury location it came from (OD-4 stacking), or null when it has none. */
  origin: Location | null;
}

/** OD-1: the "−2d" modifier of a severe bleeder (INJ-7: −2d is −5). */
export const SEVERE_BLEEDER_MODIFIER = -5;

/** OD-1, INJ-7: a bleeder of rating 1 on ♥ from a location. */
export function bleeder(origin: Location | null, modifier = 0): OngoingEffect {
  return { rating: 1, suit: "hearts", modifier, tag: "bleeding", origin };
}

/** The outcome of one Ongoing Damage test. */
export interface OngoingTick {
  /** CS or S: the effect is over. */
  ends: boolean;
  /** Points of damage (♥) or drain (other suits) this tick. */
  amount: number;
  /** How `amount` lands: HP damage for ♥, drain for any other suit. */
  harm: "none" | "damage" | "drain";
}

/** Where an ongoing effect came from: OD-2a treats a grievous injury's or a specific wound's bleeder apart. */
export interface OngoingSource {
  /** The effect belongs to an injury item (INJ-7 or SW-7). */
  fromInjury?: boolean;
}

/**
 * OD-2a: whether the effect's own Ongoing Damage test can end it. An injury bleeder (a `bleeding`
 * effect from a grievous injury or specific wound) cannot: it ends only by OD-4 or by First Aid
 * after combat (OD-5). Everything else ends on S or CS (OD-2).
 */
export function endsOnOwnTest(effect: OngoingEffect, source: OngoingSource = {}): boolean {
  return !(source.fromInjury === true && effect.tag === "bleeding");
}

/**
 * OD-2, OD-2a: the tick result for the DoS of the Ongoing Damage test: S+ ends it (an injury bleeder
 * only avoids this tick's damage), F deals N, CF N + 1.
 */
export function ongoingTick(
  effect: OngoingEffect,
  dos: DegreeOfSuccess,
  source: OngoingSource = {},
): OngoingTick {
  if (dos === "CS" || dos === "S") return { ends: endsOnOwnTest(effect, source), amount: 0, harm: "none" };
  const amount = dos === "CF" ? effect.rating + 1 : effect.rating;
  return { ends: false, amount, harm: effect.suit === "hearts" ? "damage" : "drain" };
}

/**
 * OD-2: apply a tick to the victim. ♥ damage goes through HP-2 and is not reduced by DR; other suits
 * take drain. `damage` is the HP-2 report when HP took the hit (it never triggers INJ-1).
 */
export function applyOngoingTick(
  v: Vitals,
  effect: OngoingEffect,
  dos: DegreeOfSuccess,
  options: Pick<DamageOptions, "enemy"> & OngoingSource = {},
): { vitals: Vitals; tick: OngoingTick; damage: DamageApplied | null } {
  const tick = ongoingTick(effect, dos, options);
  if (tick.harm === "damage") {
    const damage = applyDamage(v, tick.amount, options);
    return { vitals: damage.vitals, tick, damage };
  }
  if (tick.harm === "drain") return { vitals: addDrain(v, effect.suit, tick.amount), tick, damage: null };
  return { vitals: v, tick, damage: null };
}

/** OD-3: the bonus First Aid adds to Knowledge when it replaces the suit. */
export const FIRST_AID_BONUS = 5;

/**
 * Who makes the Ongoing Damage test: the victim with its suit value (OD-2), or someone using First
 * Aid with their Knowledge (OD-3; untrained allies after combat use Knowledge alone, OD-5).
 */
export type OngoingTester =
  { kind: "suit"; value: number } | { kind: "firstAid"; knowledge: number; trained: boolean };

/** OD-2, OD-3, OD-5: the target of the Ongoing Damage test, the effect's modifier included. */
export function ongoingTestTarget(effect: OngoingEffect, tester: OngoingTester): number {
  const card =
    tester.kind === "suit" ? tester.value : tester.knowledge + (tester.trained ? FIRST_AID_BONUS : 0);
  return card + effect.modifier;
}

/** OD-3: a carer may test instead of the victim only with First Aid, within reach, after tending it. */
export function carerMayTest(carer: {
  hasFirstAid: boolean;
  withinReach: boolean;
  tendedLastTurn: boolean;
}): boolean {
  return carer.hasFirstAid && carer.withinReach && carer.tendedLastTurn;
}

/**
 * OD-4: add an effect to the active ones. A bleeder from a location that already bleeds is ignored;
 * bleeders from other locations (or with no origin) and effects of other tags stack.
 */
export function addOngoing(
  active: readonly OngoingEffect[],
  effect: OngoingEffect,
): { effects: OngoingEffect[]; added: boolean } {
  const duplicate =
    effect.tag === "bleeding" &&
    effect.origin !== null &&
    active.some((e) => e.tag === "bleeding" && e.origin === effect.origin);
  return duplicate ? { effects: [...active], added: false } : { effects: [...active, effect], added: true };
}

/** OD-4: a war-pitch patch or any magical healing ends every bleeding effect on the target. */
export function endBleeding(active: readonly OngoingEffect[]): OngoingEffect[] {
  return active.filter((e) => e.tag !== "bleeding");
}

/**
 * OD-5: whether a First Aid test on the victim stops its injury bleeders (OD-2a): only after combat,
 * and only on S or CS. In combat First Aid only replaces the victim's own test (OD-3).
 */
export function firstAidStopsInjuryBleeding(dos: DegreeOfSuccess, inCombat: boolean): boolean {
  return !inCombat && (dos === "S" || dos === "CS");
}
