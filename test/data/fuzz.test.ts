import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, makeActor, type CharacterData, type NpcData } from "./models-setup";
import { DataModelValidationError } from "../stand-in/data-model";
import type { DocumentData } from "../stand-in/documents";
import { ARMOR_CATEGORIES, CLASSES, SHIELDS, SUITS, WEAPON_CATEGORIES } from "../../src/rules/vocabulary";

/** Anything a form, an import or an old world could put in a field. */
const wild = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom("", "7", "abc", "-3", "1e3"),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
);
/** Mostly plausible numbers, sometimes wild: enough valid sources reach derived data. */
const num = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -40, max: 60 }) },
  { weight: 1, arbitrary: wild },
);

const suitCards = fc.record({ primary: num, secondary: num, drain: num, taint: num }, { requiredKeys: [] });
const characterSystem = fc.record(
  {
    suits: fc.record(Object.fromEntries(SUITS.map((s) => [s, suitCards])), { requiredKeys: [] }),
    chips: fc.record({ clubs: num, spades: num, diamonds: num }, { requiredKeys: [] }),
    hp: fc.record({ value: num, temp: num }, { requiredKeys: [] }),
    classes: fc.subarray([...CLASSES], { maxLength: 3 }),
    talents: fc.record({ level: num, armorTrades: num }, { requiredKeys: [] }),
    encumbrance: fc.constantFrom("normal", "exceptional", "barelyLift"),
  },
  { requiredKeys: [] },
);

const item: fc.Arbitrary<DocumentData> = fc.oneof(
  fc
    .record({
      category: fc.constantFrom(...WEAPON_CATEGORIES),
      hands: num,
      reload: fc.constantFrom("none", "slow", "winch"),
      modes: fc.record({ melee: fc.boolean(), thrown: fc.boolean(), launcher: fc.boolean() }),
    })
    .map((system) => ({ name: "w", type: "weapon", system })),
  fc
    .record({
      category: fc.constantFrom(...ARMOR_CATEGORIES.slice(1)),
      reinforced: fc.boolean(),
      drBonus: num,
      slot: fc.constantFrom("armor", "pack"),
    })
    .map((system) => ({ name: "a", type: "armor", system })),
  fc
    .record({
      kind: fc.constantFrom(...SHIELDS.slice(1)),
      slot: fc.constantFrom("hands", "handy", "pack"),
      strapped: fc.boolean(),
    })
    .map((system) => ({ name: "s", type: "shield", system })),
  fc
    .record({
      modifiers: fc.record(Object.fromEntries(SUITS.map((s) => [s, num])), { requiredKeys: [] }),
      choiceBonus: num,
      chosenSuit: fc.constantFrom(null, ...SUITS),
      extraTalents: num,
    })
    .map((system) => ({ name: "r", type: "race", system })),
  fc
    .record({ key: fc.constantFrom(null, "toughness", "alert", "rage") })
    .map((system) => ({ name: "k", type: "knack", system })),
  fc.record({ steps: num, free: fc.boolean() }).map((system) => ({ name: "sk", type: "skill", system })),
  fc
    .record({
      effect: fc.constantFrom("stun", "wind", "balance", "sever", "legCrippled", "winded"),
      location: fc.constantFrom("head", "leftArm", "rightLeg", "chest"),
      daysRemaining: num,
    })
    .map((system) => ({ name: "i", type: "injury", system })),
);
const statuses = fc.subarray(["blind", "prone", "stunned", "anchored", "pinned", "unconscious"]);

/** Every number anywhere in the prepared data is finite. */
function finiteEverywhere(value: unknown, path = "system"): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [path];
  if (value instanceof Set || value === null || typeof value !== "object") return [];
  // `parent` leads back to the document, which holds this model.
  return Object.entries(value).flatMap(([k, v]) =>
    k === "parent" ? [] : finiteEverywhere(v, `${path}.${k}`),
  );
}

/** A build either succeeds or is refused by validation; nothing else may be thrown. */
function buildOrRefuse<T>(build: () => T): T | null {
  try {
    return build();
  } catch (error) {
    if (error instanceof DataModelValidationError) return null;
    throw error;
  }
}

describe("fuzz: random sources never give NaN or out-of-range derived data", () => {
  it("characters", () => {
    let built = 0;
    fc.assert(
      fc.property(characterSystem, fc.array(item, { maxLength: 6 }), statuses, (system, items, applied) => {
        // Races are one per character: keep the first.
        const oneRace = items.filter(
          (it, i) => it.type !== "race" || items.findIndex((o) => o.type === "race") === i,
        );
        const actor = buildOrRefuse(() =>
          makeActor({
            name: "Fuzz",
            type: "character",
            system: system as never,
            items: oneRace,
            statuses: applied,
          }),
        );
        if (!actor) return;
        built += 1;
        const s = actor.creature as CharacterData;
        expect(finiteEverywhere({ ...s })).toEqual([]);
        for (const suit of SUITS) {
          expect(s.suits[suit].eff).toBeGreaterThanOrEqual(0);
          expect(s.suits[suit].eff2).toBeGreaterThanOrEqual(0);
          expect(s.suits[suit].capacity).toBeGreaterThanOrEqual(0);
        }
        for (const suit of ["clubs", "spades", "diamonds"] as const) {
          expect(s.chips[suit]).toBeGreaterThanOrEqual(0);
          expect(s.chips[suit]).toBeLessThanOrEqual(s.suits[suit].capacity);
        }
        expect(s.hp.value).toBeGreaterThanOrEqual(0);
        expect(s.hp.value + s.hp.temp).toBeLessThanOrEqual(s.hp.max);
        expect(s.hp.temp).toBeGreaterThanOrEqual(0);
        expect(s.move.move).toBeGreaterThanOrEqual(0);
        expect(s.talents.max).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
    // The generator must reach derived data, or the property above proves nothing.
    expect(built).toBeGreaterThan(100);
  });

  it("NPCs", () => {
    const npcSystem = fc.record(
      {
        suits: fc.record(
          Object.fromEntries(
            SUITS.map((s) => [s, fc.record({ value: num, drain: num, taint: num }, { requiredKeys: [] })]),
          ),
          { requiredKeys: [] },
        ),
        hp: fc.record({ value: num, temp: num, max: fc.oneof(num, fc.constant(null)) }, { requiredKeys: [] }),
        chips: fc.record(
          { clubs: fc.record({ value: num, max: num }, { requiredKeys: [] }) },
          { requiredKeys: [] },
        ),
        dr: num,
        er: num,
        cr: wild,
        tier: fc.constantFrom("enemy", "foe"),
        movement: fc.record({ walk: fc.oneof(num, fc.constant(null)) }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    let built = 0;
    fc.assert(
      fc.property(npcSystem, statuses, (system, applied) => {
        const actor = buildOrRefuse(() =>
          makeActor({ name: "Fuzz", type: "npc", system: system as never, statuses: applied }),
        );
        if (!actor) return;
        built += 1;
        const s = actor.creature as NpcData;
        expect(finiteEverywhere({ ...s })).toEqual([]);
        expect(s.hp.value).toBeGreaterThanOrEqual(0);
        expect(s.hp.value + s.hp.temp).toBeLessThanOrEqual(s.hp.max ?? 0);
        expect(s.chips.clubs.value).toBeLessThanOrEqual(s.chips.clubs.max);
        expect(s.armorDR).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
    expect(built).toBeGreaterThan(100);
  });

  it("damage and recovery keep a valid source (HP-2, DRN-6 through the document API)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.array(
          fc.tuple(
            fc.constantFrom("damage", "temporary", "tainted", "heal", "drain", "recoverDrain"),
            fc.integer({ min: 0, max: 12 }),
            fc.constantFrom(...SUITS),
          ),
          { maxLength: 8 },
        ),
        async (hearts, value, steps) => {
          const actor = await createActor({
            name: "F",
            type: "character",
            system: { suits: { hearts: { primary: hearts, secondary: hearts } }, hp: { value } } as never,
          });
          const check = () => {
            const s = actor.creature as CharacterData;
            expect(s._source.hp.value + s._source.hp.temp).toBeLessThanOrEqual(s.hp.max);
            expect(finiteEverywhere({ ...s })).toEqual([]);
          };
          check();
          for (const [kind, n, suit] of steps) {
            if (kind === "damage" && n > 0) await actor.applyDamage(n);
            if (kind === "temporary" && n > 0) await actor.applyDamage(n, { temporary: true });
            if (kind === "tainted" && n > 0) await actor.applyDamage(n, { tainted: true });
            if (kind === "heal") await actor.recoverHP(n);
            if (kind === "drain") await actor.applyDrain(suit, n);
            if (kind === "recoverDrain") await actor.recoverDrain(suit, n);
            check();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
