/**
 * The attack card's buttons in Foundry (AT-1..AT-7, CH-7): the sheet's or tracker's attack button
 * opens the declaration dialog (templates/dialogs/attack-declaration.hbs) and asks the active GM to
 * declare it; each client renders the card again with its own viewer's controls, and a control's
 * click asks the GM for that step. What the GM's client then does to the documents lives in
 * src/documents/attack/ (declare.ts, step.ts, effects.ts, card.ts).
 */
import { rowModes } from "../../rules/attack/row-range";
import type { StatBlockAttack } from "../../rules/attack/declaration";
import type { AttackMode } from "../../rules/attack/resolution";
import { lastingModifiers } from "../../rules/injury/lasting-modifiers";
import {
  ACTION_STEP,
  attackInjuryUse,
  offersInjuryOverride,
  type AttackActionKind,
  type AttackRequester,
} from "../../rules/attack/index";
import { APPLY_SELECTED_ACTION, ATTACK_CARD_ACTIONS } from "../../views/attack-card/actions";
import { viewerAddsTo } from "../../views/attack-card/card-view";
import { applyToSelected } from "../chat/apply-selected";
import { askGM, type RequestResult } from "../../requests/channel";
import {
  ATTACK_DECLARE_REQUEST,
  ATTACK_STEP_REQUEST,
  type AttackDeclarationInput,
  type AttackDeclareData,
  type AttackStepData,
  type AttackWeapon,
} from "../../documents/attack/requests";
import { cardSealed, cardSeq, sealOnItsWay } from "../../documents/attack/seals";
import { cardState, renderCard } from "../../documents/attack/card";
import {
  fromRequestUuid,
  handsOf,
  injuriesOf,
  isActor,
  statBlockAttackOf,
  weaponFacts,
} from "../../documents/attack/actors";
import { attackRefusalKey } from "../refusal-words";
import { secondAttackPips, twoWeaponPartners } from "../../documents/attack/two-weapon";
import {
  ATTACK_DIALOG_TEMPLATE,
  ATTACK_DIALOG_WIDTH,
  attackDialogContext,
  declarationDefaults,
  declarationFromForm,
  type AttackDialogContext,
} from "./attack-dialog";
import { followCommit } from "./commit-label";
import { isRecord } from "../../rules/records";

export { ATTACK_DECLARE_REQUEST, ATTACK_STEP_REQUEST, type AttackDeclarationInput, type AttackWeapon };
export { handleAttackDeclare, handleAttackStep } from "../../documents/attack/handlers";

function notify(result: RequestResult): boolean {
  if (!result.ok && !result.notified) {
    const key = attackRefusalKey(result.code);
    ui.notifications?.warn(result.data ? game.i18n.format(key, result.data) : game.i18n.localize(key));
  }
  return result.ok;
}

async function ask(type: string, data: AttackDeclareData | AttackStepData): Promise<boolean> {
  return notify(await askGM(type, data));
}

/** AT-1: ask the active GM to declare this attack; false (with the refusal shown) when refused. */
export const declareAttack = (data: AttackDeclareData): Promise<boolean> => ask(ATTACK_DECLARE_REQUEST, data);

/** The single token this user targets, or null (with the warning) when there is not exactly one. */
function singleTarget(): TokenDocument.Implementation | null {
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length === 1 && targets[0]) return targets[0].document;
  ui.notifications?.warn(game.i18n.localize("ZILCH.Attack.Error.noTarget"));
  return null;
}

/** AT-1 without a dialog: attack the single targeted token with this weapon, spell or stat-block attack. */
export async function startAttack(
  actor: Actor.Implementation,
  weapon: AttackWeapon,
  declaration: AttackDeclarationInput,
): Promise<boolean> {
  const target = singleTarget();
  if (!target) return false;
  const named = "natural" in weapon ? { natural: weapon.natural } : weapon.id ? { itemId: weapon.id } : null;
  if (!named) return false;
  return ask(ATTACK_DECLARE_REQUEST, {
    attackerUuid: actor.uuid,
    ...named,
    targetTokenUuid: target.uuid,
    declaration,
  });
}

/**
 * The weapon's modes a declaration may name (a spell is always a Cast; every weapon may Special Attack;
 * a stat-block attack, NPC-4, is melee, or thrown when its row has a range: `row`).
 */
export function modesOf(weapon: AttackWeapon, row: StatBlockAttack | null = null): AttackMode[] {
  if ("natural" in weapon) return rowModes(row?.range);
  if (weapon.isOfType("spell")) return ["cast"];
  const modes = weaponFacts(weapon)?.modes;
  const usable = (["melee", "thrown", "launcher"] as const).filter((m) => modes?.[m]);
  return [...usable, "special"];
}

/** AT-1, INJ-7, MAG-3: which overrides the dialog offers this user (a GM's only). */
function overridesOffered(actor: Actor.Implementation, item: Item.Implementation | null) {
  const itemMode: AttackMode = item?.isOfType("spell") ? "cast" : "melee";
  // AT-1: a GM may let an attack go ahead with a hand the injuries make unusable; others are refused.
  const injuries = lastingModifiers(injuriesOf(actor), attackInjuryUse(handsOf(item), itemMode));
  const injuryOverride = offersInjuryOverride(Boolean(game.user?.isGM), injuries);
  // MAG-3: only a GM may let a Cast through with too few ♦ chips.
  const chipOverride = itemMode === "cast" && Boolean(game.user?.isGM);
  return { injuryOverride, chipOverride };
}

/** The form data a DialogV2.input answer holds, as a plain record (null when cancelled). */

/** AT-1: the declaration dialog's answer, or null when it is closed. */
async function askDeclaration(name: string, context: AttackDialogContext): Promise<unknown> {
  return foundry.applications.api.DialogV2.input({
    window: { title: game.i18n.format("ZILCH.Attack.Dialog.Title", { weapon: name }) },
    position: { width: ATTACK_DIALOG_WIDTH },
    content: await foundry.applications.handlebars.renderTemplate(ATTACK_DIALOG_TEMPLATE, context),
    ok: { label: game.i18n.localize("ZILCH.Attack.Dialog.Confirm") },
  });
}

/**
 * AT-1 from the sheet's weapon or stat-block row, or the tracker: the declaration dialog, then
 * `startAttack`; with `fast` (Shift-click) the dialog's defaults at once, without opening it.
 */
export async function attackWith(
  actor: Actor.Implementation,
  weapon: AttackWeapon,
  fast = false,
): Promise<boolean> {
  const natural = "natural" in weapon ? statBlockAttackOf(actor, weapon.natural) : null;
  const name = natural ? natural.name : "natural" in weapon ? null : (weapon.name ?? "");
  if (name === null) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Attack.Error.declaration"));
    return false;
  }
  if (!singleTarget()) return false;
  const offered = overridesOffered(actor, "natural" in weapon ? null : weapon);
  // AC-3, EQ-14: a Fighter or Rogue holding a legal pair with this weapon may fight with both.
  const partners = "natural" in weapon ? [] : twoWeaponPartners(actor, weapon);
  const token = actor.getActiveTokens(false, true)[0];
  const context = attackDialogContext(
    modesOf(weapon, natural),
    offered.injuryOverride,
    offered.chipOverride,
    partners.map((p) => ({ id: p.id ?? "", name: p.name ?? "" })),
    "natural" in weapon ? null : secondAttackPips(token?.id, weapon.id ?? undefined),
  );
  const answer = fast ? declarationDefaults(context) : await askDeclaration(name, context);
  const declaration = isRecord(answer) ? declarationFromForm(answer, offered) : null;
  return declaration ? startAttack(actor, weapon, declaration) : false;
}

const isKind = (v: unknown): v is AttackActionKind => typeof v === "string" && Object.hasOwn(ACTION_STEP, v);

/** Which request field the value on a control names, for the kinds of step whose control names one. */
const VALUE_FIELD: Partial<Record<AttackActionKind, keyof AttackStepData>> = {
  chooseLocation: "location",
  soak: "payment",
  setMovement: "movement",
  specialContest: "suit",
  escape: "suit",
  specialRuling: "ruling",
  react: "reaction",
  reactiveDefence: "answer",
  // KN-2: the damage roll's Sneak Attack or Stunning Fist control.
  rollDamage: "knack",
};

/**
 * The choices a control's click carries, read from the viewer's own rendering of the card. The GM's
 * client checks every value's shape and meaning (documents/attack/requests.ts) before using it.
 */
function choicesOf(
  kind: AttackActionKind,
  button: HTMLElement,
  card: Element | null,
): Record<string, unknown> {
  const field = (name: string) => card?.querySelector(`[data-field="${name}"]`);
  const chips = field("chips");
  const boon = field("boon");
  const margins = [...(card?.querySelectorAll('select[data-field="margin"]') ?? [])];
  const named = VALUE_FIELD[kind];
  return {
    chips: chips instanceof HTMLInputElement ? Number(chips.value) : 0,
    boon: boon instanceof HTMLInputElement && boon.checked,
    margin:
      kind === "chooseMargin"
        ? margins.flatMap((s) => (s instanceof HTMLSelectElement ? [s.value] : []))
        : undefined,
    ...(named && button.dataset.value !== undefined ? { [named]: button.dataset.value } : {}),
  };
}

/** A click on one of the card's controls, from the viewer's own rendering of it. */
async function onCardAction(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const kind = button.dataset.kind;
  if (!isKind(kind) || !message.id) return;
  button.setAttribute("disabled", "");
  const choices = choicesOf(kind, button, button.closest(".attack-card"));
  notify(
    await askGM(ATTACK_STEP_REQUEST, { messageId: message.id, seq: cardSeq(message), kind, ...choices }),
  );
}

/** Every role a card's viewer can have: what no card adds anything for, it adds nothing for anyone. */
const EVERY_ROLE: AttackRequester = { isGM: true, ownsAttacker: true, ownsDefender: true };

/** Whether this user owns the creature a card names (a world actor or a token's). */
async function owns(uuid: string, user: User.Implementation): Promise<boolean> {
  const doc = await fromRequestUuid(uuid);
  return isActor(doc) && doc.testUserPermission(user, "OWNER");
}

/**
 * This client's HTML for a card, or null to keep its stored content. A card that would offer anyone a
 * control or a button but holds no state the GM sealed (a player's forged message, a changed card) is
 * rendered from its state with no controls and marked as not verified, on every client.
 */
export async function cardHtmlFor(
  message: ChatMessage.Implementation,
  user: User.Implementation,
): Promise<string | null> {
  const state = cardState(message);
  if (!state) return null;
  // A card that adds nothing for any viewer (most finished cards) shows its stored content: a chat
  // log's load then costs no lookups, context or template for it.
  if (!viewerAddsTo(state, EVERY_ROLE)) return null;
  if (!(await cardSealed(message))) return renderCard(state, null, !sealOnItsWay(message));
  const viewer: AttackRequester = {
    isGM: user.isGM,
    ownsAttacker: await owns(state.attacker.actorId, user),
    ownsDefender: await owns(state.defender.actorId, user),
  };
  return viewerAddsTo(state, viewer) ? renderCard(state, viewer) : null;
}

/** Each client renders the card again with its own viewer's controls (CH-7: only the right user sees them). */
export async function renderAttackCard(
  message: ChatMessage.Implementation,
  html: HTMLElement,
): Promise<void> {
  const user = game.user;
  // A forged message may carry any content, so a card with no card element fills the message's whole
  // content box (`.message-content`, where dnd5e's chat hooks find a message's body too).
  const old = html.querySelector(".attack-card");
  const box = html.querySelector(".message-content");
  if (!user || (!old && !box)) return;
  const rendered = await cardHtmlFor(message, user);
  if (rendered === null) return;
  const holder = document.createElement("div");
  holder.innerHTML = rendered;
  const card = holder.firstElementChild;
  if (!card) return;
  if (old) old.replaceWith(card);
  else box!.replaceChildren(card);
  followCommit(card);
  const actions = new Set<string>(Object.values(ATTACK_CARD_ACTIONS));
  for (const button of card.querySelectorAll<HTMLElement>("button[data-action]")) {
    if (!actions.has(button.dataset.action ?? "")) continue;
    button.addEventListener("click", () => {
      onCardAction(message, button).catch((e: unknown) => console.error("Zilch | attack step failed", e));
    });
  }
  for (const button of card.querySelectorAll<HTMLButtonElement>(
    `button[data-action="${APPLY_SELECTED_ACTION}"]`,
  )) {
    button.addEventListener("click", () => {
      applyToSelected(message, button).catch((e: unknown) =>
        console.error("Zilch | applying damage failed", e),
      );
    });
  }
}
