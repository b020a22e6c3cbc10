import { describe, expect, it } from "vitest";
import {
  advanceAttack,
  createAttackState,
  currentRole,
  marginConditions,
  marginSaves,
  mayAct,
} from "../../../src/rules/attack/index";
import {
  ATTACKER_VIEW,
  attackSetup as setup,
  DEFENDER_VIEW,
  GM_VIEW,
  runAttack as run,
} from "../../templates/attack-fixtures";
import { commitWindows as windows } from "../../support/attack";

// EX-AT-2: 17 against 7, a Red hit with margin 10 (bonus +2); the target has ♥7 and ♠5.
const red = (marginSpecialResults: boolean | undefined) =>
  run(
    createAttackState(
      setup({
        attacker: { side: { card: 12, offense: 5, modifier: 0 } },
        defender: { side: { spades: 5, defense: 2 }, hearts: 7 },
        settings: marginSpecialResults === undefined ? {} : { marginSpecialResults },
      }),
    ),
    ...windows,
  );

describe("OPT-1 margin special results on the attack card", () => {
  it("with the option on, a Red hit with margin 10 waits for the attacker's margin choice", () => {
    const s = red(true);
    expect(s.result).toMatchObject({ hit: true, margin: 10, colour: "red", marginBonus: 2 });
    expect(s.step).toBe("margin");
    expect(currentRole(s)).toBe("attacker");
    expect(mayAct(s, "chooseMargin", ATTACKER_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "chooseMargin", GM_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "chooseMargin", DEFENDER_VIEW)).toEqual({ ok: false, code: "notAttacker" });
    expect(mayAct(s, "rollDamage", ATTACKER_VIEW)).toEqual({ ok: false, code: "wrongStep" });
  });

  it("buys Stun and keeps +1: a failed ♥ save (9 against 7) leaves Stunned to the end of its next turn; damage uses +1", () => {
    const s = red(true);
    expect(marginSaves(s, ["stun"])).toEqual([{ special: "stun", suit: "hearts", target: 7 }]);
    const chosen = run(s, { kind: "chooseMargin", choices: ["stun"], saveRolls: [9] });
    expect(chosen.step).toBe("damage");
    expect(chosen.margin).toEqual({
      choices: ["stun"],
      saves: [{ special: "stun", suit: "hearts", target: 7, roll: 9, saved: false }],
    });
    expect(marginConditions(chosen)).toEqual([
      { special: "stun", condition: "stunned", duration: "endOfNextTurn" },
    ]);
    // Longsword +3, dF 0, the one +1 kept: 4 (5 without the Stun).
    const hit = run(chosen, { kind: "rollDamage", dF: 0 });
    expect(hit.damage?.result.base).toBe(4);
    expect(
      run(red(true), { kind: "chooseMargin", choices: [], saveRolls: [] }, { kind: "rollDamage", dF: 0 })
        .damage?.result.base,
    ).toBe(5);
  });

  it("a made save leaves nothing; Hamstring needs no save; +2 damage adds at DMG-1", () => {
    const saved = run(red(true), { kind: "chooseMargin", choices: ["stun"], saveRolls: [7] });
    expect(saved.margin?.saves[0].saved).toBe(true);
    expect(marginConditions(saved)).toEqual([]);
    const both = run(red(true), {
      kind: "chooseMargin",
      choices: ["knockDown", "hamstring"],
      saveRolls: [8],
    });
    // ♠5 and the 2 defensive pips its domino showed (T-7): 8 fails, so Prone; Hamstring always Slows.
    expect(both.margin?.saves).toEqual([
      { special: "knockDown", suit: "spades", target: 7, roll: 8, saved: false },
    ]);
    expect(marginConditions(both).map((c) => c.condition)).toEqual(["prone", "slowed"]);
    expect(run(both, { kind: "rollDamage", dF: 0 }).damage?.result.base).toBe(3);
    const extra = run(
      red(true),
      { kind: "chooseMargin", choices: ["extraDamage", "push"], saveRolls: [] },
      { kind: "rollDamage", dF: 0 },
    );
    expect(extra.damage?.result.base).toBe(5);
  });

  it("T-2, T-7: the ♠ save reads the defender's ♠ test target (lasting modifiers) and its shown pips, not a reactive defence's +2", () => {
    const s = red(true);
    const maimed = { ...s, defender: { ...s.defender, spades: 3 } };
    expect(marginSaves(maimed, ["knockDown"])).toEqual([{ special: "knockDown", suit: "spades", target: 5 }]);
    const reacted = {
      ...maimed,
      reactiveDefence: "taken" as const,
      defender: { ...maimed.defender, side: { ...maimed.defender.side, defense: 4 } },
    };
    expect(marginSaves(reacted, ["knockDown"])[0].target).toBe(5);
  });

  it("refuses more results than full 5s of margin, unknown results, and missing or impossible save rolls", () => {
    const s = red(true);
    expect(
      advanceAttack(s, { kind: "chooseMargin", choices: ["stun", "push", "expose"], saveRolls: [9] }),
    ).toEqual({ ok: false, code: "tooManySpecials" });
    expect(advanceAttack(s, { kind: "chooseMargin", choices: ["fly" as never], saveRolls: [] })).toEqual({
      ok: false,
      code: "unknownSpecial",
    });
    expect(advanceAttack(s, { kind: "chooseMargin", choices: ["stun"], saveRolls: [] })).toEqual({
      ok: false,
      code: "badDice",
    });
    expect(advanceAttack(s, { kind: "chooseMargin", choices: ["stun"], saveRolls: [12] })).toEqual({
      ok: false,
      code: "badDice",
    });
    expect(advanceAttack(s, { kind: "chooseMargin", choices: ["push"], saveRolls: [4] })).toEqual({
      ok: false,
      code: "badDice",
    });
  });

  it("with the option off (or absent on an old card) the hit goes straight to damage with the full +2", () => {
    for (const option of [false, undefined]) {
      const s = red(option);
      expect(s.step).toBe("damage");
      expect(advanceAttack(s, { kind: "chooseMargin", choices: [], saveRolls: [] })).toEqual({
        ok: false,
        code: "wrongStep",
      });
      expect(run(s, { kind: "rollDamage", dF: 0 }).damage?.result.base).toBe(5);
    }
  });

  it("no margin step without a margin bonus, on a miss, or for a Special Attack (SP-1)", () => {
    // EX-AT-1: 12 against 10, margin 2.
    expect(run(createAttackState(setup({ settings: { marginSpecialResults: true } })), ...windows).step).toBe(
      "damage",
    );
    const miss = run(
      createAttackState(
        setup({ attacker: { side: { card: 7, offense: 2 } }, settings: { marginSpecialResults: true } }),
      ),
      ...windows,
    );
    expect(miss.step).toBe("done");
    const special = run(
      createAttackState(
        setup({
          attacker: { side: { card: 12, offense: 5 } },
          defender: { side: { spades: 5, defense: 2 } },
          declaration: { mode: "special" },
          settings: { marginSpecialResults: true },
        }),
      ),
      ...windows,
    );
    expect(special.step).toBe("done");
  });
});
