import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyExtraDamage,
  applyHitDamage,
  baseDamage,
  damageOutcome,
  damageReduction,
  FLAT_DAMAGE_BONUSES,
  flatDamageBonus,
  resolveDamage,
  riderEnergyDamage,
  ridersApply,
  type Rider,
} from "../../src/rules/damage";
import { hpMax } from "../../src/rules/hitPoints";
import { SIZES } from "../../src/rules/vocabulary";
import { vitals } from "../support/vitals";

describe("DMG-1 base damage", () => {
  it("adds weapon, dF, margin bonus and flat bonuses", () => {
    expect(baseDamage({ weapon: 3, dF: 1, marginBonus: 0 })).toBe(4);
    expect(baseDamage({ weapon: 4, dF: -1, marginBonus: 2, flat: 2 })).toBe(7);
  });

  it("refuses a dF face that a Fudge die does not have", () => {
    expect(() => baseDamage({ weapon: 1, dF: 2, marginBonus: 0 })).toThrow(RangeError);
  });

  it("EX-KN-1: Rage adds +1 on melee hits only, Sneak Attack +2", () => {
    expect(FLAT_DAMAGE_BONUSES).toEqual({ rage: 1, sneakAttack: 2 });
    const rage = flatDamageBonus({ raging: true, melee: true });
    expect(baseDamage({ weapon: 3, dF: 0, marginBonus: 1, flat: rage })).toBe(5);
    expect(flatDamageBonus({ raging: true, melee: false })).toBe(0);
    const sneak = flatDamageBonus({ sneakAttack: true });
    expect(baseDamage({ weapon: 1, dF: 1, marginBonus: 0, flat: sneak })).toBe(4);
    expect(flatDamageBonus({ raging: true, melee: true, sneakAttack: true })).toBe(3);
    expect(flatDamageBonus({})).toBe(0);
  });
});

describe("DMG-2 to DMG-4 resolution", () => {
  it("EX-DMG-1: longsword +3, dF +1, Medium vs Medium, chainmail DR 2: 2 HP lost", () => {
    const r = resolveDamage({ weapon: 3, dF: 1, marginBonus: 0, dr: 2 });
    expect(r).toEqual({ base: 4, scaled: 4, final: 2, outcome: "damage" });
    const hit = applyHitDamage(vitals(8), r);
    expect(hit?.vitals.value).toBe(6);
  });

  it("EX-DMG-2: a dagger at base 0: riders only against DR 0, nothing against DR 1", () => {
    const zero = resolveDamage({ weapon: 1, dF: -1, marginBonus: 0, dr: 0 });
    expect(zero).toEqual({ base: 0, scaled: 0, final: 0, outcome: "riders" });
    expect(ridersApply(zero.outcome)).toBe(true);
    expect(applyHitDamage(vitals(6), zero)).toBeNull();
    const blocked = resolveDamage({ weapon: 1, dF: -1, marginBonus: 0, dr: 1 });
    expect(blocked.outcome).toBe("none");
    expect(blocked.final).toBe(-1);
    expect(ridersApply(blocked.outcome)).toBe(false);
  });

  it("EX-DMG-3: size steps double and halve", () => {
    expect(resolveDamage({ weapon: 4, dF: 0, marginBonus: 0, attackerSize: "large", dr: 1 })).toEqual({
      base: 4,
      scaled: 8,
      final: 7,
      outcome: "damage",
    });
    expect(resolveDamage({ weapon: 4, dF: 1, marginBonus: 0, targetSize: "large" }).scaled).toBe(2);
    expect(resolveDamage({ weapon: 3, dF: 0, marginBonus: 0, targetSize: "huge" })).toMatchObject({
      scaled: 0,
      final: 0,
      outcome: "riders",
    });
  });

  it("EX-DMG-4: a halfling's shortsword with half steps on and off", () => {
    const hit = { weapon: 2, dF: 1, marginBonus: 1, attackerSize: "medium-", targetSize: "medium" } as const;
    expect(resolveDamage({ ...hit, halfSteps: true })).toMatchObject({ base: 4, scaled: 3 });
    expect(resolveDamage({ ...hit, halfSteps: false })).toMatchObject({ base: 4, scaled: 4 });
  });

  it("EX-DMG-5: a fire spell ignores DR and size, subtracts ER", () => {
    const r = resolveDamage({
      weapon: 2,
      dF: 0,
      marginBonus: 1,
      type: "energy",
      cast: true,
      dr: 3,
      er: 1,
      targetSize: "large",
    });
    expect(r).toEqual({ base: 3, scaled: 3, final: 2, outcome: "damage" });
  });

  it("EX-MAG-1 (damage part): base 2 − 1 = 1, DR 2 ignored, ER 0: 1 HP lost", () => {
    const r = resolveDamage({ weapon: 2, dF: -1, marginBonus: 0, type: "energy", cast: true, dr: 2, er: 0 });
    expect(r).toEqual({ base: 1, scaled: 1, final: 1, outcome: "damage" });
    expect(applyHitDamage(vitals(6), r)?.vitals.value).toBe(5);
  });

  it("EX-SW-4 (damage part): a knock-out punch's base 3 lands as temporary damage", () => {
    const r = resolveDamage({ weapon: 1, dF: 1, marginBonus: 1 });
    expect(r.base).toBe(3);
    const hit = applyHitDamage(vitals(6), r, { temporary: true });
    expect(hit?.vitals).toMatchObject({ value: 3, temp: 3 });
  });

  it("stops at a negative base: no scaled or final value", () => {
    expect(resolveDamage({ weapon: 1, dF: -1, marginBonus: 0, flat: -1, attackerSize: "huge" })).toEqual({
      base: -1,
      scaled: null,
      final: null,
      outcome: "none",
    });
  });

  it("physical energy damage (not a Cast) is scaled by size but reduced by ER (§0.4)", () => {
    const r = resolveDamage({
      weapon: 3,
      dF: 0,
      marginBonus: 0,
      type: "energy",
      attackerSize: "large",
      dr: 5,
      er: 2,
    });
    expect(r).toMatchObject({ scaled: 3, final: 1 });
    expect(
      resolveDamage({ weapon: 3, dF: 0, marginBonus: 0, cast: true, attackerSize: "large" }).scaled,
    ).toBe(3);
  });

  it("DMG-3 picks DR or ER by type alone", () => {
    expect(damageReduction("physical", 2, 5)).toBe(2);
    expect(damageReduction("energy", 2, 5)).toBe(5);
  });

  it("DMG-4 outcome bands", () => {
    expect(damageOutcome(-3)).toBe("none");
    expect(damageOutcome(0)).toBe("riders");
    expect(damageOutcome(1)).toBe("damage");
  });

  it("final = scaled − reduction, and scaled ≥ 0 whenever base ≥ 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(-1, 0, 1),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(...SIZES),
        fc.constantFrom(...SIZES),
        fc.boolean(),
        fc.integer({ min: 0, max: 6 }),
        (weapon, dF, marginBonus, attackerSize, targetSize, halfSteps, dr) => {
          const r = resolveDamage({ weapon, dF, marginBonus, attackerSize, targetSize, halfSteps, dr });
          if (r.base < 0) return r.scaled === null && r.outcome === "none";
          return (
            r.scaled !== null &&
            r.scaled >= 0 &&
            r.final === r.scaled - dr &&
            r.outcome === damageOutcome(r.final)
          );
        },
      ),
    );
  });
});

describe("DMG-6 riders", () => {
  it("are typed data, and an energy rider is reduced by ER alone, never below 0", () => {
    const riders: Rider[] = [
      { kind: "energy", amount: 2 },
      { kind: "drain", suit: "clubs", amount: 1, tainted: true },
      { kind: "taint", suit: "hearts", amount: 1 },
      {
        kind: "condition",
        condition: "stunned",
        save: { suit: "hearts", modifier: 0 },
        duration: { kind: "endOfNextTurn", turnEnds: 1 },
      },
      { kind: "ongoing", effect: { rating: 1, suit: "clubs", modifier: 0, tag: "poison", origin: null } },
    ];
    expect(riders.map((r) => r.kind)).toEqual(["energy", "drain", "taint", "condition", "ongoing"]);
    expect(riderEnergyDamage(2, 1)).toBe(1);
    expect(riderEnergyDamage(2, 5)).toBe(0);
  });
});

describe("DMG-7 extra damage", () => {
  it("goes straight to HP with no reduction and never triggers an injury roll", () => {
    const r = applyExtraDamage(vitals(6, 3), 2);
    expect(r.vitals.value).toBe(1);
    expect(r.triggersInjury).toBe(false);
    const enemy = applyExtraDamage(vitals(6, 1), 4, { enemy: true });
    expect(enemy).toMatchObject({ overflow: 3, drainAdded: 0, outOfFight: true });
    expect(hpMax(enemy.vitals)).toBe(6);
  });
});
