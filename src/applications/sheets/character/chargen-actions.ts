/**
 * The character sheet's card-generation controls (GEN-1): the world's method and point-buy base as
 * the panel reads them, and the Roll / Redraw actions. Rolling over cards that were already built
 * asks first; quick draw's redraw is held by the sheet, offered once, while the cards are still the
 * first draw.
 */
import {
  CHARGEN_METHODS,
  POINT_BUY_BASE,
  POINT_BUY_BASES,
  raceBoundsProblems,
  type ChargenMethod,
} from "../../../rules/generation";
import { perSuit, type CardSet } from "../../../rules/suits";
import { cardsUpdate, isRolledMethod, isUnbuilt, redrawOffered } from "../../../dice/chargen";
import { rollChargen } from "../../../dice/chargen-roll";
import { worldChoice } from "../../../data/world";
import { boundsWarnings, chargenContext, groupedProblems, type ChargenInput } from "./chargen-context";

/** What the handlers need from the character sheet. */
export interface ChargenSheetLike {
  actor: Actor.Implementation;
  isEditable: boolean;
  /** GEN-1 quick draw: the draw whose redraw is still allowed, or null. */
  chargenRedraw: CardSet | null;
  /** The sheet's edit mode (the actor sheets' toggle); absent where a caller has no mode. */
  editMode?: boolean;
  render(options?: unknown): unknown;
}

/** SET-1 `chargenMethod` and `pointBuyBase`, as the panel reads them. */
export function worldChargen(): { method: ChargenMethod; base: number } {
  const method = worldChoice("chargenMethod", CHARGEN_METHODS, "pointBuy");
  const base = Number(worldChoice("pointBuyBase", ["4", "5", "6"], "4"));
  return { method, base: (POINT_BUY_BASES as readonly number[]).includes(base) ? base : POINT_BUY_BASE };
}

/** The panel's input for a sheet. */
export function sheetChargen(sheet: ChargenSheetLike): Pick<ChargenInput, "method" | "base" | "redrawOf"> {
  return { ...worldChargen(), redrawOf: sheet.chargenRedraw };
}

/** The stored base cards of a character (an NPC has none: it writes its cards directly, NPC-1). */
function storedCards(actor: Actor.Implementation): CardSet | null {
  if (!actor.isOfType("character")) return null;
  const { suits } = actor.system;
  return {
    primary: perSuit((s) => suits[s].primary),
    secondary: perSuit((s) => suits[s].secondary),
  };
}

/** GEN-1: nothing built yet (all eight cards at their initial value). */
const actorIsCharacter = (actor: Actor.Implementation) => actor.isOfType("character");

const unbuilt = (actor: Actor.Implementation) => {
  const cards = storedCards(actor);
  return cards !== null && isUnbuilt(cards);
};

/**
 * GEN-2, GEN-3: why the character cannot start play, in the panel's own words ("After race, no card may start
 * above 13: Clubs 14"), or null when every card lies in 2–13 after race. A half-built character is
 * still stored as typed (the panel warns); only "Ready to play" is refused.
 */
export function notReadyToPlay(actor: Actor.Implementation): string | null {
  const cards = storedCards(actor);
  if (!cards || !actor.isOfType("character")) return null;
  const { suits, started } = actor.system;
  const race = perSuit((s) => suits[s].race);
  // GEN-2 binds a point-buy build before play: over the budget, below the base or above K is refused
  // too. A character already in play (a sample, one built another way) is held to GEN-3 alone.
  const problems = started
    ? groupedProblems(boundsWarnings(raceBoundsProblems(cards, race)))
    : chargenContext({ ...worldChargen(), cards, race }).problems;
  if (problems.length === 0) return null;
  const i18n = game.i18n;
  const lines = problems.map((p) => {
    const cardList = p.cards.map((c) => `${i18n.localize(c.cardKey)} ${c.value}`).join(", ");
    return `${i18n.format(p.key, { value: String(p.value ?? ""), limit: String(p.limit ?? "") })} ${cardList}`;
  });
  return i18n.format("ZILCH.Chargen.NotReady", { problems: lines.join("; ") });
}

/** Rolling overwrites all eight cards: asks first unless nothing was built yet. */
async function confirmOverwrite(): Promise<boolean> {
  const i18n = game.i18n;
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n.localize("ZILCH.Chargen.Confirm.Title") },
    content: `<p>${i18n.localize("ZILCH.Chargen.Confirm.Body")}</p>`,
    rejectClose: false,
    modal: true,
  });
  return answer === true;
}

export const CHARGEN_ACTION_HANDLERS = {
  /** GEN-1: roll the world's method and write the eight cards. */
  async rollChargen(this: ChargenSheetLike) {
    if (!this.isEditable) return;
    const { method } = worldChargen();
    if (!isRolledMethod(method)) return;
    if (!actorIsCharacter(this.actor)) return;
    if (!unbuilt(this.actor) && !(await confirmOverwrite())) return;
    const result = await rollChargen(this.actor, method);
    this.chargenRedraw = result.mayRedraw ? result.cards : null;
    await this.render();
  },
  /** GEN-1 point buy: a character not built yet starts with all eight cards at the world's base. */
  async startPointBuy(this: ChargenSheetLike) {
    const { method, base } = worldChargen();
    if (!this.isEditable || method !== "pointBuy" || !unbuilt(this.actor)) return;
    const flat = perSuit(() => base);
    await this.actor.update(cardsUpdate({ primary: flat, secondary: { ...flat } }));
    await this.actor.applyStartingState();
  },
  /**
   * GEN-4: once the cards are bought (or the classes chosen after a roll), the character starts with
   * full HP and class chips and no drain. This is "Ready to play" (the guide's last step and the
   * panel's button): play has started, which closes that step (`system.started`).
   */
  async applyStartingState(this: ChargenSheetLike) {
    if (!this.isEditable || !this.actor.isOfType("character")) return;
    // GEN-3: a character whose cards break the bounds after race is rejected: nothing changes.
    const refusal = notReadyToPlay(this.actor);
    if (refusal) {
      ui.notifications?.warn(refusal);
      return;
    }
    const starting = !this.actor.system.started;
    await this.actor.applyStartingState();
    await this.actor.update({ system: { started: true } });
    // The first press starts play, so the sheet goes to play mode; a later one (after a rebuild) stays.
    if (starting && this.editMode !== undefined) {
      this.editMode = false;
      await this.render();
    }
  },
  /** GEN-1 quick draw: four cards totalling 25 or less may all be redrawn, once. */
  async redrawChargen(this: ChargenSheetLike) {
    const cards = storedCards(this.actor);
    if (!this.isEditable || !cards || !redrawOffered(this.chargenRedraw, cards)) return;
    this.chargenRedraw = null;
    await rollChargen(this.actor, "quickDraw", true);
    await this.render();
  },
};
