/**
 * Field builders shared by the data models, so one kind of stored number has one set of bounds
 * (BOUNDS) everywhere. They read `foundry.data.fields` when called, never at import, so a module
 * that defines a schema can be imported before Foundry (or the test stand-in) is ready.
 */
import { SUITS, type Suit } from "../rules/vocabulary";
import { BOUNDS, CARRY_SLOTS, DURATIONS, ONGOING_TAGS, RIDER_KINDS } from "./constants";
import { CONDITIONS, LOCATIONS } from "../rules/vocabulary";
import { RESISTED_EFFECTS } from "../rules/races";

type Bounds = { readonly min: number; readonly max: number };

/** A required integer clamped to `bounds` (NumberField cleaning clamps to min/max). */
export function integer(bounds: Bounds, initial: number) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min: bounds.min,
    max: bounds.max,
    initial,
  });
}

/** An optional integer: null means "not set" (e.g. an NPC's Move taken from MV-1). */
export function optionalInteger(bounds: Bounds) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: true,
    integer: true,
    min: bounds.min,
    max: bounds.max,
    initial: null,
  });
}

/** A required string restricted to one constant table. */
export function choice<const T extends readonly string[]>(table: T, initial: T[number]) {
  return new foundry.data.fields.StringField({
    required: true,
    nullable: false,
    blank: false,
    choices: table,
    initial,
  });
}

/** A string from one constant table, or null when nothing applies. */
export function optionalChoice<const T extends readonly string[]>(table: T) {
  return new foundry.data.fields.StringField({
    required: true,
    nullable: true,
    blank: false,
    choices: table,
    initial: null,
  });
}

/** Free text a user types (names, scopes, senses); never markup. */
export function text(initial = "") {
  return new foundry.data.fields.StringField({ required: true, nullable: false, blank: true, initial });
}

/** Markup a user edits in a ProseMirror editor (listed in system.json `htmlFields`). */
export function html() {
  return new foundry.data.fields.HTMLField({ required: true, nullable: false, blank: true, initial: "" });
}

export function flag(initial = false) {
  return new foundry.data.fields.BooleanField({ required: true, nullable: false, initial });
}

/** One schema entry per suit, in SUITS order, so the four suits are never spelled out by hand. */
export function perSuit<F extends foundry.data.fields.DataField.Any>(make: (suit: Suit) => F) {
  return Object.fromEntries(SUITS.map((suit) => [suit, make(suit)])) as Record<Suit, F>;
}

/** DRN-1, DRN-5: a suit's drain and taint counters, stored the same way on characters and NPCs. */
export function suitCounters() {
  return {
    drain: integer(BOUNDS.counter, 0),
    taint: integer(BOUNDS.counter, 0),
  };
}

/**
 * GW-2, GW-8, GW-9: the Grit and Wounds track of a PC or Foe (read only when `gritWounds` is on).
 * `unbandaged` counts the Wounds of the last fight not yet bandaged; while any are, wound checks
 * are at −2. Grit has no rules cap (adrenaline adds to it each round), so it takes a roomy bound.
 */
export function gritTrack() {
  return new foundry.data.fields.SchemaField({
    value: integer(GRIT_BOUNDS.value, 0),
    wounds: integer(GRIT_BOUNDS.wounds, 0),
    adrenaline: integer(GRIT_BOUNDS.adrenaline, 0),
    unbandaged: integer(GRIT_BOUNDS.unbandaged, 0),
  });
}

/** The Grit track's bounds, which the schema and every edit of it (the sheet, a token's HUD) share. */
export const GRIT_BOUNDS = {
  value: { min: 0, max: 99 },
  wounds: BOUNDS.counter,
  adrenaline: BOUNDS.counter,
  unbandaged: BOUNDS.counter,
} as const;

/**
 * DMG-6: one rider. A single shape for every kind keeps the array editable in one table; fields a
 * kind does not use keep their initial value.
 * - energy: `amount` energy damage (reduced by ER separately);
 * - drain / taint: `amount` on `suit`, drain optionally `tainted`;
 * - condition: `condition`, with an optional save (`saveSuit`, `saveModifier`, and `saveAgainst`: what
 *   it resists, a poison, a charm or a sleep, for a race's bonus, RA-2) and a `duration`;
 * - ongoing: OD-1 rating `amount` on `suit` with test `saveModifier` and `tag`.
 */
export function rider() {
  const fields = foundry.data.fields;
  return new fields.SchemaField({
    kind: choice(RIDER_KINDS, "energy"),
    amount: integer({ min: 0, max: BOUNDS.counter.max }, 1),
    suit: choice(SUITS, "hearts"),
    tainted: flag(),
    condition: optionalChoice(CONDITIONS),
    saveSuit: optionalChoice(SUITS),
    saveModifier: integer(BOUNDS.modifier, 0),
    // RA-2, RA-3: null (nothing a race resists) for every rider stored before it existed.
    saveAgainst: optionalChoice(RESISTED_EFFECTS),
    duration: choice(DURATIONS, "indefinite"),
    rounds: integer({ min: 0, max: 99 }, 0),
    tag: optionalChoice(ONGOING_TAGS),
  });
}

export function riders() {
  return new foundry.data.fields.ArrayField(rider(), { required: true, initial: [] });
}

/**
 * CON-5: the conditions applied with a source and a duration. `count` is what the duration counts
 * down: rounds left (`rounds`) or the owner's turn ends left (`endOfNextTurn`, CB-4); 0 otherwise.
 * Implied conditions are never recorded (CON-4 closes the set), and a status applied by hand with
 * no record lasts until removed.
 */
export function appliedConditions() {
  const fields = foundry.data.fields;
  return new fields.ArrayField(
    new fields.SchemaField({
      condition: choice(CONDITIONS, "prone"),
      source: text(),
      duration: choice(DURATIONS, "indefinite"),
      count: integer({ min: 0, max: 99 }, 0),
    }),
    { required: true, initial: [] },
  );
}

/**
 * OD-1: ongoing effects that came from riders or spells (an injury's bleeder lives on its item).
 * `origin` is the injury location a bleeder stacks by (OD-4), or null.
 */
export function ongoingEffects() {
  const fields = foundry.data.fields;
  return new fields.ArrayField(
    new fields.SchemaField({
      rating: integer(BOUNDS.counter, 1),
      suit: choice(SUITS, "hearts"),
      modifier: integer(BOUNDS.modifier, 0),
      tag: choice(ONGOING_TAGS, "burning"),
      origin: optionalChoice(LOCATIONS),
    }),
    { required: true, initial: [] },
  );
}

/** REC-1, REC-2: the Rally of this encounter and the Rests since the last Sleep. */
export function recoveryTrack() {
  return new foundry.data.fields.SchemaField({
    rallyUsed: flag(),
    restsToday: integer({ min: 0, max: 2 }, 0),
  });
}

/**
 * The play-state both actor models keep alike (REC-1/REC-2 recovery, §23 Grit, CON-5 applied
 * conditions, OD-1 ongoing effects), so a character and an NPC store them in one shape.
 */
export function actorStateFields() {
  return {
    recovery: recoveryTrack(),
    grit: gritTrack(),
    appliedConditions: appliedConditions(),
    ongoing: ongoingEffects(),
  };
}

/** EQ-1: where a carried item sits. Only items in hands or the armour slot are in use. */
export function carried(initialSlot: (typeof CARRY_SLOTS)[number]) {
  return {
    slot: choice(CARRY_SLOTS, initialSlot),
    quantity: integer({ min: 0, max: 9999 }, 1),
  };
}

/** The BaseData parameter of a model whose base preparation adds nothing. */
export type NoBaseData = Record<never, never>;
