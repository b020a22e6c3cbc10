/**
 * Recovery from the sheets (REC-1 to REC-3, REC-6). Rest, Sleep and healing items go straight to
 * the recovery rolls (src/dice/recovery-roll.ts), the same ones First Aid and terror use. A Rally
 * whose chips can be placed more than one way asks the player after the ♥ test: the number of chips
 * is only known once the die is rolled, and asking before would mean guessing a split the result
 * may not allow (REC-1 refuses a split of more chips than the DoS gives). The dialog offers an even
 * split; closing it keeps that split, since the test has been rolled and a Rally is one per
 * encounter.
 */
import {
  postHealingItem,
  postRest,
  reportRecovery,
  rollHeartsTest,
  rollRally,
  rollSleep,
} from "../../../dice/recovery-roll";
import { takeSheetTurn } from "../../../documents/attack/actors";
import { rollResistTerror } from "../../../dice/terror-roll";
import type { DegreeOfSuccess, PerSuit } from "../../../rules/vocabulary";
import { RALLY_SPLIT_TEMPLATE } from "../shared/constants";
import {
  evenRallySplit,
  rallyNeedsSplit,
  rallySplitContext,
  rallySplitFromForm,
  rallySplitRefusal,
  recoveryChipState,
  type PreparedChips,
} from "./recovery";
import { domIdOf } from "../../dom-id";

/** A split the dialog's Apply button returned (suit → count), as opposed to no choice. */
const isSplit = (value: unknown): value is Partial<PerSuit<number>> =>
  typeof value === "object" && value !== null && Object.values(value).every((n) => typeof n === "number");

/** REC-1: asks how to split the regained chips; resolves to the split (the even one if closed). */
async function askRallySplit(
  actor: Actor.Implementation,
  dos: DegreeOfSuccess,
  system: PreparedChips,
): Promise<Partial<PerSuit<number>>> {
  const state = recoveryChipState(system);
  const i18n = game.i18n;
  const context = rallySplitContext(domIdOf("zilch-rally", actor), dos, state);
  const content = await foundry.applications.handlebars.renderTemplate(RALLY_SPLIT_TEMPLATE, context);
  const read = (form: HTMLFormElement) =>
    rallySplitFromForm(
      new foundry.applications.ux.FormDataExtended(form).object as Record<string, unknown>,
      state,
    );
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: i18n.format("ZILCH.Recovery.Split.Title", { name: actor.name ?? "" }) },
    classes: ["zilch", "rally-split"],
    content,
    buttons: [
      {
        action: "apply",
        label: "ZILCH.Recovery.Split.Apply",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => read(button.form!),
      },
    ],
    // REC-1: the split is checked as the player types; Apply stays off while the rule refuses it.
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      const apply = dialog.element.querySelector<HTMLButtonElement>('button[data-action="apply"]');
      const output = dialog.element.querySelector("[data-problem]");
      if (!form) return;
      const update = () => {
        const refusal = rallySplitRefusal(dos, state, read(form));
        if (apply) apply.disabled = refusal !== null;
        if (output) output.textContent = refusal ? i18n.localize(`ZILCH.Recovery.Refused.${refusal}`) : "";
      };
      form.addEventListener("input", update);
      update();
    },
    rejectClose: false,
  });
  const chosen = isSplit(result) ? result : evenRallySplit(dos, state);
  return rallySplitRefusal(dos, state, chosen) === null ? chosen : evenRallySplit(dos, state);
}

/**
 * REC-1: Rally from the sheet; a multiclass character with a real choice splits after the roll.
 * During a started combat it is the creature's Full action in its own turn (takeSheetTurn).
 */
export async function rallyFromSheet(actor: Actor.Implementation): Promise<void> {
  const creature = actor;
  const system = actor.creature;
  if (system.recovery.rallyUsed) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Recovery.Refused.alreadyRallied"));
    return;
  }
  // REC-1, AC-3: in a started combat the turn records the Full action before the ♥ test is rolled.
  if (!(await takeSheetTurn(actor, "rally"))) return;
  if (!actor.isOfType("character") || actor.system.classList.length < 2) {
    await rollRally(creature);
    return;
  }
  const { test, rolls } = await rollHeartsTest(creature);
  const choice = rallyNeedsSplit(test.dos, recoveryChipState(actor.system))
    ? await askRallySplit(creature, test.dos, actor.system)
    : undefined;
  await reportRecovery(creature, await creature.rally(test.dos, choice), test, rolls);
}

/**
 * CON-4: resist terror from the sheet's Terrified chip: in a started combat the turn records the
 * Standard action first (refused outside the creature's turn, for a user not its owner, or with no
 * Standard action left), then the ♥ test is rolled.
 */
export async function resistTerrorFromSheet(actor: Actor.Implementation): Promise<void> {
  if (!actor.statuses.has("terrified")) return;
  if (!(await takeSheetTurn(actor, "resistTerror"))) return;
  await rollResistTerror(actor);
}

/** REC-2: Rest from the sheet. */
export async function restFromSheet(actor: Actor.Implementation): Promise<void> {
  await postRest(actor);
}

/** REC-3: Sleep from the sheet. */
export async function sleepFromSheet(actor: Actor.Implementation): Promise<void> {
  await rollSleep(actor);
}

/**
 * REC-6: use one of a gear row's healing items. AC-4: in a started combat the Use is the creature's
 * Standard action in its own turn, recorded before the item is spent (refused otherwise, nothing spent).
 */
export async function useItemFromSheet(
  actor: Actor.Implementation,
  item: Item.Implementation,
): Promise<void> {
  if (!(await takeSheetTurn(actor, "use"))) return;
  await postHealingItem(actor, item);
}
