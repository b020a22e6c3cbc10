import { beforeAll, describe, expect, it } from "vitest";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { dispatch } from "../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../src/rules/round/request-step";
import type { RoundState } from "../../src/rules/round/state";
import { applied, COUNTDOWN, EX_CD_3, GM_REQUESTER, roundOne, scriptedDice } from "../support/combat";
import { StandInRoll } from "../stand-in/chat";

/**
 * CB-1, CD-11: a countdown participant removed from the combat or marked defeated
 * mid-round drops out of the countdown on the active GM's client, so the round never waits on it.
 */
let ZilchCombat: typeof ZilchCombatClass;
let activeGM = true;

beforeAll(async () => {
  Reflect.set(globalThis, "Combat", class {});
  // The global Roll a module-level `extends Roll` names (ZilchTestRoll), as in Foundry.
  Reflect.set(globalThis, "Roll", StandInRoll);
  Reflect.set(globalThis, "Combatant", class {});
  // A save that starts a turn announces it (src/documents/combat/core-events.ts); nothing listens here.
  Reflect.set(globalThis, "Hooks", { callAll: () => true });
  Reflect.set(globalThis, "CONFIG", { time: { roundTime: 6, turnTime: 0 } });
  Reflect.set(globalThis, "game", {
    // User#isActiveGM is `user === game.users.activeGM` (foundryvtt#11678): the two agree.
    user: {
      id: "gm",
      isGM: true,
      get isActiveGM() {
        return activeGM;
      },
    },
    users: {
      get activeGM() {
        return { isSelf: activeGM };
      },
    },
    i18n: { localize: (k: string) => k, format: (k: string) => k },
  });
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
});

const dice = () => scriptedDice();
function calledRound(): CombatSnapshot {
  let s = roundOne(COUNTDOWN, EX_CD_3.facts, scriptedDice({ 6: EX_CD_3.dice.flat() }));
  for (const c of s.combatants)
    s = applied(
      dispatch(
        s,
        { kind: "declareStance", combatId: "x", combatantId: c.id, stance: "bold" },
        GM_REQUESTER,
        dice(),
      ),
    );
  return applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM_REQUESTER, dice()));
}

function combatWith(state: RoundState) {
  const combat = Object.create(ZilchCombat.prototype) as ZilchCombatClass;
  const box = { state, updates: 0 };
  Object.assign(combat, {
    id: "x",
    started: true,
    round: state.round,
    turn: null,
    turns: [],
    combatants: { get: () => undefined, [Symbol.iterator]: () => [][Symbol.iterator]() },
    getFlag: (scope: string, key: string) => (scope === "zilch" && key === "round" ? box.state : undefined),
    update: async (changes: { flags?: { zilch?: { round?: RoundState } } }) => {
      box.updates += 1;
      if (changes.flags?.zilch?.round) box.state = changes.flags.zilch.round;
    },
  });
  return { combat, box };
}

describe("a countdown participant leaves mid-round", () => {
  it("the called participant removed or defeated drops out, and the GM's next call goes on", async () => {
    const s = calledRound();
    const called = s.state.countdown!.current!;
    expect(called).not.toBeNull();
    const { combat, box } = combatWith(s.state);
    await combat.zilchDropOut(called);
    const out = box.state.countdown!.participants.find((p) => p.id === called)!;
    expect(out.active).toBe(false);
    expect(box.state.countdown!.current).not.toBe(called);
    const resumed = dispatch(
      { ...s, state: box.state },
      { kind: "nextCall", combatId: "x" },
      GM_REQUESTER,
      dice(),
    );
    expect(resumed.ok).toBe(true);
  });

  it("only the active GM drops anyone out; one already out changes nothing", async () => {
    const s = calledRound();
    const called = s.state.countdown!.current!;
    activeGM = false;
    const other = combatWith(s.state);
    await other.combat.zilchDropOut(called);
    expect(other.box.updates).toBe(0);
    activeGM = true;
    const { combat, box } = combatWith(s.state);
    await combat.zilchDropOut(called);
    await combat.zilchDropOut(called);
    expect(box.updates).toBe(1);
  });
});
