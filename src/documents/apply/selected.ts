/**
 * A chat card's damage applied to the tokens a user has selected, on the active GM's
 * client through the one request channel (src/requests/channel.ts). dnd5e 5.x offers the same from its
 * damage cards: the selected tokens (`canvas.tokens.controlled`), only those whose actor the user owns
 * (dnd5e module/applications/components/targeted-application-mixin.mjs and damage-application.mjs).
 * Here a player's request names the tokens; the GM's client checks that the sender owns every one
 * (a GM may name any), works the damage out per token from the card it trusts, and records on the
 * message which tokens took it, so a second click (or two at once: one request at a time per card,
 * ../../requests/serial.ts) never applies it twice. A healing spell's card is applied the same way,
 * as dnd5e applies a healing roll from its card (./healing.ts reads the card; docs/decisions.md says
 * who may heal which tokens).
 */
import { SYSTEM_ID } from "../../data/settings";
import type { RequestResult } from "../../requests/channel";
import { serially } from "../../requests/serial";
import { damageOn } from "../../rules/attack/hit-on";
import { cardState } from "../attack/card";
import { cardProblem, cardSeq } from "../attack/seals";
import { fromRequestUuid, isToken } from "../attack/actors";
import { receiveHealing } from "../spellcasting";
import { cardHealing, type CardHealing } from "./healing";
import { spellCardTrusted } from "./spell-trust";

/** The request type on the one channel. */
export const APPLY_SELECTED_REQUEST = "applySelected";
/** The message flag listing the token UUIDs that have taken the card's damage. */
export const APPLIED_FLAG = "appliedTo";
/** At most this many tokens in one request: more than a table selects, few enough to bound the work. */
export const MAX_SELECTED = 24;

/** Why the GM's client applied nothing; each is worded at `ZILCH.Apply.Error.<code>`. */
export type ApplyRefusal =
  | "noMessage"
  | "nothingToApply"
  | "noTokens"
  | "notOwner"
  | "alreadyApplied"
  | "spellTarget"
  | "unsealed"
  | "unmatchedSpell";

export interface ApplySelectedData {
  readonly messageId: string;
  readonly tokenUuids: readonly string[];
}

/** The request's shape: a message id and 1 to MAX_SELECTED distinct token UUIDs; anything else is refused. */
export function parseApplySelected(v: unknown): ApplySelectedData | null {
  if (typeof v !== "object" || v === null) return null;
  const { messageId, tokenUuids } = v as Record<string, unknown>;
  if (typeof messageId !== "string" || !Array.isArray(tokenUuids)) return null;
  const uuids = [...new Set(tokenUuids.filter((u): u is string => typeof u === "string"))];
  if (uuids.length === 0 || uuids.length !== tokenUuids.length || uuids.length > MAX_SELECTED) return null;
  return { messageId, tokenUuids: uuids };
}

/** The token UUIDs a message records as having taken its damage (a validating read of the flag). */
export function appliedTo(message: ChatMessage.Implementation): string[] {
  const stored: unknown = message.getFlag(SYSTEM_ID, APPLIED_FLAG);
  return Array.isArray(stored) ? stored.filter((u): u is string => typeof u === "string") : [];
}

const refuse = (code: ApplyRefusal, data?: Record<string, string>): RequestResult =>
  data ? { ok: false, code, data } : { ok: false, code };

interface Selected {
  readonly uuid: string;
  readonly name: string;
  readonly actor: Actor.Implementation;
}

/** Each named token with its actor, or null when one is missing or is not a token with an actor. */
async function tokensOf(uuids: readonly string[]): Promise<Selected[] | null> {
  const out: Selected[] = [];
  for (const uuid of uuids) {
    const token = await fromRequestUuid(uuid);
    if (!isToken(token) || !token.actor) return null;
    out.push({ uuid, name: token.name ?? token.actor.name ?? "", actor: token.actor });
  }
  return out;
}

/** On the active GM's client, one request at a time per card (the card's own step key). */
export async function handleApplySelected(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const data = parseApplySelected(payload);
  if (!data) return { ok: false, code: "malformed" };
  return serially(`card.${data.messageId}`, () => applyOnGM(data, sender));
}

type AttackState = NonNullable<ReturnType<typeof cardState>>;

/** What a card gives the selected tokens: an attack card's rolled damage or a spell card's healing. */
type CardEffect = { kind: "damage"; state: AttackState } | { kind: "healing"; healing: CardHealing };

function effectOf(message: ChatMessage.Implementation): CardEffect | null {
  const state = cardState(message);
  if (state) return state.damage ? { kind: "damage", state } : null;
  const healing = cardHealing(message);
  return healing ? { kind: "healing", healing } : null;
}

/** Why these tokens may not take the card's effect from this sender, or null when they all may. */
function refusalFor(
  effect: CardEffect,
  selected: readonly Selected[],
  sender: User.Implementation,
  done: readonly string[],
): RequestResult | null {
  const names = (list: readonly Selected[]) => ({ names: list.map((s) => s.name).join(", ") });
  const foreign = selected.filter((s) => !sender.isGM && !s.actor.testUserPermission(sender, "OWNER"));
  if (foreign.length > 0) return refuse("notOwner", names(foreign));
  const again = selected.filter((s) => done.includes(s.uuid));
  if (again.length > 0) return refuse("alreadyApplied", names(again));
  // The spell's own target is healed by the card's Apply (or already was): never twice by one casting.
  const own =
    effect.kind === "healing" ? selected.filter((s) => s.actor.uuid === effect.healing.targetUuid) : [];
  return own.length > 0 ? refuse("spellTarget", names(own)) : null;
}

/** DMG-1..DMG-4, HP-2, GW-3: the card's hit worked out for this token's own size and DR/ER. */
async function damageOne(state: AttackState, actor: Actor.Implementation): Promise<void> {
  const c = actor.creature;
  const hit = damageOn(state, { size: c.size, dr: actor.resistance("dr"), er: actor.resistance("er") });
  if (hit && hit.amount > 0) await actor.applyDamage(hit.amount, { temporary: hit.temporary });
}

/**
 * The card's damage (Grit and Wounds where it applies) or healing (REC-4: recoverHP, so ♥ taint
 * first, never above the maximum, waking at 1 HP) on each token. Nothing is applied unless every token
 * may take it.
 */
async function applyOnGM(data: ApplySelectedData, sender: User.Implementation): Promise<RequestResult> {
  const message = game.messages?.get(data.messageId);
  if (!message) return refuse("noMessage");
  const effect = effectOf(message);
  if (!effect) return refuse("nothingToApply");
  // An attack card's damage is applied only from the state the GM's client wrote and sealed: a card a
  // player posted or changed (any player can create a message with any system data) has no valid seal.
  if (effect.kind === "damage" && (await cardProblem(message, cardSeq(message))) !== null)
    return refuse("unsealed");
  // A spell card's healing only when the card matches a spell its author's caster holds (./spell-trust.ts).
  if (effect.kind === "healing" && !(await spellCardTrusted(message, effect.healing)))
    return refuse("unmatchedSpell");
  const selected = await tokensOf(data.tokenUuids);
  if (!selected) return refuse("noTokens");
  const done = appliedTo(message);
  const refusal = refusalFor(effect, selected, sender, done);
  if (refusal) return refusal;
  // Recorded first: should an actor's update fail half-way, the card never offers the same effect twice.
  await message.setFlag(SYSTEM_ID, APPLIED_FLAG, [...done, ...selected.map((s) => s.uuid)]);
  for (const s of selected) {
    if (effect.kind === "damage") await damageOne(effect.state, s.actor);
    else await receiveHealing(s.actor, effect.healing.healing);
  }
  return { ok: true };
}
