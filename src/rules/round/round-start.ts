/**
 * How a combat and each of its rounds begin (CB-2, CB-3, INI-1, INI-3, CD-1, CD-2, DOM-3): the state
 * before the first round, the GM's marks before it (aware, the pool modifier), the next round's
 * dominoes and order, and the countdown's hands rolled once the stances are shown.
 */
import { faceDownDomino, fullDeck, receivesDomino } from "../dominoes";
import { actsThisRound, initiativeSlowed } from "../initiative";
import type { RollDie } from "../vocabulary";
import type { CountdownState } from "../countdown/types";
import { createCountdown, newParticipant, startRound as startCountdownRound } from "../countdown/round";
import { rollPool, type PoolRoll } from "../countdown/pool";
import { burn } from "../countdown/effects";
import {
  ok,
  refuse,
  type CombatantFacts,
  type CombatantRound,
  type RoundResult,
  type RoundSettings,
  type RoundState,
  type RoundUpdate,
} from "./state";
import { activity, spadesOrder } from "./spades-turns";

/**
 * INI-1, INI-3, CB-3: a combat before its first round in the world's initiative mode (a countdown only
 * in countdown mode; stances and dominoes in both); the side dice are rolled now for `perSide`.
 */
export function createRound(settings: RoundSettings, surprise: boolean, rollDie: RollDie): RoundState {
  const sides = settings.randomizer === "perSide" ? { pc: rollDie(6), other: rollDie(6) } : null;
  return { ...unstartedRound(settings, surprise), sides };
}

/**
 * CB-1, INI-3: the round state a combat shows before its first round, rolling nothing: reading a
 * combat never draws dice (the side dice are rolled once, by `createRound` at combat start).
 */
export function unstartedRound(settings: RoundSettings, surprise = false): RoundState {
  return {
    mode: settings.mode,
    dominoSource: settings.dominoSource,
    randomizer: settings.randomizer,
    round: 0,
    surprise,
    stancesShown: false,
    declared: [],
    deck: fullDeck(),
    sides: null,
    order: [],
    current: null,
    countdown: settings.mode === "countdown" ? createCountdown([], settings.countdown) : null,
  };
}

/**
 * CB-3, CD-16: the GM marks which combatants are aware when the combat starts, so only before its
 * first round; a surprised one gets no domino and (countdown) no dice in the surprise round.
 */
export function setAware(
  state: RoundState,
  stored: readonly CombatantRound[],
  id: string,
  aware: boolean,
): RoundResult<CombatantRound[]> {
  if (state.round > 0) return refuse("combatStarted");
  if (!stored.some((c) => c.id === id)) return refuse("unknownCombatant");
  return ok(stored.map((c) => (c.id === id ? { ...c, aware } : c)));
}

/** CD-2, CD-3: the GM's pool modifier stays within what a pool of 1 to 8 kept dice can need. */
export const MAX_POOL_MODIFIER = 8;

/**
 * CD-2: the GM raises or lowers a combatant's action dice by one, from its next roll on (the next
 * round start); CD-3's bounds apply to whatever pool results.
 */
export function adjustPool(
  stored: readonly CombatantRound[],
  id: string,
  by: 1 | -1,
): RoundResult<CombatantRound[]> {
  if (!stored.some((c) => c.id === id)) return refuse("unknownCombatant");
  const bounded = (n: number) => Math.max(-MAX_POOL_MODIFIER, Math.min(MAX_POOL_MODIFIER, n));
  return ok(
    stored.map((c) => (c.id === id ? { ...c, poolModifier: bounded((c.poolModifier ?? 0) + by) } : c)),
  );
}

/** CD-2, CD-5: a countdown participant with its facts, keeping what it carries over (held die, pool). */
function participantFor(
  f: CombatantFacts,
  c: CombatantRound,
  previous: CountdownState | null,
  entitled: boolean,
) {
  const before = previous?.participants.find((p) => p.id === f.id);
  return {
    ...(before ?? newParticipant({ id: f.id, pc: f.pc })),
    pc: f.pc,
    spades: f.spades,
    tiebreak: c.tiebreak,
    active: entitled,
    stunned: f.conditions.includes("stunned"),
  };
}

/**
 * CB-2 step 1, CD-1 step 1, DOM-3, DOM-6, INI-5: start the next round. The deck is restored, every
 * entitled combatant gets a face-down domino and declares afresh, and the Spades order is recomputed;
 * the countdown's hands wait for the stances (rollHands). The surprise round (CB-3) is only the first.
 */
export function startNextRound(
  state: RoundState,
  facts: readonly CombatantFacts[],
  stored: readonly CombatantRound[],
): RoundUpdate {
  const round = state.round + 1;
  const surprise = state.surprise && round === 1;
  const byId = new Map(facts.map((f) => [f.id, f]));
  const combatants = stored.map((c): CombatantRound => {
    const f = byId.get(c.id);
    const entitled = f !== undefined && receivesDomino(activity(f, c, surprise));
    return {
      ...c,
      lastStance: c.stance ?? c.lastStance,
      stance: null,
      domino: entitled ? faceDownDomino() : null,
      turnTaken: !entitled,
    };
  });
  const base: RoundState = {
    ...state,
    round,
    surprise,
    stancesShown: false,
    declared: [],
    deck: fullDeck(),
    order: spadesOrder(facts, combatants, state),
    current: null,
    bidders: [],
    lowered: [],
  };
  // CD-1: the action dice are rolled once the stances are shown (rollHands), never before.
  return { state: base, combatants, rolls: {} };
}

/**
 * CD-1 steps 2-4, CD-2: once the stances are shown, every entitled participant of a countdown round
 * rolls its hand (so no stance is chosen knowing the hands), then round-start Burns apply.
 */
export function rollHands(
  base: RoundState,
  facts: readonly CombatantFacts[],
  combatants: readonly CombatantRound[],
  rollDie: RollDie,
): { state: RoundState; rolls: Readonly<Record<string, PoolRoll>> } {
  if (base.mode !== "countdown") return { state: base, rolls: {} };
  const previous = base.countdown;
  const rolls: Record<string, PoolRoll> = {};
  const participants = facts.flatMap((f) => {
    const c = combatants.find((x) => x.id === f.id);
    if (!c) return [];
    const entitled = c.domino !== null;
    if (entitled) {
      rolls[f.id] = rollPool(
        {
          spades: f.spades,
          slowed: initiativeSlowed(f.conditions),
          modifier: (f.poolModifier ?? 0) + (c.poolModifier ?? 0),
          alert: f.alert,
        },
        rollDie,
      );
    }
    // CD-2: an Unconscious participant is not in the countdown; CD-16: a surprised one rolls nothing.
    const active = actsThisRound({ conditions: f.conditions, absent: f.absent });
    return [participantFor(f, c, previous, active)];
  });
  const countdown: CountdownState = {
    ...(previous ?? createCountdown([])),
    phase: "closed",
    participants,
  };
  const step = startCountdownRound(countdown, rolls);
  if (!step.ok) throw new Error(`CD-1: the countdown refused the new round (${step.error.code})`);
  // CD-1 step 3, CD-14: round-start Burns from active injuries, lowest usable dice by default.
  let started = step.state;
  for (const f of facts) {
    const p = started.participants.find((x) => x.id === f.id);
    if (f.burn > 0 && p?.active) {
      const burned = burn(started, f.id, f.burn);
      if (burned.ok) started = burned.state;
    }
  }
  return { state: { ...base, countdown: started }, rolls };
}
