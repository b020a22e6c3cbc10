import { describe, expect, it } from "vitest";
import { parseCombatRequest } from "../../../src/rules/round/request-shape";

/**
 * The active GM's client rebuilds a client's combat request field by field; anything not in
 * the shape its kind takes is refused (null), and fields a client may not set never get through.
 */
const base = { combatId: "c1", combatantId: "a1" };
const sword = { action: "attack:sword", speed: 5 };

describe("parseCombatRequest keeps each kind's own fields", () => {
  it.each([
    [
      { kind: "forceReveal", combatId: "c1", combatantId: "x" },
      { kind: "forceReveal", combatId: "c1" },
    ],
    [
      { kind: "nextRound", combatId: "c1" },
      { kind: "nextRound", combatId: "c1" },
    ],
    [
      { kind: "challenge", ...base, holderWins: true },
      { kind: "challenge", ...base },
    ],
    [
      { kind: "recoverStun", ...base, saved: true },
      { kind: "recoverStun", ...base },
    ],
    [
      { kind: "declareStance", ...base, stance: "guarded" },
      { kind: "declareStance", ...base, stance: "guarded" },
    ],
    [
      { kind: "spendOne", ...base, use: "pressure", target: "b2" },
      { kind: "spendOne", ...base, use: "pressure", target: "b2" },
    ],
    [
      { kind: "spendOne", ...base, use: "effort" },
      { kind: "spendOne", ...base, use: "effort", target: undefined },
    ],
    [
      { kind: "usePendingOnes", ...base, effort: true, pressure: "yes", extra: 1 },
      { kind: "usePendingOnes", ...base, effort: true, pressure: false },
    ],
    [
      { kind: "reorder", ...base, direction: "down" },
      { kind: "reorder", ...base, direction: "down" },
    ],
    [
      { kind: "bid", ...base, die: 6 },
      { kind: "bid", ...base, die: 6 },
    ],
    [
      { kind: "lowerClosing", ...base, die: 1 },
      { kind: "lowerClosing", ...base, die: 1 },
    ],
    [
      { kind: "combine", ...base, dice: [3, 4] },
      { kind: "combine", ...base, dice: [3, 4] },
    ],
    [
      { kind: "soak", ...base, payment: "burn" },
      { kind: "soak", ...base, payment: "burn" },
    ],
    [
      { kind: "reactiveDefence", ...base, defenseless: false, die: 6 },
      { kind: "reactiveDefence", ...base, defenseless: false },
    ],
    [
      { kind: "revealForSave", ...base, suit: "spades", saved: true },
      { kind: "revealForSave", ...base, suit: "spades" },
    ],
  ])("%j → %j", (sent, kept) => {
    expect(parseCombatRequest(sent)).toEqual(kept);
  });

  it("rebuilds every countdown choice (CD-6, CD-13), dropping unknown fields", () => {
    const choose = (choice: unknown) => parseCombatRequest({ kind: "countdownChoice", ...base, choice });
    expect(choose({ kind: "act", action: { ...sword, extra: 1 }, plusOne: true })).toEqual({
      kind: "countdownChoice",
      ...base,
      choice: { kind: "act", action: sword, plusOne: true },
    });
    expect(choose({ kind: "actHeld" })).toMatchObject({
      choice: { kind: "actHeld", action: undefined, plusOne: false },
    });
    expect(choose({ kind: "pass", die: 4 })).toMatchObject({ choice: { kind: "pass", die: 4 } });
    expect(choose({ kind: "keepHolding", die: 2 })).toMatchObject({
      choice: { kind: "keepHolding", die: 2 },
    });
    expect(choose({ kind: "hold", die: 9 })).toMatchObject({ choice: { kind: "hold" } });
    // CD-20: Hampered is the GM's fact about the creature; a client's claim is dropped either way.
    const accumulate = choose({ kind: "accumulate", action: sword, die: 3, hampered: false });
    expect(accumulate).toEqual({
      kind: "countdownChoice",
      ...base,
      choice: { kind: "accumulate", action: sword, die: 3, plusOne: false },
    });
  });

  it("rebuilds an interrupt's Act details (CD-13)", () => {
    expect(parseCombatRequest({ kind: "interrupt", ...base, details: { action: sword } })).toEqual({
      kind: "interrupt",
      ...base,
      details: { action: sword, plusOne: false },
    });
  });

  it("cuts an overlong action name to 64 characters", () => {
    const long = { action: "x".repeat(100), speed: 3 };
    const parsed = parseCombatRequest({ kind: "interrupt", ...base, details: { action: long } });
    expect(parsed).toMatchObject({ details: { action: { action: "x".repeat(64), speed: 3 } } });
  });
});

describe("parseCombatRequest refuses what a client may not send", () => {
  it.each([
    ["not an object", "nextRound"],
    ["an array", [{ kind: "nextRound", combatId: "c1" }]],
    ["no combat", { kind: "nextRound" }],
    ["an empty combat id", { kind: "nextRound", combatId: "" }],
    ["an overlong combat id", { kind: "nextRound", combatId: "c".repeat(65) }],
    ["no combatant", { kind: "endTurn", combatId: "c1" }],
    ["an unknown kind", { kind: "winCombat", ...base }],
    ["the attack card's damage", { kind: "applyDamage", ...base }],
    ["an unknown stance", { kind: "shiftStance", ...base, stance: "berserk" }],
    ["a spend of an unknown use", { kind: "spendOne", ...base, use: "luck" }],
    ["a spend on a bad target", { kind: "spendOne", ...base, use: "effort", target: 7 }],
    ["a reorder sideways", { kind: "reorder", ...base, direction: "left" }],
    ["a bid of no die", { kind: "bid", ...base, die: 0 }],
    ["a bid of a fraction", { kind: "bid", ...base, die: 2.5 }],
    ["a lowering past 36", { kind: "lowerClosing", ...base, die: 37 }],
    ["a combination of one die", { kind: "combine", ...base, dice: [3] }],
    ["a combination that is not a list", { kind: "combine", ...base, dice: "3,4" }],
    ["a combination with a bad die", { kind: "combine", ...base, dice: [3, 0] }],
    ["an unknown Soak payment", { kind: "soak", ...base, payment: "gold" }],
    ["a reactive defence that does not say whether Defenseless", { kind: "reactiveDefence", ...base }],
    ["a reveal for a ♦ save (T-7: only ♣ and ♠)", { kind: "revealForSave", ...base, suit: "diamonds" }],
    ["a reveal for a save on no suit", { kind: "revealForSave", ...base }],
    ["a choice that is not an object", { kind: "countdownChoice", ...base, choice: "act" }],
    ["an unknown choice", { kind: "countdownChoice", ...base, choice: { kind: "flee" } }],
    [
      "an Act with a malformed action",
      { kind: "countdownChoice", ...base, choice: { kind: "act", action: "x" } },
    ],
    [
      "an Act with a fractional speed",
      { kind: "countdownChoice", ...base, choice: { kind: "act", action: { action: "a", speed: 1.5 } } },
    ],
    ["a pass without its die", { kind: "countdownChoice", ...base, choice: { kind: "pass" } }],
    [
      "an Accumulate without an action",
      { kind: "countdownChoice", ...base, choice: { kind: "accumulate", die: 3 } },
    ],
    [
      "an Accumulate without a die",
      { kind: "countdownChoice", ...base, choice: { kind: "accumulate", action: sword } },
    ],
    ["an interrupt without details", { kind: "interrupt", ...base }],
    [
      "an interrupt with a malformed action",
      { kind: "interrupt", ...base, details: { action: { speed: 2 } } },
    ],
  ])("refuses %s", (_what, sent) => {
    expect(parseCombatRequest(sent)).toBeNull();
  });
});
