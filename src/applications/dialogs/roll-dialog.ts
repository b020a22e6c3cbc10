/**
 * The roll dialog (DialogV2) for tests, saves and contests: the pure request model decides the target
 * and chance (src/rules/roll-request.ts); this module shows it, spends what the request commits
 * (chips, CH-7; a Boon, TL-6) and rolls through src/dice/test-roll.ts.
 */
import { actorSheetContext } from "../sheets/actor-data";
import { ROLL_DIALOG_SIZE, ROLL_DIALOG_TEMPLATE } from "../sheets/constants";
import { characterRollFacts, liveRollView, npcRollFacts, rollDialogContext } from "./roll-dialog-context";
import {
  DEFAULT_REQUEST,
  requestFromForm,
  requestTarget,
  saveChipSuit,
  summarizeRequest,
  testKindOfSkill,
  type CardKey,
  type RollFacts,
} from "../../rules/roll-request";
import { postContest, postTest } from "../../dice/test-roll";
import type { ZilchActor } from "../../documents/actor";
import type { InjuryRecord } from "../../rules/injuries";
import { opponentChoices } from "../../rules/round/creature";

/** INJ-7, SW-7: the actor's injury items as the rules read them (their lasting effects are derived data). */
export function actorInjuries(actor: Actor.Implementation): InjuryRecord[] {
  return actor.items
    .filter((item) => item.type === "injury")
    .map((item) => {
      const system = item.system as unknown as Omit<InjuryRecord, "source">;
      return {
        source: item.id ?? "",
        effect: system.effect,
        location: system.location,
        lasting: system.lasting,
      };
    });
}

function factsFor(
  actor: Actor.Implementation,
  skillId?: string,
): { facts: RollFacts; skills: { id: string; label: string }[] } {
  const sheet = actorSheetContext(actor);
  const injuries = actorInjuries(actor);
  if (sheet.type === "npc") return { facts: { ...npcRollFacts(sheet.context), injuries }, skills: [] };
  const skills = sheet.context.skills.map((s) => ({ id: s.id, label: `${s.name} (+${s.bonus})` }));
  const skillKey = skillId
    ? (actor.items.get(skillId)?.system as { key?: string } | undefined)?.key
    : undefined;
  const testKind = testKindOfSkill(skillKey);
  return { facts: { ...characterRollFacts(sheet.context, skillId), injuries, testKind }, skills };
}

/** Opens the dialog for a card (and optionally a skill), then rolls what the user asked for. */
export async function openRollDialog(
  actor: Actor.Implementation,
  options: { card?: CardKey; skillId?: string } = {},
): Promise<void> {
  const { facts, skills } = factsFor(actor, options.skillId);
  const request = {
    ...DEFAULT_REQUEST,
    card: options.card ?? DEFAULT_REQUEST.card,
    skill: Boolean(options.skillId),
  };
  // T-8: a targeted token's own actor (unlinked tokens included), then the observable world actors.
  const opponents = opponentChoices(
    actor,
    [...(game.user?.targets ?? [])].map((t) => t.document),
    (game.actors?.contents ?? []).filter((a) => a.testUserPermission(game.user!, "OBSERVER")),
  );
  const id = `zilch-roll-${actor.id}`;
  const context = rollDialogContext({ id, request, facts, skills, skillId: options.skillId, opponents });
  const content = await foundry.applications.handlebars.renderTemplate(
    ROLL_DIALOG_TEMPLATE,
    context as unknown as Record<string, unknown>,
  );
  const i18n = game.i18n!;
  const result = (await (foundry.applications.api.DialogV2.wait({
    window: { title: i18n.format("ZILCH.Roll.Title", { name: actor.name ?? "" }) },
    classes: ["zilch"],
    // v13 positions take "auto": the window fits the rows this actor gets (skills, contest).
    position: { width: ROLL_DIALOG_SIZE.width, height: "auto" },
    content,
    buttons: [
      {
        action: "roll",
        label: "ZILCH.Roll.Submit",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          new foundry.applications.ux.FormDataExtended(button.form!).object,
      },
      { action: "cancel", label: "ZILCH.Roll.Cancel" },
    ],
    // CH-7, T-4, B-1: the chip limit follows the chosen card and save, and the target and chance
    // follow every change, as the user types.
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      if (!form) return;
      const target = dialog.element.querySelector("[data-summary-target]");
      const chance = dialog.element.querySelector<HTMLElement>("[data-summary-chance]");
      const notes = dialog.element.querySelector("[data-summary-notes]");
      const chips = form.querySelector<HTMLInputElement>('input[name="chips"]');
      const chipsHint = form.querySelector("[data-chips-hint]");
      const injuries = form.querySelector<HTMLElement>("[data-injuries]");
      const injuriesLabel = injuries
        ? form.querySelector<HTMLElement>(`#${injuries.getAttribute("aria-labelledby")}`)
        : null;
      // INJ-8: the pre-ticked boxes follow the card; they are rebuilt only when the offered set changes,
      // so a box the user unticked stays unticked while other fields change.
      const showInjuries = (view: ReturnType<typeof liveRollView>): boolean => {
        if (!injuries) return false;
        const offered = injuries.querySelector<HTMLInputElement>('input[name="injuriesOffered"]');
        const sources = [...new Set(view.injuryModifiers.map((m) => m.source))].join(",");
        if (!offered || offered.value === sources) return false;
        offered.value = sources;
        const boxes = view.injuryModifiers.map((m) => {
          const label = document.createElement("label");
          label.className = "check";
          const box = document.createElement("input");
          box.type = "checkbox";
          box.name = `injury-${m.source}`;
          box.checked = true;
          const text = i18n.format("ZILCH.Roll.InjuryModifier", {
            effect: i18n.localize(m.effectKey),
            location: i18n.localize(m.locationKey),
            value: m.valueText,
          });
          label.append(box, ` ${text}`);
          return label;
        });
        injuries.replaceChildren(offered, ...boxes);
        injuries.hidden = boxes.length === 0;
        if (injuriesLabel) injuriesLabel.hidden = boxes.length === 0;
        return true;
      };
      const update = (): void => {
        const values = new foundry.applications.ux.FormDataExtended(form).object as Record<string, unknown>;
        const current = factsFor(actor, String(values.skillId ?? "") || undefined).facts;
        const view = liveRollView(requestFromForm(values), current);
        // The new boxes are all ticked, so the summary is read again from them.
        if (showInjuries(view)) return update();
        if (chips) {
          chips.max = String(view.chipsMax);
          chips.disabled = view.chipsMax === 0;
          if (Number(chips.value) !== view.chips) chips.value = String(view.chips);
        }
        if (chipsHint)
          chipsHint.textContent = i18n.format("ZILCH.Roll.ChipsHint", { n: String(view.chipsMax) });
        // The summary's parts are updated in place so its layout (target, chance, notes) holds.
        if (target)
          target.textContent = i18n.format("ZILCH.Roll.TargetIs", { target: String(view.summary.target) });
        if (chance) {
          chance.textContent = i18n.format("ZILCH.Roll.ChanceIs", { chance: String(view.summary.chance) });
          if (view.summary.plateau) chance.title = i18n.localize("ZILCH.Roll.Plateau");
          else chance.removeAttribute("title");
        }
        if (notes) {
          const note = (className: string, text: string) => {
            const span = document.createElement("span");
            span.className = className;
            span.textContent = text;
            return span;
          };
          notes.replaceChildren(
            ...(view.summary.noRollNeeded ? [note("hint", i18n.localize("ZILCH.Roll.NoRollNeeded"))] : []),
            ...view.problemKeys.map((key) => note("warning", i18n.localize(key))),
          );
        }
      };
      form.addEventListener("input", update);
      form.addEventListener("change", update);
    },
    rejectClose: false,
  } as never) as Promise<unknown>)) as Record<string, unknown> | string | null;
  if (!result || typeof result !== "object") return;
  const skillId = String(result.skillId ?? "") || undefined;
  const chosen = requestFromForm(result);
  const current = factsFor(actor, skillId).facts;
  const summary = summarizeRequest(chosen, current);
  if (summary.problems.length) {
    // Failures speak and change nothing (ARCHITECTURE §3).
    for (const p of summary.problems) ui.notifications?.warn(i18n.localize(`ZILCH.Roll.Problem.${p}`));
    return;
  }
  // CH-7, TL-6: chips and the Boon are spent before the d12 is rolled, and stay spent. Chips go
  // through the document API (ZilchActor#spendChips), which refuses a spend the rules forbid.
  const chipSuit = chosen.save ? saveChipSuit(chosen.card) : null;
  if (chipSuit && chosen.chips > 0) {
    const problem = await (actor as unknown as ZilchActor).spendChips(chipSuit, chosen.chips, {
      kind: "save",
      suit: chipSuit,
    });
    if (problem) {
      ui.notifications?.warn(i18n.localize(`ZILCH.Roll.Problem.${problem}`));
      return;
    }
  }
  if (chosen.boon) {
    const refusal = await (actor as unknown as ZilchActor).spendBoon();
    if (refusal) {
      ui.notifications?.warn(i18n.localize(`ZILCH.Roll.Problem.${refusal}`));
      return;
    }
  }
  const test = {
    actor,
    card: chosen.card,
    target: requestTarget(chosen, current),
    save: chosen.save,
    untrained: chosen.untrained,
    boon: chosen.boon,
  };
  const chosenOpponent = String(result.opponent ?? "");
  const opponent = opponents.some((o) => o.id === chosenOpponent)
    ? (fromUuidSync(chosenOpponent) as Actor.Implementation | null)
    : null;
  if (!opponent) {
    await postTest(test);
    return;
  }
  // T-8: the opponent tests the chosen card with its own value and the stated modifier.
  const opponentCard = requestFromForm({ card: result.opponentCard }).card;
  const theirs = factsFor(opponent).facts;
  const modifier = Number(result.opponentModifier ?? 0) || 0;
  const theirTarget = requestTarget(
    { ...DEFAULT_REQUEST, card: opponentCard, modifier: Math.trunc(modifier) },
    theirs,
  );
  await postContest(test, {
    actor: opponent,
    card: opponentCard,
    target: theirTarget,
    save: false,
    untrained: false,
  });
}
