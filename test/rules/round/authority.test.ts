import { describe, expect, it } from "vitest";
import { validateRequest, type Requester } from "../../../src/rules/round/authority";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import { storedFromRound } from "../../../src/rules/round/stored";
import {
  applied as ok,
  COUNTDOWN,
  EX_CD_3,
  EX_INI_1,
  GM_REQUESTER as GM,
  roundOne,
  scriptedDice,
  SPADES,
} from "../../support/combat";
import { attackScenes } from "../../templates/attack-fixtures";

/** The player who owns only Ana (EX-INI-1) or only P1 (EX-CD-3). */
const player = (own: string): Requester => ({ isGM: false, owns: (id) => id === own });

describe("authority (ARCHITECTURE §3): players change only what they own", () => {
  const dice = scriptedDice();
  const started = roundOne(SPADES, EX_INI_1, dice);

  it("refuses a player declaring another's stance, and accepts its own", () => {
    const other = dispatch(
      started,
      { kind: "declareStance", combatId: "x", combatantId: "bo", stance: "bold" },
      player("ana"),
      dice,
    );
    expect(other).toEqual({ ok: false, code: "notOwner" });
    const own = dispatch(
      started,
      { kind: "declareStance", combatId: "x", combatantId: "ana", stance: "bold" },
      player("ana"),
      dice,
    );
    expect(own.ok).toBe(true);
  });

  it("T-7: a player reveals only its own face-down domino for a ♣ or ♠ save", () => {
    const ask = (combatantId: string) =>
      dispatch(
        started,
        { kind: "revealForSave", combatId: "x", combatantId, suit: "clubs" },
        player("ana"),
        dice,
      );
    expect(ask("orc")).toEqual({ ok: false, code: "notOwner" });
    const own = ask("ana");
    expect(own.ok).toBe(true);
    const ana = own.ok ? own.snapshot.combatants.find((c) => c.id === "ana") : undefined;
    expect(ana?.domino?.state).toBe("revealed");
  });

  it("refuses a player shifting another's stance, forcing the reveal, revealing a domino or starting a round", () => {
    const who = player("ana");
    expect(
      dispatch(
        started,
        { kind: "shiftStance", combatId: "x", combatantId: "orc", stance: "bold" },
        who,
        dice,
      ),
    ).toEqual({ ok: false, code: "notOwner" });
    for (const kind of ["forceReveal", "nextCall", "nextRound"] as const) {
      expect(dispatch(started, { kind, combatId: "x" }, who, dice)).toEqual({ ok: false, code: "gmOnly" });
    }
    expect(dispatch(started, { kind: "revealDomino", combatId: "x", combatantId: "ana" }, who, dice)).toEqual(
      { ok: false, code: "gmOnly" },
    );
  });

  it("refuses a player applying damage", () => {
    expect(validateRequest({ kind: "applyDamage", messageId: "m" }, player("ana"), null)).toEqual({
      ok: false,
      code: "gmOnly",
    });
    expect(validateRequest({ kind: "applyDamage", messageId: "m" }, GM, null)).toEqual({ ok: true });
  });

  it("INI-4: the GM moves a combatant up or down the Spades order; a player may not; the ends do not move further", () => {
    const order = started.state.order;
    expect(order.length).toBeGreaterThan(1);
    const second = order[1];
    expect(
      dispatch(
        started,
        { kind: "reorder", combatId: "x", combatantId: second, direction: "up" },
        player(second),
        dice,
      ),
    ).toEqual({ ok: false, code: "gmOnly" });
    const moved = ok(
      dispatch(started, { kind: "reorder", combatId: "x", combatantId: second, direction: "up" }, GM, dice),
    );
    expect(moved.state.order).toEqual([second, order[0], ...order.slice(2)]);
    expect(
      dispatch(started, { kind: "reorder", combatId: "x", combatantId: order[0], direction: "up" }, GM, dice),
    ).toEqual({ ok: false, code: "unknownCombatant" });
    const last = order[order.length - 1];
    expect(
      dispatch(started, { kind: "reorder", combatId: "x", combatantId: last, direction: "down" }, GM, dice),
    ).toEqual({ ok: false, code: "unknownCombatant" });
  });

  it("refuses a player ending a Spades turn that is not its combatant's", () => {
    let s = ok(dispatch(started, { kind: "forceReveal", combatId: "x" }, GM, dice));
    s = ok(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, dice)); // Ana's turn
    expect(s.state.current).toBe("ana");
    expect(dispatch(s, { kind: "endTurn", combatId: "x", combatantId: "bo" }, player("bo"), dice)).toEqual({
      ok: false,
      code: "notYourTurn",
    });
    const next = ok(dispatch(s, { kind: "endTurn", combatId: "x", combatantId: "ana" }, player("ana"), dice));
    expect(next.state.current).toBe("bo");
  });

  it("refuses a player advancing the countdown out of turn or answering another's call", () => {
    const d = scriptedDice({ 6: EX_CD_3.dice.flat() });
    let s = roundOne(COUNTDOWN, EX_CD_3.facts, d);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, d));
    expect(dispatch(s, { kind: "nextCall", combatId: "x" }, player("P1"), d)).toEqual({
      ok: false,
      code: "gmOnly",
    });
    s = ok(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d));
    expect(s.state.countdown?.current).toBe("P1");
    // P2's owner tries to answer P1's call, and to act for P1.
    expect(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "P2", choice: { kind: "act" } },
        player("P2"),
        d,
      ),
    ).toEqual({
      ok: false,
      code: "notYourCall",
    });
    expect(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "P1", choice: { kind: "act" } },
        player("P2"),
        d,
      ),
    ).toEqual({
      ok: false,
      code: "notOwner",
    });
    const acted = ok(
      dispatch(
        s,
        { kind: "countdownChoice", combatId: "x", combatantId: "P1", choice: { kind: "act" } },
        player("P1"),
        d,
      ),
    );
    expect(acted.state.countdown?.participants[0].hand).toEqual([5, 2, 2, 1, 1]);
  });
});

describe("secrets (ARCHITECTURE §3): nothing a player's client receives holds a hidden value", () => {
  /** Every face-down domino, as stored, and every Closing die not yet reached, in serialised data. */
  function leaks(json: string): string[] {
    const found: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}[${i}]`));
      if (node === null || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (
        o.state === "faceDown" &&
        ((o.greater ?? null) !== null || (o.lesser ?? null) !== null || "domino" in o)
      )
        found.push(`${path}: face-down domino with a value`);
      if ("countdown" in o && o.countdown && typeof o.countdown === "object") {
        const cd = o.countdown as {
          phase?: string;
          closing?: { value: number | null } | null;
          options?: { showClosing: boolean };
        };
        if (cd.phase !== "closed" && cd.closing?.value != null && !cd.options?.showClosing)
          found.push(`${path}: unreached Closing die ${cd.closing.value}`);
      }
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
    };
    walk(JSON.parse(json), "$");
    return found;
  }

  it("the leak finder can fail: it flags a face-down domino with ends and an unreached Closing die", () => {
    expect(leaks(JSON.stringify({ domino: { state: "faceDown", greater: 6, lesser: 2 } }))).toHaveLength(1);
    expect(
      leaks(
        JSON.stringify({
          countdown: { phase: "closing", closing: { value: 3 }, options: { showClosing: false } },
        }),
      ),
    ).toHaveLength(1);
  });

  it("after a scripted EX-CD-3 round, every combat, combatant and chat line a player receives is clean at every step", () => {
    const d = scriptedDice({ 6: [...EX_CD_3.dice.flat(), 5], 4: [1] });
    let s = roundOne(COUNTDOWN, EX_CD_3.facts, d);
    const log: LogEntry[] = [];
    // Players declare for their PCs; the GM's ballot (its memory only) is not part of what players receive.
    for (const id of ["P1", "P2", "P3", "P4"])
      s = ok(
        dispatch(s, { kind: "declareStance", combatId: "x", combatantId: id, stance: "bold" }, player(id), d),
        log,
      );
    const received = () =>
      JSON.stringify({
        combat: { flags: { zilch: { round: s.state } } },
        combatants: s.combatants.map(storedFromRound),
        messages: log,
      });
    expect(received()).not.toMatch(/"bold"/);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, d), log);
    const seen: string[] = [received()];
    for (let guard = 0; guard < 60 && s.state.countdown?.phase !== "closed"; guard++) {
      s = ok(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, d), log);
      seen.push(received());
      const current = s.state.countdown?.current;
      if (current) {
        s = ok(
          dispatch(
            s,
            { kind: "countdownChoice", combatId: "x", combatantId: current, choice: { kind: "act" } },
            GM,
            d,
          ),
          log,
        );
        seen.push(received());
      }
    }
    expect(s.state.countdown?.calls).toEqual(EX_CD_3.calls);
    // CD-19: the reached Closing die goes to the GM's client only, never the stored state or the log.
    expect(s.closing).toBe(3);
    expect(s.state.countdown?.closing?.value).toBeNull();
    for (const snap of seen) expect(leaks(snap)).toEqual([]);
    // The log shows the reveals, and that the round Closed without the hidden die's value.
    expect(log.filter((l) => l.key === "DominoRevealed")).toHaveLength(8);
    expect(log.at(-1)).toEqual({ key: "RoundClosed", data: {} });
    // Stored face-down dominoes carry nulls only.
    expect(
      s.combatants
        .map(storedFromRound)
        .filter((c) => c.domino.state === "faceDown")
        .every((c) => c.domino.greater === null),
    ).toBe(true);
  });

  it("CD-18 (a), (c): with bidding and lowering on, no bid die, lowering spend or unreached Closing value reaches a player", () => {
    const settings = { ...COUNTDOWN, countdown: { bidding: true, lowerClosing: true } };
    // The PCs bid; the GM's dice always put the Closing die as high as play allows, so it is lowered each time.
    const d = scriptedDice({ 6: EX_CD_3.dice.flat() });
    const high = (faces: number) => (faces === 6 && d.left(6) > 0 ? d(6) : faces);
    let s = roundOne(settings, EX_CD_3.facts, d);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, d));
    const log: LogEntry[] = [];
    const received = () =>
      JSON.stringify({
        combat: { flags: { zilch: { round: s.state } } },
        combatants: s.combatants.map(storedFromRound),
        messages: log,
      });
    let lowerings = 0;
    let bidsMade = 0;
    for (let guard = 0; guard < 200 && s.state.countdown?.phase !== "closed"; guard++) {
      const cd = s.state.countdown!;
      if (cd.lowering) {
        for (const p of cd.participants.filter((x) => x.active && x.hand.length > 0)) {
          s = ok(
            dispatch(
              s,
              { kind: "lowerClosing", combatId: "x", combatantId: p.id, die: p.hand.at(-1)! },
              player(p.id),
              high,
            ),
            log,
          );
          expect(JSON.stringify(s.state)).not.toMatch(/"spends"/);
          if (!s.state.countdown!.lowering) break;
        }
        lowerings++;
        expect(leaks(received())).toEqual([]);
        continue;
      }
      // Each player bids its lowest usable die, a value the stored state must never show before the call.
      for (const id of ["P1", "P2", "P3", "P4"]) {
        const p = cd.participants.find((x) => x.id === id)!;
        const low = [...p.hand].reverse().find((v) => v > 1);
        const bid =
          low === undefined
            ? null
            : dispatch(s, { kind: "bid", combatId: "x", combatantId: id, die: low }, player(id), high);
        if (bid?.ok) {
          s = ok(bid, log);
          bidsMade++;
        }
      }
      const before = received();
      expect(before).not.toMatch(/"bids"/);
      expect(JSON.parse(before).combat.flags.zilch.round.countdown.bid).toBeNull();
      expect(leaks(before)).toEqual([]);
      s = ok(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, high), log);
      expect(leaks(received())).toEqual([]);
      const current = s.state.countdown?.current;
      if (current)
        s = ok(
          dispatch(
            s,
            { kind: "countdownChoice", combatId: "x", combatantId: current, choice: { kind: "act" } },
            GM,
            high,
          ),
          log,
        );
      expect(leaks(received())).toEqual([]);
    }
    expect(bidsMade).toBeGreaterThan(4);
    expect(lowerings).toBeGreaterThan(0);
    expect(s.state.countdown?.phase).toBe("closed");
    // The chat log names a bid die only as the winning bid, and lowering only by how much.
    expect(log.filter((l) => l.key === "BidWon").length).toBeGreaterThan(0);
    expect(log.every((l) => !("die" in l.data) || l.key === "BidWon")).toBe(true);
    expect(
      log.filter((l) => l.key === "ClosingLowered").every((l) => Object.keys(l.data).join() === "by"),
    ).toBe(true);
  });

  it("no attack card's flags hold a domino: only pips of revealed dominoes, and none for a Defenseless target", () => {
    const keys = (node: unknown, out: string[] = []): string[] => {
      if (Array.isArray(node)) node.forEach((n) => keys(n, out));
      else if (node && typeof node === "object")
        for (const [k, v] of Object.entries(node)) out.push(k, ...keys(v));
      return out;
    };
    for (const [name, state] of Object.entries(attackScenes())) {
      const flags = JSON.stringify({ flags: { zilch: { attack: state } } });
      expect(leaks(flags), name).toEqual([]);
      expect(
        keys(JSON.parse(flags)).filter((k) => ["domino", "greater", "lesser", "deck"].includes(k)),
        name,
      ).toEqual([]);
    }
    // AT-4, DOM-5: a Reckless target's domino stays face-down, so its card carries 0 defensive pips.
    expect(attackScenes().defenseless.defender.side.defense).toBe(0);
  });
});
