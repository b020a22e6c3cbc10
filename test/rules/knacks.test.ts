import { describe, expect, it } from "vitest";
import {
  ALERT_INITIATIVE,
  KNACKS,
  KNACK_KEYS,
  RAGE,
  SNEAK_ATTACK_DAMAGE,
  TOUGHNESS_BONUS,
  knackProblem,
} from "../../src/rules/knacks";
import { chipCapacity } from "../../src/rules/chips";
import { perSuit } from "../../src/rules/suits";

describe("KN-2 knack table", () => {
  it("lists the eight first-release knacks with class, suit and cost", () => {
    expect(KNACK_KEYS).toEqual([
      "rage",
      "springAttack",
      "stunningFist",
      "sneakAttack",
      "slipAway",
      "evasion",
      "toughness",
      "alert",
    ]);
    expect(KNACKS.rage).toMatchObject({
      class: "fighter",
      chipSuit: "clubs",
      cost: 2,
      triggers: ["free", "minor"],
    });
    expect(KNACKS.sneakAttack).toMatchObject({
      class: "rogue",
      chipSuit: "spades",
      cost: 1,
      triggers: ["afterHit"],
    });
    expect(KNACKS.toughness).toMatchObject({
      class: "general",
      chipSuit: null,
      cost: 0,
      triggers: ["passive"],
    });
  });
  it("EX-KN-1: Rage +1 and Sneak Attack +2 damage; a Fighter with ♥5 and Toughness has 7 HP", () => {
    expect(RAGE.meleeDamage).toBe(1);
    expect(3 + 0 + 1 + RAGE.meleeDamage).toBe(5);
    expect(1 + 1 + 0 + SNEAK_ATTACK_DAMAGE).toBe(4);
    expect(chipCapacity({ classes: ["fighter"], eff: perSuit(5), toughness: true }).hearts).toBe(
      5 + TOUGHNESS_BONUS,
    );
    expect(RAGE.stances).toEqual(["reckless", "bold"]);
    expect(ALERT_INITIATIVE).toBe(2);
  });
  it("KN-1: class and chips decide whether a knack can be used", () => {
    expect(knackProblem("rage", ["fighter"], 2)).toBeNull();
    expect(knackProblem("rage", ["fighter"], 1)).toBe("notEnoughChips");
    expect(knackProblem("sneakAttack", ["fighter"], 3)).toBe("class");
    expect(knackProblem("alert", [], 0)).toBeNull();
  });
});
