/** RULES.md §18 worked examples EX-CD-1 to EX-CD-4, each as a test named after its ID. */
import { describe, expect, it } from "vitest";
import {
  actionSpeed,
  advance,
  choose,
  countdownRoundCalls,
  createCountdown,
  playRound,
  actWithHighest,
  poolBounds,
  poolSize,
  purchase,
  rollPool,
  setClosingValue,
  startRound,
  type CountdownState,
  type RoundInput,
} from "../../src/rules/countdown";
import { ok } from "../support/countdown";
import { noRoll, scripted } from "../support/dice";

/** A RollDie that returns the given results in order and records the faces it was asked for. */
describe("EX-CD-1 pools", () => {
  it("EX-CD-1: ♠10 gives 5 dice; ♠13 and Slowed gives 4 + 1 + 1 − 1 = 5", () => {
    expect(poolSize({ spades: 10 })).toBe(5);
    expect(poolSize({ spades: 13, slowed: true })).toBe(5);
  });

  it("EX-CD-1: ♠6, Slowed, GM −4 is a pool of −1: one die, a 1 re-rolled to 4", () => {
    const size = poolSize({ spades: 6, slowed: true, modifier: -4 });
    expect(size).toBe(-1);
    expect(poolBounds(size)).toEqual({ rolled: 1, kept: 1 });
    const roll = scripted([1, 4]);
    expect(rollPool({ spades: 6, slowed: true, modifier: -4 }, roll).kept).toEqual([4]);
    expect(roll.faces).toEqual([6, 6]);
  });

  it("EX-CD-1: a pool of 10 rolling 6,6,5,4,4,3,2,2,1,1 keeps 6,6,5,4,4,3,2,2", () => {
    const input = { spades: 13, modifier: 4 };
    expect(poolSize(input)).toBe(10);
    const result = rollPool(input, scripted([1, 4, 6, 2, 5, 1, 3, 6, 2, 4]));
    expect(result.kept).toEqual([6, 6, 5, 4, 4, 3, 2, 2]);
    expect(result.unkept).toEqual([1, 1]);
    expect(result.rolled).toHaveLength(10);
  });
});

describe("EX-CD-2 discard pool", () => {
  const heavy = { action: "attack:heavy", speed: actionSpeed({ kind: "attack", weapon: "heavy" }) as number };
  const alone = (): CountdownState =>
    ok(startRound(createCountdown([{ id: "A", pc: true }]), { A: [4, 3, 1] }));

  it("EX-CD-2: a Heavy weapon has speed 5", () => {
    expect(heavy.speed).toBe(5);
  });

  it("EX-CD-2 option 1: Accumulate 4 counts as a pass, then 4 + 3 = 7 ≥ 5 buys the attack and a Minor", () => {
    let s = ok(advance(alone(), noRoll));
    expect(s.current).toBe("A");
    const first = choose(s, { kind: "accumulate", action: heavy, die: 4 });
    s = ok(first);
    expect(first.ok && first.events).toEqual([{ type: "accumulated", id: "A", die: 4, total: 4 }]);
    expect(s.participants[0].pool).toEqual({ action: "attack:heavy", speed: 5, dice: [4] });
    expect(s.participants[0].acts).toBe(0);
    s = ok(advance(s, noRoll));
    const second = choose(s, { kind: "accumulate", action: heavy, die: 3 });
    s = ok(second);
    expect(second.ok && second.events).toContainEqual({
      type: "acted",
      id: "A",
      value: 7,
      purchase: { standard: true, minor: true },
      first: true,
      via: "pool",
    });
    expect(s.participants[0].pool).toBeNull();
    expect(s.participants[0].hand).toEqual([1]);
  });

  it("EX-CD-2 option 2: Act with 4 + 1 (discarding the 1) = 5 buys the attack and a Minor at once", () => {
    const s = ok(advance(alone(), noRoll));
    const step = choose(s, { kind: "act", action: heavy, plusOne: true });
    expect(step.ok && step.events).toContainEqual({
      type: "acted",
      id: "A",
      value: 5,
      purchase: { standard: true, minor: true },
      first: true,
      via: "hand",
    });
    expect(ok(step).participants[0].hand).toEqual([3]);
    // Without the 1 the 4 buys only a Minor.
    expect(purchase(4, heavy.speed)).toEqual({ standard: false, minor: true });
  });
});

const SOURCE: RoundInput[] = [
  { id: "P1", pc: true, dice: [6, 5, 2, 2, 1, 1], spades: 10 },
  { id: "P2", pc: true, dice: [6, 4, 2, 1, 1], spades: 9 },
  { id: "P3", pc: true, dice: [6, 5, 4, 3], spades: 8 },
  { id: "P4", pc: true, dice: [5, 3, 2, 1], spades: 7 },
  { id: "M1", pc: false, dice: [6, 4, 2, 1], spades: 6 },
  { id: "M2", pc: false, dice: [5, 2, 1], spades: 5 },
  { id: "M3", pc: false, dice: [4, 2, 2], spades: 4 },
  { id: "M4", pc: false, dice: [3, 1, 1], spades: 3 },
];
const SOURCE_CALLS = [
  "P1",
  "P2",
  "P3",
  "M1",
  "P1",
  "P4",
  "P3",
  "M2",
  "P2",
  "M1",
  "M3",
  "P3",
  "P4",
  "M4",
  "P3",
];

describe("EX-CD-3 source scenario", () => {
  it("EX-CD-3: fifteen calls, Closing after P3's last die, and a Closing die of 3 Closes the round", () => {
    expect(countdownRoundCalls(SOURCE, 3)).toEqual({ calls: SOURCE_CALLS, closingAfter: 15 });
  });

  it("EX-CD-3: the hands left when Closing begins", () => {
    let s = ok(startRound(createCountdown(SOURCE), Object.fromEntries(SOURCE.map((p) => [p.id, p.dice]))));
    while (s.phase === "countdown") s = ok(choose(ok(advance(s, noRoll)), { kind: "act" }));
    expect(s.phase).toBe("closing");
    expect(Object.fromEntries(s.participants.map((p) => [p.id, p.hand]))).toEqual({
      P1: [2, 2, 1, 1],
      P2: [2, 1, 1],
      P3: [],
      P4: [2, 1],
      M1: [2, 1],
      M2: [2, 1],
      M3: [2, 2],
      M4: [1, 1],
    });
    const closed = ok(advance(ok(setClosingValue(s, 3)), noRoll));
    expect(closed.phase).toBe("closed");
    expect(closed.calls).toEqual(SOURCE_CALLS);
  });

  it("EX-CD-3 variant: with a Closing die of 2 every 2 is called, one call per die, and buys only a Minor", () => {
    const result = countdownRoundCalls(SOURCE, 2);
    expect(result.closingAfter).toBe(15);
    expect(result.calls.slice(15)).toEqual(["P1", "P1", "P2", "P4", "M1", "M2", "M3", "M3"]);
    const start = ok(
      startRound(createCountdown(SOURCE), Object.fromEntries(SOURCE.map((p) => [p.id, p.dice]))),
    );
    const played = playRound(start, actWithHighest, noRoll, 2);
    const after = played.events.filter((e) => e.type === "acted").slice(15);
    expect(after).toHaveLength(8);
    for (const e of after) expect(e.type === "acted" && e.value).toBe(2);
    expect(purchase(2, actionSpeed({ kind: "attack", weapon: "unarmed" }))).toEqual({
      standard: false,
      minor: true,
    });
  });
});

describe("EX-CD-4 tie with the Closing die", () => {
  const participants: RoundInput[] = [
    { id: "A", pc: true, dice: [4, 1] },
    { id: "B", pc: false, dice: [3] },
    { id: "C", pc: false, dice: [] },
  ];

  it("EX-CD-4: Closing die 4: A's 4 ties and is called, then B's 3 < 4 Closes the round", () => {
    expect(countdownRoundCalls(participants, 4)).toEqual({ calls: ["A"], closingAfter: 0 });
  });

  it("EX-CD-4 sampled lazily: the same calls when the draws imply a 4, and the 4 is revealed only at the Close", () => {
    let s = ok(startRound(createCountdown(participants), { A: [4, 1], B: [3] }));
    expect(s.phase).toBe("closing");
    expect(s.closing).toEqual({ weights: [1, 1, 1, 1, 1, 1], value: null });
    // Is the Closing die ≤ 4? Drawn 4 of 6: yes.
    s = ok(advance(s, scripted([4])));
    expect(s.current).toBe("A");
    expect(s.closing).toEqual({ weights: [1, 1, 1, 1, 0, 0], value: null });
    s = ok(choose(s, { kind: "act" }));
    // Is it ≤ 3? Drawn 4 of 4: no, so it is 4 and reached.
    const closed = advance(s, scripted([4]));
    s = ok(closed);
    expect(s.phase).toBe("closed");
    expect(s.calls).toEqual(["A"]);
    // CD-19: the value is the Closed event's; the stored die stays unsampled while the world hides it.
    expect(closed.ok && closed.events).toContainEqual(
      expect.objectContaining({ type: "closed", closingValue: 4 }),
    );
    expect(s.closing?.value).toBeNull();
  });
});
