import { describe, expect, it } from "vitest";
import {
  attackInjuryUse,
  attackModifierParts,
  createAttackState,
  currentTotals,
  modifierSum,
  offersInjuryOverride,
} from "../../../src/rules/attack/index";
import { createInjury } from "../../../src/rules/injury/grievous-injury";
import { lastingModifiers, type InjuryRecord } from "../../../src/rules/injury/lasting-modifiers";
import { attackSetup as setup } from "../../templates/attack-fixtures";

const injury = (
  effect: "puncture" | "fracture" | "broken",
  location: "chest" | "rightArm",
): InjuryRecord => ({
  source: effect,
  effect,
  location,
  lasting: createInjury(location, { effect, modifier: 0 }).lasting,
});

describe("injury modifiers on the attack total (AT-2, INJ-7)", () => {
  it("EX-AT-1 with a −2 puncture: attack 12 becomes 10, and 10 against 10 still hits", () => {
    const { total } = lastingModifiers([injury("puncture", "chest")], { kind: "attack", hands: "either" });
    const s = createAttackState(setup({ attacker: { side: { card: 10, offense: 2, modifier: total } } }));
    expect(currentTotals(s)).toEqual({ attack: 10, defence: 10 });
  });

  it("a fractured arm costs a two-handed attack 5; a broken one refuses it (AT-1)", () => {
    expect(lastingModifiers([injury("fracture", "rightArm")], { kind: "attack", hands: "both" }).total).toBe(
      -5,
    );
    const broken = lastingModifiers([injury("broken", "rightArm")], { kind: "attack", hands: "both" });
    expect(broken.unusable.map((u) => u.hand)).toEqual(["right"]);
  });
});

describe("named attack modifiers (AT-2)", () => {
  it("names each injury and the other parts, leaves zeros off, and sums to the total the card used before", () => {
    const lasting = lastingModifiers([injury("puncture", "chest"), injury("fracture", "rightArm")], {
      kind: "attack",
      hands: "both",
    });
    const parts = attackModifierParts({ shortfall: -1, range: 0, injuries: lasting.modifiers, gm: 2 });
    expect(parts.map((p) => p.kind)).toEqual(["shortfall", "injury", "injury", "gm"]);
    expect(parts.filter((p) => p.kind === "injury").map((p) => p.value)).toEqual([-2, -5]);
    expect(modifierSum(parts)).toBe(-1 + lasting.total + 2);
  });

  it("has no parts when nothing modifies the attack", () => {
    expect(attackModifierParts({ shortfall: 0, range: 0, injuries: [], gm: 0 })).toEqual([]);
    expect(modifierSum([])).toBe(0);
  });

  it("names OPT-1 Expose as its own part", () => {
    const parts = attackModifierParts({ shortfall: 0, range: -1, injuries: [], expose: 2, gm: 0 });
    expect(parts).toEqual([
      { kind: "range", value: -1 },
      { kind: "expose", value: 2 },
    ]);
  });
});

describe("the GM's injured-arm override in the declaration (AT-1)", () => {
  const broken = [injury("broken", "rightArm")];

  it("is offered to a GM when a two-handed weapon needs the broken arm", () => {
    const lasting = lastingModifiers(broken, attackInjuryUse(2, "melee"));
    expect(offersInjuryOverride(true, lasting)).toBe(true);
    expect(offersInjuryOverride(false, lasting)).toBe(false);
  });

  it("is not offered when a one-handed weapon can use the other hand, nor without injuries", () => {
    expect(offersInjuryOverride(true, lastingModifiers(broken, attackInjuryUse(1, "melee")))).toBe(false);
    expect(offersInjuryOverride(true, lastingModifiers([], attackInjuryUse(2, "melee")))).toBe(false);
  });

  it("reads a spell as a Cast and a weapon without a hands count as one-handed", () => {
    expect(attackInjuryUse(undefined, "cast")).toEqual({ kind: "attack", hands: "either", spell: true });
    expect(attackInjuryUse(2, "thrown")).toEqual({ kind: "attack", hands: "both", spell: false });
  });
});
