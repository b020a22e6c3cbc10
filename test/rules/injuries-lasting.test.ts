import { describe, expect, it } from "vitest";
import { createInjury } from "../../src/rules/injury/grievous-injury";
import { lastingModifiers, type InjuryRecord, type RollUse } from "../../src/rules/injury/lasting-modifiers";
import { createWound } from "../../src/rules/wounds";
import type { InjuryEffect, Location } from "../../src/rules/vocabulary";

type TestUse = Extract<RollUse, { kind: "test" }>;

const injury = (
  effect: InjuryEffect,
  location: Location,
  source = `${effect}-${location}`,
): InjuryRecord => ({
  source,
  effect,
  location,
  lasting: createInjury(location, { effect, modifier: 0 }).lasting,
});

const test = (suit: TestUse["suit"], extra: Partial<TestUse> = {}): RollUse => ({
  kind: "test",
  suit,
  card: "primary",
  ...extra,
});
const attack = (hands: "right" | "left" | "both" | "either" = "right", spell = false): RollUse => ({
  kind: "attack",
  hands,
  spell,
});
const values = (list: InjuryRecord[], use: RollUse) =>
  lastingModifiers(list, use).modifiers.map((m) => m.value);

describe("INJ-7 lasting modifiers", () => {
  it("Sight: −2 to attacks and sight-based tests, nothing on other tests", () => {
    const sight = [injury("sight", "head")];
    expect(values(sight, attack())).toEqual([-2]);
    expect(values(sight, test("diamonds", { sight: true }))).toEqual([-2]);
    expect(values(sight, test("diamonds"))).toEqual([]);
  });

  it.each(["puncture", "maim"] as const)("%s: −2 to all tests and attacks", (effect) => {
    const list = [injury(effect, effect === "maim" ? "groin" : "chest")];
    expect(values(list, attack())).toEqual([-2]);
    expect(values(list, test("hearts"))).toEqual([-2]);
    expect(lastingModifiers(list, test("spades")).modifiers[0]).toMatchObject({ rule: "INJ-7", effect });
  });

  it("Sever: −5 to all tests and attacks; a lost arm cannot hold the weapon", () => {
    const leg = [injury("sever", "leftLeg")];
    expect(values(leg, test("clubs"))).toEqual([-5]);
    expect(lastingModifiers(leg, attack("left")).unusable).toEqual([]);
    const arm = lastingModifiers([injury("sever", "rightArm")], attack("right"));
    expect(arm.total).toBe(-5);
    expect(arm.unusable).toMatchObject([{ hand: "right", effect: "sever" }]);
  });

  it("Sound (Deafened): −5 on spell attacks and mental-casting tests only", () => {
    const sound = [injury("sound", "head")];
    expect(values(sound, attack("right", true))).toEqual([-5]);
    expect(values(sound, attack("right"))).toEqual([]);
    expect(values(sound, test("diamonds", { mentalCasting: true }))).toEqual([-5]);
    expect(values(sound, test("diamonds"))).toEqual([]);
  });

  it("Balance (revised): −5 on all casting, spell attacks and casting tests; nothing else", () => {
    const balance = [injury("balance", "head")];
    expect(values(balance, attack("either", true))).toEqual([-5]);
    expect(values(balance, test("diamonds", { mentalCasting: true }))).toEqual([-5]);
    expect(values(balance, attack("either"))).toEqual([]);
    expect(values(balance, test("diamonds"))).toEqual([]);
  });

  it("Foot (revised): −5 to the tests that resolve movement, as a leg Fracture; its Move save at −5", () => {
    const foot = [injury("foot", "rightLeg")];
    expect(values(foot, test("spades", { movement: true }))).toEqual([-5]);
    expect(values(foot, test("clubs", { card: "secondary", movement: true }))).toEqual([-5]);
    expect(values(foot, test("spades"))).toEqual([]);
    expect(values(foot, test("clubs", { card: "secondary" }))).toEqual([]);
    expect(values(foot, attack())).toEqual([]);
    expect(foot[0]!.lasting).toContainEqual({ kind: "moveSave", suit: "spades", modifier: -5 });
  });

  it("injuries without a lasting modifier add nothing", () => {
    // Foot now penalises movement tests (INJ-7 revised), so it is tested on its own above.
    const list = (["stun", "wind", "fleshWound", "bleeder"] as const).map((e) => injury(e, "leftLeg"));
    expect(lastingModifiers(list, attack("both")).total).toBe(0);
    expect(lastingModifiers(list, test("spades", { movement: true })).total).toBe(0);
  });

  it("Broken or Hand on an arm makes that hand unusable, a broken leg does not", () => {
    expect(lastingModifiers([injury("broken", "leftArm")], attack("left")).unusable).toHaveLength(1);
    expect(lastingModifiers([injury("hand", "leftArm")], attack("left")).unusable).toHaveLength(1);
    expect(lastingModifiers([injury("broken", "leftArm")], attack("right")).unusable).toEqual([]);
    expect(lastingModifiers([injury("broken", "leftLeg")], attack("both")).unusable).toEqual([]);
    expect(lastingModifiers([injury("broken", "leftArm")], test("clubs")).unusable).toEqual([]);
  });
});

describe("INJ-8 fracture by location", () => {
  it("Arm: attacks with that hand and two-handed weapons, ♣ and Strength tests", () => {
    const arm = [injury("fracture", "leftArm")];
    expect(values(arm, attack("left"))).toEqual([-5]);
    expect(values(arm, attack("both"))).toEqual([-5]);
    expect(values(arm, attack("right"))).toEqual([]);
    expect(values(arm, test("clubs"))).toEqual([-5]);
    expect(values(arm, test("clubs", { card: "secondary" }))).toEqual([-5]);
    expect(values(arm, test("spades"))).toEqual([]);
    expect(lastingModifiers(arm, test("clubs")).modifiers[0].rule).toBe("INJ-8");
  });

  it.each(["leftLeg", "groin"] as const)("%s: ♠ and Strength tests involving movement only", (location) => {
    const list = [injury("fracture", location)];
    expect(values(list, test("spades", { movement: true }))).toEqual([-5]);
    expect(values(list, test("clubs", { card: "secondary", movement: true }))).toEqual([-5]);
    expect(values(list, test("spades"))).toEqual([]);
    expect(values(list, test("clubs", { movement: true }))).toEqual([]);
    expect(values(list, attack("both"))).toEqual([]);
  });

  it("Chest: ♣ and Strength tests, ♥ tests for stamina; not attacks", () => {
    const chest = [injury("fracture", "chest")];
    expect(values(chest, test("clubs"))).toEqual([-5]);
    expect(values(chest, test("clubs", { card: "secondary" }))).toEqual([-5]);
    expect(values(chest, test("hearts", { stamina: true }))).toEqual([-5]);
    expect(values(chest, test("hearts"))).toEqual([]);
    expect(values(chest, attack("both"))).toEqual([]);
  });
});

describe("SW-7 lasting wound effects", () => {
  const wound = (aim: Parameters<typeof createWound>[0], location: Location): InjuryRecord => {
    const w = createWound(aim, false);
    return { source: w.wound, effect: w.wound, location, lasting: w.lasting };
  };

  it("deep chest wound: −2 to all tests, not attacks", () => {
    const list = [wound("chest", "chest")];
    expect(lastingModifiers(list, test("spades")).modifiers).toMatchObject([{ rule: "SW-7", value: -2 }]);
    expect(values(list, attack())).toEqual([]);
  });

  it("arm disabled: that hand is unusable (a warning, not a number)", () => {
    const result = lastingModifiers([wound("rightArm", "rightArm")], attack("both"));
    expect(result.total).toBe(0);
    expect(result.unusable).toMatchObject([{ hand: "right", rule: "SW-7", effect: "armDisabled" }]);
  });
});

describe("stacking and hand choice [design]", () => {
  it("sums every applicable modifier of every injury, two of a kind included", () => {
    const list = [
      injury("puncture", "chest", "a"),
      injury("puncture", "chest", "b"),
      injury("sight", "head"),
    ];
    const result = lastingModifiers(list, attack());
    expect(result.modifiers.map((m) => m.source)).toEqual(["a", "b", "sight-head"]);
    expect(result.total).toBe(-6);
  });

  it("a one-handed weapon of unrecorded hand goes in the usable, then less penalised, hand", () => {
    expect(lastingModifiers([injury("fracture", "rightArm")], attack("either")).total).toBe(0);
    expect(lastingModifiers([injury("fracture", "leftArm")], attack("either")).total).toBe(0);
    const broken = lastingModifiers(
      [injury("broken", "rightArm"), injury("fracture", "leftArm")],
      attack("either"),
    );
    expect(broken.unusable).toEqual([]);
    expect(broken.total).toBe(-5);
    const both = lastingModifiers(
      [injury("broken", "rightArm"), injury("hand", "leftArm")],
      attack("either"),
    );
    expect(both.unusable).toHaveLength(1);
  });
});
