/**
 * The `attack` ChatMessage subtype: one attack's card as data. Its `system` holds
 * the card's state (src/rules/attack/index.ts AttackState) and `seq`, the step number the GM sealed
 * (src/documents/attack/seals.ts). Declared in system.json `documentTypes.ChatMessage` and
 * registered in `CONFIG.ChatMessage.dataModels`, as dnd5e declares its message subtypes
 * (release-5.1.10 system.json `documentTypes.ChatMessage`, dnd5e.mjs `CONFIG.ChatMessage.dataModels`;
 * FOUNDRY-FACTS §6). Stored shape:
 * ```
 * seq: int 0-9999                      the step number a request must quote
 * step: ATTACK_STEPS                   AT-5 windows, then SW-5 order
 * attacker, defender: facts fixed at declaration (AT-1..AT-4, DMG-2, NPC-3)
 * declaration: what was declared (AT-1) and the weapon facts (EQ-2, EQ-3, DMG-1, DMG-6, SW-4)
 * settings: the world settings the attack reads (SET-1), fixed at declaration
 * attackerCommit, defenderCommit: {chips, boon} | null   (AT-5, CH-7, TL-6)
 * d100, location, knockoutMinutes, movement: the rolls and choices of SW-3, SW-6, AT-4
 * result, damage, applied, wound, injury, soak, margin, special, grapple, reaction:
 *   what the rules computed at each step, as bounded records (./record.ts), null until reached
 * reactiveDefence: "offered" | "taken" | "declined" | null   the target's CD-15 offer and answer at AT-5 step 1
 * ```
 */
import { ATTACK_MODES, type AttackResult } from "../../rules/attack/resolution";
import type { Rider } from "../../rules/damage";
import { SPECIAL_ATTACK_KINDS } from "../../rules/special";
import {
  ATTACK_STEPS,
  MOVEMENT_CHOICES,
  REACTIVE_DEFENCE_ANSWERS,
  SNEAK_ATTACK_STATES,
  type AttackState,
  type DamageReport,
  type GrappleState,
  type InjuryState,
  type MarginState,
  type ModifierPart,
  type ReactionState,
  type SoakState,
  type SpecialState,
  type WoundState,
} from "../../rules/attack/index";
import type { DefenderSide } from "../../rules/attack/resolution";
import { AIMING_POINTS, DAMAGE_TYPES, SIZES } from "../../rules/vocabulary";
import type { DamageResult } from "../../rules/damage";
import { BOUNDS } from "../constants";
import { choice, flag, integer, optionalChoice, optionalInteger, text, type NoBaseData } from "../fields";
import { RECORD_LIMIT, record, records, requiredRecord } from "./record";
import { migrateAttackCard } from "./migrations";

/** A total, pip count or sum of modifiers on the card: any whole number a table could reach. */
const total = (initial = 0) => integer({ min: -RECORD_LIMIT, max: RECORD_LIMIT }, initial);
const chips = () => integer(BOUNDS.chips, 0);
const card = () => integer(BOUNDS.card, 0);

/** AT-5, CH-7, TL-6: a side's committed chips and Boon, or null while its window is open. */
function commit() {
  const fields = foundry.data.fields;
  return new fields.SchemaField(
    { chips: chips(), boon: flag() },
    { required: true, nullable: true, initial: null },
  );
}

/** AT-1, AT-2: the attacker's facts. */
function attackerFacts() {
  const fields = foundry.data.fields;
  return new fields.SchemaField({
    actorId: text(),
    name: text(),
    side: new fields.SchemaField({ card: card(), offense: total(), modifier: total() }),
    modifiers: records<ModifierPart>(),
    chips: chips(),
    boon: flag(),
    size: choice(SIZES, "medium"),
    // T-2: its ♣ test target in a contest (null on older cards).
    contest: optionalInteger({ min: -RECORD_LIMIT, max: RECORD_LIMIT }),
  });
}

/** AT-3, AT-4, DMG-2, DMG-3, NPC-3, SW-1, GW-4: the defender's facts. */
function defenderFacts() {
  const fields = foundry.data.fields;
  return new fields.SchemaField({
    actorId: text(),
    name: text(),
    side: requiredRecord<Omit<DefenderSide, "chips" | "boon">>(),
    modifiers: records<ModifierPart>(),
    chips: chips(),
    boon: flag(),
    size: choice(SIZES, "medium"),
    dr: integer(BOUNDS.resistance, 0),
    er: integer(BOUNDS.resistance, 0),
    // T-2: test targets (a card with its lasting modifiers), which a −5 can take below 0.
    hearts: total(),
    clubs: total(),
    spades: optionalInteger({ min: -RECORD_LIMIT, max: RECORD_LIMIT }),
    enemy: flag(),
    grit: optionalInteger({ min: 0, max: 99 }),
    // GW-4: absent on cards from before it was stored, which read as false.
    ownTurn: flag(),
    anatomy: flag(true),
  });
}

/** AT-1, EQ-2, EQ-3, DMG-1, DMG-6, SW-2..SW-4, SP-1: the declaration and its weapon facts. */
function declaration() {
  const fields = foundry.data.fields;
  return new fields.SchemaField({
    weaponName: text(),
    mode: choice(ATTACK_MODES, "melee"),
    aim: optionalChoice(AIMING_POINTS),
    calledShot: flag(),
    knockout: flag(),
    brawling: flag(),
    weaponValue: integer({ min: 0, max: 99 }, 0),
    damageType: choice(DAMAGE_TYPES, "physical"),
    flat: total(),
    temporary: flag(),
    // DMG-5: absent on cards from before it was stored, which read as false.
    tainted: flag(),
    riders: records<Rider>(),
    reach: integer({ min: 1, max: 9 }, 1),
    special: optionalChoice(SPECIAL_ATTACK_KINDS),
    // RNG-4: absent on cards from before it was stored, which read as false.
    wrongSquare: flag(),
    sneakAttack: choice(SNEAK_ATTACK_STATES, "none"),
    stunningFist: choice(SNEAK_ATTACK_STATES, "none"),
  });
}

/** SET-1: the settings the attack read at declaration. */
function settings() {
  const fields = foundry.data.fields;
  return new fields.SchemaField({
    detailedDefenseless: flag(),
    specificWounds: flag(),
    grievousInjuries: flag(),
    neckGroin: flag(),
    injuriesForEnemies: flag(),
    halfStepSizes: flag(),
    countdown: flag(),
    marginSpecialResults: flag(),
  });
}

export function defineAttackCardSchema() {
  return {
    seq: integer({ min: 0, max: 9999 }, 1),
    step: choice(ATTACK_STEPS, "attacker"),
    attacker: attackerFacts(),
    defender: defenderFacts(),
    declaration: declaration(),
    settings: settings(),
    attackerCommit: commit(),
    defenderCommit: commit(),
    result: record<AttackResult>(),
    d100: optionalInteger({ min: 1, max: 100 }),
    location: optionalChoice(AIMING_POINTS),
    damage: record<{ dF: number; result: DamageResult; temporary: boolean }>(),
    applied: record<DamageReport>(),
    knockoutMinutes: optionalInteger({ min: 1, max: 10 }),
    wound: record<WoundState>(),
    injury: record<InjuryState>(),
    soak: record<SoakState>(),
    movement: optionalChoice(MOVEMENT_CHOICES),
    margin: record<MarginState>(),
    special: record<SpecialState>(),
    grapple: record<GrappleState>(),
    reaction: record<ReactionState>(),
    // CD-15: null until answered, and on cards from before it was stored (the model fills it).
    reactiveDefence: optionalChoice(REACTIVE_DEFENCE_ANSWERS),
  };
}
export type AttackCardSchema = ReturnType<typeof defineAttackCardSchema>;

export class AttackCardData extends foundry.abstract.TypeDataModel<
  AttackCardSchema,
  ChatMessage.Implementation,
  NoBaseData
> {
  static override defineSchema(): AttackCardSchema {
    return defineAttackCardSchema();
  }

  /** Cards stored in flags before the subtype existed come in flag-shaped (./migrations.ts). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateAttackCard(source));
  }

  /**
   * A card kept in the old flags, read through this model (migrateData lifts the flag shape), or
   * null when those flags do not make a valid card.
   */
  static fromFlags(attack: unknown, attackSeq: unknown): AttackCardData | null {
    try {
      return new AttackCardData(migrateAttackCard({ attack, attackSeq }));
    } catch {
      return null;
    }
  }

  /** The card's state for the pure rules (src/rules/attack/index.ts), without the step number. */
  toState(): AttackState {
    const { seq: _seq, ...state } = this.toObject();
    return state;
  }
}
