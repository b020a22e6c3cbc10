/**
 * What a creature's changes report back (damage taken, a recovery, an ongoing tick, the end of an
 * encounter), for the chat cards and callers that show them; ZilchActor's methods return these.
 */
import type { ChipSpendProblem } from "../rules/chips";
import type { Rider } from "../rules/damage";
import type { DamageApplied, DamageOptions } from "../rules/hitPoints";
import type { InjuryHealing } from "../rules/injury/harm";
import type { OngoingEffect } from "../rules/ongoing";
import type { HealingItem, RecoveryProblem } from "../rules/recovery";
import type { KnackProblem } from "../rules/knacks";
import type { Condition, DegreeOfSuccess, InjuryEffect, PerSuit } from "../rules/vocabulary";
import type { InjurySchema } from "../data/item/injury";
import type { GritApplied } from "./grit-and-wounds";

/** KN-1, KN-2: why a knack's Use was refused (nothing paid). */
export type KnackUseProblem =
  | KnackProblem
  | ChipSpendProblem
  | "noKnack"
  | "alreadyRaging"
  | "onAttackCard"
  | "onTracker"
  | "notInTurn"
  | "springAttackUsed"
  | "refused";

/**
 * HP-2's report, or with `gritWounds` on for a PC or Foe (GW-3) the Grit hit in `grit`: HP is then
 * untouched (lost 0, no overflow), `becameUnconscious` is GW-10 and `killed` is GW-7.
 */
export interface DamageTaken extends DamageApplied {
  grit: GritApplied | null;
}

/** Options of one application of damage; `woundRoll` is a GW-5 roll the caller already made. */
export type TakeDamageOptions = Omit<DamageOptions, "enemy"> & { woundRoll?: number };

/** What one hit did to the target (HP-2 and the DMG-6 riders it could apply without a save). */
export interface HitApplied {
  /** HP-2 (or GW-5/GW-6) for the hit's final damage; null when DMG-4 left HP alone. */
  damage: DamageTaken | null;
  /** DMG-6: energy rider damage after ER, applied through HP-2 (or GW-5/GW-6) too. */
  riderDamage: DamageTaken[];
  /** DMG-6: riders that need the caller (a save, a duration, an ongoing effect). */
  pending: Rider[];
}

/** Why a recovery or a healing item was refused: the rules' reasons, or the item's. */
export type RecoveryRefusal = RecoveryProblem | "notHealingItem" | "noneLeft";

/** What a recovery did, for its chat card. Per-suit numbers are after minus before. */
export interface RecoverySummary {
  kind: "rally" | "rest" | "sleep" | HealingItem;
  /** The ♥ test's degree of success, when the recovery had one. */
  dos: DegreeOfSuccess | null;
  hp: { before: number; after: number };
  temp: { before: number; after: number };
  chips: PerSuit<number>;
  drain: PerSuit<number>;
  taint: PerSuit<number>;
  /** REC-1: chips the Rally allowed that no class suit had room for. */
  unusedChips: number;
  /** HP-5: the creature woke. */
  woke: boolean;
  /** TL-6: the Boon tokens a Sleep reset to, or null. */
  boons: number | null;
  /** INJ-9, SW-8: names of the injuries and wounds that healed. */
  healed: string[];
  /** CON-5: conditions that ended with them. */
  ended: Condition[];
  /** GW-9: Wounds a Sleep healed under Grit and Wounds (absent otherwise). */
  woundsHealed?: { n: number; wounds: number };
}

export type RecoveryOutcome =
  { ok: true; summary: RecoverySummary } | { ok: false; problem: RecoveryRefusal };

/** OD-1: one active ongoing effect and where it is kept (an injury item, or `system.ongoing`). */
export interface OngoingEntry {
  /** The injury item's id, or `ongoing.<index>` for an effect in `system.ongoing`. */
  key: string;
  effect: OngoingEffect;
  itemId: string | null;
}

/** OD-2: what one tick did. */
export interface OngoingTickApplied {
  key: string;
  effect: OngoingEffect;
  ends: boolean;
  amount: number;
  harm: "none" | "damage" | "drain";
  damage: DamageApplied | null;
  /** GW-3: ♥ damage under Grit and Wounds goes through GW-5/GW-6 instead of HP-2 (null otherwise). */
  grit: GritApplied | null;
}

/** CB-5: what the end of an encounter removed. */
export interface EncounterEnded {
  ended: Condition[];
  healed: string[];
  /** GW-9: grievous injury rolls the GM owes this creature (one per adrenaline point lost); absent without Grit and Wounds. */
  injuryRolls?: number;
}

/** An injury item as the INJ-9 clock reads it. */
export interface InjuryClock {
  id: string;
  name: string;
  effect: InjuryEffect;
  heals: InjuryHealing;
  daysRemaining: number | null;
}

/** INJ-2 step 4, SW-5: the data of a new injury item. */
export type InjuryInput = Partial<foundry.data.fields.SchemaField.AssignmentData<InjurySchema>>;
