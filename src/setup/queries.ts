/**
 * The one table of requests a client may ask of the active GM's client, keyed by
 * request type, and its registration on the one channel (src/requests/channel.ts). Every
 * player→GM request goes through here: the combat's round requests, the attack card's
 * declaration and steps, and a card's damage applied to the selected tokens. docs/multiplayer.md lists them with the contract.
 */
import { parseCombatRequest, withPricedAction } from "../rules/round/request-shape";
import type { RequestKind } from "../rules/round/authority";
import { parseDeclare, parseStep } from "../documents/attack/requests";
import { nameableActions } from "../applications/combat/default-action";
import {
  handleAttackDeclare,
  handleAttackStep,
  ATTACK_DECLARE_REQUEST,
  ATTACK_STEP_REQUEST,
} from "../applications/combat/attack-flow";
import {
  publishRequestKey,
  registerRequestChannel,
  type RequestResult,
  type RequestTable,
  type RouteTable,
} from "../requests/channel";
import { startTabElection } from "../requests/applier";
import { COMBAT_REQUEST } from "../rules/round/authority";
import { COMBAT_START_REQUEST } from "../requests/combat";
import { APPLY_SELECTED_REQUEST, handleApplySelected, parseApplySelected } from "../documents/apply/selected";
import { noticeRefusedDrag } from "../documents/drag-move";
import { zilchRoundNumber } from "../documents/combat/zilch-round";

export { COMBAT_REQUEST };

/** On the active GM's client: find the combat and apply the request as the proven sender. */
export async function handleCombatRequest(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const parsed = parseCombatRequest(payload);
  if (!parsed) return { ok: false, code: "malformed" };
  const combat = game.combats?.get(parsed.combatId);
  if (!combat) return { ok: false, code: "NoCombat" };
  // CD-7, CD-8: the GM prices a player's named action from its own copy of the creature, never the
  // client's speed; the GM may name anything (its requests stay unpriced).
  const combatant = "combatantId" in parsed ? combat.combatants.get(parsed.combatantId) : undefined;
  const request = sender.isGM
    ? parsed
    : withPricedAction(parsed, combatant ? nameableActions(combatant).map((n) => n.action) : []);
  if (!request) return { ok: false, code: "wrongAction" };
  const result = await combat.zilchApply(request, sender);
  // AC-5: a player's drag the turn had no room for is told to the GM as well as to the mover.
  noticeRefusedDrag(request, sender, result, combatant?.name ?? "");
  return result;
}

/**
 * CB-3: a GM's client that does not apply requests (a second tab, an Assistant GM) asks the one that
 * does to start the combat; a player may not start one.
 */
export async function handleCombatStart(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const combatId = (payload as { combatId?: unknown } | null)?.combatId;
  if (typeof combatId !== "string") return { ok: false, code: "malformed" };
  if (!sender.isGM) return { ok: false, code: "gmOnly" };
  const combat = game.combats?.get(combatId);
  if (!combat) return { ok: false, code: "NoCombat" };
  // Two clicks on Start: the second finds the combat started and changes nothing.
  if (zilchRoundNumber(combat) === 0) await combat.startCombat();
  return { ok: true };
}

export const REQUEST_HANDLERS: RequestTable = {
  [COMBAT_REQUEST]: handleCombatRequest,
  [COMBAT_START_REQUEST]: handleCombatStart,
  [ATTACK_DECLARE_REQUEST]: handleAttackDeclare,
  [ATTACK_STEP_REQUEST]: handleAttackStep,
  [APPLY_SELECTED_REQUEST]: handleApplySelected,
};

/**
 * Combat requests whose repetition changes nothing: the same stance declared again, a turn ended or a
 * domino revealed twice (the second is refused or a no-op). A repeat of one still waiting shares its
 * answer (src/requests/queue.ts). An action, a spend, a bid or a round moved on counts each time.
 */
const REPEAT_CHANGES_NOTHING: ReadonlySet<RequestKind> = new Set<RequestKind>([
  "declareStance",
  "shiftStance",
  "declareNpcStances",
  "endTurn",
  "springAttack",
  "revealDomino",
  "abandonPool",
  "setAware",
  "forceReveal",
]);

/**
 * Where another user's request waits on the applier: in the lane of the combat or card its handler
 * serialises on (the attack's declaration in its attacker's), the same lanes as `serially`'s keys.
 */
export const REQUEST_ROUTES: RouteTable = {
  [COMBAT_REQUEST]: (payload) => {
    const parsed = parseCombatRequest(payload);
    if (!parsed) return null;
    const repeat = REPEAT_CHANGES_NOTHING.has(parsed.kind) ? JSON.stringify(parsed) : null;
    return { lane: `combat.${parsed.combatId}`, repeat };
  },
  [COMBAT_START_REQUEST]: (payload) => {
    const combatId = (payload as { combatId?: unknown } | null)?.combatId;
    return typeof combatId === "string" ? { lane: `combat.${combatId}`, repeat: "start" } : null;
  },
  [ATTACK_DECLARE_REQUEST]: (payload) => {
    const data = parseDeclare(payload);
    return data ? { lane: `attacker.${data.attackerUuid}`, repeat: null } : null;
  },
  [ATTACK_STEP_REQUEST]: (payload) => {
    const data = parseStep(payload);
    return data ? { lane: `card.${data.messageId}`, repeat: null } : null;
  },
  // Once per token per card (flags.zilch.appliedTo): the same tokens again change nothing.
  [APPLY_SELECTED_REQUEST]: (payload) => {
    const data = parseApplySelected(payload);
    return data ? { lane: `card.${data.messageId}`, repeat: JSON.stringify(data) } : null;
  },
};

/**
 * At init: the table on the channel; at ready: this client's request key published (channel.ts), and
 * this tab's claim to lead its user's tabs in this browser (requests/applier.ts).
 */
export function registerQueries(): void {
  registerRequestChannel(REQUEST_HANDLERS, REQUEST_ROUTES);
  Hooks.once("ready", () => {
    void startTabElection(game.world!.id, game.user!.id!);
    void publishRequestKey();
  });
}
