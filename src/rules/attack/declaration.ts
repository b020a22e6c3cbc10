/**
 * AT-1..AT-4 at declaration: a stat-block attack as a weapon (NPC-1, NPC-4), cover (RNG-3), the
 * Defenseless fixed value (AT-4) and the attack's named modifiers (AT-2, INJ-7, INJ-8, SW-7).
 */
import { DEFENSELESS_FIXED, type DefenselessMovement, type AttackMode } from "./resolution";
import type { Rider } from "../damage";
import {
  DEAFENED_SPELL_ATTACK,
  type LastingModifier,
  type LastingModifiers,
  type RollUse,
} from "../injury/lasting-modifiers";
import { naturalAttack, naturalAttackSpeed } from "../npc";
import type { Condition, DamageType, Distance, WeaponCategory } from "../vocabulary";
import { MOVEMENT_CHOICES, type ModifierPart, type MovementChoice } from "./types";

/** NPC-1: one attack row of an NPC's stat block, as the npc model stores it in `system.attacks`. */
export interface StatBlockAttack {
  readonly name: string;
  readonly category: WeaponCategory;
  readonly damageType: DamageType;
  readonly reach: number;
  readonly riders?: readonly Rider[];
  /** EQ-3, SW-4: a row the GM marked as an unarmed strike (a brawler's fists, not claws or teeth). */
  readonly brawling?: boolean;
  /** DMG-5, DRN-5: the row's damage is tainted. */
  readonly tainted?: boolean;
  /** RNG-1: the farthest band the row reaches ("engaged" or absent: melee; ./row-range.ts). */
  readonly range?: Distance;
}

/** A natural attack's weapon facts: what the declaration, EQ-4's shortfall and the CD-7 speed read. */
export interface NaturalWeapon {
  readonly name: string;
  readonly category: WeaponCategory;
  readonly weaponValue: number;
  readonly damageType: DamageType;
  readonly reach: number;
  readonly riders: readonly Rider[];
  /** NPC-4: armed (false) unless the row is flagged as an unarmed strike (SW-4); then temporary too. */
  readonly brawling: boolean;
  readonly temporary: boolean;
  /** DMG-5: tainted damage (DRN-5). */
  readonly tainted: boolean;
  readonly speed: number;
}

/**
 * NPC-1, AT-1: the stat-block attack a declaration names by index, or null when the attacker has no
 * attack there; the GM's client refuses a declaration whose index does not name one.
 */
export function statBlockAttackAt<T>(attacks: readonly T[] | null | undefined, index: unknown): T | null {
  if (!attacks || typeof index !== "number" || !Number.isInteger(index)) return null;
  return index >= 0 && index < attacks.length ? attacks[index] : null;
}

/** NPC-4, EQ-2, CD-7: a stat-block attack as a weapon: armed, damage and speed from its category. */
export function naturalWeapon(row: StatBlockAttack): NaturalWeapon {
  const natural = naturalAttack(row.category);
  return {
    name: row.name,
    category: natural.category,
    weaponValue: natural.damage,
    damageType: row.damageType,
    reach: row.reach,
    riders: row.riders ?? [],
    // NPC-4 makes natural weapons armed; a row the GM flags as brawling is an unarmed strike instead,
    // with the brawling wound chart and temporary damage (EQ-3, SW-4, HP-3).
    brawling: row.brawling === true ? true : natural.brawling,
    temporary: row.brawling === true,
    tainted: row.tainted === true,
    speed: naturalAttackSpeed(natural.category),
  };
}

/** RNG-3: the cover a declaration may name, and its defence bonus; total cover forbids the attack (AT-1). */
export const COVER_CHOICES = { none: 0, light: 1, half: 2, heavy: 4, total: null } as const;

export type CoverChoice = keyof typeof COVER_CHOICES;

/** RNG-3, AT-1: a cover choice as the defence bonus and whether it makes the attack illegal. */
export function coverOf(choice: string): { cover: number; total: boolean } {
  if (!(choice in COVER_CHOICES)) return { cover: 0, total: false };
  const bonus = COVER_CHOICES[choice as CoverChoice];
  return bonus === null ? { cover: 0, total: true } : { cover: bonus, total: false };
}

/**
 * AT-4 detailed rule: the fixed value's row when nobody has said how the target moved: 0 for a
 * Paralysed, Helpless or Unconscious target, otherwise "able to move, has not moved" [design default].
 */
export function defenselessFixed(conditions: Iterable<Condition>, movement?: DefenselessMovement): number {
  const held = new Set(conditions);
  if (held.has("paralysed") || held.has("helpless") || held.has("unconscious"))
    return DEFENSELESS_FIXED.immobile;
  return DEFENSELESS_FIXED[movement ?? "still"];
}

/** AT-4 detailed rule: what the system knows of a target's movement since the start of its own most recent turn. */
export interface KnownMovement {
  /** The squares its token was moved by hand in that turn (0 when none is known). */
  readonly squares: number;
  /** A Move or a Charge its turn record holds (a Move taken from the tracker, with no drag seen). */
  readonly moveTaken: boolean;
  /** MV-1: its Move and running rate now (a sprint is anything beyond the run). */
  readonly rates: { readonly move: number; readonly run: number };
}

/**
 * AT-4 detailed rule: the movement row the card starts from (the GM may still pick another). Beyond
 * its Move a creature ran (MV-1); beyond its run, it sprinted. No known move reads "has not moved".
 */
export function movementOf(known: KnownMovement): MovementChoice {
  const { squares, rates } = known;
  if (squares > rates.run) return "sprinted";
  if (squares > rates.move) return "ran";
  return squares > 0 || known.moveTaken ? "moved" : "still";
}

/** AT-4: the movement row of a fixed value (the immobile 0 has none: it reads "has not moved"). */
export function movementOfFixed(fixed: number | undefined): MovementChoice {
  return MOVEMENT_CHOICES.find((m) => DEFENSELESS_FIXED[m] === fixed) ?? "still";
}

/** AT-2: what the attack's modifier is made of at declaration. */
export interface AttackModifierInputs {
  /** EQ-4: the Strength shortfall (0 or less). */
  readonly shortfall: number;
  /** RNG-2: the range band's modifier. */
  readonly range: number;
  /** RNG-4: the visibility modifier, after the attacker's Blind or Visually Impaired (0 when unset). */
  readonly visibility?: number;
  /** INJ-7, INJ-8, SW-7: each applicable injury or wound modifier. */
  readonly injuries: readonly Pick<LastingModifier, "effect" | "location" | "value">[];
  /** CON-4: a Deafened caster's spell attack (deafenedSpellModifier). */
  readonly deafened?: number;
  /** OPT-1 Expose bought against this target earlier in the round. */
  readonly expose?: number;
  /** CD-15: the attacker's pending Effort (+2) and Pressure against it (−2), this round. */
  readonly effort?: number;
  readonly pressure?: number;
  /** The situational modifier typed into the declaration by the GM. */
  readonly gm: number;
  /** The same typed by a player: shown as theirs, never as the GM's ruling. */
  readonly declared?: number;
}

/**
 * CON-4: a Deafened attacker's spell attack is at −5, however it became Deafened (the token HUD, an
 * effect, a spell). A Sound injury's lasting Deafened already brings the −5 among its injury modifiers
 * (INJ-7), named by the injury, so it is not counted twice.
 */
export function deafenedSpellModifier(
  mode: AttackMode,
  conditions: Iterable<Condition>,
  injuries: readonly Pick<LastingModifier, "deafened">[],
): number {
  if (mode !== "cast" || !new Set(conditions).has("deafened")) return 0;
  return injuries.some((m) => m.deafened) ? 0 : DEAFENED_SPELL_ATTACK;
}

/** AT-2: the attack's named modifiers, zeros left off so the card names only what counts. */
export function attackModifierParts(inputs: AttackModifierInputs): ModifierPart[] {
  const parts: ModifierPart[] = [
    { kind: "shortfall", value: inputs.shortfall },
    { kind: "range", value: inputs.range },
    { kind: "visibility", value: inputs.visibility ?? 0 },
    ...inputs.injuries.map((m) => ({
      kind: "injury" as const,
      effect: m.effect,
      location: m.location,
      value: m.value,
    })),
    { kind: "deafened", value: inputs.deafened ?? 0 },
    { kind: "expose", value: inputs.expose ?? 0 },
    { kind: "effort", value: inputs.effort ?? 0 },
    { kind: "pressure", value: inputs.pressure ?? 0 },
    { kind: "gm", value: inputs.gm },
    { kind: "declared", value: inputs.declared ?? 0 },
  ];
  return parts.filter((p) => p.value !== 0);
}

/** AT-2, AT-3: a side's modifier is the sum of its named parts. */
export function modifierSum(parts: readonly ModifierPart[]): number {
  return parts.reduce((sum, p) => sum + p.value, 0);
}

/**
 * AT-1, INJ-7: how an attack uses the attacker's hands, for its injury modifiers. A one-handed weapon's
 * hand is not recorded, so it is taken to be in the hand that fares better.
 */
export function attackInjuryUse(hands: number | undefined, mode: AttackMode): RollUse {
  return { kind: "attack", hands: hands === 2 ? "both" : "either", spell: mode === "cast" };
}

/**
 * AT-1: the declaration offers "attack with the injured arm anyway" to a GM only, and only when the
 * attack would be refused for an unusable hand.
 */
export function offersInjuryOverride(isGM: boolean, lasting: Pick<LastingModifiers, "unusable">): boolean {
  return isGM && lasting.unusable.length > 0;
}
