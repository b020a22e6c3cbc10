/**
 * AT-5..AT-7 and GW-4: who may act at each step, the attacker's and defender's chip windows, a
 * reaction, the AT-4 movement row, and the decision of the hit.
 */
import { DEFENSELESS_FIXED, resolveAttack, type AttackResult } from "./resolution";
import { followUpAllowed, REACTION_GRIT_COST, reactionDefenceBonus } from "../grit";
import { degreeOfSuccess } from "../tests";
import { LONG_REACH } from "../equipment";
import { CAST_RULES } from "../magic";
import { REACTIVE_DEFENCE_PIPS } from "../countdown/effects";
import {
  type AttackActionKind,
  type AttackRefusal,
  type AttackStepResult,
  ACTION_STEP,
  type AttackRequester,
  type ActionOf,
  type DefenceReveal,
} from "./actions";
import { isMissile, isRoll } from "./checks";
import { defenselessFixed } from "./declaration";
import {
  defenderSpadesTest,
  type AttackStep,
  type AttackRole,
  type AttackSetup,
  type ChipCommit,
  REACTIONS,
  type ReactionKind,
  REACTION_SUIT,
  FOLLOW_UP,
  type ReactionState,
  type AttackState,
  MOVEMENT_CHOICES,
} from "./types";

/** AT-5, CH-7: the role the current step waits for, or null when the card is finished. */
export function currentRole(state: AttackState): AttackRole | null {
  // SP-3: a held grapple waits on nobody; either side may act when its turn allows.
  if (state.step === "grapple") return null;
  const entry = Object.values(ACTION_STEP).find((a) => a.step === state.step);
  return entry?.role ?? null;
}

/** CH-7, HP-2: may this user take this action? Only its owner opens a side's window; only the GM applies. */
export function mayAct(
  state: AttackState,
  kind: AttackActionKind,
  who: AttackRequester,
): { ok: true } | { ok: false; code: AttackRefusal } {
  const { step, role } = ACTION_STEP[kind];
  if (state.step !== step) return { ok: false, code: "wrongStep" };
  if (who.isGM) return { ok: true };
  if (role === "gm") return { ok: false, code: "gmOnly" };
  if (role === "attacker" && !who.ownsAttacker) return { ok: false, code: "notAttacker" };
  if (role === "defender" && !who.ownsDefender) return { ok: false, code: "notDefender" };
  return { ok: true };
}

/** AT-4: a Defenseless target (basic or detailed rule) counts no chips or Boon, so it has no window. */
export function defenderHasWindow(setup: Pick<AttackSetup, "defender">): boolean {
  return !(setup.defender.side.defenseless || setup.defender.side.helpless);
}

/**
 * AT-5 step 3: a new card after the declaration and reveal, waiting for the attacker's window; or,
 * when the target may react (AT-5 step 1: a CD-15 reactive defence offered, or a GW-4 Dodge or
 * Block), waiting on its reactions, with its domino not yet revealed (its pips come when it is done).
 */
export function createAttackState(
  setup: AttackSetup,
  offer: { reactiveDefence?: boolean } = {},
): AttackState {
  const aim = setup.declaration.mode === "melee" ? (setup.declaration.aim ?? "chest") : setup.declaration.aim;
  const reactiveDefence = offer.reactiveDefence && !setup.declaration.wrongSquare ? "offered" : null;
  const reacts = reactiveDefence !== null || (gritReactionOffered(setup) && !setup.declaration.wrongSquare);
  // The setup's parts are named rather than spread: V8 builds a literal that spreads a small object
  // and then adds many properties in dictionary mode, which every later step's copy of the card keeps.
  const state: AttackState = {
    attacker: setup.attacker,
    defender: setup.defender,
    settings: setup.settings,
    declaration: { ...setup.declaration, aim },
    step: reacts ? "react" : "attacker",
    attackerCommit: null,
    defenderCommit: null,
    result: null,
    d100: null,
    location: null,
    damage: null,
    applied: null,
    knockoutMinutes: null,
    wound: null,
    injury: null,
    soak: null,
    movement: null,
    margin: null,
    special: null,
    grapple: null,
    reaction: null,
    reactiveDefence,
  };
  // RNG-4, AT-6: a wrong named square misses at once: no window opens, so no chip or Boon is spent.
  return setup.declaration.wrongSquare ? decide(state) : state;
}

/**
 * GW-4: a Dodge or Block is offered at AT-5 step 1 to a target under Grit and Wounds holding 1 Grit,
 * attacked outside its own turn, that is not Defenseless (it has no defence to add to).
 */
export function gritReactionOffered(setup: Pick<AttackSetup, "defender">): boolean {
  return (
    (setup.defender.grit ?? 0) >= REACTION_GRIT_COST && !setup.defender.ownTurn && defenderHasWindow(setup)
  );
}

/** AT-2, AT-3: both totals as they stand (with whatever chips and Boons are committed so far). */
export function currentTotals(state: AttackState): { attack: number; defence: number } {
  const r = resolve(state);
  return { attack: r.attack, defence: r.defense };
}

function resolve(state: AttackState): AttackResult {
  const a = state.attackerCommit;
  const d = state.defenderCommit;
  // GW-4: a Dodge or Block adds to the defence against this attack only.
  const modifier = (state.defender.side.modifier ?? 0) + (state.reaction?.bonus ?? 0);
  return resolveAttack(
    { ...state.attacker.side, chips: a?.chips ?? 0, boon: a?.boon ?? false },
    { ...state.defender.side, modifier, chips: d?.chips ?? 0, boon: d?.boon ?? false },
    {
      detailedDefenseless: state.settings.detailedDefenseless,
      calledShot: state.declaration.calledShot,
      wrongSquare: state.declaration.wrongSquare === true,
    },
  );
}

function commitProblem(c: ChipCommit, available: number, boon: boolean): AttackRefusal | null {
  if (!Number.isInteger(c.chips) || c.chips < 0 || c.chips > available) return "badChips";
  if (c.boon && !boon) return "noBoon";
  return null;
}

/**
 * GW-4: why the defender may not Dodge or Block now, or null: at AT-5 step 1, one per attack, outside
 * its own turn, 1 Grit, a card to test.
 */
export function reactionProblem(state: AttackState, kind?: ReactionKind): AttackRefusal | null {
  if (state.step !== "react") return "wrongStep";
  if (state.reaction) return "reactionUsed";
  if (state.defender.ownTurn) return "ownTurn";
  if ((state.defender.grit ?? 0) < REACTION_GRIT_COST) return "noGrit";
  if (kind === "block" && state.defender.clubs === undefined) return "badReaction";
  if (kind !== undefined && !REACTIONS.includes(kind)) return "badReaction";
  return null;
}

/** GW-4, T-2: the test a reaction makes: on ♠ for a Dodge, on ♣ for a Block (lasting modifiers counted). */
export function reactionTarget(state: AttackSetup, kind: ReactionKind): number {
  return kind === "block" ? (state.defender.clubs ?? 0) : defenderSpadesTest(state);
}

/**
 * GW-4: the Slip (after a Dodge) or Parry (after a Block) the decided attack offers the defender,
 * or null: defence − attack ≥ 5, never against missiles, and Parry not against reach weapons.
 */
export function reactionFollowUp(state: AttackState): "slip" | "parry" | null {
  const r = state.reaction;
  if (!r || !state.result) return null;
  const followUp = FOLLOW_UP[r.kind];
  const allowed = followUpAllowed(followUp, state.result.defense, state.result.attack, {
    missile: isMissile(state.declaration.mode),
    reach: state.declaration.reach >= LONG_REACH,
  });
  return allowed ? followUp : null;
}

/** CH-3, MAG-1: ♣ chips go to a ♣-based attack; a Cast reads ♦ and takes no Fighter chips. */
export function attackerChipsAvailable(state: AttackState): number {
  return state.declaration.mode === "cast" && !CAST_RULES.fighterChips ? 0 : state.attacker.chips;
}

/** CH-3, CH-7: the attacker commits chips and Boon; the defender's window opens, or the hit is decided. */
export function commitAttackerStep(state: AttackState, action: ActionOf<"commitAttacker">): AttackStepResult {
  const problem = commitProblem(action, attackerChipsAvailable(state), state.attacker.boon);
  if (problem) return { ok: false, code: problem };
  const next: AttackState = { ...state, attackerCommit: { chips: action.chips, boon: action.boon } };
  return { ok: true, state: defenderHasWindow(state) ? { ...next, step: "defender" } : decide(next) };
}

/**
 * GW-4: the defender's Dodge or Block, rolled against its suit when declared; its bonus counts once
 * the totals are computed. The step ends with it unless a reactive defence is still unanswered.
 */
export function reactStep(state: AttackState, action: ActionOf<"react">): AttackStepResult {
  const problem = reactionProblem(state, action.reaction);
  if (problem) return { ok: false, code: problem };
  if (!isRoll(action.roll)) return { ok: false, code: "badDice" };
  const target = reactionTarget(state, action.reaction);
  const dos = degreeOfSuccess(action.roll, target);
  const reaction: ReactionState = {
    kind: action.reaction,
    suit: REACTION_SUIT[action.reaction],
    target,
    roll: action.roll,
    dos,
    bonus: reactionDefenceBonus(dos),
  };
  return settleReactions({ ...state, reaction }, "react", action.reveal);
}

/** AT-5 step 1: what the target does there: a reactive defence, a Dodge or Block, or no (more) reaction. */
export type StepOneChoice = "take" | "react" | "decline";

/**
 * AT-5 step 1: whether the step is over once the target has made this choice, so its domino must be
 * revealed with it: declining ends it; otherwise it stays open while a reaction it was offered is
 * still unmade (each is offered once).
 */
export function reactionsEndWith(state: AttackState, choice: StepOneChoice): boolean {
  if (choice === "decline") return true;
  const gritLeft = choice !== "react" && state.reaction === null && gritReactionOffered(state);
  const reactiveLeft = choice !== "take" && state.reactiveDefence === "offered";
  return !gritLeft && !reactiveLeft;
}

function settleReactions(
  state: AttackState,
  choice: StepOneChoice,
  reveal: DefenceReveal | undefined,
): AttackStepResult {
  // `state` is the card after the choice; whether the step ends is read from before it.
  const before = choice === "react" ? { ...state, reaction: null } : state;
  if (!reactionsEndWith(before, choice)) return { ok: true, state };
  if (!reveal || !Number.isInteger(reveal.defense) || reveal.defense < 0)
    return { ok: false, code: "badDice" };
  return { ok: true, state: revealDefence(state, reveal) };
}

/**
 * CD-15, AT-5 steps 2-3: the target's domino is revealed; a reactive defence adds +2 defensive pips
 * and the shield counts at its Guarded value (EQ-7) against this attack only (a target found
 * Defenseless at the reveal gains nothing). Then the totals are shown and the attacker's window opens.
 */
function revealDefence(state: AttackState, reveal: DefenceReveal): AttackState {
  const side = state.defender.side;
  const defenseless = side.defenseless || reveal.defenseless;
  const take = state.reactiveDefence === "taken" && !defenseless;
  const defender = {
    ...state.defender,
    side: {
      ...side,
      defense: reveal.defense + (take ? REACTIVE_DEFENCE_PIPS : 0),
      guarded: side.guarded === true || take,
      defenseless,
    },
  };
  const answer = state.reactiveDefence === "offered" ? "declined" : (state.reactiveDefence ?? null);
  return { ...state, defender, reactiveDefence: answer, step: "attacker" };
}

/** CD-15, AT-5 step 1: the target takes its reactive defence, or ends the step with no (more) reaction. */
export function reactiveDefenceStep(
  state: AttackState,
  action: ActionOf<"reactiveDefence">,
): AttackStepResult {
  if (state.step !== "react") return { ok: false, code: "wrongStep" };
  if (!action.take) return settleReactions(state, "decline", action.reveal);
  if (state.reactiveDefence !== "offered") return { ok: false, code: "reactionUsed" };
  const next: AttackState = { ...state, reactiveDefence: "taken" };
  return settleReactions(next, "take", action.reveal);
}

/** CH-7, AT-6: the defender commits chips and Boon, and the hit is decided. */
export function commitDefenderStep(state: AttackState, action: ActionOf<"commitDefender">): AttackStepResult {
  const problem = commitProblem(action, state.defender.chips, state.defender.boon);
  if (problem) return { ok: false, code: problem };
  return {
    ok: true,
    state: decide({ ...state, defenderCommit: { chips: action.chips, boon: action.boon } }),
  };
}

/** AT-4 detailed rule: the GM sets a Defenseless target's movement. */
export function setMovementStep(state: AttackState, action: ActionOf<"setMovement">): AttackStepResult {
  if (!movementChoosable(state)) return { ok: false, code: "movementNotNeeded" };
  if (!MOVEMENT_CHOICES.includes(action.movement)) return { ok: false, code: "badLocation" };
  const side = { ...state.defender.side, fixed: defenselessFixed([], action.movement) };
  return {
    ok: true,
    state: { ...state, defender: { ...state.defender, side }, movement: action.movement },
  };
}

/** AT-6, AT-7: decide the hit once both windows are closed; a miss ends the card. */
function decide(state: AttackState): AttackState {
  const result = resolve(state);
  if (state.declaration.mode === "special") {
    // SP-1 step 2: a hit deals no damage but opens the contest (a card without its kind cannot have one).
    return { ...state, result, step: result.hit && state.declaration.special ? "special" : "done" };
  }
  // OPT-1: with the option on, a hit with a margin bonus first lets the attacker spend it.
  const step: AttackStep = !result.hit
    ? "done"
    : state.settings.marginSpecialResults && result.marginBonus >= 1
      ? "margin"
      : "damage";
  return { ...state, result, step };
}

/**
 * AT-4 detailed rule: the GM may set a Defenseless target's movement before the hit is decided; a
 * Paralysed, Helpless or Unconscious target is fixed at 0 and has nothing to set.
 */
export function movementChoosable(state: AttackState): boolean {
  return (
    state.step === "attacker" &&
    state.settings.detailedDefenseless &&
    !defenderHasWindow(state) &&
    state.defender.side.fixed !== undefined &&
    state.defender.side.fixed !== DEFENSELESS_FIXED.immobile
  );
}
