/** CD-1, CD-5 to CD-13: round start, call order, the called participant's choices and held dice. */
import { describe, expect, it } from "vitest";
import {
  accumulatedDice,
  actionSpeed,
  speedWeapon,
  advance,
  burn,
  bestCallable,
  callOrder,
  challenge,
  choose,
  compareCallKeys,
  createCountdown,
  endRound,
  interrupt,
  interruptOrder,
  newParticipant,
  poolTotal,
  purchase,
  startRound,
  tableOrder,
  type CountdownState,
  type ParticipantInit,
} from "../../src/rules/countdown";
import { ok, code, who, round } from "../support/countdown";
import { noRoll } from "../support/dice";

const hand = (s: CountdownState, id: string) => s.participants.find((p) => p.id === id)!.hand;
const light = { action: "attack:light", speed: 4 };

describe("CD-7 speeds and what one die buys", () => {
  it("CD-7: the speed table", () => {
    expect(actionSpeed({ kind: "attack", weapon: "unarmed" })).toBe(3);
    expect(actionSpeed({ kind: "attack", weapon: "tiny" })).toBe(3);
    expect(actionSpeed({ kind: "attack", weapon: "light" })).toBe(4);
    expect(actionSpeed({ kind: "attack", weapon: "heavy" })).toBe(5);
    expect(actionSpeed({ kind: "attack", weapon: "great" })).toBe(6);
    expect(actionSpeed({ kind: "attack", weapon: "slingOrCrossbow" })).toBe(6);
    // Seed 000: slings and crossbows reload slowly "regardless of size": a Light sling shoots at 6, not 4.
    expect(actionSpeed({ kind: "attack", weapon: speedWeapon({ category: "light", reload: "slow" }) })).toBe(
      6,
    );
    expect(actionSpeed({ kind: "attack", weapon: speedWeapon({ category: "great", reload: "winch" }) })).toBe(
      6,
    );
    expect(actionSpeed({ kind: "attack", weapon: speedWeapon({ category: "light", reload: "none" }) })).toBe(
      4,
    );
    expect(actionSpeed({ kind: "charge", weapon: "heavy" })).toBe(5);
    expect(actionSpeed({ kind: "special", weapon: "light" })).toBe(5);
    expect(actionSpeed({ kind: "cast", runes: 2 })).toBe(5);
    expect(actionSpeed({ kind: "use" })).toBe(3);
    expect(actionSpeed({ kind: "defend" })).toBe(3);
    expect(actionSpeed({ kind: "full" })).toBe(8);
    expect(actionSpeed({ kind: "ready" })).toBeNull();
  });

  it("CD-7: ≥ speed buys Standard + Minor, below it one Minor; Stunned only Moves; Hampered loses the Minor", () => {
    expect(purchase(4, 4)).toEqual({ standard: true, minor: true });
    expect(purchase(3, 4)).toEqual({ standard: false, minor: true });
    expect(purchase(6, null)).toEqual({ standard: false, minor: true });
    expect(purchase(6, 3, { stunned: true })).toEqual({ standard: false, minor: true });
    expect(purchase(6, 3, { hampered: true })).toEqual({ standard: true, minor: false });
    expect(purchase(2, 3, { hampered: true })).toEqual({ standard: false, minor: true });
  });
});

describe("CD-5 countdown order", () => {
  const p = (id: string, pc: boolean, h: number[], spades = 0, tiebreak = 0) => ({
    ...newParticipant({ id, pc, spades, tiebreak }),
    hand: h,
  });

  it("CD-5: highest die, then more dice, then PC, then eff(♠), then the tiebreak", () => {
    expect(compareCallKeys(p("a", false, [5]), p("b", true, [4, 4]))).toBeLessThan(0);
    expect(compareCallKeys(p("a", false, [5, 1]), p("b", true, [5]))).toBeLessThan(0);
    expect(compareCallKeys(p("a", true, [5]), p("b", false, [5], 9))).toBeLessThan(0);
    expect(compareCallKeys(p("a", false, [5], 3), p("b", false, [5], 4))).toBeGreaterThan(0);
    expect(compareCallKeys(p("a", false, [5], 3, 2), p("b", false, [5], 3, 7))).toBeGreaterThan(0);
    expect(compareCallKeys(p("a", false, [5], 3, 2), p("b", false, [5], 3, 2))).toBe(0);
  });

  it("CD-5: empty hands and hands of only 1s are never called; exact ties keep the stored order", () => {
    const ps = [
      p("x", true, []),
      p("y", true, [1, 1]),
      p("a", false, [3]),
      p("b", false, [3]),
      p("c", true, [2]),
    ];
    expect(callOrder(ps)).toEqual(["a", "b", "c"]);
    expect(bestCallable(ps)?.id).toBe("a");
    expect(bestCallable([p("x", true, []), p("y", true, [1])])).toBeNull();
    expect(bestCallable([{ ...p("z", true, [6]), active: false }])).toBeNull();
  });

  it("CD-5: no callable participant Closes the round at once, with no Closing", () => {
    const s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false },
      ],
      { A: [1, 1], B: [1] },
    );
    const step = advance(s, noRoll);
    expect(ok(step).phase).toBe("closed");
    expect(ok(step).closingAfter).toBeNull();
    expect(step.ok && step.events).toEqual([{ type: "closed", closingValue: null, neverActed: ["A", "B"] }]);
  });
});

describe("CD-1 round sequence", () => {
  it("CD-1: a round starts only between rounds, deals sorted hands and counts rounds", () => {
    const c = createCountdown([
      { id: "A", pc: true },
      { id: "B", pc: false },
    ]);
    expect(c.phase).toBe("closed");
    const s = ok(
      startRound(c, { A: [2, 6, 3], B: { rolled: [5, 4], kept: [5, 4], unkept: [], alertUsed: false } }),
    );
    expect(s.round).toBe(1);
    expect(s.phase).toBe("countdown");
    expect(hand(s, "A")).toEqual([6, 3, 2]);
    expect(hand(s, "B")).toEqual([5, 4]);
    expect(code(startRound(s, {}))).toBe("roundInProgress");
    expect(code(startRound(c, { Z: [3] }))).toBe("unknownParticipant");
    expect(code(startRound(c, { A: [7] }))).toBe("badValue");
    expect(code(startRound(c, { A: [0] }))).toBe("badValue");
  });

  it("CD-1 step 4 / CD-16: a participant with no dice and no held die makes the round Closing at once", () => {
    const s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false },
      ],
      { A: [4] },
    );
    expect(s.phase).toBe("closing");
    expect(s.closingAfter).toBe(0);
    expect(s.closing).toEqual({ weights: [1, 1, 1, 1, 1, 1], value: null });
  });

  it("CD-1 step 4: a surprised participant with a held die carried over does not", () => {
    const s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false, held: 5 },
      ],
      { A: [4] },
    );
    expect(s.phase).toBe("countdown");
  });

  it("CD-1 step 6: the Close discards hands; held dice and pools persist into the next round", () => {
    let s = round(
      [
        { id: "A", pc: true, held: 4 },
        { id: "B", pc: false, pool: { action: "cast:fire", speed: 6, dice: [3] } },
      ],
      { A: [2, 2], B: [3] },
    );
    s = ok(endRound(s));
    expect(s.phase).toBe("closed");
    expect(hand(s, "A")).toEqual([]);
    expect(who(s, "A").held).toBe(4);
    expect(who(s, "B").pool).toEqual({ action: "cast:fire", speed: 6, dice: [3] });
    expect(code(endRound(s))).toBe("roundClosed");
    s = ok(startRound(s, { A: [5], B: [6] }));
    expect(who(s, "A").held).toBe(4);
    expect(s.round).toBe(2);
  });

  it("CD-1: an inactive participant gets no dice at round start", () => {
    const s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false, active: false },
      ],
      { A: [4], B: [6] },
    );
    expect(hand(s, "B")).toEqual([]);
    expect(s.phase).toBe("countdown");
  });
});

describe("CD-6 when called", () => {
  const two = () =>
    round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false },
      ],
      { A: [5, 3, 1], B: [4, 2] },
    );

  it("CD-6: calls and choices alternate; choosing without a call or calling twice is refused", () => {
    const s = two();
    expect(code(choose(s, { kind: "act" }))).toBe("notCalled");
    const called = ok(advance(s, noRoll));
    expect(called.current).toBe("A");
    expect(code(advance(called, noRoll))).toBe("awaitingChoice");
  });

  it("CD-6 Act: discards the highest die, and the first Act of the round is flagged", () => {
    const step = choose(ok(advance(two(), noRoll)), { kind: "act", action: light });
    expect(step.ok && step.events).toEqual([
      {
        type: "acted",
        id: "A",
        value: 5,
        purchase: { standard: true, minor: true },
        first: true,
        via: "hand",
      },
    ]);
    const s = ok(step);
    expect(hand(s, "A")).toEqual([3, 1]);
    expect(s.lastActor).toBe("A");
    expect(who(s, "A").acts).toBe(1);
  });

  it("CD-9: +1 needs a 1 in hand besides the paying die", () => {
    const s = round([{ id: "A", pc: true }], { A: [5, 3] });
    expect(code(choose(ok(advance(s, noRoll)), { kind: "act", plusOne: true }))).toBe("noOneInHand");
  });

  it("CD-6 Pass: discards any one die, a 1 included; nothing is bought", () => {
    const s = ok(choose(ok(advance(two(), noRoll)), { kind: "pass", die: 1 }));
    expect(hand(s, "A")).toEqual([5, 3]);
    expect(who(s, "A").acts).toBe(0);
    expect(s.lastActor).toBeNull();
    expect(code(choose(ok(advance(two(), noRoll)), { kind: "pass", die: 6 }))).toBe("dieNotInHand");
  });

  it("CD-6 Hold: sets the highest die aside; a holder follows CD-13 when called", () => {
    let s = ok(choose(ok(advance(two(), noRoll)), { kind: "hold" }));
    expect(who(s, "A").held).toBe(5);
    expect(hand(s, "A")).toEqual([3, 1]);
    s = ok(advance(s, noRoll)); // B with 4
    s = ok(choose(s, { kind: "act" }));
    s = ok(advance(s, noRoll)); // A with 3
    expect(s.current).toBe("A");
    expect(code(choose(s, { kind: "act" }))).toBe("wrongChoice");
    expect(code(choose(s, { kind: "hold" }))).toBe("wrongChoice");
    const kept = ok(choose(s, { kind: "keepHolding", die: 1 }));
    expect(who(kept, "A").held).toBe(5);
    expect(hand(kept, "A")).toEqual([3]);
    const acted = choose(s, { kind: "actHeld", action: { action: "attack:heavy", speed: 5 } });
    expect(acted.ok && acted.events).toContainEqual({
      type: "acted",
      id: "A",
      value: 5,
      purchase: { standard: true, minor: true },
      first: true,
      via: "held",
    });
    expect(who(ok(acted), "A").held).toBeNull();
  });

  it("CD-6 Hold: a holder is not asked to hold or pass as a non-holder would", () => {
    const s = ok(advance(two(), noRoll));
    expect(code(choose(s, { kind: "actHeld" }))).toBe("wrongChoice");
    expect(code(choose(s, { kind: "keepHolding", die: 1 }))).toBe("wrongChoice");
  });
});

describe("CD-8 discard pool and CD-10", () => {
  const solo = (h: number[], pool: ParticipantInit["pool"] = null, stunned = false) =>
    ok(advance(round([{ id: "A", pc: true, pool, stunned }], { A: h }), noRoll));

  it("CD-8: only a usable die from hand may be added; a 1 adds nothing (CD-10)", () => {
    expect(code(choose(solo([3, 1]), { kind: "accumulate", action: light, die: 1 }))).toBe("notUsable");
    expect(code(choose(solo([3, 2]), { kind: "accumulate", action: light, die: 5 }))).toBe("dieNotInHand");
  });

  it("CD-8: a pool for another action is lost when a new one starts", () => {
    const step = choose(solo([3, 2], { action: "cast:fire", speed: 6, dice: [4] }), {
      kind: "accumulate",
      action: { action: "attack:great", speed: 6 },
      die: 3,
    });
    expect(step.ok && step.events).toEqual([
      { type: "poolLost", id: "A" },
      { type: "accumulated", id: "A", die: 3, total: 3 },
    ]);
    expect(who(ok(step), "A").pool).toEqual({ action: "attack:great", speed: 6, dice: [3] });
  });

  it("CD-8: the same action adds to the pool, and a completing die pays", () => {
    const step = choose(solo([3, 2], { action: "cast:fire", speed: 6, dice: [4] }), {
      kind: "accumulate",
      action: { action: "cast:fire", speed: 6 },
      die: 3,
    });
    expect(step.ok && step.events).toContainEqual(
      expect.objectContaining({
        type: "acted",
        value: 7,
        via: "pool",
        purchase: { standard: true, minor: true },
      }),
    );
  });

  it("CD-8, CD-9: a 1 may complete a pool; +1 on a pool it does not complete is refused", () => {
    const action = { action: "cast:fire", speed: 8 };
    const pool = { action: "cast:fire", speed: 8, dice: [4] };
    const completed = choose(solo([3, 1], pool), { kind: "accumulate", action, die: 3, plusOne: true });
    expect(completed.ok && completed.events).toContainEqual(
      expect.objectContaining({ type: "acted", value: 8 }),
    );
    expect(hand(ok(completed), "A")).toEqual([]);
    const short = choose(solo([2, 1], pool), { kind: "accumulate", action, die: 2, plusOne: true });
    expect(code(short)).toBe("plusOneWithoutAction");
  });

  it("CD-8: a pool's total, and the dice an Accumulate leaves (another action's pool is lost)", () => {
    const pool = { action: "cast:fire", speed: 6, dice: [4, 2] };
    expect(poolTotal(pool.dice)).toBe(6);
    expect(poolTotal([])).toBe(0);
    expect(accumulatedDice(pool, "cast:fire", 3)).toEqual([4, 2, 3]);
    expect(accumulatedDice(pool, "attack:great", 3)).toEqual([3]);
    expect(accumulatedDice(null, "cast:fire", 5)).toEqual([5]);
  });

  it("CD-8: any Act empties the pool, whichever action it pays for", () => {
    const step = choose(solo([5, 2], { action: "cast:fire", speed: 6, dice: [4] }), { kind: "act" });
    expect(step.ok && step.events[0]).toEqual({ type: "poolLost", id: "A" });
    expect(who(ok(step), "A").pool).toBeNull();
  });

  it("CD-17: a Stunned participant cannot accumulate, and its Act is only a Move", () => {
    expect(code(choose(solo([5, 2], null, true), { kind: "accumulate", action: light, die: 5 }))).toBe(
      "stunnedMoveOnly",
    );
    const step = choose(solo([5, 2], null, true), { kind: "act", action: light });
    expect(step.ok && step.events).toContainEqual(
      expect.objectContaining({ type: "acted", purchase: { standard: false, minor: true } }),
    );
  });
});

describe("CD-11 Closing", () => {
  it("CD-11: spending the last die with no held die turns the round Closing, once", () => {
    let s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false },
      ],
      { A: [6], B: [5, 4] },
    );
    const step = choose(ok(advance(s, noRoll)), { kind: "act" });
    expect(step.ok && step.events).toContainEqual({ type: "closingBegan", after: 1 });
    s = ok(step);
    expect(s.phase).toBe("closing");
    expect(s.closingAfter).toBe(1);
  });

  it("CD-11: a participant left with an empty hand but a held die does not", () => {
    let s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false },
      ],
      { A: [6], B: [5, 4] },
    );
    s = ok(choose(ok(advance(s, noRoll)), { kind: "hold" }));
    expect(s.phase).toBe("countdown");
    expect(hand(s, "A")).toEqual([]);
  });
});

describe("CD-13 held actions", () => {
  // A holds a 6 with 2 in hand; B acts with 5.
  const setup = () => {
    const s = round(
      [
        { id: "A", pc: true, held: 6 },
        { id: "B", pc: false },
        { id: "C", pc: false, held: 3 },
      ],
      {
        A: [2],
        B: [5, 4],
        C: [2, 2],
      },
    );
    return ok(advance(s, noRoll));
  };

  it("CD-13 interrupt: after another's Act a holder acts at once with its held die", () => {
    let s = ok(choose(setup(), { kind: "act" }));
    expect(s.lastActor).toBe("B");
    const step = interrupt(s, "A", { action: light });
    expect(step.ok && step.events).toContainEqual(
      expect.objectContaining({
        type: "acted",
        id: "A",
        value: 6,
        via: "held",
        purchase: { standard: true, minor: true },
      }),
    );
    s = ok(step);
    expect(who(s, "A").held).toBeNull();
    expect(s.lastActor).toBe("A");
    // A second holder may interrupt after the interrupting Act, but not after its own.
    expect(code(interrupt(s, "A"))).toBe("ownAct");
    const c = ok(interrupt(s, "C"));
    expect(code(interrupt(c, "C"))).toBe("ownAct");
  });

  it("CD-13 interrupt: only after a completed Act, between calls", () => {
    const called = setup();
    expect(code(interrupt(called, "A"))).toBe("awaitingChoice");
    const passed = ok(choose(called, { kind: "pass", die: 4 }));
    expect(code(interrupt(passed, "A"))).toBe("notInterruptible");
    const acted = ok(choose(called, { kind: "act" }));
    expect(code(interrupt(acted, "B"))).toBe("ownAct");
    expect(code(interrupt(acted, "Z"))).toBe("unknownParticipant");
    // The next call closes the window.
    expect(code(interrupt(ok(advance(acted, noRoll)), "A"))).toBe("awaitingChoice");
  });

  it("CD-13 interrupt: several holders go in CD-5 order by held die", () => {
    expect(interruptOrder(setup(), ["C", "A", "B"])).toEqual(["A", "C"]);
  });

  it("CD-13 challenge: the holder acts either way, and the challenged participant must then Act", () => {
    const called = setup();
    const won = challenge(called, "A", true);
    expect(won.ok && won.events[0]).toEqual({
      type: "challenged",
      holder: "A",
      actor: "B",
      holderFirst: true,
    });
    let s = ok(won);
    expect(who(s, "A").held).toBeNull();
    expect(s.mustAct).toBe(true);
    expect(code(choose(s, { kind: "pass", die: 4 }))).toBe("mustAct");
    expect(code(choose(s, { kind: "hold" }))).toBe("mustAct");
    s = ok(choose(s, { kind: "act" }));
    expect(s.mustAct).toBe(false);
    const lost = challenge(called, "C", false);
    expect(lost.ok && lost.events[0]).toEqual({
      type: "challenged",
      holder: "C",
      actor: "B",
      holderFirst: false,
    });
  });

  it("CD-13 challenge: needs a called participant other than the holder, and a held die", () => {
    const s = round(
      [
        { id: "A", pc: true, held: 6 },
        { id: "B", pc: false },
      ],
      { A: [2], B: [5] },
    );
    expect(code(challenge(s, "A", true))).toBe("notCalled");
    const called = ok(advance(s, noRoll));
    expect(code(challenge(called, "B", true))).toBe("ownAct");
    const noHeld = ok(
      advance(
        round(
          [
            { id: "A", pc: true },
            { id: "B", pc: false },
          ],
          { A: [2], B: [5] },
        ),
        noRoll,
      ),
    );
    expect(code(challenge(noHeld, "A", true))).toBe("notHolding");
  });

  it("CD-13: spending the held die with an empty hand turns the round Closing", () => {
    const s = round(
      [
        { id: "A", pc: true, held: 6 },
        { id: "B", pc: false },
      ],
      { A: [], B: [5, 4] },
    );
    expect(s.phase).toBe("countdown");
    const acted = ok(choose(ok(advance(s, noRoll)), { kind: "act" }));
    const step = interrupt(acted, "A");
    expect(step.ok && step.events).toContainEqual({ type: "closingBegan", after: 1 });
  });

  it("CD-13 carry-over: a held die survives the Close into the next round", () => {
    let s = round(
      [
        { id: "A", pc: true },
        { id: "B", pc: false },
      ],
      { A: [6, 2], B: [3] },
    );
    s = ok(choose(ok(advance(s, noRoll)), { kind: "hold" }));
    s = ok(endRound(s));
    s = ok(startRound(s, { A: [4], B: [4] }));
    expect(who(s, "A").held).toBe(6);
  });

  it("CD-13: with nothing callable, holders may still interrupt until the next call Closes the round", () => {
    let s = round(
      [
        { id: "A", pc: true, held: 6 },
        { id: "B", pc: false },
      ],
      { A: [1], B: [4] },
    );
    s = ok(choose(ok(advance(s, noRoll)), { kind: "act" }));
    expect(s.phase).toBe("closing");
    s = ok(interrupt(s, "A"));
    expect(who(s, "A").held).toBeNull();
  });
});

describe("CD-18 (b) table order helper", () => {
  it("CD-18 (b): every active participant in CD-5 order, empty hands included", () => {
    const ps = [
      { ...newParticipant({ id: "a", pc: false }), hand: [] as number[] },
      { ...newParticipant({ id: "b", pc: true }), hand: [3] },
      { ...newParticipant({ id: "c", pc: true, active: false }), hand: [6] },
    ];
    expect(tableOrder(ps)).toEqual(["b", "a"]);
  });
});

describe("refused moves change nothing", () => {
  it("CD-5, CD-14: a called participant whose usable dice burned away cannot Act or Hold, but may Pass", () => {
    let s = ok(
      advance(
        round(
          [
            { id: "A", pc: true },
            { id: "B", pc: false },
          ],
          { A: [5, 1], B: [2] },
        ),
        noRoll,
      ),
    );
    s = ok(burn(s, "A", 1));
    expect(code(choose(s, { kind: "act" }))).toBe("noUsableDie");
    expect(code(choose(s, { kind: "hold" }))).toBe("noUsableDie");
    expect(ok(choose(s, { kind: "pass", die: 1 })).current).toBeNull();
  });

  it("CD-9: a +1 with no 1 in hand is refused for a completed pool, an interrupt and a challenge", () => {
    const s = round(
      [
        { id: "A", pc: true, held: 6 },
        { id: "B", pc: false, held: 5 },
      ],
      { A: [4], B: [5, 4] },
    );
    const called = ok(advance(s, noRoll));
    expect(called.current).toBe("B");
    expect(code(choose(called, { kind: "actHeld", plusOne: true }))).toBe("noOneInHand");
    expect(code(challenge(called, "A", true, { plusOne: true }))).toBe("noOneInHand");
    const acted = ok(choose(called, { kind: "actHeld" }));
    expect(code(interrupt(acted, "A", { plusOne: true }))).toBe("noOneInHand");
    const pooled = ok(advance(round([{ id: "C", pc: true }], { C: [5] }), noRoll));
    expect(code(choose(pooled, { kind: "accumulate", action: light, die: 5, plusOne: true }))).toBe(
      "noOneInHand",
    );
  });

  it("CD-1: nothing happens in a Closed round", () => {
    const closed = createCountdown([{ id: "A", pc: true, held: 6 }]);
    expect(code(choose(closed, { kind: "act" }))).toBe("roundClosed");
    expect(code(interrupt(closed, "A"))).toBe("roundClosed");
    expect(code(challenge(closed, "A", true))).toBe("roundClosed");
    expect(code(advance(closed, noRoll))).toBe("roundClosed");
  });
});
