/** CD-2, CD-3, CD-14, CD-15, CD-17, CD-20 and joining/leaving: changes from outside a call. */
import { describe, expect, it } from "vitest";
import {
  abandonPool,
  addParticipant,
  advance,
  burn,
  burnHand,
  burnInstead,
  choose,
  consumePending,
  createCountdown,
  dropOut,
  keepHighest,
  loseTurn,
  mustDefend,
  reactiveDefence,
  recoverStun,
  rejoin,
  rollPool,
  setStunned,
  soak,
  spendOne,
  startRound,
  swapKept,
  turnMoments,
  usePending,
  type ParticipantInit,
  type Step,
} from "../../src/rules/countdown";
import { ok, code, who } from "../support/countdown";
import { noRoll, scripted } from "../support/dice";

const round = (inits: ParticipantInit[], hands: Record<string, number[]>) =>
  ok(startRound(createCountdown(inits), hands));
const duo = (a: number[], b: number[] = [6, 6], init: Partial<ParticipantInit> = {}) =>
  round(
    [
      { id: "A", pc: true, ...init },
      { id: "B", pc: false },
    ],
    { A: a, B: b },
  );

describe("CD-2, CD-3 rolling", () => {
  it("CD-2 Alert: one die showing 1 is re-rolled once", () => {
    const r = rollPool({ spades: 5, alert: true }, scripted([1, 1, 4, 3, 5]));
    expect(r.kept).toEqual([5, 4, 3, 1]);
    expect(r.alertUsed).toBe(true);
    const none = rollPool({ spades: 5, alert: true }, scripted([2, 2, 4, 3]));
    expect(none.alertUsed).toBe(false);
  });

  it("CD-3: a lone die re-rolls every 1; a broken source that never stops is reported", () => {
    expect(rollPool({ spades: 0, modifier: -5 }, scripted([1, 1, 1, 2])).kept).toEqual([2]);
    expect(() => rollPool({ spades: 0, modifier: -5 }, () => 1)).toThrow(/ones in a row/);
  });

  it("CD-3: the highest 8 are kept by default; the owner may keep others before the first call", () => {
    expect(keepHighest([1, 6, 2, 5, 3, 4, 2, 2, 6, 1])).toEqual({
      kept: [6, 6, 5, 4, 3, 2, 2, 2],
      unkept: [1, 1],
    });
    const roll = rollPool({ spades: 13, modifier: 3 }, scripted([6, 6, 5, 4, 3, 2, 2, 2, 1]));
    let s = ok(startRound(createCountdown([{ id: "A", pc: true }]), { A: roll }));
    expect(who(s, "A").unkept).toEqual([1]);
    const swapped = swapKept(s, "A", [6, 6, 5, 4, 3, 2, 2, 1]);
    expect(who(ok(swapped), "A").hand).toEqual([6, 6, 5, 4, 3, 2, 2, 1]);
    expect(who(ok(swapped), "A").unkept).toEqual([2]);
    expect(code(swapKept(s, "A", [6, 6, 5, 4, 3, 2, 1, 1]))).toBe("badKeep");
    expect(code(swapKept(s, "A", [6, 6, 5]))).toBe("badKeep");
    s = ok(advance(s, noRoll));
    expect(code(swapKept(s, "A", [6, 6, 5, 4, 3, 2, 2, 1]))).toBe("afterFirstCall");
    expect(code(swapKept(createCountdown([{ id: "A", pc: true }]), "A", []))).toBe("roundClosed");
  });
});

describe("CD-14 Burn", () => {
  it("CD-14: Burn N turns the lowest usable dice into 1s by default", () => {
    expect(burnHand([6, 4, 3, 1], 2)).toEqual([6, 1, 1, 1]);
  });

  it("CD-14: the owner may choose which usable dice burn", () => {
    expect(burnHand([6, 4, 3, 1], 1, [6])).toEqual([4, 3, 1, 1]);
    expect(burnHand([6, 4, 3, 1], 1, [5])).toBeNull();
    expect(burnHand([6, 4, 3, 1], 1, [1])).toBeNull();
    expect(burnHand([6, 4, 3, 1], 2, [6])).toBeNull();
  });

  it("CD-14: after a default Burn the owner burns another die instead, N unchanged; a named Burn is final", () => {
    const burned = ok(burn(duo([6, 4, 3, 1]), "A", 2));
    expect(who(burned, "A")).toMatchObject({ hand: [6, 1, 1, 1], burnedFrom: [4, 3] });
    const moved = burnInstead(burned, "A", 6);
    expect(moved.ok && moved.events).toEqual([{ type: "burnMoved", id: "A", burned: 6, restored: 4 }]);
    expect(who(ok(moved), "A")).toMatchObject({ hand: [4, 1, 1, 1], burnedFrom: [6, 3] });
    // The die that would come back, a 1, or a die not in hand is refused.
    expect(code(burnInstead(ok(moved), "A", 6))).toBe("notUsable");
    expect(code(burnInstead(ok(moved), "A", 1))).toBe("notUsable");
    expect(code(burnInstead(burned, "A", 5))).toBe("dieNotInHand");
    expect(code(burnInstead(ok(burn(duo([6, 4, 3]), "A", 1, [6])), "A", 4))).toBe("notBurned");
    expect(code(burnInstead(duo([6, 4]), "A", 6))).toBe("notBurned");
  });

  it("CD-14: the next call closes every open window to burn another die instead", () => {
    const burned = ok(burn(ok(burn(duo([6, 4, 3, 1], [5, 2]), "A", 1)), "B", 1));
    expect([who(burned, "A").burnedFrom, who(burned, "B").burnedFrom]).toEqual([[3], [2]]);
    const called = ok(advance(burned, noRoll));
    expect([who(called, "A").burnedFrom, who(called, "B").burnedFrom]).toEqual([[], []]);
    expect(code(burnInstead(called, "A", 6))).toBe("notBurned");
  });

  it("CD-14: a point falling on only 1s discards a 1; on an empty hand nothing happens", () => {
    expect(burnHand([1, 1, 1], 1)).toEqual([1, 1]);
    expect(burnHand([3, 1], 3)).toEqual([]);
    expect(burnHand([], 2)).toEqual([]);
  });

  it("CD-14, CD-11: a Burn that empties the hand turns the round Closing", () => {
    const step = burn(duo([1]), "A", 1);
    expect(step.ok && step.events).toEqual([
      { type: "burned", id: "A", hand: [] },
      { type: "closingBegan", after: 0 },
    ]);
    expect(code(burn(duo([1]), "A", -1))).toBe("badValue");
    expect(code(burn(duo([4]), "A", 1, [5]))).toBe("dieNotInHand");
    expect(code(burn(duo([4]), "Z", 1))).toBe("unknownParticipant");
  });
});

describe("CD-15 uses of 1s and reactions", () => {
  it("CD-15 Pressure: a 1 marks one enemy, at most one pending per target", () => {
    const s = ok(spendOne(duo([4, 1, 1]), "A", "pressure", "B"));
    expect(who(s, "B").pressured).toBe(true);
    expect(who(s, "A").hand).toEqual([4, 1]);
    expect(code(spendOne(s, "A", "pressure", "B"))).toBe("pendingAlready");
    expect(code(spendOne(s, "A", "pressure"))).toBe("unknownParticipant");
    expect(code(spendOne(s, "A", "pressure", "A"))).toBe("unknownParticipant");
    expect(code(spendOne(s, "A", "pressure", "Z"))).toBe("unknownParticipant");
    expect(who(ok(consumePending(s, "B", "pressure")), "B").pressured).toBe(false);
    expect(code(consumePending(s, "A", "pressure"))).toBe("notPending");
    expect(code(consumePending(s, "Z", "pressure"))).toBe("unknownParticipant");
  });

  it("CD-15 Effort: a 1 for +2 to one's own next roll, at most one pending; needs a 1", () => {
    const s = ok(spendOne(duo([4, 1, 1]), "A", "effort"));
    expect(who(s, "A").effort).toBe(true);
    expect(code(spendOne(s, "A", "effort"))).toBe("pendingAlready");
    expect(who(ok(consumePending(s, "A", "effort")), "A").effort).toBe(false);
    expect(code(spendOne(duo([4]), "A", "effort"))).toBe("noOneInHand");
    expect(code(spendOne(duo([4]), "Z", "effort"))).toBe("unknownParticipant");
  });

  it("CD-15: a test uses up exactly the Effort and Pressure it counted, all or nothing", () => {
    const marked = ok(spendOne(ok(spendOne(duo([4, 1, 1], [5, 1]), "A", "effort")), "B", "pressure", "A"));
    const both = ok(usePending(marked, "A", { effort: true, pressure: true }));
    expect(who(both, "A")).toMatchObject({ effort: false, pressured: false });
    const effortOnly = ok(usePending(marked, "A", { effort: true, pressure: false }));
    expect(who(effortOnly, "A")).toMatchObject({ effort: false, pressured: true });
    // A second roll that counted the Effort finds it gone: refused, and the Pressure stays.
    expect(code(usePending(effortOnly, "A", { effort: true, pressure: true }))).toBe("notPending");
    expect(code(usePending(marked, "A", { effort: false, pressure: false }))).toBe("notPending");
    expect(code(usePending(marked, "Z", { effort: true, pressure: false }))).toBe("unknownParticipant");
  });

  it("CD-15 Soak: discard a 1, or burn one usable die", () => {
    expect(who(ok(soak(duo([4, 1]), "A", "one")), "A").hand).toEqual([4]);
    expect(who(ok(soak(duo([4, 3]), "A", "burn")), "A").hand).toEqual([4, 1]);
    expect(who(ok(soak(duo([4, 3]), "A", "burn", 4)), "A").hand).toEqual([3, 1]);
    expect(code(soak(duo([4]), "A", "one"))).toBe("noOneInHand");
    expect(code(soak(duo([1]), "A", "burn"))).toBe("noUsableDie");
    expect(code(soak(duo([1]), "Z", "burn"))).toBe("unknownParticipant");
  });

  it("CD-15 reactive defence: discards the highest usable die, never while Defenseless", () => {
    expect(who(ok(reactiveDefence(duo([5, 2]), "A", false)), "A").hand).toEqual([2]);
    expect(code(reactiveDefence(duo([5, 2]), "A", true))).toBe("defenseless");
    expect(code(reactiveDefence(duo([1]), "A", false))).toBe("noUsableDie");
    expect(code(reactiveDefence(duo([]), "A", false))).toBe("noUsableDie");
    expect(code(reactiveDefence(duo([]), "Z", false))).toBe("unknownParticipant");
  });
});

describe("CD-17 Stunned", () => {
  it("CD-17: becoming Stunned loses the discard pool and the held die", () => {
    const s = duo([4, 1], [6], { held: 5, pool: { action: "attack:great", speed: 6, dice: [3] } });
    const step = setStunned(s, "A", true);
    expect(step.ok && step.events).toEqual([
      { type: "poolLost", id: "A" },
      { type: "heldLost", id: "A" },
    ]);
    const stunned = who(ok(step), "A");
    expect(stunned).toMatchObject({ stunned: true, pool: null, held: null, hand: [4, 1] });
    expect(code(setStunned(s, "Z", true))).toBe("unknownParticipant");
  });

  it("CD-17, CD-11: losing the held die with an empty hand turns the round Closing", () => {
    const s = duo([], [6], { held: 5 });
    expect(s.phase).toBe("countdown");
    expect(ok(setStunned(s, "A", true)).phase).toBe("closing");
  });

  it("CD-17: already Stunned, or recovering, changes only the flag", () => {
    const s = ok(setStunned(duo([4]), "A", true));
    expect(ok(setStunned(s, "A", true))).toEqual(s);
    expect(who(ok(setStunned(s, "A", false)), "A").stunned).toBe(false);
  });

  it("CD-15, CD-17: a 1 buys a ♥ recovery save; success ends Stunned", () => {
    const s = ok(setStunned(duo([4, 1, 1]), "A", true));
    const saved = ok(recoverStun(s, "A", true));
    expect(who(saved, "A")).toMatchObject({ stunned: false, hand: [4, 1] });
    const failed = ok(recoverStun(s, "A", false));
    expect(who(failed, "A")).toMatchObject({ stunned: true, hand: [4, 1] });
    expect(code(recoverStun(duo([4, 1]), "A", true))).toBe("notStunned");
    expect(code(recoverStun(ok(setStunned(duo([4]), "A", true)), "A", true))).toBe("noOneInHand");
  });
});

describe("leaving, joining, pools, losing a turn", () => {
  it("CD-11: dropping out (Unconscious, dead, gone) never turns the round Closing", () => {
    const s = duo([4], [6], { held: 5 });
    const out = ok(dropOut(s, "A"));
    expect(out.phase).toBe("countdown");
    expect(who(out, "A")).toMatchObject({ active: false, hand: [], held: null, pool: null });
    expect(code(dropOut(out, "A"))).toBe("inactive");
    expect(code(burn(out, "A", 1))).toBe("inactive");
  });

  it("CD-11: a called participant that drops out is no longer awaited", () => {
    const called = ok(advance(duo([4], [6]), noRoll));
    expect(called.current).toBe("B");
    const out = ok(dropOut(called, "B"));
    expect(out.current).toBeNull();
    expect(ok(advance(out, noRoll)).current).toBe("A");
  });

  it("CD-2: rejoining happens between rounds only", () => {
    const out = ok(dropOut(duo([4], [6]), "A"));
    expect(code(rejoin(out, "A"))).toBe("roundInProgress");
    expect(code(rejoin(out, "Z"))).toBe("unknownParticipant");
    const closed = ok(advance(ok(choose(ok(advance(out, noRoll)), { kind: "act" })), scripted([2])));
    expect(closed.phase).toBe("closed");
    expect(who(ok(rejoin(closed, "A")), "A").active).toBe(true);
  });

  it("a combatant added mid-round brings its dice; added with none it turns the round Closing", () => {
    const s = duo([4], [6]);
    const joined = ok(addParticipant(s, { id: "C", pc: false }, [3, 5]));
    expect(who(joined, "C").hand).toEqual([5, 3]);
    expect(joined.phase).toBe("countdown");
    expect(ok(addParticipant(s, { id: "C", pc: false })).phase).toBe("closing");
    expect(code(addParticipant(s, { id: "A", pc: false }))).toBe("duplicate");
    expect(code(addParticipant(s, { id: "C", pc: false }, [9]))).toBe("badValue");
    const between = ok(addParticipant(createCountdown([]), { id: "C", pc: false }, [4]));
    expect(who(between, "C").hand).toEqual([]);
  });

  it("CD-8: abandoning the named action loses the pool", () => {
    const s = duo([4], [6], { pool: { action: "cast:fire", speed: 6, dice: [3] } });
    const step = abandonPool(s, "A");
    expect(step.ok && step.events).toEqual([{ type: "poolLost", id: "A" }]);
    expect(ok(abandonPool(ok(step), "A"))).toEqual(ok(step));
    expect(code(abandonPool(s, "Z"))).toBe("unknownParticipant");
  });

  it("CD-20: losing the next turn discards the hand now, which may turn the round Closing", () => {
    const s = ok(loseTurn(duo([4, 2]), "A"));
    expect(who(s, "A").hand).toEqual([]);
    expect(s.phase).toBe("closing");
    const holding = ok(loseTurn(duo([4, 2], [6], { held: 3 }), "A"));
    expect(holding.phase).toBe("countdown");
    expect(code(loseTurn(s, "Z"))).toBe("unknownParticipant");
  });
});

describe("CD-20 turn phrases", () => {
  it("CD-20: the first call starts the turn; each Act ends one; the first Act, or the Close, ticks", () => {
    let s = duo([5, 4], [6]);
    const moments: ReturnType<typeof turnMoments> = [];
    const run = (step: Step) => {
      moments.push(...turnMoments(step.ok ? step.events : []));
      return ok(step);
    };
    s = run(advance(s, noRoll)); // B first call
    s = run(choose(s, { kind: "pass", die: 6 })); // B passes; B's hand is empty: Closing
    s = run(advance(s, scripted([5]))); // A 5 ≥ Closing die?
    s = run(choose(s, { kind: "act" }));
    s = run(advance(s, scripted([4])));
    s = run(choose(s, { kind: "act" }));
    const closed = advance(s, scripted([3]));
    s = run(closed);
    expect(s.phase).toBe("closed");
    // CD-19: the reached value is the Closed event's (the world hides the die).
    expect(closed.ok && closed.events).toContainEqual(
      expect.objectContaining({ type: "closed", closingValue: 3 }),
    );
    expect(moments).toEqual([
      { id: "B", hook: "turnStart" },
      { id: "A", hook: "turnStart" },
      { id: "A", hook: "actEnd" },
      { id: "A", hook: "tick" },
      { id: "A", hook: "actEnd" },
      { id: "B", hook: "tick" },
    ]);
  });

  it("CD-20: a Guarded participant's first Act must include Defend", () => {
    const s = duo([5, 4]);
    expect(mustDefend(who(s, "A"), true)).toBe(true);
    expect(mustDefend(who(s, "A"), false)).toBe(false);
    expect(mustDefend({ ...who(s, "A"), acts: 1 }, true)).toBe(false);
  });
});

describe("refused outside effects", () => {
  it("an unknown or departed participant can neither spend a 1 nor swap its kept dice", () => {
    const s = duo([4, 1]);
    expect(code(recoverStun(s, "Z", true))).toBe("unknownParticipant");
    expect(code(soak(s, "Z", "one"))).toBe("unknownParticipant");
    expect(code(swapKept(s, "Z", [4, 1]))).toBe("unknownParticipant");
  });

  it("a combatant added during a round-table round joins the end of the table", () => {
    const s = ok(startRound(createCountdown([{ id: "A", pc: true }], { roundTable: true }), { A: [4] }));
    const joined = ok(addParticipant(s, { id: "C", pc: false }, [6]));
    expect(joined.table?.order).toEqual(["A", "C"]);
    const inactive = ok(addParticipant(s, { id: "D", pc: false, active: false }, []));
    expect(inactive.table?.order).toEqual(["A"]);
  });
});
