import { describe, expect, it } from "vitest";
import {
  createAttackState,
  naturalWeapon,
  statBlockAttackAt,
  type StatBlockAttack,
} from "../../../src/rules/attack/index";
import { NATURAL_ATTACK_CATEGORY, naturalAttackSpeed } from "../../../src/rules/npc";
import { WEAPON_SPEEDS } from "../../../src/rules/countdown/speeds";
import { attackSetup as setup, runAttack as run } from "../../templates/attack-fixtures";
import { commitWindows as windows } from "../../support/attack";

const bite: StatBlockAttack = { name: "Bite", category: "light", damageType: "physical", reach: 1 };

/** The declaration facts declareOnGM builds from a stat-block attack. */
function declared(row: StatBlockAttack) {
  const w = naturalWeapon(row);
  return {
    weaponName: w.name,
    brawling: w.brawling,
    weaponValue: w.weaponValue,
    damageType: w.damageType,
    temporary: w.temporary,
    riders: w.riders,
    reach: w.reach,
  };
}

describe("NPC-4 natural attacks from the stat block", () => {
  it("SW-4, HP-3: a row flagged as brawling is an unarmed strike: brawling chart, temporary damage", () => {
    const fists = naturalWeapon({ ...bite, name: "Fists", category: "tiny", brawling: true });
    expect([fists.brawling, fists.temporary, fists.weaponValue]).toEqual([true, true, 1]);
    const claws = naturalWeapon({ ...bite, brawling: false });
    expect([claws.brawling, claws.temporary]).toEqual([false, false]);
  });

  it("EQ-2: damage follows the category (Tiny +1, Light +2, Heavy +3, Great +4)", () => {
    const values = (["tiny", "light", "heavy", "great"] as const).map(
      (category) => naturalWeapon({ ...bite, category }).weaponValue,
    );
    expect(values).toEqual([1, 2, 3, 4]);
  });

  it("NPC-4: Light by default (+2, speed 4)", () => {
    expect(NATURAL_ATTACK_CATEGORY).toBe("light");
    expect(naturalAttackSpeed()).toBe(4);
  });

  it("CD-7: the speed follows the category, and a Tiny bite costs what a Tiny weapon does", () => {
    const speeds = (["tiny", "light", "heavy", "great"] as const).map(
      (category) => naturalWeapon({ ...bite, category }).speed,
    );
    expect(speeds).toEqual([3, 4, 5, 6]);
    expect(naturalWeapon({ ...bite, category: "great" }).speed).toBe(WEAPON_SPEEDS.great);
  });

  it("SW-4: armed, never brawling and never temporary damage; reach, type and riders kept", () => {
    const w = naturalWeapon({
      name: "Sting",
      category: "tiny",
      damageType: "energy",
      reach: 2,
      riders: [{ kind: "poison", rating: 2 } as never],
    });
    expect(w).toMatchObject({ brawling: false, temporary: false, damageType: "energy", reach: 2 });
    expect(w.riders).toHaveLength(1);
  });

  it("EX-SW-1 with a claw: a Red Heavy claw at the Right Leg checks the armed chart (leg crippled)", () => {
    const claw = declared({ ...bite, name: "Claw", category: "heavy" });
    let s = run(
      createAttackState(
        setup({ attacker: { side: { card: 13, offense: 2 } }, declaration: { ...claw, aim: "rightLeg" } }),
      ),
      ...windows,
      { kind: "rollDamage", dF: 0 },
    );
    expect(s.result?.colour).toBe("red");
    // Heavy +3, dF 0, Red +1: base 4.
    expect(s.damage?.result.base).toBe(4);
    expect(s.damage?.temporary).toBe(false);
    s = run(s, {
      kind: "applyDamage",
      report: { hpBefore: 7, hpMax: 7, lost: 4, drainAdded: 0, becameUnconscious: false, grit: null },
    });
    expect(s.wound?.check.wound).toBe("legCrippled");
    expect(s.declaration).toMatchObject({ weaponName: "Claw", brawling: false });
  });

  it("EX-DMG-1 with a bite: a Yellow Light bite deals +2 + dF", () => {
    const s = run(createAttackState(setup({ declaration: declared(bite) })), ...windows, {
      kind: "rollDamage",
      dF: 1,
    });
    expect(s.result?.colour).toBe("yellow");
    expect(s.damage?.result.base).toBe(3);
  });
});

describe("NPC-1: the GM's check of a stat-block attack's index", () => {
  const attacks = [bite, { ...bite, name: "Claw" }];

  it("an index of one of the attacker's own attacks names that row", () => {
    expect(statBlockAttackAt(attacks, 0)?.name).toBe("Bite");
    expect(statBlockAttackAt(attacks, 1)?.name).toBe("Claw");
  });

  it.each([
    ["past the end", 2],
    ["negative", -1],
    ["fractional", 0.5],
    ["a string", "0"],
    ["missing", undefined],
    ["NaN", Number.NaN],
  ])("refuses an index that is %s", (_label, index) => {
    expect(statBlockAttackAt(attacks, index)).toBeNull();
  });

  it("refuses any index on an actor without a stat block (a character)", () => {
    expect(statBlockAttackAt(undefined, 0)).toBeNull();
    expect(statBlockAttackAt([], 0)).toBeNull();
  });
});
