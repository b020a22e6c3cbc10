import { describe, expect, it } from "vitest";
import {
  MARGIN_EFFECTS,
  MARGIN_SPECIALS,
  isMarginSpecial,
  marginChoiceProblem,
  marginDamage,
} from "../../src/rules/options";
import { CONDITIONS, SUITS } from "../../src/rules/vocabulary";

describe("OPT-1 margin special results", () => {
  it("has one effect per result of the table, in the table's order", () => {
    expect(MARGIN_SPECIALS).toHaveLength(10);
    expect(Object.keys(MARGIN_EFFECTS)).toEqual([...MARGIN_SPECIALS]);
    for (const effect of Object.values(MARGIN_EFFECTS)) {
      if (effect.kind === "save" || effect.kind === "condition")
        expect(CONDITIONS).toContain(effect.condition);
      if (effect.kind === "save") expect(SUITS).toContain(effect.suit);
    }
  });

  it("Stun is a ♥ save or Stunned to the end of its next turn; Knock down a ♠ save or Prone; Hamstring Slowed", () => {
    expect(MARGIN_EFFECTS.stun).toEqual({
      kind: "save",
      suit: "hearts",
      condition: "stunned",
      duration: "endOfNextTurn",
    });
    expect(MARGIN_EFFECTS.knockDown).toEqual({
      kind: "save",
      suit: "spades",
      condition: "prone",
      duration: "indefinite",
    });
    expect(MARGIN_EFFECTS.hamstring).toEqual({
      kind: "condition",
      condition: "slowed",
      duration: "endOfNextTurn",
    });
    expect(MARGIN_EFFECTS.reduceDefence).toEqual({
      kind: "modifier",
      applies: "defence",
      amount: -2,
      duration: "startOfNextTurn",
    });
    expect(MARGIN_EFFECTS.expose).toEqual({
      kind: "modifier",
      applies: "nextAttack",
      amount: 2,
      duration: "thisRound",
    });
    expect(MARGIN_EFFECTS.loseAction).toEqual({ kind: "loseAction", burn: 1 });
  });

  it("allows at most one result per full 5 points and only known results", () => {
    expect(marginChoiceProblem([], 0)).toBeNull();
    expect(marginChoiceProblem(["stun"], 1)).toBeNull();
    expect(marginChoiceProblem(["stun", "push"], 2)).toBeNull();
    expect(marginChoiceProblem(["stun", "push"], 1)).toBe("tooManySpecials");
    expect(marginChoiceProblem(["stun"], 0)).toBe("tooManySpecials");
    expect(marginChoiceProblem(["fly"], 2)).toBe("unknownSpecial");
    expect(marginChoiceProblem([3], 2)).toBe("unknownSpecial");
    expect(isMarginSpecial("hamstring")).toBe(true);
    expect(isMarginSpecial("constructor")).toBe(false);
  });

  it("keeps +1 per unspent point and adds +2 per bought '+2 damage' (DMG-1)", () => {
    // EX-AT-2's margin 10: bonus 2.
    expect(marginDamage(2, [])).toBe(2);
    expect(marginDamage(2, ["stun"])).toBe(1);
    expect(marginDamage(2, ["stun", "push"])).toBe(0);
    expect(marginDamage(2, ["extraDamage"])).toBe(3);
    expect(marginDamage(2, ["extraDamage", "extraDamage"])).toBe(4);
    expect(marginDamage(0, [])).toBe(0);
  });
});
