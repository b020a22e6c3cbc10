/**
 * The numbered parts of an NPC stat block (NPC-1 "Dmg (attacks, damage, effects)", SA and SQ) that
 * text alone cannot carry: an attack row's range band and area, and the special abilities a GM runs
 * by their numbers (breath, regeneration, aura, swallow, flight). Every number is bounded and every
 * field has an initial value, so a stored creature without them reads as a plain melee attacker with
 * no special abilities, which is what it was before they existed.
 */
import { DAMAGE_TYPES, DISTANCES, SIZES, SUITS } from "../../rules/vocabulary";
import { AREA_SHAPES, BOUNDS, SPECIAL_KINDS } from "../constants";
import { choice, flag, integer, optionalChoice, text } from "../fields";

/** Squares an area or aura spans; 20 squares is past the Distant band's start, the largest a scene needs. */
const AREA_SQUARES = { min: 0, max: 20 } as const;

/** An area: its shape and its size in squares (a cone's or line's length, a burst's radius). */
export function area() {
  return new foundry.data.fields.SchemaField({
    shape: choice(AREA_SHAPES, "none"),
    size: integer(AREA_SQUARES, 0),
  });
}

/** The range band of a stat-block attack row ("engaged": a melee blow within its reach). */
export function attackRange() {
  return choice(DISTANCES, "engaged");
}

/**
 * One special ability. The fields a kind does not use keep their initial values:
 * - breath: area, damage and damageType (DMG-1), the save suit that resists it and the save's
 *   modifier (T-6), recharge rounds (src/rules/breath.ts);
 * - regeneration: hpPerRound, stoppedBy (what damage stops it for a round), and stopped: the GM's
 *   mark that it was hurt so since its last turn (cleared at its next turn start, src/rules/regeneration.ts);
 * - aura: radius in squares and its effect;
 * - swallow: the largest size it swallows, damage each round inside, and the save that escapes;
 * - flight: its fly speed in squares.
 */
export function specialAbility() {
  const fields = foundry.data.fields;
  return new fields.SchemaField({
    kind: choice(SPECIAL_KINDS, "breath"),
    name: text(),
    area: area(),
    damage: integer({ min: 0, max: 20 }, 0),
    damageType: choice(DAMAGE_TYPES, "energy"),
    save: optionalChoice(SUITS),
    /** T-6: the modifier of the save against it (a breath's; −2: hard). */
    saveModifier: integer(BOUNDS.modifier, 0),
    /** Rounds before it can be used again (0: every round). */
    recharge: integer({ min: 0, max: 10 }, 0),
    hpPerRound: integer({ min: 0, max: 20 }, 0),
    stoppedBy: text(),
    stopped: flag(),
    radius: integer(AREA_SQUARES, 0),
    effect: text(),
    maxSize: choice(SIZES, "medium"),
    speed: integer({ min: 0, max: 99 }, 0),
  });
}

export function specialAbilities() {
  return new foundry.data.fields.ArrayField(specialAbility(), { required: true, initial: [] });
}
