/**
 * The GM's side of a combat request (ARCHITECTURE.md §3 "Authority"): validate who asks, apply the
 * round transition, and say what to post in chat. Pure: ZilchCombat loads a `CombatSnapshot` from its
 * documents, calls `dispatch`, and saves the result; the tests call it directly with a scripted round.
 */
import { shiftStance } from "../stances";
import { burn, burnInstead, spendOne, swapIn, usePending } from "../countdown/effects";
import type { CountdownEvent, CountdownState } from "../countdown/types";
import type { Choice } from "../countdown/choices";
import { removeDice } from "../countdown/hand";
import type { RollDie } from "../vocabulary";
import { validateRequest, type CombatRequest, type Requester } from "./authority";
import {
  allLowered,
  countdownCombine,
  countdownNextCall,
  offerLowering,
  placeBid,
  resolveLowering,
  type BidBallot,
  type LoweringSpends,
} from "./countdown-options";
import { applyStunRecovery, payReactiveDefence, paySoak } from "./reactions";
import { conditionsChanged, countdownWithoutThoseOut } from "./stance-forced";
import { declareNpcStances } from "./npc-stances";
import { abandonPoolStep } from "./pool-abandon";
import {
  isTrackerTurnAction,
  recordsAfter,
  takeSecondWeaponAttack,
  inTurn,
  takeTurnAction,
  takeDraggedMove,
  useSpringAttack,
  type TrackerTurnAction,
} from "./turn-record";

/** AC-3, AC-4, AC-5, AC-6, REC-1: the chat line of each action the tracker records (ZILCH.Combat.Chat.<key>). */
const TOOK_KEYS: Readonly<Record<TrackerTurnAction, string>> = {
  move: "TookMove",
  manipulate: "TookManipulate",
  step: "TookStep",
  stand: "TookStand",
  defend: "TookDefend",
  diveProne: "TookDiveProne",
  ready: "TookReady",
  retrieve: "TookRetrieve",
  rally: "TookRally",
  resistTerror: "TookResistTerror",
  use: "TookUse",
};
import type { CombatRefusal, Refused } from "./refusal";
import { endTurnMarks, lacksMinorNow, lacksStandardNow, loseAction } from "./margin";
import { countdownHooks, nextRoundHooks, spadesTurnHooks, type TurnHook } from "./turn-hooks";
import { adjustPool, setAware, rollHands, startNextRound } from "./round-start";
import {
  allDeclared,
  allowedStances,
  declareStance,
  declareLateStance,
  revealStances,
} from "./stance-declaration";
import { countdownChallenge, countdownChoose, countdownInterrupt } from "./countdown-calls";
import { loseRoundActions } from "./dropping-out";
import { nextSpadesTurn, reorder } from "./spades-turns";
import { pipsOf, revealDominoOf } from "./domino-reveal";
import type { CombatantFacts, CombatantRound, RoundState, StanceBallot } from "./state";
import type { BudgetedKind } from "../actions";

/** Everything the GM's client reads to apply a request. */
export interface CombatSnapshot {
  readonly state: RoundState;
  readonly combatants: readonly CombatantRound[];
  readonly facts: readonly CombatantFacts[];
  /** ST-1: the secret declarations, kept only in the GM's client memory. */
  readonly ballot: StanceBallot;
  /** CD-18 (a): the secret bids for the coming call, kept only in the GM's client memory. */
  readonly bids?: BidBallot;
  /** CD-18 (c): the secret lowering spends, kept only in the GM's client memory. */
  readonly spends?: LoweringSpends;
  /** CD-19: the reached Closing die's value while the world hides it, kept only in the GM's client memory. */
  readonly closing?: number | null;
}

/** A public chat line: an i18n key under ZILCH.Combat.Chat and its data (never a hidden value). */
export interface LogEntry {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

export type DispatchResult =
  | {
      readonly ok: true;
      readonly snapshot: CombatSnapshot;
      readonly log: readonly LogEntry[];
      /** CB-4, CD-20: the turn and round hooks the GM's client runs on the combatants' actors. */
      readonly hooks: readonly TurnHook[];
    }
  | Refused;

const refused = (code: CombatRefusal): Refused => ({ ok: false, code });

/** CD-19, DOM-5: the public chat lines of countdown events (dice in hand and revealed dominoes are public). */
function countdownLog(events: readonly CountdownEvent[]): LogEntry[] {
  const out: LogEntry[] = [];
  for (const e of events) {
    if (e.type === "called") out.push({ key: "Called", data: { id: e.id } });
    if (e.type === "closingBegan") out.push({ key: "ClosingBegan", data: {} });
    if (e.type === "loweringOffered") out.push({ key: "LoweringOffered", data: {} });
    if (e.type === "closingLowered") out.push({ key: "ClosingLowered", data: { by: e.by } });
    if (e.type === "closed")
      out.push({ key: "RoundClosed", data: e.closingValue === null ? {} : { closing: e.closingValue } });
  }
  return out;
}

function revealedLog(before: readonly CombatantRound[], after: readonly CombatantRound[]): LogEntry[] {
  return after.flatMap((c) => {
    const was = before.find((b) => b.id === c.id);
    if (c.domino?.state !== "revealed" || was?.domino?.state === "revealed") return [];
    return [
      {
        key: "DominoRevealed",
        data: { id: c.id, greater: c.domino.domino.greater, lesser: c.domino.domino.lesser },
      },
    ];
  });
}

/** ST-1: once every holder has declared, the stances are shown at once (also after one leaves the roster). */
export function showIfAllIn(s: CombatSnapshot, log: LogEntry[], rollDie: RollDie): CombatSnapshot {
  if (s.state.stancesShown || !allDeclared(s.state, s.combatants)) return s;
  const shown = revealStances(s.state, s.ballot, s.combatants, s.facts);
  if (!shown.ok) return s;
  return handsAfterReveal(s, shown.value, log, rollDie);
}

/** ST-1, CD-1: the stances are shown, then (countdown mode) the hands are rolled, in that order. */
function handsAfterReveal(
  s: CombatSnapshot,
  shown: { state: RoundState; combatants: CombatantRound[] },
  log: LogEntry[],
  rollDie: RollDie,
): CombatSnapshot {
  log.push({ key: "StancesShown", data: {} });
  const hands = rollHands(shown.state, s.facts, shown.combatants, rollDie);
  for (const [id, roll] of Object.entries(hands.rolls))
    log.push({ key: "HandRolled", data: { id, dice: roll.kept.join(", ") } });
  return { ...s, state: hands.state, combatants: shown.combatants, ballot: {} };
}

/**
 * Validate `request` from `who` and apply it. A refusal names its i18n code (ZILCH.Combat.Error.<code>,
 * or `countdown.<code>` for the countdown's own refusals) and changes nothing.
 */
export function dispatch(
  s: CombatSnapshot,
  request: CombatRequest,
  who: Requester,
  rollDie: RollDie,
): DispatchResult {
  const allowed = validateRequest(request, who, s.state);
  if (!allowed.ok) return refused(allowed.code);
  const applied = applyRequest(s, request, rollDie);
  if (!applied.ok) return applied;
  // AC-1, CD-20: a turn or Act that begins starts a fresh record of what it does.
  const r = {
    ...applied,
    snapshot: {
      ...applied.snapshot,
      combatants: recordsAfter(s.state, applied.snapshot.state, applied.snapshot.combatants, applied.events),
    },
  };
  const ids = s.combatants.map((c) => c.id);
  const before = s.state;
  const after = r.snapshot.state;
  let hooks: TurnHook[] = [];
  let state = after;
  if (request.kind === "nextRound") {
    hooks = nextRoundHooks(before, ids);
    state = { ...after, pendingActs: [] };
  } else if (before.mode === "spades") {
    hooks = spadesTurnHooks(before.current, after.current);
    // OPT-1: a turn that ended uses up its "no Minor action" mark.
    if (before.current !== null && before.current !== after.current)
      state = endTurnMarks(state, before.current);
  } else if (r.events.length > 0) {
    const cd = countdownHooks(before.pendingActs ?? [], r.events, ids);
    hooks = cd.hooks;
    state = { ...after, pendingActs: cd.pending };
  }
  const closing = closingSecret(r.events, state.countdown);
  const log = closing === undefined ? r.log : hideClosing(r.log, state.countdown);
  return {
    ok: true,
    snapshot: { ...r.snapshot, state, ...(closing === undefined ? {} : { closing }) },
    log,
    hooks,
  };
}

/**
 * CD-19: once a round Closes, the value the GM's client keeps: the Closing die's when the world hides
 * it, else null (the state shows it). Undefined while no round Closed (the kept value stays as it was).
 */
function closingSecret(
  events: readonly CountdownEvent[],
  cd: CountdownState | null,
): number | null | undefined {
  const closed = events.find((e) => e.type === "closed");
  if (closed?.type !== "closed") return undefined;
  return cd?.options.showClosing ? null : closed.closingValue;
}

/** CD-19: the Closed line names the Closing die only when the world shows it. */
function hideClosing(log: readonly LogEntry[], cd: CountdownState | null): readonly LogEntry[] {
  if (cd?.options.showClosing) return log;
  return log.map((l) => (l.key === "RoundClosed" ? { key: l.key, data: {} } : l));
}

type Applied =
  | {
      readonly ok: true;
      readonly snapshot: CombatSnapshot;
      readonly log: readonly LogEntry[];
      readonly events: readonly CountdownEvent[];
    }
  | Refused;

/** One validated request's transition, with the countdown events it made (for the CD-20 hooks). */
function applyRequest(s: CombatSnapshot, request: CombatRequest, rollDie: RollDie): Applied {
  let events: readonly CountdownEvent[] = [];
  const result = applyOne(s, request, rollDie, (e) => (events = e));
  return result.ok ? { ...result, events } : result;
}

/** A request of one kind. */
type RequestOf<K extends CombatRequest["kind"]> = Extract<CombatRequest, { kind: K }>;

/** What one request's transition returns. */
type Outcome = { ok: true; snapshot: CombatSnapshot; log: readonly LogEntry[] } | Refused;

/** What every request's transition works on: the snapshot, the dice, the events seen and the log it writes. */
interface Step {
  readonly s: CombatSnapshot;
  readonly rollDie: RollDie;
  readonly seen: (events: readonly CountdownEvent[]) => void;
  readonly log: LogEntry[];
}

/** A combatant's round entry and its facts, by id. */
function findIn(s: CombatSnapshot, id: string) {
  return { c: s.combatants.find((x) => x.id === id), f: s.facts.find((x) => x.id === id) };
}

/**
 * KN-2 Slip Away: the facts a declaration paid with it reads (ST-3's Threatened restriction lifted),
 * or null when the knack cannot be used now (no knack or chip, or not Threatened).
 */
function slipAwayFacts(f: CombatantFacts): CombatantFacts | null {
  if (!f.slipAwayReady || !f.conditions.includes("threatened")) return null;
  return { ...f, stanceContext: { ...f.stanceContext, slipAway: true } };
}

/** ST-1: a combatant declares its stance in secret; all in, they are shown. */
function declareStanceStep(step: Step, request: RequestOf<"declareStance">): Outcome {
  const { s, log } = step;
  const found = findIn(s, request.combatantId);
  const c = found.c;
  if (!c || !found.f) return refused("unknownCombatant");
  const f = request.slipAway ? slipAwayFacts(found.f) : found.f;
  if (!f) return refused("stanceNotAllowed");
  // INI-6, DOM-6: a joiner (or one woken) after the stances were shown declares at once.
  if (s.state.stancesShown && c.domino !== null && c.stance === null) {
    const late = declareLateStance(s.state, c, f, request.stance);
    if (!late.ok) return refused(late.code);
    const combatants = s.combatants.map((x) => (x.id === c.id ? late.value : x));
    return { ok: true, snapshot: { ...s, combatants }, log };
  }
  const r = declareStance(s.state, s.ballot, c, f, request.stance);
  if (!r.ok) return refused(r.code);
  return {
    ok: true,
    snapshot: showIfAllIn({ ...s, state: r.value.state, ballot: r.value.ballot }, log, step.rollDie),
    log,
  };
}

/** ST-1: the GM declares for every NPC still to declare in one write; all in, they are shown. */
function declareNpcStancesStep(step: Step, request: RequestOf<"declareNpcStances">): Outcome {
  const { s, log } = step;
  const r = declareNpcStances(s.state, s.ballot, s.combatants, s.facts, request.stance);
  if (!r.ok) return refused(r.code);
  return {
    ok: true,
    snapshot: showIfAllIn({ ...s, state: r.state, ballot: r.ballot }, log, step.rollDie),
    log,
  };
}

/** ST-1: the GM shows the stances without waiting for the rest. */
function forceRevealStep(step: Step): Outcome {
  const { s, log, rollDie } = step;
  const r = revealStances(s.state, s.ballot, s.combatants, s.facts);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: handsAfterReveal(s, r.value, log, rollDie), log };
}

/** ST-4: a shown stance shifts one step. */
function shiftStanceStep(step: Step, request: RequestOf<"shiftStance">): Outcome {
  const { s, log } = step;
  const { c, f } = findIn(s, request.combatantId);
  if (!c || !f) return refused("unknownCombatant");
  if (!s.state.stancesShown || c.stance === null) return refused("stancesSecret");
  // ST-4 [design]: without per-action tracking, Defend counts as taken once its turn has begun.
  const turnBegun =
    c.turnTaken ||
    s.state.current === c.id ||
    (s.state.countdown?.participants.find((p) => p.id === c.id)?.acts ?? 0) > 0;
  const shifted = shiftStance(c.stance, request.stance, {
    allowed: allowedStances(f),
    defendTaken: turnBegun,
    standardAvailable: !f.conditions.includes("stunned") && !f.conditions.includes("helpless"),
  });
  if (!shifted.ok) return refused("shiftRefused");
  // AC-5: in its own turn the shift is that turn's Minor action; the GM's shift outside it is not.
  const counted = inTurn(s.state, c.id)
    ? takeTurnAction(s.state, c, f, "shiftStance", { lost: lostActions(s.state, c.id) })
    : null;
  if (counted && !counted.ok) return refused(counted.code);
  const turn = counted ? { turn: counted.record } : {};
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, stance: shifted.stance, ...turn } : x));
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** DOM-2: a combatant reveals its domino (DOM-5, T-7: also for its own ♣- or ♠-based save). */
function revealDominoStep(step: Step, request: RequestOf<"revealDomino" | "revealForSave">): Outcome {
  const { s, log, rollDie } = step;
  const r = revealDominoOf(s.state, s.combatants, request.combatantId, rollDie);
  if (!r.ok) return refused(r.code);
  log.push(...revealedLog(s.combatants, r.value.combatants));
  return { ok: true, snapshot: { ...s, state: r.value.state, combatants: r.value.combatants }, log };
}

/** CB-4: the next Spades turn, or CD-5: the next countdown call. */
function nextTurnStep(step: Step, request: RequestOf<"endTurn" | "nextCall">): Outcome {
  const { s, log, rollDie, seen } = step;
  // ST-1, CB-2: turns follow the declaration; no turn begins (no domino revealed) while stances are secret.
  if (!s.state.stancesShown) return refused("stancesSecret");
  if (request.kind === "endTurn" || s.state.mode === "spades") {
    const r = nextSpadesTurn(s.state, s.combatants, s.facts, rollDie);
    if (!r.ok) return refused(r.code);
    log.push(...revealedLog(s.combatants, r.value.combatants));
    return { ok: true, snapshot: { ...s, state: r.value.state, combatants: r.value.combatants }, log };
  }
  // CB-1, CD-2: whoever may no longer act leaves before the call, by the test the Spades order reads.
  const present = countdownWithoutThoseOut(s.state, s.combatants, s.facts);
  const r = countdownNextCall(present, s.combatants, s.bids ?? {}, rollDie);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push(...countdownLog(r.value.events), ...revealedLog(s.combatants, r.value.combatants));
  // CD-18 (a): the bids are resolved; only the winner's die is public (it must Act with it).
  const won = r.value.state.countdown;
  if (won?.bid != null && won.current !== null)
    log.push({ key: "BidWon", data: { id: won.current, die: won.bid } });
  return {
    ok: true,
    snapshot: { ...s, state: r.value.state, combatants: [...r.value.combatants], bids: {} },
    log,
  };
}

/** CD-18 (a): a secret bid for the coming call. */
function bidStep(step: Step, request: RequestOf<"bid">): Outcome {
  const { s, log } = step;
  const r = placeBid(s.state, s.bids ?? {}, request.combatantId, request.die);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, state: r.value.state, bids: r.value.bids }, log };
}

/** CD-18 (c): a secret spend to lower the Closing die. */
function lowerClosingStep(step: Step, request: RequestOf<"lowerClosing">): Outcome {
  const { s, log, rollDie, seen } = step;
  const r = offerLowering(s.state, s.spends ?? {}, request.combatantId, request.die);
  if (!r.ok) return refused(r.code);
  const offered: CombatSnapshot = { ...s, state: r.value.state, spends: r.value.spends };
  // CD-18 (c): once everyone who could spend has, nothing is left to wait for.
  return allLowered(offered.state)
    ? lowered(offered, rollDie, seen, log)
    : { ok: true, snapshot: offered, log };
}

/** CD-18 (d): two dice combined into one. */
function combineStep(step: Step, request: RequestOf<"combine">): Outcome {
  const { s, log, seen } = step;
  const [first, second] = request.dice;
  const r = countdownCombine(s.state, s.combatants, request.combatantId, first, second);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push({ key: "Combined", data: { id: request.combatantId, dice: `${first} + ${second}` } });
  return { ok: true, snapshot: { ...s, state: r.value.state }, log };
}

/** CD-3: the owner keeps an unkept die instead of a kept one, before the first call. */
function swapInStep(step: Step, request: RequestOf<"swapIn">): Outcome {
  const { s, log } = step;
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null) return refused("notCountdownMode");
  const r = swapIn(countdown, request.combatantId, request.die);
  if (!r.ok) return refused(`countdown.${r.error.code}`);
  // CD-19: the hands are public, so the chat that showed the roll also says which die was let go.
  const unkept = (cd: CountdownState) =>
    cd.participants.find((p) => p.id === request.combatantId)?.unkept ?? [];
  const rest = removeDice(unkept(countdown), [request.die]) ?? [];
  const [give] = removeDice(unkept(r.state), rest) ?? [];
  if (give !== undefined)
    log.push({ key: "KeptSwapped", data: { id: request.combatantId, take: request.die, give } });
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.state } }, log };
}

/** CD-14: the owner burns another usable die instead of one a Burn chose by default. */
function burnInsteadStep(step: Step, request: RequestOf<"burnInstead">): Outcome {
  const { s, log } = step;
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null) return refused("notCountdownMode");
  const r = burnInstead(countdown, request.combatantId, request.die);
  if (!r.ok) return refused(`countdown.${r.error.code}`);
  // CD-19: hands are public, so the chat says which die was burned and which came back.
  for (const e of r.events)
    if (e.type === "burnMoved")
      log.push({ key: "BurnMoved", data: { id: e.id, burned: e.burned, restored: e.restored } });
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.state } }, log };
}

/** CD-20: an Act or Accumulate paid by a Hampered creature buys one action; other choices buy none. */
function withHampered(choice: Choice, hampered: boolean): Choice {
  return choice.kind === "act" || choice.kind === "actHeld" || choice.kind === "accumulate"
    ? { ...choice, hampered }
    : choice;
}

/** CD-6, CD-13: the called participant's choice, a held-die interrupt or a challenge. */
function countdownActStep(
  step: Step,
  request: RequestOf<"countdownChoice" | "interrupt" | "challenge">,
): Outcome {
  const { s, log, rollDie, seen } = step;
  // CD-20, AC-2: whether the actor is Hampered is the GM's own fact, whatever the request said.
  const hampered = findIn(s, request.combatantId).f?.conditions.includes("hampered") ?? false;
  const r =
    request.kind === "countdownChoice"
      ? countdownChoose(s.state, s.combatants, withHampered(request.choice, hampered), rollDie)
      : request.kind === "interrupt"
        ? countdownInterrupt(
            s.state,
            s.combatants,
            request.combatantId,
            { ...request.details, hampered },
            rollDie,
          )
        : request.holderWins === undefined
          ? null
          : countdownChallenge(s.state, s.combatants, request.combatantId, request.holderWins, {}, rollDie);
  if (r === null) return refused("challengeUnrolled");
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push(...countdownLog(r.value.events), ...revealedLog(s.combatants, r.value.combatants));
  return { ok: true, snapshot: { ...s, state: r.value.state, combatants: [...r.value.combatants] }, log };
}

/** CD-15: a 1 spent on a use. */
function spendOneStep(step: Step, request: RequestOf<"spendOne">): Outcome {
  const { s, log, seen } = step;
  const cd = s.state.countdown;
  if (cd === null) return refused("notCountdownMode");
  const spent = spendOne(cd, request.combatantId, request.use, request.target);
  if (!spent.ok) return refused(`countdown.${spent.error.code}`);
  seen(spent.events);
  log.push(...countdownLog(spent.events));
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: spent.state } }, log };
}

/**
 * CD-15: a test took the combatant's pending Effort and Pressure; exactly those are used up, or nothing
 * is (a second roll that counted them finds them gone and is refused).
 */
function usePendingStep(step: Step, request: RequestOf<"usePendingOnes">): Outcome {
  const { s, log } = step;
  const cd = s.state.countdown;
  if (cd === null) return refused("notCountdownMode");
  const used = usePending(cd, request.combatantId, request);
  if (!used.ok) return refused(`countdown.${used.error.code}`);
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: used.state } }, log };
}

/** OPT-1, OPT-2: the Spades actions the combatant's current turn has lost (its Minor, its Standard). */
function lostActions(state: RoundState, id: string): BudgetedKind[] {
  return [
    ...(lacksMinorNow(state, id) ? (["minor"] as const) : []),
    ...(lacksStandardNow(state, id) ? (["standard"] as const) : []),
  ];
}

/** AC-1, AC-4..AC-6, CD-7: an action recorded in the combatant's turn, or refused with the rule's reason. */
function takeActionStep(step: Step, request: RequestOf<"takeAction">): Outcome {
  const { s, log } = step;
  const { c, f } = findIn(s, request.combatantId);
  if (!c || !f) return refused("unknownCombatant");
  // AC-5: a drag of the token is the turn's movement already taken, or a Move of its own.
  if (request.dragged) return draggedMoveStep(step, c, f);
  // AC-3: the second attack of a 2WF is part of the Full action the first recorded.
  const r =
    request.secondWeapon === undefined
      ? takeTurnAction(s.state, c, f, request.action, {
          // CD-7: an attack's speed from the GM's attack check, or a named Cast's as the GM priced it.
          speed: request.speed ?? request.named?.speed,
          twoWeapon: request.twoWeapon,
          // ST-2, ST-6: 2WF splits the offensive pips the revealed domino gives now.
          offense: pipsOf(c, f, s.state.mode)?.offense ?? 0,
          lost: lostActions(s.state, c.id),
        })
      : takeSecondWeaponAttack(s.state, c, request.secondWeapon);
  if (!r.ok) return refused(r.code);
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, turn: r.record } : x));
  // Attacks and Casts post their own card; the tracker's actions get a public chat line.
  if (isTrackerTurnAction(request.action)) log.push({ key: TOOK_KEYS[request.action], data: { id: c.id } });
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** AC-5: a Move dragged in the turn, recorded (with its chat line when it is a Move of its own) or refused. */
function draggedMoveStep(step: Step, c: CombatantRound, f: CombatantFacts): Outcome {
  const { s, log } = step;
  const r = takeDraggedMove(s.state, c, f, { lost: lostActions(s.state, c.id) });
  if (!r.ok) return refused(r.code);
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, turn: r.record } : x));
  if (r.counted) log.push({ key: TOOK_KEYS.move, data: { id: c.id } });
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** KN-2 Spring Attack: the turn's record keeps it, so one Move of the turn is the extra one. */
function springAttackStep(step: Step, request: RequestOf<"springAttack">): Outcome {
  const { s, log } = step;
  const c = s.combatants.find((x) => x.id === request.combatantId);
  if (!c) return refused("unknownCombatant");
  const r = useSpringAttack(s.state, c);
  if (!r.ok) return refused(r.code);
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, turn: r.record } : x));
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** CB-2, CD-1: the next round; its hands are rolled once the stances are shown. */
function nextRoundStep(step: Step): Outcome {
  const { s, log } = step;
  const r = startNextRound(s.state, s.facts, s.combatants);
  log.push({ key: "RoundStarted", data: { round: r.state.round } });
  return {
    ok: true,
    snapshot: { ...s, state: r.state, combatants: [...r.combatants], ballot: {}, bids: {}, spends: {} },
    log,
  };
}

/** INI-4: the GM moves a combatant up or down the Spades order. */
function reorderStep(step: Step, request: RequestOf<"reorder">): Outcome {
  const { s, log } = step;
  const order = [...s.state.order];
  const at = order.indexOf(request.combatantId);
  const to = request.direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return refused("unknownCombatant");
  [order[at], order[to]] = [order[to], order[at]];
  const r = reorder(s.state, order);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, state: r.value }, log };
}

/** CD-2: the GM's modifier to a combatant's action dice, applied at its next roll. */
function adjustPoolStep(step: Step, request: RequestOf<"adjustPool">): Outcome {
  const { s, log } = step;
  const r = adjustPool(s.combatants, request.combatantId, request.by);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, combatants: r.value }, log };
}

/** CB-3, CD-16: before the combat starts, the GM marks a combatant aware or surprised. */
function setAwareStep(step: Step, request: RequestOf<"setAware">): Outcome {
  const { s, log } = step;
  const r = setAware(s.state, s.combatants, request.combatantId, request.aware);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, combatants: r.value }, log };
}

/** OPT-1: a combatant loses the rest of its round. */
function loseRoundActionsStep(step: Step, request: RequestOf<"loseRoundActions">): Outcome {
  const { s, log, seen } = step;
  const r = loseRoundActions(s.state, s.combatants, request.combatantId);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push({ key: "LostRoundActions", data: { id: request.combatantId } }, ...countdownLog(r.value.events));
  return { ok: true, snapshot: { ...s, state: r.value.state, combatants: r.value.combatants }, log };
}

/** OPT-1, OPT-2: a combatant loses an action (a Burn in countdown mode). */
function loseActionStep(step: Step, request: RequestOf<"loseAction">): Outcome {
  const { s, log, seen } = step;
  const r = loseAction(s.state, request.combatantId, {
    standard: request.standard,
    thisTurn: request.thisTurn,
  });
  if (!r.ok) return refused(r.code);
  seen(r.events);
  const spadesKey = request.standard ? "LostStandardAction" : "LostMinorAction";
  const key = s.state.mode === "countdown" ? "LostActionBurn" : spadesKey;
  log.push({ key, data: { id: request.combatantId } }, ...countdownLog(r.events));
  return { ok: true, snapshot: { ...s, state: r.state }, log };
}

/**
 * CD-14, INJ-7: an injury gained mid-round burns at once (countdown only; in Spades mode its Burn
 * lowers initiative from the next round, INI-2). A creature out of the countdown has no dice to burn.
 */
function injuryBurnStep(step: Step, request: RequestOf<"injuryBurn">): Outcome {
  const { s, log, seen } = step;
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null || countdown.phase === "closed")
    return { ok: true, snapshot: s, log };
  const r = burn(countdown, request.combatantId, request.burn);
  if (!r.ok) return { ok: true, snapshot: s, log };
  seen(r.events);
  log.push(
    { key: "InjuryBurn", data: { id: request.combatantId, n: request.burn } },
    ...countdownLog(r.events),
  );
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.state } }, log };
}

/** CD-15: the Soak's payment from the countdown. */
function soakStep(step: Step, request: RequestOf<"soak">): Outcome {
  const { s, log, seen } = step;
  const r = paySoak(s.state, request.combatantId, request.payment);
  if (!r.ok) return refused(r.code);
  seen(r.events);
  log.push({ key: "Soaked", data: { id: request.combatantId } }, ...countdownLog(r.events));
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.countdown } }, log };
}

/** CD-15: a reactive defence's payment from the countdown: the highest usable die is discarded. */
function reactiveDefenceStep(step: Step, request: RequestOf<"reactiveDefence">): Outcome {
  const { s, log, seen } = step;
  const r = payReactiveDefence(s.state, request.combatantId, request.defenseless);
  if (!r.ok) return refused(r.code);
  seen(r.events);
  log.push({ key: "ReactiveDefence", data: { id: request.combatantId } }, ...countdownLog(r.events));
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.countdown } }, log };
}

/** CON-2: the save to recover from Stunned. */
function recoverStunStep(step: Step, request: RequestOf<"recoverStun">): Outcome {
  const { s, log, seen } = step;
  if (request.saved === undefined) return refused("stunUnrolled");
  const r = applyStunRecovery(s.state, findIn(s, request.combatantId).f, request.combatantId, request.saved);
  if (!r.ok) return refused(r.code);
  seen(r.events);
  log.push(
    { key: request.saved ? "StunRecovered" : "StunRemains", data: { id: request.combatantId } },
    ...countdownLog(r.events),
  );
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.countdown } }, log };
}

/** ST-4, ST-6, CD-17: a combatant's new conditions force Cautious, Stunned empties its pool and held die, and losing Stunned lifts its limit. */
function conditionsChangedStep(step: Step, request: RequestOf<"conditionsChanged">): Outcome {
  const { s, log, seen } = step;
  const { before, after, combatantId: id } = request;
  const r = conditionsChanged(s.state, s.combatants, s.ballot, id, before, after);
  if (!r) return refused("unknownCombatant");
  seen(r.events);
  // A stance still secret is changed in the ballot without a word: the reveal shows it.
  if (r.forced && s.combatants.find((c) => c.id === id)?.stance !== null)
    log.push({ key: "StanceForcedCautious", data: { id } });
  log.push(...countdownLog(r.events));
  return {
    ok: true,
    snapshot: { ...s, state: r.state, combatants: [...r.combatants], ballot: r.ballot },
    log,
  };
}

/** CB, ST, DOM, CD, OPT: one validated request's transition, by its kind. */
function applyOne(
  s: CombatSnapshot,
  request: CombatRequest,
  rollDie: RollDie,
  seen: (events: readonly CountdownEvent[]) => void,
): Outcome {
  const step: Step = { s, rollDie, seen, log: [] };
  switch (request.kind) {
    case "declareStance":
      return declareStanceStep(step, request);
    case "forceReveal":
      return forceRevealStep(step);
    case "declareNpcStances":
      return declareNpcStancesStep(step, request);
    case "shiftStance":
      return shiftStanceStep(step, request);
    case "revealDomino":
    case "revealForSave": // T-7, DOM-5: the owner's ♣- or ♠-based save
      return revealDominoStep(step, request);
    case "endTurn":
    case "nextCall":
      return nextTurnStep(step, request);
    case "bid":
      return bidStep(step, request);
    case "lowerClosing":
      return lowerClosingStep(step, request);
    case "swapIn":
      return swapInStep(step, request);
    case "burnInstead":
      return burnInsteadStep(step, request);
    case "combine":
      return combineStep(step, request);
    case "countdownChoice":
    case "interrupt":
    case "challenge":
      return countdownActStep(step, request);
    case "spendOne":
      return spendOneStep(step, request);
    case "usePendingOnes":
      return usePendingStep(step, request);
    case "abandonPool":
      return abandonPoolStep(step.s, request.combatantId);
    case "takeAction":
      return takeActionStep(step, request);
    case "springAttack":
      return springAttackStep(step, request);
    case "nextRound":
      return nextRoundStep(step);
    case "reorder":
      return reorderStep(step, request);
    case "setAware":
      return setAwareStep(step, request);
    case "adjustPool":
      return adjustPoolStep(step, request);
    case "loseRoundActions":
      return loseRoundActionsStep(step, request);
    case "loseAction":
      return loseActionStep(step, request);
    case "injuryBurn":
      return injuryBurnStep(step, request);
    case "soak":
      return soakStep(step, request);
    case "reactiveDefence":
      return reactiveDefenceStep(step, request);
    case "recoverStun":
      return recoverStunStep(step, request);
    case "conditionsChanged":
      return conditionsChangedStep(step, request);
    case "resolveLowering":
      return lowered(step.s, step.rollDie, step.seen, step.log);
    case "applyDamage":
      // Damage is applied by the attack card's own GM step (src/applications/combat); the combat has nothing to change.
      return refused("unknownRequest");
  }
}

/** CD-18 (c): resolve the lowering with the GM's secret spends; the log says only by how much. */
function lowered(
  s: CombatSnapshot,
  rollDie: RollDie,
  seen: (events: readonly CountdownEvent[]) => void,
  log: LogEntry[],
): Outcome {
  const r = resolveLowering(s.state, s.combatants, s.spends ?? {}, rollDie);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push(...countdownLog(r.value.events));
  return { ok: true, snapshot: { ...s, state: r.value.state, spends: {} }, log };
}
