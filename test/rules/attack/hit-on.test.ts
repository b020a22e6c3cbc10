import { describe, expect, it } from "vitest";
import { damageOn, hitOn } from "../../../src/rules/attack/hit-on";
import { attackScenes } from "../../templates/attack-fixtures";

const scenes = attackScenes();

describe("the card's hit on another creature (DMG-1..DMG-4)", () => {
  it("on the card's own target it is the card's damage", () => {
    const s = scenes.apply;
    const d = s.defender;
    expect(hitOn(s, { size: d.size, dr: d.dr, er: d.er })?.result).toEqual(s.damage!.result);
  });

  it("DMG-2, DMG-3: another creature's size and DR change it; nothing below 1", () => {
    // Longsword +3, dF 0, margin +1: base 4 against a Medium target.
    const s = scenes.apply;
    expect(damageOn(s, { size: "medium", dr: 1, er: 0 })).toEqual({ amount: 3, temporary: false });
    expect(damageOn(s, { size: "medium", dr: 4, er: 0 })).toEqual({ amount: 0, temporary: false });
    expect(damageOn(s, { size: "medium", dr: 9, er: 0 })).toEqual({ amount: 0, temporary: false });
    const small = damageOn(s, { size: "small", dr: 0, er: 0 })!.amount;
    expect(small).not.toBe(4);
  });

  it("nothing before the damage is rolled", () => {
    expect(hitOn(scenes.damage, { size: "medium", dr: 0, er: 0 })).toBeNull();
    expect(damageOn(scenes.damage, { size: "medium", dr: 0, er: 0 })).toBeNull();
  });
});
