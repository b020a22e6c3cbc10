/**
 * The creation guide's controls (./first-steps.ts): a step's label goes where the step is done (edit
 * mode, on the step's tab), a pack button opens the compendium its items are dragged from, the guide
 * is hidden or shown again for the viewing user. Its last step, "Ready to play", is the card-generation
 * panel's own action (./chargen-actions.ts `applyStartingState`), which also marks play as started.
 *
 * Hiding is per user, not per world or per device: it is a flag on the User document, as dnd5e keeps
 * each user's sheet preferences (`game.user.setFlag("dnd5e", "sheetPrefs…")` in its actor sheets).
 * A compendium opens with `game.packs.get(id).render(true)`, as systems open one from a button
 * (dsa5's item library and warframe-ttrpg's bestiary buttons); a pack that is missing opens nothing.
 */
import { firstSteps, STEP_PACK_NAMES } from "./first-steps";
import { characterInput } from "../actor/actor-data";

/** What the handlers need from the character sheet. */
export interface GuideSheetLike {
  actor: Actor.Implementation;
  id: string;
  isEditable: boolean;
  editMode: boolean;
  tabGroups: Record<string, string | null>;
  render(options?: unknown): unknown;
}

/** The user flag that hides the guide on every character sheet this user opens. */
export const GUIDE_FLAG = "hideCreationGuide";

export function guideHidden(): boolean {
  return game.user?.getFlag("zilch", GUIDE_FLAG) === true;
}

async function setGuideHidden(sheet: GuideSheetLike, hidden: boolean): Promise<void> {
  await game.user?.setFlag("zilch", GUIDE_FLAG, hidden);
  await sheet.render();
}

export const GUIDE_ACTION_HANDLERS = {
  /** A step's label: edit mode on the tab where the step is done. */
  async goToStep(this: GuideSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const input = characterInput(this.actor, { id: this.id, editable: true, editMode: true });
    const step = firstSteps(input).find((s) => s.id === target.dataset.step);
    if (!step) return;
    this.editMode = true;
    // The tab to show on the next render (ApplicationV2 reads tabGroups in _prepareTabs).
    this.tabGroups.primary = step.tab;
    await this.render();
  },
  /** A step's compendium button: the pack its items are dragged from. */
  async openStepPack(this: GuideSheetLike, _event: PointerEvent, target: HTMLElement) {
    const pack = STEP_PACK_NAMES.find((name) => name === target.dataset.pack);
    if (pack) await game.packs?.get(`zilch.${pack}`)?.render(true);
  },
  async hideGuide(this: GuideSheetLike) {
    await setGuideHidden(this, true);
  },
  async showGuide(this: GuideSheetLike) {
    await setGuideHidden(this, false);
  },
};
