/**
 * Casting in Foundry (MAG-1 to MAG-6). An attack spell goes through the attack flow, which calls
 * `castCheck` and pays with `payCast` on the GM's client. A non-attack spell (MAG-6) is cast here by
 * its owner's client: the chips are paid (MAG-3), the range checked when a token is targeted (MAG-5),
 * and a chat card posts the description. Its effect (healing, a condition) is applied at once when the
 * caster's user may change the target (the caster itself, or any target for a GM); otherwise the card
 * waits for the GM's Apply button, since only the GM may change another player's actor.
 */
import { MAGIC_HEALING_ENDS_WOUND } from "../../rules/wounds";
import {
  castRefusal,
  payCast,
  receiveHealing,
  receiveSpellCondition,
  woundsMagicHeals,
  type CastOptions,
} from "../../documents/spellcasting";
import type { ZilchActor } from "../../documents/actor";
import {
  SPELL_CARD_TEMPLATE,
  SPELL_FLAG,
  spellCardContext,
  spellHasEffect,
  type SpellCastRecord,
  type SpellOutcome,
} from "../../dice/spell-card";
import { SYSTEM_ID } from "../../data/settings";
import { actorFromUuid } from "../../dice/uuid";
import { refusalReasons, spellOf, type SpellRefusal } from "../../documents/attack/cast-check";
import { noticeGridless, squaresBetween } from "../../documents/scene-grid";
import { APPLY_SELECTED_ACTION } from "../../views/attack-card/actions";
import { applyToSelected } from "../chat/apply-selected";
import { spellCardTrusted } from "../../documents/apply/spell-trust";
import { inOwnTurn, takeSheetCast } from "../../documents/attack/actors";

/** MAG-3: a GM casting with too few chips is asked whether to cast anyway; anyone else is refused. */
async function gmAllowsShortage(caster: Actor.Implementation, item: Item.Implementation): Promise<boolean> {
  if (!game.user?.isGM) return false;
  const result: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title: game.i18n.localize("ZILCH.Spell.OverrideTitle") },
    content: `<p>${foundry.utils.escapeHTML(
      game.i18n.format("ZILCH.Spell.OverrideContent", { caster: caster.name ?? "", spell: item.name ?? "" }),
    )}</p>`,
  });
  return result === true;
}

function warnRefused(item: Item.Implementation, reasons: string): false {
  ui.notifications?.warn(game.i18n.format("ZILCH.Spell.Refused.title", { spell: item.name ?? "", reasons }));
  return false;
}

/** REC-4, SW-8, MAG-6: apply a spell's effect to its target (a wound id spends the healing on that wound). */
export async function applySpellEffect(
  target: ZilchActor,
  record: Pick<SpellCastRecord, "spellName" | "healing" | "condition" | "duration">,
  woundId?: string,
): Promise<SpellOutcome | { refused: SpellRefusal }> {
  if (record.healing > 0) {
    const healed = await receiveHealing(target, record.healing, woundId);
    if (healed.kind === "refused") return { refused: healed.problem };
    if (healed.kind === "wound") return { kind: "woundEnded", wound: healed.name };
    const { taintRemoved, applied } = healed.recovered;
    return { kind: "healed", hp: applied, taint: taintRemoved };
  }
  if (record.condition) {
    const replaced = await receiveSpellCondition(
      target,
      record.spellName,
      record.condition,
      record.duration,
      inOwnTurn(target),
    );
    return { kind: "condition", replaced };
  }
  return { kind: "nothing" };
}

/**
 * MAG-6 from the sheet: cast a non-attack spell. With no token targeted, a healing spell heals the
 * caster and a condition spell is refused; a spell with neither only posts its card.
 */
export async function castSpell(caster: Actor.Implementation, item: Item.Implementation): Promise<boolean> {
  const spell = spellOf(item);
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length > 1) return warnRefused(item, refusalReasons(["tooManyTargets"]));
  const targetToken = targets[0]?.document ?? null;
  const target = targetToken?.actor ?? (spell.healing > 0 ? caster : null);
  if (spell.condition && !target) return warnRefused(item, refusalReasons(["noTarget"]));
  const casterToken = caster.getActiveTokens(false, true)[0] ?? null;
  const squares = targetToken ? squaresBetween(casterToken, targetToken) : null;
  if (targetToken && squares === null) noticeGridless(casterToken, caster.name ?? "");
  let options: CastOptions = { squares };
  let problems = castRefusal(caster, spell, options);
  if (problems.length === 1 && problems[0] === "notEnoughChips" && (await gmAllowsShortage(caster, item))) {
    options = { squares, gmOverride: true };
    problems = castRefusal(caster, spell, options);
  }
  if (problems.length > 0) return warnRefused(item, refusalReasons(problems));
  // AC-4: in its own turn the Cast is the turn's Standard action, recorded before anything is paid.
  if (!(await takeSheetCast(caster, item))) return false;
  const paid = await payCast(caster, spell, options);
  if (!paid.ok) return warnRefused(item, refusalReasons(paid.problems));
  const record: SpellCastRecord = {
    casterName: caster.name ?? "",
    casterUuid: caster.uuid,
    spellName: item.name ?? "",
    paid: paid.paid,
    left: paid.left,
    overridden: options.gmOverride === true,
    range: spell.maxRange,
    targetUuid: target?.uuid ?? null,
    targetName: targetToken?.name ?? target?.name ?? null,
    healing: spell.healing,
    condition: spell.condition,
    duration: spell.duration,
    wounds: target ? woundsMagicHeals(target) : [],
    outcome: null,
  };
  const outcome = target && target.isOwner && spellHasEffect(record) ? await applyNow(target, record) : null;
  await postSpellCard(caster, item, { ...record, outcome });
  return true;
}

/** The caster's user may change the target: apply now (healing to HP; a wound is the GM's choice). */
async function applyNow(target: Actor.Implementation, record: SpellCastRecord): Promise<SpellOutcome | null> {
  if (record.healing >= MAGIC_HEALING_ENDS_WOUND && record.wounds.length > 0) return null;
  const result = await applySpellEffect(target, record);
  return "refused" in result ? null : result;
}

/**
 * The card's HTML. Its description is never taken from the message's data, which a player can forge
 * (FOUNDRY-FACTS §12, "HTML from data"): it comes only from the spell item, enriched on the posting
 * client, or is carried over as the node core already shows (`onRenderSpellCard`).
 */
async function renderSpellCard(
  record: SpellCastRecord,
  viewer: { isGM: boolean } | null,
  description: string,
): Promise<string> {
  const conditionName = record.condition ? game.i18n.localize(`ZILCH.Condition.${record.condition}`) : "";
  const context = spellCardContext(record, viewer, {
    conditionName,
    woundThreshold: MAGIC_HEALING_ENDS_WOUND,
    description,
  });
  return foundry.applications.handlebars.renderTemplate(SPELL_CARD_TEMPLATE, context);
}

/** The spell's own description, enriched: the item's HTML field is cleaned by the server on write. */
async function itemDescription(item: Item.Implementation): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(
    (item.system as { description?: string }).description ?? "",
    { relativeTo: item, secrets: false },
  );
}

/** The description on the card as core shows it, moved into the card that replaces it. */
function keepDescription(old: Element, card: Element): void {
  const shown = old.querySelector(".spell-description");
  if (shown) card.querySelector(".spell-facts")?.after(shown);
}

async function postSpellCard(
  caster: Actor.Implementation,
  item: Item.Implementation,
  record: SpellCastRecord,
): Promise<void> {
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor: caster }),
    content: await renderSpellCard(record, null, await itemDescription(item)),
    flags: { [SYSTEM_ID]: { [SPELL_FLAG]: record } },
  });
}

/** A stored record: cards posted before this version also hold a `description`, never rendered. */
type StoredRecord = SpellCastRecord & { description?: string };

/** The GM's Apply or Close-wound button: apply to the target, then rewrite the card once. */
async function onApply(
  message: ChatMessage.Implementation,
  record: StoredRecord,
  woundId?: string,
): Promise<void> {
  if (!game.user?.isGM || record.outcome !== null || !record.targetUuid) return;
  if (!(await spellCardTrusted(message, record))) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Apply.Error.unmatchedSpell"));
    return;
  }
  const target = await actorFromUuid(record.targetUuid);
  if (!target) return;
  const result = await applySpellEffect(target, record, woundId);
  if ("refused" in result) {
    ui.notifications?.warn(refusalReasons([result.refused]));
    return;
  }
  const next: StoredRecord = { ...record, outcome: result };
  // The rewritten content keeps the text of the description the card shows (read from an inert
  // template element, where nothing runs), escaped by the card's template: never HTML from the message.
  const shown = document.createElement("template");
  shown.innerHTML = message.content ?? "";
  const text = shown.content.querySelector(".spell-description")?.textContent?.trim() ?? "";
  await message.update({
    content: await renderSpellCard(next, null, text ? `<p>${foundry.utils.escapeHTML(text)}</p>` : ""),
    flags: { [SYSTEM_ID]: { [SPELL_FLAG]: next } },
  });
}

/** Whether this viewer's copy of the card differs from the stored one (which has no buttons). */
function viewerHasButtons(record: StoredRecord, isGM: boolean): boolean {
  return record.healing > 0 || (isGM && record.outcome === null);
}

/**
 * v13 `renderChatMessageHTML`: a GM viewer gets the Apply buttons of a spell card still waiting, and
 * every viewer of a healing card "heal the selected tokens", unless the content is
 * hidden from them (FOUNDRY-FACTS §6: check `isContentVisible`).
 */
export async function onRenderSpellCard(
  message: ChatMessage.Implementation,
  html: HTMLElement,
): Promise<void> {
  const record = message.flags.zilch?.spell;
  const old = html.querySelector(".spell-card");
  const isGM = game.user?.isGM === true;
  if (!record || !old || !message.isContentVisible || !viewerHasButtons(record, isGM)) return;
  const holder = document.createElement("div");
  holder.innerHTML = await renderSpellCard(record, { isGM }, "");
  const card = holder.firstElementChild;
  if (!card) return;
  keepDescription(old, card);
  old.replaceWith(card);
  for (const button of card.querySelectorAll<HTMLButtonElement>('button[data-action="applySpell"]')) {
    button.addEventListener("click", () => {
      button.disabled = true;
      void onApply(message, record, button.dataset.wound).catch((e: unknown) =>
        console.error("Zilch | applying a spell failed", e),
      );
    });
  }
  for (const button of card.querySelectorAll<HTMLButtonElement>(
    `button[data-action="${APPLY_SELECTED_ACTION}"]`,
  ))
    button.addEventListener("click", () => {
      applyToSelected(message, button, "healing").catch((e: unknown) =>
        console.error("Zilch | applying healing failed", e),
      );
    });
}
