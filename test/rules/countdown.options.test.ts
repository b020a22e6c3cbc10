/** CD-18 options (a) bidding, (b) round table, (c) lower Closing, (d) combine; CD-19 visibility. */
import { describe, expect, it } from "vitest";
import {
  actWithHighest,
  advance,
  bidWinner,
  playRound,
  choose,
  closingView,
  combineDice,
  eligibleBidders,
  holdsSecret,
  lowerClosing,
  setClosingValue,
  type CountdownOptions,
  type ParticipantInit,
} from "../../src/rules/countdown";
import type { RollDie } from "../../src/rules/vocabulary";
import { ok, code, who, round } from "../support/countdown";
import { noRoll, scripted } from "../support/dice";

/** Draws the lowest still-possible Closing value: every comparison that can pass does. */
const lowest: RollDie = () => 1;

describe("CD-18 (a) bidding", () => {
  const table = (hands: Record<string, number[]>, options: Partial<CountdownOptions> = {}) =>
    round(
      [
        { id: "P1", pc: true },
        { id: "P2", pc: true },
        { id: "N", pc: false },
      ],
      hands,
      { bidding: true, ...options },
    );

  it("CD-18 (a): every player with usable dice bids; the NPC side's best key beats lower bids", () => {
    const s = table({ P1: [5, 3], P2: [5, 4], N: [5, 2] });
    expect(eligibleBidders(s)).toEqual(["P1", "P2"]);
    expect(code(advance(s, noRoll))).toBe("badBids");
    expect(code(advance(s, noRoll, { P1: 3 }))).toBe("badBids");
    const npc = ok(advance(s, noRoll, { P1: 3, P2: 4 }));
    expect(npc.current).toBe("N");
    expect(npc.bid).toBeNull();
    // An NPC winner chooses as CD-6 allows.
    expect(ok(choose(npc, { kind: "pass", die: 2 })).participants[2].hand).toEqual([5]);
  });

  it("CD-18 (a): ties go to players, then more dice, then the GM's choice", () => {
    const s = table({ P1: [5, 3], P2: [5, 4, 2], N: [5, 2] });
    const tied = ok(advance(s, noRoll, { P1: 5, P2: 5 }));
    expect(tied.current).toBe("P2");
    expect(tied.bid).toBe(5);
  });

  it("CD-18 (a): a bid must be a usable die in the bidder's hand", () => {
    const s = table({ P1: [5, 1], P2: [4], N: [2] });
    expect(advance(s, noRoll, { P1: 1, P2: 4 })).toEqual({ ok: false, error: { code: "badBids", id: "P1" } });
    expect(advance(s, noRoll, { P1: 6, P2: 4 })).toEqual({ ok: false, error: { code: "badBids", id: "P1" } });
  });

  it("CD-18 (a): only the winner's die is spent, and it pays as in CD-7; losing bids stay in hand", () => {
    const s = ok(advance(table({ P1: [5, 3], P2: [6, 4], N: [2] }), noRoll, { P1: 3, P2: 4 }));
    expect(s.current).toBe("P2");
    expect(code(choose(s, { kind: "pass", die: 6 }))).toBe("mustActWithBid");
    const step = choose(s, { kind: "act", action: { action: "attack:light", speed: 4 } });
    expect(step.ok && step.events).toContainEqual(
      expect.objectContaining({
        type: "acted",
        id: "P2",
        value: 4,
        purchase: { standard: true, minor: true },
      }),
    );
    const after = ok(step);
    expect(who(after, "P2").hand).toEqual([6]);
    expect(who(after, "P1").hand).toEqual([5, 3]);
  });

  it("CD-18 (a): a winning player who holds a die still acts with its bid", () => {
    const s = round(
      [
        { id: "P1", pc: true, held: 6 },
        { id: "N", pc: false },
      ],
      { P1: [5, 3], N: [2] },
      { bidding: true },
    );
    const called = ok(advance(s, noRoll, { P1: 3 }));
    const acted = ok(choose(called, { kind: "act" }));
    expect(who(acted, "P1")).toMatchObject({ hand: [5], held: 6 });
  });

  it("CD-18 (a) cdNoRepeat: the last winner cannot win again while anyone else can be called", () => {
    let s = table({ P1: [5, 3], P2: [4, 4], N: [2] }, { noRepeat: true });
    s = ok(choose(ok(advance(s, lowest, { P1: 5, P2: 4 })), { kind: "act" }));
    expect(eligibleBidders(s)).toEqual(["P2"]);
    s = ok(choose(ok(advance(s, lowest, { P2: 4 })), { kind: "act" }));
    expect(eligibleBidders(s)).toEqual(["P1"]);
    s = ok(choose(ok(advance(s, lowest, { P1: 3 })), { kind: "act" }));
    s = ok(choose(ok(advance(s, lowest, { P2: 4 })), { kind: "act" }));
    // P2 is empty now (Closing); P1 is out of dice too; only N remains and wins without bids.
    expect(eligibleBidders(s)).toEqual([]);
  });

  it("CD-18 (a) cdNoRepeat: the restriction lapses when nobody else could be called", () => {
    let s = table({ P1: [5, 3], P2: [], N: [] }, { noRepeat: true });
    s = ok(choose(ok(advance(s, lowest, { P1: 5 })), { kind: "act" }));
    expect(eligibleBidders(s)).toEqual(["P1"]);
  });

  it("CD-18 (a): without eligible players the NPCs are called by CD-5", () => {
    const s = table({ P1: [1], P2: [], N: [4] });
    expect(eligibleBidders(s)).toEqual([]);
    expect(ok(advance(s, lowest)).current).toBe("N");
  });

  it("CD-18 (a), CD-12: during Closing the winning bid must reach the Closing die", () => {
    const s = ok(setClosingValue(table({ P1: [5, 3], P2: [], N: [4] }), 4));
    expect(ok(advance(s, noRoll, { P1: 5 })).current).toBe("P1");
    // P1 bids its 3 (NPC's 4 wins the bid) - the NPC's 4 ties the Closing die and is called.
    expect(ok(advance(s, noRoll, { P1: 3 })).current).toBe("N");
    const low = ok(setClosingValue(table({ P1: [3, 2], P2: [], N: [2] }), 4));
    expect(ok(advance(low, noRoll, { P1: 3 })).phase).toBe("closed");
  });
});

describe("CD-18 (b) round table", () => {
  const inits: ParticipantInit[] = [
    { id: "C", pc: false },
    { id: "A", pc: true },
    { id: "B", pc: true },
  ];

  it("CD-18 (b): the order is fixed at round start and called cyclically; empty hands are skipped", () => {
    let s = round(inits, { A: [6, 2], B: [5, 5, 5], C: [3] }, { roundTable: true });
    expect(s.table).toEqual({ order: ["A", "B", "C"], next: 0 });
    const calls: string[] = [];
    const act = () => {
      s = ok(advance(s, noRoll));
      calls.push(s.current as string);
      s = ok(choose(s, { kind: "act" }));
    };
    act();
    act();
    act(); // C spends its last die: Closing
    expect(s.phase).toBe("closing");
    s = ok(setClosingValue(s, 4));
    act(); // A's 2 < 4 is skipped; B's 5 is called
    act();
    s = ok(advance(s, noRoll)); // a full cycle with nobody called
    expect(calls).toEqual(["A", "B", "C", "B", "B"]);
    expect(s.phase).toBe("closed");
  });

  it("CD-18 (b): before Closing, a cycle with nobody callable Closes the round", () => {
    const s = round(inits, { A: [1], B: [1, 1], C: [1] }, { roundTable: true });
    expect(ok(advance(s, noRoll)).phase).toBe("closed");
  });

  it("CD-18 (b): a participant that left is skipped", () => {
    const s = round(inits, { A: [6], B: [5], C: [4] }, { roundTable: true });
    const gone = { ...s, participants: s.participants.filter((p) => p.id !== "A") };
    expect(ok(advance(gone, noRoll)).current).toBe("B");
  });
});

describe("CD-18 (c) lowering the Closing die", () => {
  const inits: ParticipantInit[] = [
    { id: "A", pc: true },
    { id: "B", pc: false },
    { id: "C", pc: false },
  ];

  it("CD-18 (c): when the Closing die would be reached, spends lower it and the order is recomputed", () => {
    let s = ok(setClosingValue(round(inits, { A: [4], B: [3] }, { lowerClosing: true }), 5));
    const reached = advance(s, noRoll);
    expect(reached.ok && reached.events).toEqual([{ type: "loweringOffered" }]);
    s = ok(reached);
    expect(s.lowering).toBe(true);
    expect(code(advance(s, noRoll))).toBe("awaitingLowering");
    const lowered = lowerClosing(s, { B: 3 }, noRoll);
    expect(lowered.ok && lowered.events).toEqual([
      { type: "diceSpent", id: "B", dice: [3] },
      { type: "closingLowered", by: 1 },
    ]);
    s = ok(lowered);
    expect(s.closing?.value).toBe(4);
    s = ok(advance(s, noRoll));
    expect(s.current).toBe("A");
    s = ok(choose(s, { kind: "act" }));
    // Nobody can be called any more: no lowering is offered, the round Closes.
    expect(ok(advance(s, noRoll)).phase).toBe("closed");
  });

  it("CD-18 (c): nobody spending lets the die be reached; bad spends are refused", () => {
    const s = ok(
      advance(ok(setClosingValue(round(inits, { A: [4], B: [3] }, { lowerClosing: true }), 5)), noRoll),
    );
    expect(ok(lowerClosing(s, {}, noRoll)).phase).toBe("closed");
    expect(code(lowerClosing(s, { B: 6 }, noRoll))).toBe("dieNotInHand");
    expect(code(lowerClosing(s, { Z: 6 }, noRoll))).toBe("unknownParticipant");
    expect(code(lowerClosing({ ...s, lowering: false }, { B: 3 }, noRoll))).toBe("notLowering");
  });

  it("CD-18 (c): with the lazy Closing die, lowering keeps it secret and shifts what is possible", () => {
    let s = round(inits, { A: [4], B: [3] }, { lowerClosing: true });
    s = ok(advance(s, scripted([6]))); // A's 4 against the die: drawn 6 of 6, so the die is 5 or 6
    expect(s.lowering).toBe(true);
    expect(s.closing).toEqual({ weights: [0, 0, 0, 0, 1, 1], value: null });
    s = ok(lowerClosing(s, { A: 4, B: 3 }, noRoll));
    expect(s.closing).toEqual({ weights: [0, 0, 1, 1, 0, 0], value: null });
    expect(holdsSecret(s)).toBe(false);
  });
});

describe("CD-18 (d) combining dice", () => {
  const inits: ParticipantInit[] = [
    { id: "A", pc: true },
    { id: "B", pc: false },
  ];

  it("CD-18 (d): once Closing, two dice (1s allowed) become one die of their sum, ordered and paid by it", () => {
    let s = ok(setClosingValue(round(inits, { A: [2, 2, 1] }, { combine: true }), 4));
    const step = combineDice(s, "A", 2, 2);
    expect(step.ok && step.events).toEqual([{ type: "diceSpent", id: "A", dice: [2, 2] }]);
    s = ok(step);
    expect(who(s, "A").hand).toEqual([4, 1]);
    s = ok(advance(s, noRoll));
    expect(s.current).toBe("A");
    const acted = choose(s, { kind: "act", action: { action: "attack:light", speed: 4 } });
    expect(acted.ok && acted.events).toContainEqual(
      expect.objectContaining({ type: "acted", value: 4, purchase: { standard: true, minor: true } }),
    );
    expect(
      who(
        ok(combineDice(ok(setClosingValue(round(inits, { A: [3, 1] }, { combine: true }), 4)), "A", 3, 1)),
        "A",
      ).hand,
    ).toEqual([4]);
  });

  it("CD-18 (d): only with the option, only while Closing, only dice in hand", () => {
    const closing = round(inits, { A: [2, 2] }, { combine: true });
    expect(code(combineDice(round(inits, { A: [2, 2] }, {}), "A", 2, 2))).toBe("optionOff");
    expect(code(combineDice(round(inits, { A: [2, 2], B: [3] }, { combine: true }), "A", 2, 2))).toBe(
      "notClosing",
    );
    expect(code(combineDice(closing, "A", 2, 3))).toBe("dieNotInHand");
    expect(code(combineDice(closing, "Z", 2, 2))).toBe("unknownParticipant");
  });
});

describe("CD-19 visibility", () => {
  const inits: ParticipantInit[] = [
    { id: "A", pc: true },
    { id: "B", pc: false },
  ];

  it("CD-19: before Closing there is nothing to see", () => {
    const s = round(inits, { A: [4], B: [3] }, {});
    expect(closingView(s, { gm: false })).toEqual({ status: "none", value: null, possible: null });
  });

  it("CD-19: the lazy Closing die shows everyone only what play implied", () => {
    let s = round(inits, { A: [4, 2] }, {});
    s = ok(advance(s, scripted([3])));
    const expected = { status: "pending", value: null, possible: [1, 2, 3, 4] };
    expect(closingView(s, { gm: false })).toEqual(expected);
    expect(closingView(s, { gm: true })).toEqual(expected);
    expect(holdsSecret(s)).toBe(false);
  });

  it("CD-19: a value entered by hand is the GM's alone, and marks the state as holding a secret", () => {
    const s = ok(setClosingValue(round(inits, { A: [4] }, {}), 3));
    expect(closingView(s, { gm: true })).toEqual({ status: "pending", value: 3, possible: [3] });
    expect(closingView(s, { gm: false })).toEqual({ status: "pending", value: null, possible: null });
    expect(holdsSecret(s)).toBe(true);
    expect(code(setClosingValue(s, 7))).toBe("badValue");
    expect(code(setClosingValue(round(inits, { A: [4], B: [4] }, {}), 3))).toBe("notClosing");
  });

  it("CD-19 cdShowClosing: the die is rolled at the first call after Closing and shown to all", () => {
    let s = round(inits, { A: [4, 2] }, { showClosing: true });
    s = ok(advance(s, scripted([2])));
    expect(s.closing?.value).toBe(2);
    expect(closingView(s, { gm: false })).toEqual({ status: "pending", value: 2, possible: [2] });
    expect(holdsSecret(s)).toBe(false);
  });

  it("CD-19: once reached, players learn that it was reached, not its value", () => {
    let s = round(inits, { A: [2] }, {});
    const closed = advance(s, scripted([6, 4])); // 2 < die: reached; the value is drawn from 3-6
    s = ok(closed);
    expect(s.phase).toBe("closed");
    // The value goes out in the Closed event only (for the GM's client); the state keeps it unsampled.
    expect(closed.ok && closed.events).toContainEqual(
      expect.objectContaining({ type: "closed", closingValue: 6 }),
    );
    expect(s.closing?.value).toBeNull();
    expect(closingView(s, { gm: false })).toEqual({ status: "reached", value: null, possible: [3, 4, 5, 6] });
    expect(holdsSecret(s)).toBe(false);
  });
});

describe("playing a whole round (the countdownRound reference)", () => {
  const inits: ParticipantInit[] = [
    { id: "A", pc: true, held: 5 },
    { id: "B", pc: false },
  ];

  it("CD-13: a called holder Acts with its held die; CD-18 (c) lowering is declined", () => {
    const s = round(inits, { A: [4], B: [] }, { lowerClosing: true });
    const played = playRound(s, actWithHighest, (n) => n); // draws the highest: the die exceeds 4
    expect(played.state.phase).toBe("closed");
    expect(played.events).toContainEqual({ type: "loweringOffered" });
    expect(played.state.calls).toEqual([]);
    const called = playRound(round(inits, { A: [4], B: [2] }, {}), actWithHighest, () => 1);
    expect(called.events).toContainEqual(
      expect.objectContaining({ type: "acted", id: "A", via: "held", value: 5 }),
    );
  });

  it("an illegal policy is a programming error and throws", () => {
    const s = round(inits, { A: [4], B: [2] }, {});
    expect(() =>
      playRound(
        s,
        () => ({ kind: "hold" }),
        () => 1,
      ),
    ).toThrow(/illegal move: wrongChoice/);
  });

  it("CD-18 (a): with nobody callable there is no winner", () => {
    const s = round([{ id: "N", pc: false }], { N: [1] }, { bidding: true });
    expect(bidWinner(s, {})).toEqual({ ok: false, code: "badBids" });
  });
});
