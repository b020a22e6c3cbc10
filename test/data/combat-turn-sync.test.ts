import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { endTurnRequest, turnChange, zilchCurrent } from "../../src/rules/round/turn-sync";
import type { CombatSnapshot } from "../../src/rules/round/request-step";
import type { RoundState } from "../../src/rules/round/state";
import {
  REMOVED_CONTEXT_ENTRIES,
  REMOVED_CORE_CONTROLS,
  removedControls,
} from "../../src/applications/combat/actions";
import {
  applied,
  COUNTDOWN,
  EX_CD_3,
  EX_INI_1,
  GM_REQUESTER,
  roundOne,
  scriptedDice,
  SPADES,
} from "../support/combat";
import { dispatch } from "../../src/rules/round/dispatch";
import { StandInRoll } from "../stand-in/chat";

/**
 * Foundry's `turn` (and `round`) follow Zilch's current combatant, so token turn
 * markers and core's End Turn follow it (FOUNDRY-FACTS §5); core's End Turn and Next Turn become
 * requests to the active GM; stepping back and initiative rolls do nothing.
 */
const asked: { type: string; payload: unknown }[] = [];
vi.mock("../../src/requests/channel", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  askGM: async (type: string, payload: unknown) => {
    asked.push({ type, payload });
    return { ok: true };
  },
}));

const warnings: string[] = [];
/** Hooks.callAll as recorded: the hook, its arguments, and how many updates were sent before it. */
const called: { hook: string; args: unknown[] }[] = [];
let ZilchCombat: typeof ZilchCombatClass;
let user: { id: string; isGM: boolean };

beforeAll(async () => {
  Reflect.set(
    globalThis,
    "Combat",
    class {
      _onUpdate() {}
    },
  );
  Reflect.set(globalThis, "Combatant", class {});
  // The global Roll a module-level `extends Roll` names (ZilchTestRoll), as in Foundry.
  Reflect.set(globalThis, "Roll", StandInRoll);
  Reflect.set(globalThis, "ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
  Reflect.set(globalThis, "Hooks", {
    callAll: (hook: string, ...args: unknown[]) =>
      void called.push({ hook, args: structuredClone(args.slice(1)) }),
  });
  // A world's round and turn times (dnd5e sets a round to 6 s); core's defaults are not what is tested.
  Reflect.set(globalThis, "CONFIG", { time: { roundTime: 6, turnTime: 2 } });
  user = { id: "gm", isGM: true };
  Reflect.set(globalThis, "game", {
    // User#isActiveGM is `user === game.users.activeGM` (foundryvtt#11678): the two agree.
    get user() {
      return { ...user, isActiveGM: user.id === "gm" };
    },
    users: {
      get activeGM() {
        return { isSelf: user.id === "gm" };
      },
    },
    i18n: { localize: (k: string) => k, format: (k: string) => k },
  });
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
});
beforeEach(() => {
  called.length = 0;
  asked.length = 0;
  warnings.length = 0;
  user = { id: "gm", isGM: true };
});

const dice = () => scriptedDice();
const ids = EX_INI_1.map((f) => f.id);

/** Declares Bold for everyone, so the stances are shown. */
function declared(s: CombatSnapshot): CombatSnapshot {
  let next = s;
  for (const c of s.combatants)
    next = applied(
      dispatch(
        next,
        { kind: "declareStance", combatId: "x", combatantId: c.id, stance: "bold" },
        GM_REQUESTER,
        dice(),
      ),
    );
  return next;
}
const nextCall = (s: CombatSnapshot) =>
  applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM_REQUESTER, dice()));

describe("Zilch's current combatant (CB-2, CD-5, ST-1)", () => {
  it("Spades: nobody before round 1 and during declarations, then the one whose turn it is, then nobody", () => {
    const one = roundOne(SPADES, EX_INI_1);
    expect(zilchCurrent(one.state)).toBeNull();
    let s = declared(one);
    expect(zilchCurrent(s.state)).toBeNull();
    s = nextCall(s);
    expect(zilchCurrent(s.state)).toBe("ana");
    s = nextCall(nextCall(nextCall(s)));
    expect(zilchCurrent(s.state)).toBeNull();
  });

  it("countdown: the called participant, nobody between calls", () => {
    const s = nextCall(
      declared(roundOne(COUNTDOWN, EX_CD_3.facts, scriptedDice({ 6: EX_CD_3.dice.flat() }))),
    );
    expect(zilchCurrent(s.state)).toBe(s.state.countdown?.current ?? "none");
    const between: RoundState = { ...s.state, countdown: { ...s.state.countdown!, current: null } };
    expect(zilchCurrent(between)).toBeNull();
  });
});

describe("Foundry's round and turn", () => {
  const turns = ids.map((id) => ({ id }));
  const spadesTurn = (s: CombatSnapshot) => nextCall(declared(s));

  it("point at Zilch's current combatant by its index in Foundry's sorted turns", () => {
    const s = spadesTurn(roundOne(SPADES, EX_INI_1));
    expect(turnChange({ started: true, round: 1, turn: 0, turns: [...turns].reverse() }, s.state)).toEqual({
      turn: 2,
    });
  });
  it("write nothing when Foundry already agrees, and nothing before Foundry starts the combat", () => {
    const s = spadesTurn(roundOne(SPADES, EX_INI_1));
    expect(turnChange({ started: true, round: 1, turn: 0, turns }, s.state)).toEqual({});
    expect(turnChange({ started: false, round: 0, turn: null, turns }, s.state)).toEqual({});
  });
  it("set nobody during declarations and for a current combatant that was removed", () => {
    const one = roundOne(SPADES, EX_INI_1);
    expect(turnChange({ started: true, round: 1, turn: 0, turns }, one.state)).toEqual({ turn: null });
    const s = spadesTurn(one);
    expect(turnChange({ started: true, round: 1, turn: 0, turns: turns.slice(1) }, s.state)).toEqual({
      turn: null,
    });
  });
  it("move Foundry's round with Zilch's", () => {
    const one = roundOne(SPADES, EX_INI_1);
    expect(turnChange({ started: true, round: 3, turn: null, turns }, one.state)).toEqual({ round: 1 });
  });
});

describe("core's End Turn / Next Turn as a request", () => {
  const s = nextCall(declared(roundOne(SPADES, EX_INI_1)));
  it("a GM's is the next call; a player's ends the current combatant's Spades turn", () => {
    expect(endTurnRequest(s.state, "x", true)).toEqual({ kind: "nextCall", combatId: "x" });
    expect(endTurnRequest(s.state, "x", false)).toEqual({
      kind: "endTurn",
      combatId: "x",
      combatantId: "ana",
    });
  });
  it("a player has nothing to ask when no Spades turn is running, or in the countdown", () => {
    expect(endTurnRequest(roundOne(SPADES, EX_INI_1).state, "x", false)).toBeNull();
    const cd = roundOne(COUNTDOWN, EX_CD_3.facts, scriptedDice({ 6: EX_CD_3.dice.flat() }));
    expect(endTurnRequest(cd.state, "x", false)).toBeNull();
  });
});

/** A ZilchCombat without Foundry: Foundry's own round/turn fields and an update that applies them. */
function combatDocument(state: RoundState) {
  const updates: Record<string, unknown>[] = [];
  const options: unknown[] = [];
  const combat = Object.create(ZilchCombat.prototype) as ZilchCombatClass;
  const doc = {
    id: "x",
    started: true,
    round: 1,
    turn: 0 as number | null,
    turns: ids.map((id) => ({ id })),
    combatants: { get: () => undefined, [Symbol.iterator]: () => [][Symbol.iterator]() },
    getFlag: (scope: string, key: string) => (scope === "zilch" && key === "round" ? state : undefined),
    update: async (changes: Record<string, unknown>, operation?: unknown) => {
      updates.push(changes);
      options.push(operation);
      const flags = changes.flags as { zilch?: { round?: RoundState } } | undefined;
      if (flags?.zilch?.round) state = flags.zilch.round;
      if ("turn" in changes) doc.turn = changes.turn as number | null;
      if ("round" in changes) doc.round = changes.round as number;
    },
    updateEmbeddedDocuments: async () => [],
  };
  Object.assign(combat, doc);
  Object.defineProperty(combat, "turn", { get: () => doc.turn });
  Object.defineProperty(combat, "round", { get: () => doc.round });
  return { combat, updates, options, doc };
}

describe("ZilchCombat keeps Foundry's turn in step", () => {
  it("the save writes Zilch's turn with the round state in one update", async () => {
    const before = declared(roundOne(SPADES, EX_INI_1));
    const after = nextCall(before);
    const { combat, updates, doc } = combatDocument(before.state);
    doc.turn = null;
    await combat.zilchSave(before, after, []);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ turn: 0 });
    expect(doc.turn).toBe(0);
  });

  it("a new round is announced as core's nextRound does: the combatRound hook, then an update that moves the world time", async () => {
    const before = nextCall(declared(roundOne(SPADES, EX_INI_1)));
    const after = applied(dispatch(before, { kind: "nextRound", combatId: "x" }, GM_REQUESTER, dice()));
    const { combat, updates, options } = combatDocument(before.state);
    await combat.zilchSave(before, after, []);
    const sent = { direction: 1, worldTime: { delta: 6 } };
    expect(updates[0]).toMatchObject({ round: 2 });
    expect(options).toEqual([sent]);
    expect(called).toEqual([{ hook: "combatRound", args: [updates[0], sent] }]);
  });

  it("a turn that starts is announced with combatTurn and its turn time; a turn ending with nobody next is not", async () => {
    const declaredOne = declared(roundOne(SPADES, EX_INI_1));
    const first = combatDocument(declaredOne.state);
    first.doc.turn = null;
    await first.combat.zilchSave(declaredOne, nextCall(declaredOne), []);
    const sent = { direction: 1, worldTime: { delta: 2 } };
    expect(first.options).toEqual([sent]);
    expect(called).toEqual([{ hook: "combatTurn", args: [first.updates[0], sent] }]);
    called.length = 0;
    const acting = nextCall(declaredOne);
    const last = nextCall(nextCall(nextCall(acting)));
    const ending = combatDocument(acting.state);
    await ending.combat.zilchSave(acting, last, []);
    expect(ending.updates[0]).toMatchObject({ turn: null });
    expect(ending.options).toEqual([undefined]);
    expect(called).toEqual([]);
  });

  it("a turn written by a player is put back by the active GM; the GM's own write is left alone", async () => {
    const { combat, updates, doc } = combatDocument(nextCall(declared(roundOne(SPADES, EX_INI_1))).state);
    doc.turn = 2;
    (combat as unknown as { _onUpdate: (c: object, o: object, u: string) => void })._onUpdate(
      { turn: 2 },
      {},
      "gm",
    );
    expect(updates).toEqual([]);
    (combat as unknown as { _onUpdate: (c: object, o: object, u: string) => void })._onUpdate(
      { turn: 2 },
      {},
      "player",
    );
    await vi.waitFor(() => expect(doc.turn).toBe(0));
  });

  it("a player's End Turn asks the GM to end its own Spades turn; a GM's Next Turn asks for the next call", async () => {
    const { combat } = combatDocument(nextCall(declared(roundOne(SPADES, EX_INI_1))).state);
    user = { id: "player", isGM: false };
    await combat.nextTurn();
    user = { id: "gm", isGM: true };
    await combat.nextTurn();
    await combat.nextRound();
    expect(asked).toEqual([
      { type: "combat", payload: { kind: "endTurn", combatId: "x", combatantId: "ana" } },
      { type: "combat", payload: { kind: "nextCall", combatId: "x" } },
      { type: "combat", payload: { kind: "nextRound", combatId: "x" } },
    ]);
  });

  it("stepping back a turn or round and rolling initiative change nothing and say why", async () => {
    const { combat, updates } = combatDocument(roundOne(SPADES, EX_INI_1).state);
    await combat.previousTurn();
    await combat.previousRound();
    await combat.rollInitiative();
    expect(updates).toEqual([]);
    expect(asked).toEqual([]);
    expect(warnings).toEqual([
      "ZILCH.Combat.Error.noStepBack",
      "ZILCH.Combat.Error.noStepBack",
      "ZILCH.Combat.Error.noInitiativeRoll",
    ]);
  });
});

describe("core tracker controls with no Zilch meaning", () => {
  it("are found by their data-action and removed; the context entries are named", () => {
    const found: string[] = [];
    const root = {
      querySelectorAll: (selector: string) => {
        found.push(selector);
        return [{ selector }];
      },
    } as unknown as ParentNode;
    expect(removedControls(root)).toHaveLength(REMOVED_CORE_CONTROLS.length);
    expect(found).toEqual(REMOVED_CORE_CONTROLS.map((a) => `[data-action="${a}"]`));
    expect([...REMOVED_CONTEXT_ENTRIES]).toEqual([
      "COMBAT.CombatantClear",
      "COMBAT.CombatantReroll",
      "COMBAT.RollAll",
      "COMBAT.RollNPC",
    ]);
  });
});
