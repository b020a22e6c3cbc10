/**
 * CD-18 options run end to end through the GM's dispatch, as the tracker's requests reach it: (a) secret
 * bids, (b) the round table, (c) lowering the Closing die, (d) combining dice; each refused when a
 * player asks for another's combatant, at the wrong moment, or twice.
 */
import { describe, expect, it } from "vitest";
import type { Requester } from "../../../src/rules/round/authority";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import { closedBids, openBidders } from "../../../src/rules/round/countdown-options";
import type { RoundSettings } from "../../../src/rules/round/state";
import type { CountdownOptions } from "../../../src/rules/countdown/types";
import { applied, COUNTDOWN, facts, GM_REQUESTER as GM, roundOne, scriptedDice } from "../../support/combat";

const player = (own: string): Requester => ({ isGM: false, owns: (id) => id === own });
const PCS = [facts("P1", { pc: true, playerOwned: true }), facts("P2", { pc: true, playerOwned: true })];

/** A countdown combat of `all` (4 dice each at ♠7, fewer with a pool modifier) with round 1 started and stances shown. */
function started(options: Partial<CountdownOptions>, all = [...PCS, facts("M1")], dice: number[] = []) {
  const settings: RoundSettings = { ...COUNTDOWN, countdown: options };
  const d = scriptedDice({ 6: dice });
  let s = roundOne(settings, all, d);
  s = applied(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, d));
  return { s, d };
}

const hand = (s: CombatSnapshot, id: string) =>
  s.state.countdown!.participants.find((p) => p.id === id)!.hand;

describe("CD-18 (a) bidding through the tracker's requests", () => {
  const dice = [6, 4, 2, 1, 5, 5, 3, 1, 4, 3, 2, 2]; // P1, P2, M1

  it("a player bids secretly for its own PC: the stored state says only who has bid", () => {
    const { s, d } = started({ bidding: true }, undefined, dice);
    expect(openBidders(s.state)).toEqual(["P1", "P2"]);
    const bid = applied(
      dispatch(s, { kind: "bid", combatId: "x", combatantId: "P1", die: 4 }, player("P1"), d),
    );
    expect(bid.state.bidders).toEqual(["P1"]);
    expect(bid.bids).toEqual({ P1: 4 });
    expect(JSON.stringify(bid.state)).not.toMatch(/"bids"/);
    // It may change its bid before the call resolves; it is still one bidder.
    const changed = applied(
      dispatch(bid, { kind: "bid", combatId: "x", combatantId: "P1", die: 6 }, player("P1"), d),
    );
    expect(changed.state.bidders).toEqual(["P1"]);
    expect(changed.bids).toEqual({ P1: 6 });
  });

  it("refuses a player bidding for another's combatant, an NPC's bid, a 1, a die not in hand, and bids while someone is called", () => {
    const { s, d } = started({ bidding: true }, undefined, dice);
    const bid = (combatantId: string, die: number, who: Requester = GM, at = s) =>
      dispatch(at, { kind: "bid", combatId: "x", combatantId, die }, who, d);
    expect(bid("P2", 5, player("P1"))).toEqual({ ok: false, code: "notOwner" });
    expect(bid("M1", 4)).toEqual({ ok: false, code: "notBidder" });
    expect(bid("P1", 1)).toEqual({ ok: false, code: "badBid" });
    expect(bid("P1", 5)).toEqual({ ok: false, code: "badBid" });
    const called = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
    expect(bid("P2", 5, GM, called)).toEqual({ ok: false, code: "biddingClosed" });
    const off = started({}, undefined, dice);
    expect(
      dispatch(off.s, { kind: "bid", combatId: "x", combatantId: "P1", die: 4 }, player("P1"), off.d),
    ).toEqual({ ok: false, code: "optionOff" });
  });

  it("the GM's next call resolves the bids: the highest bid acts with that die, losing bids stay in hand, the ballot starts afresh", () => {
    const scene = started({ bidding: true }, undefined, dice);
    let s = scene.s;
    const d = scene.d;
    s = applied(dispatch(s, { kind: "bid", combatId: "x", combatantId: "P1", die: 4 }, player("P1"), d));
    s = applied(dispatch(s, { kind: "bid", combatId: "x", combatantId: "P2", die: 5 }, player("P2"), d));
    const log: LogEntry[] = [];
    s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d), log);
    expect(s.state.countdown).toMatchObject({ current: "P2", bid: 5 });
    expect(log).toContainEqual({ key: "BidWon", data: { id: "P2", die: 5 } });
    expect(s.state.bidders).toEqual([]);
    expect(s.bids).toEqual({});
    s = applied(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "P2", choice: { kind: "act" } },
        player("P2"),
        d,
      ),
    );
    expect(hand(s, "P2")).toEqual([5, 3, 1]);
    expect(hand(s, "P1")).toEqual([6, 4, 2, 1]);
  });

  it("the NPC side offers its best key; a player who has not bid when the GM closes bidding bids its highest die [design]", () => {
    const scene = started({ bidding: true }, undefined, [4, 3, 2, 1, 3, 3, 2, 1, 6, 3, 2, 2]);
    let s = scene.s;
    const d = scene.d;
    s = applied(dispatch(s, { kind: "bid", combatId: "x", combatantId: "P1", die: 4 }, player("P1"), d));
    expect(closedBids(s.state, s.bids!)).toEqual({ P1: 4, P2: 3 });
    s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
    expect(s.state.countdown).toMatchObject({ current: "M1", bid: null });
    expect(hand(s, "P1")).toEqual([4, 3, 2, 1]);
  });

  it("cdNoRepeat: the last winner does not bid at the next call", () => {
    const scene = started({ bidding: true, noRepeat: true }, undefined, dice);
    let s = scene.s;
    const d = scene.d;
    s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
    expect(s.state.countdown!.current).toBe("P1");
    s = applied(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "P1", choice: { kind: "act" } },
        GM,
        d,
      ),
    );
    expect(openBidders(s.state)).toEqual(["P2"]);
    expect(dispatch(s, { kind: "bid", combatId: "x", combatantId: "P1", die: 4 }, player("P1"), d)).toEqual({
      ok: false,
      code: "notBidder",
    });
  });
});

describe("CD-18 (b) round table through the GM's next call", () => {
  it("calls in the order fixed at round start, cyclically, where CD-5 would call the highest die", () => {
    const scene = started({ roundTable: true }, undefined, [6, 2, 2, 2, 5, 5, 5, 5, 3, 3, 3, 3]);
    let s = scene.s;
    const d = scene.d;
    expect(s.state.countdown!.table).toEqual({ order: ["P1", "P2", "M1"], next: 0 });
    const calls: string[] = [];
    for (let i = 0; i < 4; i++) {
      s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
      const id = s.state.countdown!.current!;
      calls.push(id);
      s = applied(
        dispatch(
          s,
          { kind: "countdownChoice", combatId: "x", combatantId: id, choice: { kind: "act" } },
          GM,
          d,
        ),
      );
    }
    // Without the table the fourth call would be P2 (5 beats P1's 2).
    expect(calls).toEqual(["P1", "P2", "M1", "P1"]);
  });
});

describe("CD-18 (c) lowering the Closing die", () => {
  // M1 rolls one die (GM −3), spends it, and the round is Closing; the next comparison draws the
  // highest face, so P1's 3 does not reach the Closing die and the lowering is offered.
  const all = [...PCS, facts("M1", { poolModifier: -3 })];
  const reached = () => {
    const scene = started({ lowerClosing: true }, all, [3, 2, 1, 1, 3, 3, 2, 1, 6, 6]);
    let s = scene.s;
    const d = scene.d;
    s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
    expect(s.state.countdown!.current).toBe("M1");
    s = applied(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "M1", choice: { kind: "act" } },
        GM,
        d,
      ),
    );
    const log: LogEntry[] = [];
    s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d), log);
    expect(s.state.countdown).toMatchObject({ phase: "closing", lowering: true, current: null });
    expect(log).toContainEqual({ key: "LoweringOffered", data: {} });
    return { s, d };
  };

  it("each owner spends one die secretly; a second spend and another's spend are refused", () => {
    const { s, d } = reached();
    const spend = (combatantId: string, die: number, who: Requester, at = s) =>
      dispatch(at, { kind: "lowerClosing", combatId: "x", combatantId, die }, who, d);
    expect(spend("P2", 3, player("P1"))).toEqual({ ok: false, code: "notOwner" });
    expect(spend("P1", 5, player("P1"))).toEqual({ ok: false, code: "badSpend" });
    const one = applied(spend("P1", 1, player("P1")));
    expect(one.state.lowered).toEqual(["P1"]);
    expect(one.spends).toEqual({ P1: 1 });
    expect(hand(one, "P1")).toEqual([3, 2, 1, 1]);
    expect(spend("P1", 2, player("P1"), one)).toEqual({ ok: false, code: "alreadyLowered" });
    // M1 has no dice left: it cannot spend.
    expect(spend("M1", 1, GM, one)).toEqual({ ok: false, code: "badSpend" });
  });

  it("the GM resolves the spends: the die is lowered without its value ever being stored, and the calls go on", () => {
    const { s, d } = reached();
    let t = applied(
      dispatch(s, { kind: "lowerClosing", combatId: "x", combatantId: "P1", die: 1 }, player("P1"), d),
    );
    expect(dispatch(t, { kind: "resolveLowering", combatId: "x" }, player("P1"), d)).toEqual({
      ok: false,
      code: "gmOnly",
    });
    const log: LogEntry[] = [];
    t = applied(dispatch(t, { kind: "resolveLowering", combatId: "x" }, GM, d), log);
    expect(log).toContainEqual({ key: "ClosingLowered", data: { by: 1 } });
    expect(t.state.countdown).toMatchObject({
      lowering: false,
      closing: { weights: [0, 0, 1, 1, 1, 0], value: null },
    });
    expect(t.state.lowered).toEqual([]);
    expect(t.spends).toEqual({});
    expect(hand(t, "P1")).toEqual([3, 2, 1]);
    expect(
      dispatch(t, { kind: "lowerClosing", combatId: "x", combatantId: "P2", die: 1 }, player("P2"), d),
    ).toEqual({ ok: false, code: "notLowering" });
  });

  it("once everyone who may spend has spent, the lowering resolves by itself; with no spend the round Closes", () => {
    const { s, d } = reached();
    let t = applied(
      dispatch(s, { kind: "lowerClosing", combatId: "x", combatantId: "P1", die: 1 }, player("P1"), d),
    );
    t = applied(
      dispatch(t, { kind: "lowerClosing", combatId: "x", combatantId: "P2", die: 1 }, player("P2"), d),
    );
    expect(t.state.countdown).toMatchObject({
      lowering: false,
      closing: { weights: [0, 1, 1, 1, 0, 0], value: null },
    });
    const none = applied(dispatch(s, { kind: "resolveLowering", combatId: "x" }, GM, d));
    expect(none.state.countdown!.phase).toBe("closed");
  });
});

describe("CD-18 (d) combining dice", () => {
  const all = [...PCS, facts("M1", { poolModifier: -3 })];

  it("refused outside Closing, for another's combatant and with the option off; once Closing two dice become their sum", () => {
    const scene = started({ combine: true }, all, [3, 2, 1, 1, 3, 3, 2, 1, 6]);
    let s = scene.s;
    const d = scene.d;
    const combine = (combatantId: string, dice: [number, number], who: Requester, at = s) =>
      dispatch(at, { kind: "combine", combatId: "x", combatantId, dice }, who, d);
    expect(combine("P1", [2, 1], player("P1"))).toEqual({ ok: false, code: "countdown.notClosing" });
    s = applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
    s = applied(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "M1", choice: { kind: "act" } },
        GM,
        d,
      ),
    );
    expect(s.state.countdown!.phase).toBe("closing");
    expect(combine("P1", [2, 1], player("P2"))).toEqual({ ok: false, code: "notOwner" });
    expect(combine("P1", [3, 3], player("P1"))).toEqual({ ok: false, code: "countdown.dieNotInHand" });
    const log: LogEntry[] = [];
    const done = applied(combine("P1", [2, 1], player("P1")), log);
    expect(hand(done, "P1")).toEqual([3, 3, 1]);
    expect(log).toEqual([{ key: "Combined", data: { id: "P1", dice: "2 + 1" } }]);
    const off = started({}, all, [3, 2, 1, 1, 3, 3, 2, 1, 6]);
    expect(
      dispatch(
        off.s,
        { kind: "combine", combatId: "x", combatantId: "P1", dice: [2, 1] },
        player("P1"),
        off.d,
      ),
    ).toEqual({ ok: false, code: "countdown.optionOff" });
  });
});
