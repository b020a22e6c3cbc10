import { describe, expect, it } from "vitest";
import { createAttackState, currentTotals } from "../../src/dice/attack-state";
import { createInjury, lastingModifiers, type InjuryRecord } from "../../src/rules/injuries";
import { attackSetup as setup } from "../templates/attack-fixtures";

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
