import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hpMax } from "../../src/rules/hitPoints";
import {
  NPC_TIER_RULES,
  naturalAttack,
  npcChipCapacity,
  npcHeartsUndrained,
  npcHpMax,
  npcMaySoak,
  npcOutAtZeroHp,
  npcSavesAgainstWounds,
  npcTakesInjuries,
} from "../../src/rules/npc";

describe("NPC-3 Enemy or Foe", () => {
  it("Enemies: out at 0 HP, wounds automatic, injuries only with the setting, no Soak", () => {
    expect(npcOutAtZeroHp("enemy")).toBe(true);
    expect(npcSavesAgainstWounds("enemy")).toBe(false);
    expect(npcTakesInjuries("enemy", false)).toBe(false);
    expect(npcTakesInjuries("enemy", true)).toBe(true);
    expect(npcMaySoak("enemy")).toBe(false);
    expect(NPC_TIER_RULES.enemy.gritWounds).toBe(false);
  });
  it("Foes: as PCs", () => {
    expect(npcOutAtZeroHp("foe")).toBe(false);
    expect(npcSavesAgainstWounds("foe")).toBe(true);
    expect(npcTakesInjuries("foe", false)).toBe(true);
    expect(npcMaySoak("foe")).toBe(true);
    expect(NPC_TIER_RULES.foe.gritWounds).toBe(true);
  });
});

describe("NPC-1, NPC-2, NPC-4", () => {
  it("hp.max defaults to ♥ and may be overridden", () => {
    expect(npcHpMax(7)).toBe(7);
    expect(npcHpMax(7, 20)).toBe(20);
    expect(npcHpMax(-1, null)).toBe(0);
  });
  it("DRN-1: ♥ drain lowers an overridden maximum too (the override replaces the undrained ♥)", () => {
    expect(npcHpMax(7, 20, 3)).toBe(17);
    expect(npcHpMax(7, null, 3)).toBe(4);
    expect(npcHpMax(7, 2, 5)).toBe(0);
    expect(npcHeartsUndrained(7, 20)).toBe(20);
  });
  it("HP-1: the maximum is the one the vitals give from npcHeartsUndrained", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 30 }),
        fc.option(fc.integer({ min: 0, max: 40 })),
        fc.integer({ min: 0, max: 30 }),
        (hearts, override, drain) => {
          const vitals = {
            heartsUndrained: npcHeartsUndrained(hearts, override),
            heartsBonus: 0,
            value: 0,
            temp: 0,
            drain: { clubs: 0, spades: 0, diamonds: 0, hearts: drain },
            taint: { clubs: 0, spades: 0, diamonds: 0, hearts: 0 },
          };
          expect(hpMax(vitals)).toBe(npcHpMax(hearts, override, drain));
        },
      ),
    );
  });
  it("no chips unless granted", () => {
    expect(npcChipCapacity()).toEqual({ clubs: 0, spades: 0, diamonds: 0, hearts: 0 });
    expect(npcChipCapacity({ clubs: 3 }).clubs).toBe(3);
  });
  it("natural attacks are armed and Light (+2) by default", () => {
    expect(naturalAttack()).toEqual({ category: "light", damage: 2, brawling: false });
    expect(naturalAttack("great").damage).toBe(4);
  });
});
