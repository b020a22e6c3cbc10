/**
 * The `spell` item (MAG-3 to MAG-7). Stored shape:
 * ```
 * description: html
 * chipCost: int 0-40     (♦ chips paid on Cast, MAG-3)
 * isAttack: boolean      (resolved as an attack with eff(♦), MAG-1)
 * damage: int 0-10       (energy damage value, default 2, MAG-4)
 * riders: Rider[]        (DMG-6)
 * tainted: boolean       (DMG-5, DRN-5: its damage adds ♥ taint)
 * maxRange: DISTANCES    (MAG-5)
 * runeCount: int 1-3     (countdown speed 3 + runeCount, CD-7)
 * caster: SPELLCASTER_TYPES | null   (CL-1: the Spellcaster type whose spell it is; null: any)
 * healing: int 0-10      (non-attack: points of magical healing for the target, REC-4, SW-8)
 * condition: CONDITIONS | null   (non-attack: the condition it puts on the target, MAG-6)
 * duration: SPELL_DURATIONS      (how long that condition lasts; endOfNextTurn: the target's, CB-4)
 * rounds: int 0-99               (the rounds of a "rounds" duration)
 * ```
 * The last four are read only when `isAttack` is false; older spells get their initial values
 * (no healing, no condition), which is what a description-only spell needs.
 */
import { untilEndOfNextTurn, type ConditionDuration } from "../../rules/conditions";
import { CONDITIONS, DISTANCES, SPELLCASTER_TYPES } from "../../rules/vocabulary";
import { BOUNDS } from "../constants";
import { choice, flag, html, integer, optionalChoice, riders } from "../fields";

/**
 * MAG-6: the durations a spell's condition may have. "endOfNextTurn" is the end of the target's next
 * turn (CB-4), so an effect cast after the target has acted still lasts through one turn of its own,
 * which a "rounds" duration (ended by the round's end) cannot promise.
 */
export const SPELL_DURATIONS = ["rounds", "endOfNextTurn", "endOfEncounter", "indefinite"] as const;
export type SpellDuration = (typeof SPELL_DURATIONS)[number];

/** MAG-6: REC-4 healing is at most 10 points a casting; a spell's condition lasts at most 99 rounds. */
export const SPELL_BOUNDS = { healing: { min: 0, max: 10 }, rounds: { min: 0, max: 99 } } as const;

export function defineSpellSchema() {
  return {
    description: html(),
    chipCost: integer(BOUNDS.chips, 0),
    isAttack: flag(true),
    damage: integer({ min: 0, max: 10 }, 2),
    // DMG-5: existing spells read false, the plain damage they always dealt.
    tainted: flag(),
    riders: riders(),
    maxRange: choice(DISTANCES, "close"),
    runeCount: integer({ min: 1, max: 3 }, 1),
    caster: optionalChoice(SPELLCASTER_TYPES),
    healing: integer(SPELL_BOUNDS.healing, 0),
    condition: optionalChoice(CONDITIONS),
    duration: choice(SPELL_DURATIONS, "rounds"),
    rounds: integer(SPELL_BOUNDS.rounds, 1),
  };
}
export type SpellSchema = ReturnType<typeof defineSpellSchema>;

/**
 * CON-5: a stored spell duration as the condition records read it (a "rounds" spell lasts at least 1).
 * CB-4: "the end of the target's next turn" is one turn end of the target's, as read off the spell;
 * receiveSpellCondition counts one more when the target is in its own turn as the effect lands.
 */
export function spellConditionDuration(duration: SpellDuration, rounds: number): ConditionDuration {
  if (duration === "rounds") return { kind: "rounds", rounds: Math.max(1, rounds) };
  if (duration === "endOfNextTurn") return untilEndOfNextTurn(false);
  return { kind: duration };
}

export class SpellData extends foundry.abstract.TypeDataModel<SpellSchema, Item.Implementation> {
  static override defineSchema(): SpellSchema {
    return defineSpellSchema();
  }
}
