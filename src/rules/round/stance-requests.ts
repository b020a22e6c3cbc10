/**
 * The GM applies the stance and domino requests (ST-1, ST-4, DOM-2, KN-2 Slip Away): a secret
 * declaration, the NPCs' declarations, the forced reveal, a shift, a domino revealed; once every
 * stance is in they are shown, and in countdown mode the hands are rolled (CD-1).
 */
import { shiftStance } from "../stances";
import type { RollDie } from "../vocabulary";
import { declareNpcStances } from "./npc-stances";
import { inTurn, takeTurnAction } from "./turn-record";
import { rollHands } from "./round-start";
import {
  allDeclared,
  allowedStances,
  declareStance,
  declareLateStance,
  revealStances,
} from "./stance-declaration";
import { revealDominoOf } from "./domino-reveal";
import type { CombatantFacts, CombatantRound, RoundState } from "./state";
import { revealedLog, type LogEntry } from "./dispatch-words";
import {
  findIn,
  refused,
  type CombatSnapshot,
  type Outcome,
  type RequestOf,
  type Step,
} from "./request-step";
import { lostActions } from "./turn-requests";

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
 * KN-2 Slip Away: the facts a declaration paid with it reads (ST-3's Threatened restriction lifted),
 * or null when the knack cannot be used now (no knack or chip, or not Threatened).
 */
function slipAwayFacts(f: CombatantFacts): CombatantFacts | null {
  if (!f.slipAwayReady || !f.conditions.includes("threatened")) return null;
  return { ...f, stanceContext: { ...f.stanceContext, slipAway: true } };
}

/** ST-1: a combatant declares its stance in secret; all in, they are shown. */
export function declareStanceStep(step: Step, request: RequestOf<"declareStance">): Outcome {
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
export function declareNpcStancesStep(step: Step, request: RequestOf<"declareNpcStances">): Outcome {
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
export function forceRevealStep(step: Step): Outcome {
  const { s, log, rollDie } = step;
  const r = revealStances(s.state, s.ballot, s.combatants, s.facts);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: handsAfterReveal(s, r.value, log, rollDie), log };
}

/** ST-4: a shown stance shifts one step. */
export function shiftStanceStep(step: Step, request: RequestOf<"shiftStance">): Outcome {
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
export function revealDominoStep(step: Step, request: RequestOf<"revealDomino" | "revealForSave">): Outcome {
  const { s, log, rollDie } = step;
  const r = revealDominoOf(s.state, s.combatants, request.combatantId, rollDie);
  if (!r.ok) return refused(r.code);
  log.push(...revealedLog(s.combatants, r.value.combatants));
  return { ok: true, snapshot: { ...s, state: r.value.state, combatants: r.value.combatants }, log };
}
