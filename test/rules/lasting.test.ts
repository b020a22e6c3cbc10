import { describe, expect, it } from "vitest";
import { actionRefusal } from "../../src/rules/actions";
import { createInjury } from "../../src/rules/injury/grievous-injury";
import { lastingRestrictions, shieldStillHeld } from "../../src/rules/lasting";
import { moveRates } from "../../src/rules/movement";
import { SPECIFIC_WOUND_CHART } from "../../src/rules/wounds";
import type { Location } from "../../src/rules/vocabulary";

const fracture = (location: Location) => createInjury(location, { effect: "fracture", modifier: 0 });

describe("INJ-7, INJ-8, SW-7: what injuries take away while they last", () => {
  it("a leg Fracture and a crippled leg forbid the Charge; an arm or chest Fracture does not", () => {
    expect(lastingRestrictions([fracture("leftLeg")]).noCharge).toBe(true);
    expect(lastingRestrictions([fracture("rightArm")]).noCharge).toBe(false);
    expect(lastingRestrictions([fracture("chest")]).noCharge).toBe(false);
    const crippled = {
      location: "rightLeg" as const,
      lasting: SPECIFIC_WOUND_CHART.armed.rightLeg.lasting,
    };
    expect(lastingRestrictions([crippled])).toEqual({
      noCharge: true,
      noRunOrSprint: true,
      unusableHands: [],
    });
  });

  it("an arm's unusable limb takes its own hand only; a broken leg takes no hand", () => {
    const arm = { location: "leftArm" as const, lasting: SPECIFIC_WOUND_CHART.armed.leftArm.lasting };
    const leg = createInjury("leftLeg", { effect: "broken", modifier: 0 });
    expect(lastingRestrictions([arm, leg]).unusableHands).toEqual(["left"]);
  });

  it("a shield keeps a good arm only when the other items in hand leave it one", () => {
    expect(shieldStillHeld({ unusableHands: 0, otherHandsHeld: 2, strapped: false })).toBe(true);
    expect(shieldStillHeld({ unusableHands: 1, otherHandsHeld: 0, strapped: false })).toBe(true);
    expect(shieldStillHeld({ unusableHands: 1, otherHandsHeld: 1, strapped: false })).toBe(false);
    expect(shieldStillHeld({ unusableHands: 1, otherHandsHeld: 1, strapped: true })).toBe(true);
    expect(shieldStillHeld({ unusableHands: 2, otherHandsHeld: 0, strapped: true })).toBe(false);
  });

  it("MV-1 with a crippled leg: run and sprint are the Move rate", () => {
    expect(moveRates({ spades: 7, slowed: true, noRunOrSprint: true })).toMatchObject({
      move: 3,
      run: 3,
      sprint: 3,
    });
  });

  it("AC-4: a Reckless creature whose injury forbids the Charge is refused", () => {
    expect(actionRefusal("charge", { conditions: [], stance: "reckless", taken: [], noCharge: true })).toBe(
      "chargeWhileInjured",
    );
    expect(actionRefusal("charge", { conditions: [], stance: "reckless", taken: [] })).toBeNull();
  });
});
