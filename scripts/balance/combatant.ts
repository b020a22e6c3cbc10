/**
 * A combatant in a simulated fight: its template and what the fight has done to it (HP and drain,
 * chips, conditions, ongoing damage, injuries, stance and domino). Every derived value is read
 * through the rules (SU-4, CON-4, DRN-4, HP-2, ST-2, ST-6).
 */
import { addDrain, drainedToZero } from "../../src/rules/drain";
import {
  activeConditions,
  closeConditions,
  type AppliedCondition,
  type ConditionSet,
} from "../../src/rules/conditions";
import {
  applyDamage,
  effHearts,
  zeroPerSuit,
  type DamageApplied,
  type Vitals,
} from "../../src/rules/hitPoints";
import { NO_RAGE, type RageRecord } from "../../src/rules/knacks";
import type { LastingHarm } from "../../src/rules/injury/harm";
import type { OngoingEffect } from "../../src/rules/ongoing";
import { stancePips, type StancePips } from "../../src/rules/stances";
import type { HeldDomino } from "../../src/rules/dominoes";
import { effectiveValue, type CardRole } from "../../src/rules/suits";
import type { PerSuit, Stance, Suit } from "../../src/rules/vocabulary";
import type { Template } from "./roster";

export type Side = "party" | "foes";

/** What the fight counts for the report. */
export interface Tally {
  /** HP this combatant removed from enemies (HP-2 `lost`, riders and extra damage included). */
  dealt: number;
  /** HP it lost. */
  taken: number;
}

export interface Combatant {
  readonly t: Template;
  readonly id: string;
  readonly side: Side;
  vitals: Vitals;
  chips: PerSuit<number>;
  applied: AppliedCondition[];
  ongoing: OngoingEffect[];
  lasting: LastingHarm[];
  held: HeldDomino | null;
  stance: Stance | null;
  rage: RageRecord;
  mentalRanks: number;
  /** INJ-7 "lose this round's actions". */
  loseActions: boolean;
  /** HP-2: reached 0 HP at some point of the fight. */
  dropped: boolean;
  /** DRN-4: ♥ drained to 0. */
  dead: boolean;
  readonly tiebreak: number;
  readonly tally: Tally;
  /** NPC-1: the round each breath (by name) was last used in, as the combat's record keeps it. */
  readonly breathUsed: Record<string, number>;
  /** The closed conditions and the facts they were read from; read again only when one changes. */
  cache: {
    vitals: Vitals;
    applied: AppliedCondition[];
    count: number;
    lasting: number;
    set: ConditionSet;
  } | null;
}

export function enter(t: Template, id: string, side: Side, tiebreak: number): Combatant {
  const vitals: Vitals = {
    heartsUndrained: t.heartsUndrained,
    heartsBonus: t.heartsBonus,
    value: t.heartsUndrained + t.heartsBonus,
    temp: 0,
    drain: zeroPerSuit(),
    taint: zeroPerSuit(),
  };
  return {
    t,
    id,
    side,
    vitals,
    chips: { ...t.chips },
    applied: [],
    ongoing: [],
    lasting: [],
    held: null,
    stance: null,
    rage: NO_RAGE,
    mentalRanks: 0,
    loseActions: false,
    dropped: false,
    dead: false,
    tiebreak,
    tally: { dealt: 0, taken: 0 },
    breathUsed: {},
    cache: null,
  };
}

/** SU-4: eff(S) (or eff2), drain included; ♥ reads the vitals (an NPC's hp override stands in for it). */
export function eff(c: Combatant, suit: Suit, card: CardRole = "primary"): number {
  if (suit === "hearts" && card === "primary") return effHearts(c.vitals);
  const cards = c.t.cards;
  const drained = c.vitals.drain[suit] > 0;
  return effectiveValue(drained ? { ...cards, drain: c.vitals.drain } : cards, suit, card);
}

/** CON-4, DRN-4, HP-2: the closed conditions (gear, applied, lasting, drained to 0, 0 HP). */
export function conditions(c: Combatant): ConditionSet {
  const k = c.cache;
  if (
    k &&
    k.vitals === c.vitals &&
    k.applied === c.applied &&
    k.count === c.applied.length &&
    k.lasting === c.lasting.length
  )
    return k.set;
  const set = readConditions(c);
  c.cache = { vitals: c.vitals, applied: c.applied, count: c.applied.length, lasting: c.lasting.length, set };
  return set;
}

function readConditions(c: Combatant): ConditionSet {
  const drained = drainedToZero({
    clubs: eff(c, "clubs"),
    spades: eff(c, "spades"),
    diamonds: eff(c, "diamonds"),
    hearts: effHearts(c.vitals),
  });
  const lasting = c.lasting.flatMap((h) => (h.kind === "condition" ? [h.condition] : []));
  const atZero = c.vitals.value <= 0 ? (["unconscious"] as const) : [];
  return closeConditions([
    ...c.t.gearConditions,
    ...activeConditions(c.applied),
    ...lasting,
    ...drained,
    ...atZero,
  ]);
}

/** INJ-7: Burn points from lasting harms. */
export function burn(c: Combatant): number {
  return c.lasting.reduce((sum, h) => sum + (h.kind === "burn" ? h.amount : 0), 0);
}

/** INJ-7, SW-7: the lasting modifier on attacks. */
export function attackModifier(c: Combatant, cast: boolean): number {
  return c.lasting.reduce((sum, h) => {
    if (h.kind !== "modifier") return sum;
    const applies =
      h.appliesTo === "allTestsAndAttacks" ||
      h.appliesTo === "attacks" ||
      (cast && (h.appliesTo === "spellAttacks" || h.appliesTo === "allCasting"));
    return applies ? sum + h.value : sum;
  }, 0);
}

/** CB-1, HP-2, NPC-3, DRN-4: out of the fight (no domino, no turn): 0 HP, Unconscious or dead. */
export function isOut(c: Combatant): boolean {
  return c.dead || c.vitals.value <= 0 || conditions(c).has("unconscious");
}

/** ST-2, ST-6: the pips of its revealed domino (zeros while face-down or without one). */
export function pips(c: Combatant): StancePips {
  if (!c.stance || !c.held || c.held.state !== "revealed")
    return { offense: 0, defense: 0, defenseless: false };
  return stancePips(c.stance, c.held.domino, { stunned: conditions(c).has("stunned"), burn: burn(c) });
}

/** HP-2, NPC-3: apply n > 0 damage, counting it for the report. */
export function hurt(
  c: Combatant,
  n: number,
  by: Combatant | null,
  options: { temporary?: boolean; tainted?: boolean } = {},
): DamageApplied | null {
  if (n <= 0) return null;
  const r = applyDamage(c.vitals, n, { ...options, enemy: c.t.tier === "enemy" });
  c.vitals = r.vitals;
  note(c, r.lost, by);
  if (r.killed) c.dead = true;
  return r;
}

/** DRN-1: drain, with the HP it took off a lowered maximum counted as damage. */
export function drain(
  c: Combatant,
  suit: Suit,
  amount: number,
  tainted: boolean,
  by: Combatant | null,
): void {
  const before = c.vitals.value;
  c.vitals = addDrain(c.vitals, suit, amount, tainted);
  note(c, before - c.vitals.value, by);
  if (effHearts(c.vitals) <= 0) c.dead = true;
}

function note(c: Combatant, lost: number, by: Combatant | null): void {
  c.tally.taken += lost;
  if (by) by.tally.dealt += lost;
  if (c.vitals.value <= 0) c.dropped = true;
}
