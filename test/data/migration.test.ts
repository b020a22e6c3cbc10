import { describe, expect, it } from "vitest";
import { ACTOR_MODELS, ITEM_MODELS, makeActor, type CharacterData } from "./models-setup";
import { SCHEMA_VERSION } from "../../src/data/migrations";

/** Sources in the version 1 shapes (the 0.1.0 development schemas), as a world or pack would hold them. */
const OLD_CHARACTER = {
  suits: {
    clubs: { primary: 9, secondary: 7, drain: 1, taint: 0 },
    hearts: { primary: 6, secondary: 5, drain: 0, taint: 1 },
  },
  chips: { clubs: 3 },
  hp: { value: 5, temp: 1 },
  classes: ["fighter"],
  load: "exceptional",
  biography: "<p>Born in the marsh.</p>",
};
/** The version 1 skill schema had no `key`: a skill was its uses (src/data/item/skill.ts at 5e3b6c8). */
const OLD_SKILL = {
  description: "",
  scope: "",
  bonus: 3,
  uses: [
    { use: "climb", card: "strength" },
    { use: "swim", card: "strength" },
  ],
  repeatable: false,
  free: false,
};
/** Several listed skills share "recall" (the knowledges), so its uses name none of them. */
const OLD_KNOWLEDGE_SKILL = { ...OLD_SKILL, scope: "dragons", uses: [{ use: "recall", card: "knowledge" }] };
const OLD_SEVERE_BLEEDER = {
  kind: "grievousInjury",
  location: "head",
  effect: "bleeder",
  severe: true,
  modifier: 0,
  burn: 0,
  healing: "ongoingEnds",
  daysRemaining: 0,
  permanent: false,
  ongoing: { active: true, rating: 1, suit: "hearts", modifier: -5, tag: "bleeding" },
};
const OLD_FRACTURE = {
  ...OLD_SEVERE_BLEEDER,
  location: "leftArm",
  effect: "fracture",
  severe: false,
  healing: "days",
  daysRemaining: 9,
};

const build = <M extends abstract new (...args: never[]) => unknown>(Model: M, source: object) =>
  new (Model as unknown as new (source: object) => { toObject(): Record<string, unknown> })(
    structuredClone(source),
  );

describe(`migrations to schema version ${SCHEMA_VERSION}`, () => {
  it("a character's `load` becomes `encumbrance`, and nothing else is lost", () => {
    const migrated = build(ACTOR_MODELS.character, OLD_CHARACTER).toObject();
    expect(migrated.encumbrance).toBe("exceptional");
    expect(migrated).not.toHaveProperty("load");
    expect(migrated).toMatchObject({
      suits: {
        clubs: { primary: 9, secondary: 7, drain: 1 },
        hearts: { primary: 6, secondary: 5, taint: 1 },
      },
      chips: { clubs: 3 },
      hp: { value: 5, temp: 1 },
      classes: ["fighter"],
      biography: "<p>Born in the marsh.</p>",
    });
  });

  it("the migrated character prepares as the old one would (EQ-12 exceptional load: Hampered)", () => {
    const actor = makeActor({
      name: "Old",
      type: "character",
      system: structuredClone(OLD_CHARACTER) as never,
    });
    expect((actor.creature as CharacterData).conditions.has("hampered")).toBe(true);
  });

  it("a skill's `bonus` becomes its SK-2 `steps`, and its uses name the listed skill it was", () => {
    const migrated = build(ITEM_MODELS.skill, OLD_SKILL).toObject();
    expect(migrated).toMatchObject({ key: "athletics", steps: 3, card: null });
    expect(migrated).not.toHaveProperty("bonus");
    expect(migrated).not.toHaveProperty("uses");
  });

  it("a skill whose uses fit several listed skills stays custom and keeps its card and scope", () => {
    const migrated = build(ITEM_MODELS.skill, OLD_KNOWLEDGE_SKILL).toObject();
    expect(migrated).toMatchObject({ key: null, card: "knowledge", scope: "dragons", steps: 3 });
  });

  it("a severe (−2d) injury keeps its −5 as the cell modifier; derived copies go; a non-day clock is null", () => {
    const migrated = build(ITEM_MODELS.injury, OLD_SEVERE_BLEEDER).toObject();
    expect(migrated).toMatchObject({
      effect: "bleeder",
      location: "head",
      modifier: -5,
      daysRemaining: null,
    });
    expect(migrated.ongoing).toEqual(OLD_SEVERE_BLEEDER.ongoing);
    for (const gone of ["severe", "burn", "healing", "permanent"]) expect(migrated).not.toHaveProperty(gone);
  });

  it("a day-counted injury keeps its clock", () => {
    expect(build(ITEM_MODELS.injury, OLD_FRACTURE).toObject()).toMatchObject({
      daysRemaining: 9,
      modifier: 0,
    });
  });

  it("3: a Rage stored before `freeWhen` gets its free trigger right after taking damage (KN-2); others none", () => {
    const rage = { key: "rage", class: "fighter", chipSuit: "clubs", chipCost: 2, trigger: "minor" };
    expect(build(ITEM_MODELS.knack, rage).toObject()).toMatchObject({
      trigger: "minor",
      freeWhen: "afterDamage",
    });
    expect(build(ITEM_MODELS.knack, { ...rage, key: "springAttack" }).toObject().freeWhen).toBeNull();
    // A Rage whose free trigger was deliberately cleared keeps it cleared.
    expect(build(ITEM_MODELS.knack, { ...rage, freeWhen: null }).toObject().freeWhen).toBeNull();
  });

  it("migrating a current source changes nothing (steps are idempotent)", () => {
    for (const [Model, old] of [
      [ACTOR_MODELS.character, OLD_CHARACTER],
      [ITEM_MODELS.skill, OLD_SKILL],
      [ITEM_MODELS.skill, OLD_KNOWLEDGE_SKILL],
      [ITEM_MODELS.injury, OLD_SEVERE_BLEEDER],
      [ITEM_MODELS.knack, { key: "rage", trigger: "minor" }],
    ] as const) {
      const once = build(Model, old).toObject();
      expect(build(Model, once).toObject()).toEqual(once);
    }
  });

  it("when both shapes are present the new key wins (a partly migrated source)", () => {
    const both = build(ACTOR_MODELS.character, { ...OLD_CHARACTER, encumbrance: "barelyLift" }).toObject();
    expect(both.encumbrance).toBe("barelyLift");
  });
});
