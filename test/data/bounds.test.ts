import { describe, expect, it } from "vitest";
import { ACTOR_MODELS, COMBATANT_MODELS, ITEM_MODELS } from "./models-setup";

/** The models with their constructor's source type loosened: these tests feed them bad input on purpose. */
function loose<M extends abstract new (...args: never[]) => unknown>(
  Model: M,
): new (source: unknown) => InstanceType<M> {
  return Model as unknown as new (source: unknown) => InstanceType<M>;
}
const Character = loose(ACTOR_MODELS.character);
const Weapon = loose(ITEM_MODELS.weapon);
const Spell = loose(ITEM_MODELS.spell);
const Injury = loose(ITEM_MODELS.injury);
type CharacterSource = {
  suits: Record<string, Record<string, number>>;
  chips: Record<string, number>;
  hp: Record<string, number>;
  classes: string[];
};
const source = (model: { toObject(): object }) => model.toObject() as unknown as CharacterSource;

describe("bounds: stored numbers are clamped into their range, never NaN", () => {
  it("cards clamp into 0-30 (SU-3 allows values beyond 2-14 through effects)", () => {
    const s = source(
      new Character({ suits: { clubs: { primary: 99, secondary: -4 }, hearts: { primary: 15 } } }),
    );
    expect(s.suits.clubs!.primary).toBe(30);
    expect(s.suits.clubs!.secondary).toBe(0);
    expect(s.suits.hearts!.primary).toBe(15);
  });

  it("numeric strings from a form are cast, and fractions rounded to integers", () => {
    const s = source(
      new Character({ suits: { spades: { primary: "7", secondary: 6.6 } }, hp: { value: "3" } }),
    );
    expect(s.suits.spades).toMatchObject({ primary: 7, secondary: 7 });
    expect(s.hp.value).toBe(3);
  });

  it("drain, taint and chips cannot go negative", () => {
    const s = source(new Character({ suits: { hearts: { drain: -2, taint: -1 } }, chips: { clubs: -3 } }));
    expect(s.suits.hearts).toMatchObject({ drain: 0, taint: 0 });
    expect(s.chips.clubs).toBe(0);
  });

  it("a non-number is rejected, not stored as NaN", () => {
    expect(() => new Character({ suits: { clubs: { primary: "seven" } } })).toThrow(
      /suits\.clubs\.primary: must be a finite number/,
    );
    expect(() => new Character({ hp: { value: Number.NaN } })).toThrow(/hp\.value/);
  });

  it("null or a missing value in a required field takes the initial value", () => {
    const s = source(new Character({ suits: { clubs: { primary: null } }, hp: null }));
    expect(s.suits.clubs!.primary).toBe(4);
    expect(s.hp).toEqual({ value: 4, temp: 0 });
  });

  it("RA-2: a rider's save resists a poison, a charm, a sleep or nothing (null when stored before the field)", () => {
    const rider = { kind: "condition", condition: "unconscious", saveSuit: "hearts" };
    const riders = (w: object) =>
      (w as { toObject(): { riders: { saveAgainst: unknown }[] } }).toObject().riders;
    expect(riders(new Weapon({ riders: [rider] }))[0]!.saveAgainst).toBeNull();
    expect(riders(new Weapon({ riders: [{ ...rider, saveAgainst: "charm" }] }))[0]!.saveAgainst).toBe(
      "charm",
    );
    expect(() => new Weapon({ riders: [{ ...rider, saveAgainst: "fear" }] })).toThrow(/saveAgainst/);
  });

  it("a value outside a choice table is rejected", () => {
    expect(() => new Weapon({ category: "huge" })).toThrow(/category/);
    expect(() => new Character({ classes: ["bard"] })).toThrow(/classes/);
    expect(() => new Character({ size: "colossal" })).toThrow(/size/);
  });

  it("CL-3: at most one Spellcaster type; several other classes are fine", () => {
    expect(() => new Character({ classes: ["wizard", "cleric"] })).toThrow(/CL-3/);
    expect(source(new Character({ classes: ["fighter", "rogue", "wizard"] })).classes).toEqual([
      "fighter",
      "rogue",
      "wizard",
    ]);
  });

  it("a repeated class is stored once (the classes are a set)", () => {
    expect(source(new Character({ classes: ["fighter", "fighter"] })).classes).toEqual(["fighter"]);
  });

  it("unknown keys are dropped instead of stored", () => {
    const s = new Character({ bogus: 1, suits: { clubs: { primary: 5, extra: 2 } } }).toObject();
    expect(s).not.toHaveProperty("bogus");
    expect((s as unknown as CharacterSource).suits.clubs).not.toHaveProperty("extra");
  });

  it("a combatant stores nothing its owner could change: round fields sent to it are dropped", () => {
    const forged = { stance: "bold", domino: { state: "revealed", greater: 6, lesser: 6 }, turnTaken: false };
    expect(new (loose(COMBATANT_MODELS.base))(forged).toObject()).toEqual({});
  });

  it("spell runes clamp to 1-3 (MAG-7) and injury days to 0-365 (INJ-9)", () => {
    expect(new Spell({ runeCount: 9 }).toObject()).toMatchObject({ runeCount: 3 });
    expect(new Injury({ daysRemaining: 1000 }).toObject()).toMatchObject({ daysRemaining: 365 });
  });

  it("updateSource cleans a partial change and leaves the rest alone; an invalid one changes nothing", () => {
    const model = new Character({ suits: { clubs: { primary: 8 } } });
    model.updateSource({ "suits.clubs.drain": 40 } as never);
    expect(source(model).suits.clubs).toMatchObject({ primary: 8, drain: 30 });
    expect(() => model.updateSource({ classes: ["wizard", "druid"] } as never)).toThrow(/CL-3/);
    expect(source(model).classes).toEqual([]);
  });
});
