/**
 * §7 Combat round, surprise, initiative (CB-1..CB-5, INI-1..INI-6), Spades mode. Random parts come
 * in as dice already rolled by the caller; the hidden tiebreaker draws from an injected RollDie.
 */
import { closeConditions } from "./conditions";
import type { Condition, DegreeOfSuccess, RollDie } from "./vocabulary";

/** INI-1: the world setting `initiativeMode`; stances and dominoes apply in both. */
export const INITIATIVE_MODES = ["spades", "countdown"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

/** INI-3: the world setting `spadesRandomizer`, default first. */
export const SPADES_RANDOMIZERS = ["none", "perCombatant", "perSide"] as const;
export type SpadesRandomizer = (typeof SPADES_RANDOMIZERS)[number];

/** INI-3: the two sides of `perSide`. */
export type InitiativeSide = "pc" | "other";

/** INI-2: the rules bonus of the Alert knack. */
export const ALERT_INITIATIVE_BONUS = 2;
/** INI-2: the initiative lost per Burn point (INJ-7). */
export const BURN_INITIATIVE_PENALTY = 2;

/** INI-2: what a combatant's Spades initiative value is made of. */
export interface InitiativeFactors {
  /** eff(♠). */
  readonly spades: number;
  readonly slowed?: boolean;
  readonly alert?: boolean;
  /** Burn points from active injuries (INJ-7). */
  readonly burn?: number;
  /** The INI-3 random part, already rolled (0 with `none`). */
  readonly random?: number;
}

/** INI-2, INI-5: the Spades initiative value, recomputed at each round start; highest acts first. */
export function initiativeValue(f: InitiativeFactors): number {
  const base = f.slowed ? Math.floor(f.spades / 2) : f.spades;
  return (
    base + (f.alert ? ALERT_INITIATIVE_BONUS : 0) - BURN_INITIATIVE_PENALTY * (f.burn ?? 0) + (f.random ?? 0)
  );
}

/** INI-2: whether a combatant's conditions make its initiative Slowed (CON-4 closure: Hampered, Blind…). */
export function initiativeSlowed(conditions: Iterable<Condition>): boolean {
  return closeConditions(conditions).has("slowed");
}

/** INI-3 [design]: the PC side is every combatant with friendly disposition or a player owner. */
export function initiativeSide(c: {
  readonly friendly: boolean;
  readonly playerOwned: boolean;
}): InitiativeSide {
  return c.friendly || c.playerOwned ? "pc" : "other";
}

/** INI-3: when the randomiser's d6 are rolled: none, one per combatant as it joins, or one per side at combat start. */
export function randomizerRolls(randomizer: SpadesRandomizer): { onJoin: number; atCombatStart: number } {
  if (randomizer === "perCombatant") return { onJoin: 1, atCombatStart: 0 };
  if (randomizer === "perSide") return { onJoin: 0, atCombatStart: 2 };
  return { onJoin: 0, atCombatStart: 0 };
}

/** INI-3: the rolls stored for the combat; rolled once and kept for every round (INI-5). */
export interface RandomizerResults {
  /** The combatant's own d6 (`perCombatant`). */
  readonly own?: number;
  /** The side d6 (`perSide`). */
  readonly sides?: Readonly<Record<InitiativeSide, number>>;
}

/** INI-3: a combatant's random part under the setting. */
export function randomPart(
  randomizer: SpadesRandomizer,
  side: InitiativeSide,
  rolls: RandomizerResults,
): number {
  if (randomizer === "perCombatant") return requireDie(rolls.own, "own");
  if (randomizer === "perSide") return requireDie(rolls.sides?.[side], side);
  return 0;
}

function requireDie(value: number | undefined, what: string): number {
  if (value === undefined || !Number.isInteger(value) || value < 1 || value > 6) {
    throw new RangeError(`INI-3: the ${what} d6 is missing or not 1-6 (${String(value)})`);
  }
  return value;
}

/** INI-4: one combatant's place in the order. */
export interface InitiativeEntry {
  readonly id: string;
  /** `initiativeValue`. */
  readonly init: number;
  /** A player character (INI-4 step 2). */
  readonly pc: boolean;
  /** INI-4 step 3: a PC's Cunning (eff2(♠)); an NPC's Spades. */
  readonly cunning: number;
  /** INI-4 step 4: the hidden tiebreaker drawn at join; higher first. Absent: keep the input order. */
  readonly tiebreak?: number;
}

/** INI-4: negative when `a` acts before `b`; 0 when nothing but input order separates them. */
export function compareInitiative(a: InitiativeEntry, b: InitiativeEntry): number {
  if (a.init !== b.init) return b.init - a.init;
  if (a.pc !== b.pc) return a.pc ? -1 : 1;
  if (a.cunning !== b.cunning) return b.cunning - a.cunning;
  if (a.tiebreak !== undefined && b.tiebreak !== undefined && a.tiebreak !== b.tiebreak) {
    return b.tiebreak - a.tiebreak;
  }
  return 0;
}

/** INI-2, INI-4: the Spades order, first to act first (a stable sort keeps input order on full ties). */
export function initiativeOrder<E extends InitiativeEntry>(entries: readonly E[]): E[] {
  return [...entries].sort(compareInitiative);
}

/**
 * INI-4: the most tiebreak places a combat holds. The tiebreaker is stored as a place (1 is last,
 * the highest acts first), never as the draw that chose it: a raw draw would show the table the
 * random stream it came from, where a place says only the order the draws made.
 */
export const TIEBREAK_FACES = 1_000_000;

/**
 * INI-4: a joiner's hidden tiebreaker, as its place among the `taken` ones: each of the n + 1 places
 * around them is equally likely (as a fresh draw among distinct values would be). The place is the
 * joiner's value; `makeRoomAt` moves the others up.
 */
export function drawTiebreak(taken: readonly number[], rollDie: RollDie): number {
  if (taken.length >= TIEBREAK_FACES) throw new RangeError("INI-4: no tiebreak value is left to draw");
  const below = [...taken].sort((a, b) => a - b);
  const place = rollDie(taken.length + 1);
  // Place p goes just above the p−1 lowest held: one more than the highest of them (1 above none).
  return place === 1 ? 1 : below[place - 2]! + 1;
}

/** INI-4: the held tiebreakers with room made at `place`: each at or above it moves up one. */
export function makeRoomAt<T extends { readonly tiebreak: number }>(held: readonly T[], place: number): T[] {
  return held.map((c) => (c.tiebreak >= place ? { ...c, tiebreak: c.tiebreak + 1 } : c));
}

/**
 * INI-4: tiebreakers as places 1…n in the same order (equal ones by id), so a combat that stored the
 * raw draws keeps its order and nothing else. Places already 1…n come back unchanged.
 */
export function tiebreakPlaces(held: Readonly<Record<string, number>>): Record<string, number> {
  const ids = Object.keys(held).sort((a, b) => held[a]! - held[b]! || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(ids.map((id, i) => [id, i + 1]));
}

/**
 * INI-6: whether a combatant joining mid-round takes a turn this round: only if its place in the
 * order comes after the combatant whose turn is under way (`current`; null before the first turn).
 */
export function joinerActsThisRound(joiner: InitiativeEntry, current: InitiativeEntry | null): boolean {
  return current === null || compareInitiative(joiner, current) > 0;
}

/** CB-2 step 2: the next combatant to take a turn, or null when every able one has had its turn. */
export function nextTurn(
  order: readonly string[],
  done: ReadonlySet<string>,
  able: (id: string) => boolean,
): string | null {
  return order.find((id) => !done.has(id) && able(id)) ?? null;
}

/** CB-1, CB-3: what decides whether a combatant acts this round. */
export interface Activity {
  readonly conditions: Iterable<Condition>;
  readonly absent?: boolean;
  readonly surpriseRound?: boolean;
  readonly aware?: boolean;
}

/** CB-1, CB-3: whether a participant acts this round (not Unconscious, dead, absent, nor unaware in the surprise round). */
export function actsThisRound(a: Activity): boolean {
  const c = closeConditions(a.conditions);
  if (a.absent || c.has("unconscious") || c.has("dead")) return false;
  return !(a.surpriseRound && !a.aware);
}

/**
 * CB-1, CB-3, CD-2: whether a combatant may act now, from its facts as they are at this moment (its
 * closed conditions, whether it is defeated) and its awareness. The one test both modes read: the Spades
 * order gives a turn only to such a combatant, and the countdown calls only such a participant (the
 * countdown reads it outside the surprise round: CD-16 takes a surprised participant's dice instead).
 * Without facts (its combatant or creature gone) it may not act.
 */
export function mayActNow(
  facts: { readonly conditions: Iterable<Condition>; readonly absent?: boolean } | undefined,
  round: { readonly aware: boolean } | undefined,
  surpriseRound: boolean,
): boolean {
  if (!facts || !round) return false;
  return actsThisRound({
    conditions: facts.conditions,
    absent: facts.absent,
    surpriseRound,
    aware: round.aware,
  });
}

/** CB-3: a combatant not aware in the surprise round is inactive and Defenseless until it ends. */
export function surprisedDefenseless(surpriseRound: boolean, aware: boolean): boolean {
  return surpriseRound && !aware;
}

/** CB-3: aware at combat start if the GM marked it so, or with Alert on a Cunning test of S or better. */
export function awareAtStart(markedAware: boolean, alertTest: DegreeOfSuccess | null): boolean {
  return markedAware || alertTest === "CS" || alertTest === "S";
}

/** CB-2, CB-4, CB-5: the steps the Combat runs at each point of the round, in order, as data. */
export const ROUND_STEPS = {
  /** CB-2 step 1. */
  roundStart: ["recomputeInitiative", "roundStartEffects", "declareStances", "dealDominoes"],
  /** CB-4: start of each turn. */
  turnStart: ["revealDomino", "endStartOfTurnEffects"],
  /** CB-4: end of each turn. */
  turnEnd: ["ongoingDamage", "endEndOfTurnEffects"],
  /** CB-2 step 3. */
  roundEnd: ["discardDominoes", "restoreDeck"],
  /** CB-5. */
  encounterEnd: ["endEncounterEffects", "resetRally", "resolveOngoingDamage"],
} as const;
