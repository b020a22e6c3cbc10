import { describe, expect, it } from "vitest";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import type { RoundSettings } from "../../../src/rules/round/state";
import {
  countdownHooks,
  nextRoundHooks,
  victimTickTarget,
  type TurnHook,
} from "../../../src/rules/round/turn-hooks";
import { ongoingTickLine } from "../../../src/views/ongoing-lines";
import { bleeder, SEVERE_BLEEDER_MODIFIER } from "../../../src/rules/ongoing";
import {
  combatSnapshot,
  COUNTDOWN,
  EX_CD_3,
  EX_INI_1,
  GM_REQUESTER as GM,
  scriptedDice,
  SPADES,
} from "../../support/combat";

/** CB-4, CD-20: the turn and round hooks a GM's dispatch hands ZilchCombat to run on the actors. */
type Facts = typeof EX_INI_1;

function started(settings: RoundSettings, facts: Facts, dice = scriptedDice()): CombatSnapshot {
  const first = dispatch(
    combatSnapshot(settings, facts, dice),
    { kind: "nextRound", combatId: "x" },
    GM,
    dice,
  );
  if (!first.ok) throw new Error(first.code);
  // Round 1 starting is no round's end.
  expect(first.hooks).toEqual([]);
  const shown = dispatch(first.snapshot, { kind: "forceReveal", combatId: "x" }, GM, dice);
  if (!shown.ok) throw new Error(shown.code);
  return shown.snapshot;
}

/** Applies one GM request and returns the new snapshot and its hooks. */
function step(
  s: CombatSnapshot,
  request: Parameters<typeof dispatch>[1],
  dice = scriptedDice(),
  log?: LogEntry[],
): { s: CombatSnapshot; hooks: readonly TurnHook[] } {
  const r = dispatch(s, request, GM, dice);
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  log?.push(...r.log);
  return { s: r.snapshot, hooks: r.hooks };
}

const start = (id: string): TurnHook => ({ id, event: "turnStart", tick: false });
const end = (id: string, tick: boolean): TurnHook => ({ id, event: "turnEnd", tick });
const roundEnd = (id: string): TurnHook => ({ id, event: "roundEnd", tick: false });

describe("CB-4 Spades mode: each turn's start and end, then the round's end", () => {
  it("a scripted round: Ana, Bo, the orc; the end of each turn ticks Ongoing Damage (OD-2)", () => {
    const dice = scriptedDice();
    let s = started(SPADES, EX_INI_1, dice);
    const next = () => {
      const r = step(s, { kind: "nextCall", combatId: "x" }, dice);
      s = r.s;
      return r.hooks;
    };
    expect(next()).toEqual([start("ana")]);
    expect(next()).toEqual([end("ana", true), start("bo")]);
    expect(next()).toEqual([end("bo", true), start("orc")]);
    expect(next()).toEqual([end("orc", true)]);
    const r = step(s, { kind: "nextRound", combatId: "x" }, dice);
    expect(r.hooks).toEqual(["ana", "bo", "orc"].map(roundEnd));
  });

  it("a player ending its own turn (endTurn) sets off the same hooks; a new round mid-turn ends that turn first", () => {
    const dice = scriptedDice();
    let s = started(SPADES, EX_INI_1, dice);
    s = step(s, { kind: "nextCall", combatId: "x" }, dice).s;
    const ended = dispatch(
      s,
      { kind: "endTurn", combatId: "x", combatantId: "ana" },
      { isGM: false, owns: (id) => id === "ana" },
      dice,
    );
    expect(ended.ok && ended.hooks).toEqual([end("ana", true), start("bo")]);
    if (!ended.ok) return;
    const r = step(ended.snapshot, { kind: "nextRound", combatId: "x" }, dice);
    expect(r.hooks).toEqual([end("bo", true), ...["ana", "bo", "orc"].map(roundEnd)]);
  });

  it("requests that pass no turn set off nothing", () => {
    const dice = scriptedDice();
    const s = started(SPADES, EX_INI_1, dice);
    expect(
      step(s, { kind: "reorder", combatId: "x", combatantId: "bo", direction: "up" }, dice).hooks,
    ).toEqual([]);
  });
});

describe("CD-20 countdown mode: first call, end of each Act, the first Act's tick, the Close", () => {
  it("EX-CD-3's opening: P1's first call starts its turn; its Act ends at the next call and ticks (first Act)", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    let s = started(COUNTDOWN, EX_CD_3.facts, dice);
    let r = step(s, { kind: "nextCall", combatId: "x" }, dice);
    expect(r.hooks).toEqual([start("P1")]);
    r = step(
      r.s,
      { kind: "countdownChoice", combatId: "x", combatantId: "P1", choice: { kind: "act" } },
      dice,
    );
    // The Act is being played out: nothing ends yet, it is remembered.
    expect(r.hooks).toEqual([]);
    expect(r.s.state.pendingActs).toEqual([{ id: "P1", first: true }]);
    r = step(r.s, { kind: "nextCall", combatId: "x" }, dice);
    expect(r.hooks).toEqual([end("P1", true), start("P2")]);
    expect(r.s.state.pendingActs).toEqual([]);
    s = r.s;
    // P2 passes with a 1 and, its 6 still the highest die, is called again: no Act ended, no first call.
    r = step(
      s,
      { kind: "countdownChoice", combatId: "x", combatantId: "P2", choice: { kind: "pass", die: 1 } },
      dice,
    );
    r = step(r.s, { kind: "nextCall", combatId: "x" }, dice);
    expect(r.s.state.countdown?.current).toBe("P2");
    expect(r.hooks).toEqual([]);
    // P2 Acts now; P3's first call ends it (P2's first Act) and starts P3's turn.
    r = step(
      r.s,
      { kind: "countdownChoice", combatId: "x", combatantId: "P2", choice: { kind: "act" } },
      dice,
    );
    r = step(r.s, { kind: "nextCall", combatId: "x" }, dice);
    expect(r.hooks).toEqual([end("P2", true), start("P3")]);
  });

  it("a second Act ends 'until end of turn' effects without ticking again", () => {
    const out = countdownHooks(
      [{ id: "P1", first: false }],
      [{ type: "called", id: "P1", first: false }],
      ["P1"],
    );
    expect(out).toEqual({ hooks: [end("P1", false)], pending: [] });
  });

  it("the Close ends the open Act, ticks those who never Acted, then ends the round for everyone", () => {
    const out = countdownHooks(
      [{ id: "P1", first: true }],
      [{ type: "closed", closingValue: 3, neverActed: ["M4"] }],
      ["P1", "M4", "P2"],
    );
    expect(out.hooks).toEqual([
      end("P1", true),
      { id: "M4", event: null, tick: true },
      ...["P1", "M4", "P2"].map(roundEnd),
    ]);
  });

  it("a new round forced before the Close closes the countdown as CD-20 reads it; after a Close, nothing twice", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    let r = step(started(COUNTDOWN, EX_CD_3.facts, dice), { kind: "nextCall", combatId: "x" }, dice);
    r = step(
      r.s,
      { kind: "countdownChoice", combatId: "x", combatantId: "P1", choice: { kind: "act" } },
      dice,
    );
    const ids = EX_CD_3.facts.map((f) => f.id);
    const hooks = nextRoundHooks(r.s.state, ids);
    expect(hooks[0]).toEqual(end("P1", true));
    expect(hooks.filter((h) => h.event === null).map((h) => h.id)).toEqual(ids.filter((id) => id !== "P1"));
    expect(hooks.filter((h) => h.event === "roundEnd")).toHaveLength(ids.length);
    const next = step(r.s, { kind: "nextRound", combatId: "x" }, dice);
    expect(next.hooks).toEqual(hooks);
    expect(next.s.state.pendingActs).toEqual([]);
    const closed = { ...next.s.state, countdown: { ...next.s.state.countdown!, phase: "closed" as const } };
    expect(nextRoundHooks(closed, ids)).toEqual([]);
  });
});

describe("OD-2 tick lines", () => {
  it("EX-OD-1: roll 4 (S) ends it; roll 9 (F) 1 damage; a drain names drain; the keys are i18n keys", () => {
    expect(ongoingTickLine("Ana", "bleeding", 4, 6, "S", { ends: true, amount: 0, harm: "none" })).toEqual({
      key: "ZILCH.Combat.Chat.OngoingTick",
      data: { name: "Ana", tag: "ZILCH.Item.Choice.tag.bleeding", roll: 4, target: 6, dos: "ZILCH.DoS.S" },
      outcome: { key: "ZILCH.Combat.Chat.OngoingEnds", data: {} },
    });
    expect(
      ongoingTickLine("Ana", "bleeding", 9, 6, "F", { ends: false, amount: 1, harm: "damage" }).outcome,
    ).toEqual({ key: "ZILCH.Combat.Chat.OngoingDamage", data: { amount: 1 } });
    expect(
      ongoingTickLine("Ana", "poison", 20, 6, "CF", { ends: false, amount: 2, harm: "drain" }).outcome,
    ).toEqual({ key: "ZILCH.Combat.Chat.OngoingDrain", data: { amount: 2 } });
    // OD-2a: an injury bleeder's success spares the tick and the line says it bleeds on.
    expect(
      ongoingTickLine("Ana", "bleeding", 4, 6, "S", { ends: false, amount: 0, harm: "none" }).outcome,
    ).toEqual({ key: "ZILCH.Combat.Chat.OngoingHeld", data: {} });
  });
});

describe("OD-3: a victim with First Aid tests its own ongoing damage with Knowledge + 5", () => {
  it("without First Aid the test is on the effect's suit", () => {
    expect(victimTickTarget(bleeder("chest"), 6, null)).toEqual({ target: 6, firstAid: false });
  });

  it("with First Aid, Knowledge 4 + 5 = 9 beats ♥6", () => {
    expect(victimTickTarget(bleeder("chest"), 6, 4)).toEqual({ target: 9, firstAid: true });
  });

  it("the severe bleeder's −5 applies to the First Aid test too", () => {
    expect(victimTickTarget(bleeder("chest", SEVERE_BLEEDER_MODIFIER), 6, 4)).toEqual({
      target: 4,
      firstAid: true,
    });
  });

  it("a suit at least as good as Knowledge + 5 is kept", () => {
    expect(victimTickTarget(bleeder(null), 9, 4)).toEqual({ target: 9, firstAid: false });
    expect(victimTickTarget(bleeder(null), 12, 4)).toEqual({ target: 12, firstAid: false });
  });
});
