/**
 * Tracker contexts for the template, browser and benchmark layers: N combatants in each mode and
 * phase, built with the same pure functions the tracker calls.
 */
import { countdownChoose, countdownNext } from "../../src/rules/round/countdown-calls";
import { createRound, rollHands, startNextRound } from "../../src/rules/round/round-start";
import { declareStance, revealStances } from "../../src/rules/round/stance-declaration";
import type { CombatantFacts, CombatantRound, RoundState, StanceBallot } from "../../src/rules/round/state";
import {
  combatContext,
  type CombatContext,
  type LocalPicks,
  type TurnInput,
  type Viewer,
} from "../../src/applications/combat/turn-context";
import { dispatch } from "../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../src/rules/round/request-step";
import type { CountdownOptions } from "../../src/rules/countdown/types";
import type { RollDie } from "../../src/rules/vocabulary";
import {
  applied,
  combatSnapshot,
  COUNTDOWN,
  enterCombatants,
  facts,
  GM_REQUESTER,
  scriptedDice,
  SPADES,
} from "./combat";

export type TrackerScene = "declaring" | "revealed" | "closing";

const NAMES = [
  "Ana",
  "Bo",
  "Cyrille the Long-Named Wanderer",
  "Dag",
  "Orc Chieftain",
  "Orc",
  "Goblin Archer",
  "Wolf",
  "Ettin",
  "Skeleton",
  "Cultist",
  "Bandit",
];

export function trackerFacts(n: number): CombatantFacts[] {
  return Array.from({ length: n }, (_, i) =>
    facts(`c${i}`, {
      pc: i < 4,
      playerOwned: i < 4,
      friendly: i < 4,
      spades: 5 + ((i * 7) % 9),
      cunning: 4 + (i % 5),
      conditions: i === 5 ? ["threatened"] : [],
    }),
  );
}

/** A combat of `n` combatants in `mode`, driven to `scene`, and its inputs for the tracker. */
export function trackerState(n: number, mode: "spades" | "countdown", scene: TrackerScene) {
  const settings = mode === "spades" ? SPADES : COUNTDOWN;
  const dice = scriptedDice();
  const all = trackerFacts(n);
  let stored = enterCombatants(settings, all, dice, { byIndex: false });
  let state: RoundState = createRound(settings, false, dice);
  ({ state, combatants: stored } = startNextRound(state, all, stored) as {
    state: RoundState;
    combatants: CombatantRound[];
  });
  let ballot: StanceBallot = {};
  for (let i = 0; i < n; i += 2) {
    const r = declareStance(state, ballot, stored[i], all[i], i === 5 ? "guarded" : "bold");
    if (r.ok) ({ state, ballot } = r.value);
  }
  if (scene !== "declaring") {
    const shown = revealStances(state, ballot, stored, all);
    if (!shown.ok) throw new Error(shown.code);
    ({ state, combatants: stored } = shown.value);
    // CD-1: the hands are rolled once the stances are shown.
    state = rollHands(state, all, stored, dice).state;
    if (mode === "spades") {
      state = { ...state, current: state.order[1] ?? null };
      stored = stored.map((c, i) =>
        i % 3 === 0 ? { ...c, domino: { state: "revealed", domino: { greater: 5, lesser: 2 } } } : c,
      );
    } else if (scene === "revealed") {
      // Two calls answered, the third made: someone is called and waits for its choice.
      for (let k = 0; k < 3; k++) {
        const next = countdownNext(state, stored, dice);
        if (!next.ok) throw new Error(next.code);
        ({ state, combatants: stored } = next.value as { state: RoundState; combatants: CombatantRound[] });
        if (k === 2) break;
        const act = countdownChoose(state, stored, { kind: "act" }, dice);
        if (!act.ok) throw new Error(act.code);
        ({ state, combatants: stored } = act.value as { state: RoundState; combatants: CombatantRound[] });
      }
    } else {
      // Play calls until Closing begins, then make one more call so a participant is called.
      for (let guard = 0; guard < 500 && state.countdown!.phase === "countdown"; guard++) {
        const next = countdownNext(state, stored, dice);
        if (!next.ok) throw new Error(next.code);
        ({ state, combatants: stored } = next.value as { state: RoundState; combatants: CombatantRound[] });
        if (state.countdown!.current === null) continue;
        const act = countdownChoose(state, stored, { kind: "act" }, dice);
        if (!act.ok) throw new Error(act.code);
        ({ state, combatants: stored } = act.value as { state: RoundState; combatants: CombatantRound[] });
      }
      if (scene === "closing" && state.countdown!.phase === "closing") {
        const next = countdownNext(state, stored, dice);
        if (next.ok)
          ({ state, combatants: stored } = next.value as { state: RoundState; combatants: CombatantRound[] });
      }
    }
  }
  return { state, inputs: inputsFor(all, stored), stored, facts: all };
}

/** The tracker rows of `all` with their stored round state. */
function inputsFor(all: readonly CombatantFacts[], stored: readonly CombatantRound[]): TurnInput[] {
  return all.map((f, i) => ({
    id: f.id,
    name: NAMES[i % NAMES.length] + (i >= NAMES.length ? ` ${i}` : ""),
    img: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='36' height='36'/%3E",
    facts: f,
    round: stored[i],
    action: { action: "attack:sword", speed: 4 },
    actionLabel: "ZILCH.Combat.Action.attack",
    weapons:
      i === 0
        ? [
            { id: "sword", name: "Arming sword" },
            { id: "bow", name: "Short bow" },
          ]
        : [{ id: "sword", name: "Sword" }],
  }));
}

export const GM: Viewer = { isGM: true, owns: () => true };
export const PLAYER: Viewer = { isGM: false, owns: (id) => id === "c0" };

export function trackerContext(
  n: number,
  mode: "spades" | "countdown",
  scene: TrackerScene,
  viewer: Viewer = GM,
  picks: LocalPicks = {},
): CombatContext {
  const { state, inputs } = trackerState(n, mode, scene);
  return combatContext(state, inputs, viewer, picks);
}

/**
 * CD-18 / CD-19 scenes of `n` combatants, played through the GM's dispatch as the tracker's requests:
 * - `bidding`: bids open for the first call; c0 and c2 have bid (their dice are in the GM's memory only);
 * - `table`: the round table after two calls, nobody called;
 * - `lowering`: Closing, the Closing die would be reached and the lowering waits; c0 has spent;
 * - `combine`: Closing, a participant is called and may combine;
 * - `closing`: Closing with a participant called (with `showClosing`, the die is rolled and shown).
 */
export type OptionScene = "bidding" | "table" | "lowering" | "combine" | "closing";

const SCENE_OPTIONS: Record<OptionScene, Partial<CountdownOptions>> = {
  bidding: { bidding: true },
  table: { roundTable: true },
  lowering: { lowerClosing: true },
  combine: { combine: true },
  closing: {},
};

/** Closing-die comparisons that always fail (the die is as high as can be), or always pass. */
const highest: RollDie = (faces) => faces;
const lowest: RollDie = () => 1;

export function optionSnapshot(
  n: number,
  scene: OptionScene,
  extra: Partial<CountdownOptions> = {},
): CombatSnapshot {
  const dice = scriptedDice();
  const all = trackerFacts(n);
  const settings = { ...COUNTDOWN, countdown: { ...SCENE_OPTIONS[scene], ...extra } };
  let s = applied(
    dispatch(
      combatSnapshot(settings, all, dice, { byIndex: false }),
      { kind: "nextRound", combatId: "x" },
      GM_REQUESTER,
      dice,
    ),
  );
  s = applied(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM_REQUESTER, dice));
  const step = (request: Parameters<typeof dispatch>[1], d: RollDie = dice) =>
    (s = applied(dispatch(s, request, GM_REQUESTER, d)));
  const cd = () => s.state.countdown!;
  const actCalled = () =>
    step({ kind: "countdownChoice", combatId: "x", combatantId: cd().current!, choice: { kind: "act" } });
  if (scene === "bidding") {
    for (const id of ["c0", "c2"]) {
      const p = cd().participants.find((x) => x.id === id)!;
      step({ kind: "bid", combatId: "x", combatantId: id, die: p.hand.find((d) => d > 1)! });
    }
    return s;
  }
  if (scene === "table") {
    for (let k = 0; k < 2; k++) {
      step({ kind: "nextCall", combatId: "x" });
      actCalled();
    }
    return s;
  }
  for (let guard = 0; guard < 500 && cd().phase === "countdown"; guard++) {
    step({ kind: "nextCall", combatId: "x" });
    if (cd().current !== null) actCalled();
  }
  if (cd().phase !== "closing") throw new Error(`scene ${scene}: the round never turned Closing`);
  if (scene === "lowering") {
    step({ kind: "nextCall", combatId: "x" }, highest);
    if (!cd().lowering) throw new Error("scene lowering: no lowering offered");
    step({
      kind: "lowerClosing",
      combatId: "x",
      combatantId: "c0",
      die: cd().participants.find((p) => p.id === "c0")!.hand[0],
    });
    return s;
  }
  step({ kind: "nextCall", combatId: "x" }, lowest);
  return s;
}

/** The tracker context of an option scene for this viewer. */
export function optionContext(
  n: number,
  scene: OptionScene,
  viewer: Viewer = GM,
  picks: LocalPicks = {},
  extra: Partial<CountdownOptions> = {},
): CombatContext {
  const s = optionSnapshot(n, scene, extra);
  return combatContext(s.state, inputsFor(s.facts, s.combatants), viewer, picks);
}

/**
 * Every state the tracker shows through one countdown round of `n` combatants, from the first call
 * after the reveal until the round leaves its countdown: one entry per saved change (each call, and
 * each chosen action), as each is one combat update that every client renders.
 */
export function countdownRoundStates(n: number): { state: RoundState; inputs: TurnInput[] }[] {
  const dice = scriptedDice();
  const all = trackerFacts(n);
  let stored = enterCombatants(COUNTDOWN, all, dice, { byIndex: false });
  let state: RoundState = createRound(COUNTDOWN, false, dice);
  ({ state, combatants: stored } = startNextRound(state, all, stored) as {
    state: RoundState;
    combatants: CombatantRound[];
  });
  let ballot: StanceBallot = {};
  for (let i = 0; i < n; i++) {
    const r = declareStance(state, ballot, stored[i], all[i], "bold");
    if (r.ok) ({ state, ballot } = r.value);
  }
  const shown = revealStances(state, ballot, stored, all);
  if (!shown.ok) throw new Error(shown.code);
  ({ state, combatants: stored } = shown.value);
  state = rollHands(state, all, stored, dice).state;
  const states = [{ state, inputs: inputsFor(all, stored) }];
  for (let guard = 0; guard < 2000 && state.countdown!.phase === "countdown"; guard++) {
    const next = countdownNext(state, stored, dice);
    if (!next.ok) break;
    ({ state, combatants: stored } = next.value as { state: RoundState; combatants: CombatantRound[] });
    states.push({ state, inputs: inputsFor(all, stored) });
    if (state.countdown!.current === null) continue;
    const act = countdownChoose(state, stored, { kind: "act" }, dice);
    if (!act.ok) throw new Error(act.code);
    ({ state, combatants: stored } = act.value as { state: RoundState; combatants: CombatantRound[] });
    states.push({ state, inputs: inputsFor(all, stored) });
  }
  return states;
}
