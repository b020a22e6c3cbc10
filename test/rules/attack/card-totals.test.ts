import { describe, expect, it } from "vitest";
import { createAttackState } from "../../../src/rules/attack/index";
import { attackBaseParts, damageParts, defenceBaseParts } from "../../../src/views/attack-card/totals";
import { currentTotals } from "../../../src/rules/attack/index";
import { attackScenes, attackSetup, runAttack } from "../../templates/attack-fixtures";

const scenes = attackScenes();
const sum = (parts: { value: number }[]) => parts.reduce((s, p) => s + p.value, 0);
const keys = (parts: { labelKey: string }[]) =>
  parts.map((p) => p.labelKey.replace("ZILCH.Attack.Part.", ""));

describe("the attack card's numbers and their parts (AT-2, AT-3, AT-4, DMG-1..DMG-3)", () => {
  it("AT-2, AT-3: card, pips, chips and Boon add up to the totals before modifiers", () => {
    // Ana ♣11 +2 with 2 chips against ♠8 +2 with none (EX-AT style): 15 against 10.
    const s = scenes.damage;
    expect(keys(attackBaseParts(s))).toEqual(["clubs", "offense", "chips"]);
    expect(sum(attackBaseParts(s))).toBe(currentTotals(s).attack);
    expect(keys(defenceBaseParts(s))).toEqual(["spades", "defense"]);
    expect(sum(defenceBaseParts(s))).toBe(currentTotals(s).defence);
  });

  it("MAG-1, MAG-4: a Cast starts from the ♦ card and its damage from the spell's value", () => {
    const cast = runAttack(
      createAttackState(
        attackSetup({
          attacker: { side: { card: 12, offense: 2 }, boon: true },
          declaration: { mode: "cast", weaponValue: 2 },
        }),
      ),
      { kind: "commitAttacker", chips: 0, boon: true },
      { kind: "commitDefender", chips: 0, boon: false },
      { kind: "rollDamage", dF: 1 },
    );
    expect(keys(attackBaseParts(cast))).toEqual(["diamonds", "offense", "boon"]);
    const dmg = damageParts(cast)!;
    expect(keys(dmg)[0]).toBe("spell");
    expect(sum(dmg)).toBe(cast.damage!.result.final);
  });

  it("AT-4: a Defenseless target counts eff(♠) alone (basic) or its movement's fixed value (detailed)", () => {
    expect(defenceBaseParts(scenes.defenseless).map((p) => [p.labelKey, p.value])).toEqual([
      ["ZILCH.Attack.Part.spades", 6],
    ]);
    expect(defenceBaseParts(scenes.detailed).map((p) => [p.labelKey, p.value])).toEqual([
      ["ZILCH.Attack.Part.fixed", 3],
    ]);
  });

  it("DMG-2: below base 0 only the base parts, which add up to the base; none before the roll", () => {
    const weak = runAttack(
      createAttackState(
        attackSetup({ attacker: { side: { card: 8, offense: 2 } }, declaration: { weaponValue: 0 } }),
      ),
      { kind: "commitAttacker", chips: 0, boon: false },
      { kind: "commitDefender", chips: 0, boon: false },
      { kind: "rollDamage", dF: -1 },
    );
    expect(weak.damage!.result.final).toBeNull();
    expect(sum(damageParts(weak)!)).toBe(weak.damage!.result.base);
    expect(damageParts(scenes.damage)).toBeNull();
  });

  it("DMG-3: energy damage is reduced by ER, named as such", () => {
    const burn = runAttack(
      createAttackState(
        attackSetup({
          attacker: { side: { card: 13, offense: 2 } },
          defender: { er: 1, dr: 3 },
          declaration: { damageType: "energy" },
        }),
      ),
      { kind: "commitAttacker", chips: 0, boon: false },
      { kind: "commitDefender", chips: 0, boon: false },
      { kind: "rollDamage", dF: 0 },
    );
    expect(damageParts(burn)!.find((p) => p.labelKey.endsWith(".er"))?.value).toBe(-1);
    expect(sum(damageParts(burn)!)).toBe(burn.damage!.result.final);
  });
});
