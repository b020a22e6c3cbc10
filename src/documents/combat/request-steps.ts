/**
 * What the active GM's client does around the pure dispatch (src/rules/round/dispatch.ts) for a request,
 * by its kind: the dice the GM rolls before it (a challenge's contest, a Stun save), what is paid once it
 * is accepted (Slip Away's chip), what follows on the actors once the combat's slot is free, and which
 * requests wait for a round start. One entry per request kind, so a new kind without one does not compile.
 */
import { dispatch } from "../../rules/round/dispatch";
import type { CombatSnapshot } from "../../rules/round/request-step";
import {
  validateRequest,
  type CombatRequest,
  type Requester,
  type RequestKind,
} from "../../rules/round/authority";
import type { CombatantFacts } from "../../rules/round/state";
import type { CombatRefusal } from "../../rules/round/refusal";
import type { CombatClientRefusal } from "../../requests/request-refusal-words";
import { resolveChallenge } from "../../rules/round/challenge";
import { stunRecoveryProblem } from "../../rules/round/reactions";
import { creatureTestTarget, rollCreatureTest, saveOn } from "../creature-test";
import { ZilchTestRoll } from "../../dice/zilch-test-roll";
import { postKnackUse } from "../../dice/knack";
import { logLine, renderCombatLog } from "./chat-log";
import { SLIP_AWAY_USE } from "./slip-away";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of it, no cycle.

/** A round request the GM's client refused, under a code with words (src/requests/request-refusal-words.ts). */
export type RefusedRequest = { ok: false; code: CombatRefusal | CombatClientRefusal };

export type RequestOf<K extends RequestKind> = Extract<CombatRequest, { kind: K }>;

/** A request made ready for the dispatch: amended with what the GM rolled, and what that roll leaves to do. */
export interface Prepared<R extends CombatRequest = CombatRequest> {
  readonly ok: true;
  readonly request: R;
  /** Run once the slot is free, after the kind's own `after`. */
  readonly afterSlot?: () => Promise<void>;
}

/** The steps around one kind of request; a kind with none has an empty entry. */
export interface RequestStep<R extends CombatRequest> {
  /** CON-2, ST-3: a declaration made while the round start still applies Threatened waits for it. */
  readonly waitsForRoundStart?: true;
  /** The round starts: declarations queued behind it wait for its Threatened and Grit. */
  readonly startsRound?: true;
  /** Before the dispatch, inside the slot: the dice the GM rolls, or a refusal before any is rolled. */
  readonly prepare?: (
    combat: Combat.Implementation,
    request: R,
    who: Requester,
    before: CombatSnapshot,
  ) => Promise<Prepared<R> | RefusedRequest>;
  /** Accepted by the dispatch, before the save: what the creature pays; a refusal undoes nothing yet. */
  readonly pay?: (combat: Combat.Implementation, request: R) => Promise<RefusedRequest | null>;
  /** After the slot, before the turn hooks: what follows on the actors. */
  readonly after?: (combat: Combat.Implementation, request: R) => Promise<void>;
  /** After the slot and the turn hooks. */
  readonly afterHooks?: (combat: Combat.Implementation, before: CombatSnapshot) => Promise<void>;
}

export type RequestSteps = { readonly [K in RequestKind]: RequestStep<RequestOf<K>> };

/**
 * CD-13: only a holder's owner (or the GM) makes the dice roll at all; a challenge the round would refuse
 * whatever the contest gave (nothing held, no call) is refused before any die is rolled or posted (the
 * trial's state is thrown away).
 */
async function prepareChallenge(
  combat: Combat.Implementation,
  request: RequestOf<"challenge">,
  who: Requester,
  before: CombatSnapshot,
): Promise<Prepared<RequestOf<"challenge">> | RefusedRequest> {
  const allowed = validateRequest(request, who, before.state);
  if (!allowed.ok) return allowed;
  const trial = dispatch(before, { ...request, holderWins: true }, who, () => 1);
  if (!trial.ok) return trial;
  const rolled = await rollChallenge(combat, before, request.combatantId);
  if (rolled === null) return { ok: false, code: "challengeUnrolled" };
  return { ok: true, request: { ...request, holderWins: rolled } };
}

/**
 * CD-13: the ♠ contest of a challenge, rolled here with Foundry Rolls for both sides (Dice So Nice
 * shows them) and posted; null when there is no called participant to challenge.
 */
async function rollChallenge(
  combat: Combat.Implementation,
  s: CombatSnapshot,
  holderId: string,
): Promise<boolean | null> {
  const actingId = s.state.countdown?.current ?? null;
  const holder = s.facts.find((f) => f.id === holderId);
  const acting = s.facts.find((f) => f.id === actingId);
  if (!holder || !acting || holderId === actingId) return null;
  const rolls: Roll[] = [];
  const rollTest = async () => {
    const rolled = await ZilchTestRoll.rollTest();
    rolls.push(...rolled.rolls);
    return rolled.dice;
  };
  // T-2: each side's ♠ test target as the system's one test path reads it (lasting injuries among
  // them); the card itself breaks a tie (T-9). Run inside the combat's slot, so no Effort or Pressure.
  const side = (f: CombatantFacts) => {
    const actor = combat.combatants.get(f.id)?.actor;
    const target = actor ? creatureTestTarget(actor, { card: "spades", save: false }) : f.spades;
    return { target, card: f.spades };
  };
  const outcome = await resolveChallenge(side(holder), side(acting), rollTest);
  const name = (id: string) => combat.combatants.get(id)?.name ?? "";
  const lines = outcome.exchanges.map((e) => `${e.holder} / ${e.acting}`).join("; ");
  const text = game.i18n.format(
    outcome.holderWins ? "ZILCH.Combat.Chat.ChallengeWon" : "ZILCH.Combat.Chat.ChallengeLost",
    { holder: name(holderId), acting: name(acting.id) },
  );
  await ChatMessage.create({ content: await renderCombatLog([`${text} (${lines})`]), rolls });
  return outcome.holderWins;
}

/**
 * CD-15: only the owner (or the GM) of a Stunned participant holding a 1 gets a save rolled at all. The
 * save that took pending Effort or Pressure uses them up once the slot is free.
 */
async function prepareStunRecovery(
  combat: Combat.Implementation,
  request: RequestOf<"recoverStun">,
  who: Requester,
  before: CombatSnapshot,
): Promise<Prepared<RequestOf<"recoverStun">> | RefusedRequest> {
  const allowed = validateRequest(request, who, before.state);
  if (!allowed.ok) return allowed;
  const id = request.combatantId;
  const problem = stunRecoveryProblem(
    before.state,
    before.facts.find((f) => f.id === id),
    id,
  );
  if (problem) return { ok: false, code: problem };
  const { saved, tookOnes } = await rollStunSave(combat, id);
  const withSave = { ...request, saved };
  if (!tookOnes) return { ok: true, request: withSave };
  return { ok: true, request: withSave, afterSlot: () => combat.zilchUsePendingOnes(id) };
}

/**
 * CD-15: the ♥ save of a Stun recovery, rolled through the system's one test path
 * (../creature-test.ts) and posted; whether it succeeded, and whether it took pending Effort or
 * Pressure, which are used up once the combat's slot is free (it runs inside the slot).
 */
async function rollStunSave(
  combat: Combat.Implementation,
  combatantId: string,
): Promise<{ saved: boolean; tookOnes: boolean }> {
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  if (!actor) return { saved: false, tookOnes: false };
  const rolls: Roll[] = [];
  const test = await rollCreatureTest(actor, saveOn("hearts"), rolls, { inSlot: true });
  const text = game.i18n.format("ZILCH.Combat.Chat.StunSave", {
    name: combatant?.name ?? "",
    roll: String(test.roll),
    target: String(test.target),
  });
  await ChatMessage.create({
    content: await renderCombatLog([logLine("StunSave", text, (k) => game.i18n.localize(k))]),
    rolls,
  });
  return { saved: test.success, tookOnes: test.ones.effort !== 0 || test.ones.pressure !== 0 };
}

/**
 * KN-2 Slip Away, once the declaration is accepted: the ♠ chip is taken, the end of the creature's next
 * turn is marked, and the chat says only that the knack was used (the stance stays secret until the
 * reveal, docs/decisions.md).
 */
async function paySlipAway(
  combat: Combat.Implementation,
  request: RequestOf<"declareStance">,
): Promise<RefusedRequest | null> {
  if (!request.slipAway) return null;
  const actor = combat.combatants.get(request.combatantId)?.actor;
  if (!actor) return { ok: false, code: "unknownCombatant" };
  const problem = await actor.spendChips("spades", 1, SLIP_AWAY_USE);
  if (problem) return { ok: false, code: "stanceNotAllowed" };
  await actor.setFlag("zilch", "slipAway", true);
  const knack = actor.items.find((i) => i.isOfType("knack") && i.system.key === "slipAway");
  await postKnackUse(actor, knack?.name ?? "", { suit: "spades", cost: 1 }, "ZILCH.Knack.SlipAwayUsed");
  return null;
}

/** CD-15: a Stun recovery that saved ends the Stunned condition. */
async function endStun(combat: Combat.Implementation, request: RequestOf<"recoverStun">): Promise<void> {
  if (request.saved) await combat.combatants.get(request.combatantId)?.actor?.setCondition("stunned", false);
}

/** AC-5 Stand rises from Prone; AC-6 Dive prone lies down: the condition follows the recorded action. */
async function proneFollows(combat: Combat.Implementation, request: RequestOf<"takeAction">): Promise<void> {
  if (request.action !== "stand" && request.action !== "diveProne") return;
  const prone = request.action === "diveProne";
  await combat.combatants.get(request.combatantId)?.actor?.setCondition("prone", prone);
}

/**
 * CON-2: after the round-end hooks (an enemy's Stun may just have ended), before anyone declares:
 * Threatened, then Grit (GW-2, GW-8: the round is already saved; a failed Grit step must not undo it).
 */
async function roundStart(combat: Combat.Implementation, before: CombatSnapshot): Promise<void> {
  await combat.zilchDetectThreats();
  await combat
    .zilchRoundStartGrit(before)
    .catch((error: unknown) => console.error("Zilch | GW-8 round start Grit failed", error));
}

/** Every request kind's steps around the dispatch. */
export const REQUEST_STEPS: RequestSteps = {
  declareStance: { waitsForRoundStart: true, pay: paySlipAway },
  declareNpcStances: { waitsForRoundStart: true },
  shiftStance: { waitsForRoundStart: true },
  challenge: { prepare: prepareChallenge },
  recoverStun: { prepare: prepareStunRecovery, after: endStun },
  takeAction: { after: proneFollows },
  nextRound: { startsRound: true, afterHooks: roundStart },
  countdownChoice: {},
  interrupt: {},
  spendOne: {},
  abandonPool: {},
  usePendingOnes: {},
  endTurn: {},
  springAttack: {},
  revealDomino: {},
  revealForSave: {},
  forceReveal: {},
  swapIn: {},
  burnInstead: {},
  adjustPool: {},
  setAware: {},
  reorder: {},
  nextCall: {},
  bid: {},
  lowerClosing: {},
  resolveLowering: {},
  combine: {},
  applyDamage: {},
  loseRoundActions: {},
  loseAction: {},
  injuryBurn: {},
  soak: {},
  reactiveDefence: {},
  conditionsChanged: {},
};
