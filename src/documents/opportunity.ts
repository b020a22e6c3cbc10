/**
 * GW-4 opportunity attacks in Foundry: when a creature's move takes it out of an enemy's reach, the
 * enemy's owner is offered one attack on it, for 1 Grit, outside the enemy's own turn.
 *
 * - Only the client that applies requests (the active GM's leading tab, src/requests/applier.ts)
 *   notices the move and posts the offer, so a move makes one post however many GMs and tabs watch it.
 *   The `moveToken(tokenDocument, movement, operation, user)` hook runs on every client once a move is
 *   committed (src/types/movement.ts has the evidence); `movement.origin` and `movement.destination`
 *   are the token's positions (top-left `x`, `y` in pixels) before and after it: dnd5e master
 *   module/documents/token.mjs reads `movement.destination` as the token's position after the move
 *   (`#shouldFall`), and the BattleMech system (Foundry 14.364) that registers `moveToken` reads
 *   `[movement.origin, movement.destination]` as the move's waypoints. A position is turned into its
 *   square with `grid.getOffset` (src/documents/scene-grid.ts has that evidence).
 * - The offers live in the combat's flags (`flags.zilch.opportunities`), which only GMs write
 *   (docs/multiplayer.md §2), keyed by a random id. The chat post only names that id: a player's forged
 *   post offers nothing, since the GM's client takes an offer only from its own flags.
 * - The post is whispered to the offer's holders and the GMs; each client keeps the Take button only
 *   for offers whose attacker its own user holds (docs/decisions.md, GW-4): the owning players, or the
 *   GMs for a creature no player owns.
 */
import { spendGrit } from "./grit-and-wounds";
import { getSetting, SYSTEM_ID } from "../data/settings";
import { isApplier, randomId } from "../requests/applier";
import { OPPORTUNITY_GRIT_COST, opportunityOffered, reachLeftBy } from "../rules/round/opportunity";
import type { GridSquare } from "../rules/conditions";
import { combatantOfToken, gritHeld, inOwnTurn } from "./attack/actors";
import { logLine, OPPORTUNITY_TEMPLATE, opportunityPostContext } from "./combat/chat-log";
import type { ZilchCombat } from "./combat/zilch-combat";
import type { MoveFacts } from "./move-save";
import { roundRunning, zilchRoundNumber } from "./combat/zilch-round";
import { isRecord } from "../rules/records";

/** An open offer as the combat's flags keep it: who may attack, whose token left its reach, and when. */
export interface StoredOpportunity {
  /** The combatant id of the creature offered the attack. */
  readonly attacker: string;
  /** The id of the token that left its reach. */
  readonly target: string;
  readonly round: number;
  /** Taken: the attack was made (kept, since a merged flag update cannot drop a key on v13 and v14 alike). */
  readonly taken?: boolean;
}

export const OPPORTUNITY_FLAG = "opportunities";

/** An offer as the chat post names it, for the Take button (never trusted by the GM's client). */
export interface PostedOpportunity {
  readonly id: string;
  readonly actorUuid: string;
  readonly targetTokenUuid: string;
}

/** The combat's open offers, only the well-formed ones. */
export function storedOpportunities(combat: ZilchCombat): Record<string, StoredOpportunity> {
  const raw: unknown = combat.getFlag(SYSTEM_ID, OPPORTUNITY_FLAG);
  if (!isRecord(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).filter(
      (e): e is [string, StoredOpportunity] =>
        isRecord(e[1]) &&
        typeof e[1].attacker === "string" &&
        typeof e[1].target === "string" &&
        Number.isInteger(e[1].round) &&
        (e[1].taken === undefined || typeof e[1].taken === "boolean"),
    ),
  );
}

/**
 * GW-4 [design]: a move a person makes counts: a drag or the keyboard. A token moved by a macro or
 * another system's code (`api`), through its configuration sheet (`config`) or by undoing a move
 * (`undo`) provokes nothing. The methods are those Foundry names (foundryvtt#11875, #12240).
 */
const PROVOKING_METHODS: readonly string[] = ["dragging", "keyboard"];

/** MV-2: the square a token's top-left corner stands in, on a square grid. */
function squareAt(
  grid: NonNullable<TokenDocument.Implementation["parent"]>["grid"],
  at: MoveFacts["origin"],
): GridSquare | null {
  if (!at || !Number.isFinite(at.x) || !Number.isFinite(at.y)) return null;
  const { i, j } = grid.getOffset({ x: at.x, y: at.y });
  return { x: j, y: i };
}

/** The combatants whose reach the move left and who may take the attack (GW-4). */
function takersOf(token: TokenDocument.Implementation, movement: MoveFacts) {
  const found = combatantOfToken(token.id);
  const grid = token.parent?.grid;
  if (!found || !roundRunning(found.combat) || !grid || grid.type !== CONST.GRID_TYPES.SQUARE) return null;
  const from = squareAt(grid, movement.origin);
  const to = squareAt(grid, movement.destination);
  const scene = found.combat
    .zilchThreatScenes()
    .find((s) => s.tokens.some((t) => t.id === found.combatantId));
  if (!from || !to || !scene) return null;
  const takers = reachLeftBy(scene.tokens, found.combatantId, from, to, scene.distance).flatMap((id) => {
    const combatant = found.combat.combatants.get(id);
    const actor = combatant?.actor;
    if (!combatant || !actor) return [];
    const offered = opportunityOffered({
      usesGrit: actor.usesGrit,
      grit: gritHeld(actor),
      ownTurn: inOwnTurn(actor),
    });
    return offered ? [{ combatantId: id, actor, name: combatant.token?.name ?? actor.name ?? "" }] : [];
  });
  return { combat: found.combat, takers };
}

/**
 * GW-4: whether the offer `id` is still open (not taken, of this round) in the flags of the combat that
 * holds it. Every combat is searched, not only `game.combat`: that follows the viewed scene, and the GM
 * who decides a creature's offer may be looking at another scene than the fight (L8).
 */
export function opportunityOpen(id: string): boolean {
  for (const combat of game.combats?.contents ?? []) {
    const offer = storedOpportunities(combat)[id];
    if (offer) return !offer.taken && offer.round === zilchRoundNumber(combat);
  }
  return false;
}

/**
 * GW-4: the users who decide an offer for this creature: its owning players, or, when no player owns
 * it, the GMs.
 */
export function opportunityHolders(actor: Actor.Implementation): User.Implementation[] {
  const users = game.users?.contents ?? [];
  const players = users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
  return players.length > 0 ? players : users.filter((u) => u.isGM);
}

/**
 * GW-4, on the applying client after a committed move: offer each enemy whose reach the mover left
 * (and who may pay) its opportunity attack, in one whispered post. With Grit and Wounds off, outside a
 * started combat, off a square grid or for a move nobody made by hand, nothing happens.
 */
export async function offerOpportunityAttacks(
  token: TokenDocument.Implementation,
  movement: MoveFacts,
): Promise<void> {
  if (!isApplier() || !getSetting("gritWounds")) return;
  if (!PROVOKING_METHODS.includes(movement.method ?? "")) return;
  const found = takersOf(token, movement);
  if (!found || found.takers.length === 0) return;
  const { combat, takers } = found;
  const round = zilchRoundNumber(combat);
  const offers = takers.map((t) => ({ ...t, id: randomId() }));
  // Merged into the open offers; one of an earlier round is refused when taken (opportunityProblem).
  const added = offers.map((o) => [o.id, { attacker: o.combatantId, target: token.id!, round }] as const);
  await combat.setFlag(SYSTEM_ID, OPPORTUNITY_FLAG, Object.fromEntries(added));
  const target = token.name ?? token.actor?.name ?? "";
  const localize = (key: string) => game.i18n.localize(key);
  const lines = offers.map((o) => ({
    id: o.id,
    ...logLine(
      "OpportunityOffered",
      game.i18n.format("ZILCH.Combat.Chat.OpportunityOffered", { name: o.name, target }),
      localize,
    ),
  }));
  const posted: PostedOpportunity[] = offers.map((o) => ({
    id: o.id,
    actorUuid: o.actor.uuid,
    targetTokenUuid: token.uuid,
  }));
  const holders = offers.flatMap((o) => opportunityHolders(o.actor));
  const whisper = [...new Set([...holders, ...(game.users?.contents ?? []).filter((u) => u.isGM)])].map(
    (u) => u.id!,
  );
  const context = opportunityPostContext(lines, localize("ZILCH.Combat.Chat.OpportunityTake"));
  await ChatMessage.create({
    content: await foundry.applications.handlebars.renderTemplate(OPPORTUNITY_TEMPLATE, context),
    whisper,
    flags: { [SYSTEM_ID]: { opportunity: posted } },
  });
}

/** Why the GM's client does not let this attack be the offer `id`'s opportunity attack, or null. */
export type OpportunityProblem = "opportunityGone";

/**
 * GW-4 on the applying client: the offer `id` is open in the active combat's flags, of this round,
 * for this attacker against this token, made in melee, and the attacker may still pay outside its own
 * turn. Nothing is spent here.
 */
export function opportunityProblem(
  id: string,
  attacker: Actor.Implementation,
  targetTokenId: string | null,
  mode: string,
): OpportunityProblem | null {
  const found = combatantOfToken(targetTokenId);
  const combat = found?.combat;
  const offer = combat ? storedOpportunities(combat)[id] : undefined;
  if (
    !combat ||
    !roundRunning(combat) ||
    !offer ||
    offer.taken ||
    offer.round !== zilchRoundNumber(combat) ||
    offer.target !== targetTokenId
  )
    return "opportunityGone";
  if (combat.combatants.get(offer.attacker)?.actor?.uuid !== attacker.uuid || mode !== "melee")
    return "opportunityGone";
  const may = opportunityOffered({
    usesGrit: attacker.usesGrit,
    grit: gritHeld(attacker),
    ownTurn: inOwnTurn(attacker),
  });
  return may ? null : "opportunityGone";
}

/**
 * GW-4 on the applying client, once the attack is found legal: the offer is used up and its 1 Grit
 * paid. False when it was taken meanwhile or the Grit is gone (nothing is then spent).
 */
export async function claimOpportunity(
  id: string,
  attacker: Actor.Implementation,
  targetTokenId: string,
): Promise<boolean> {
  if (opportunityProblem(id, attacker, targetTokenId, "melee") !== null) return false;
  const combat = combatantOfToken(targetTokenId)!.combat;
  const offer = storedOpportunities(combat)[id]!;
  await combat.setFlag(SYSTEM_ID, OPPORTUNITY_FLAG, { [id]: { ...offer, taken: true } });
  return spendGrit(attacker, OPPORTUNITY_GRIT_COST);
}
