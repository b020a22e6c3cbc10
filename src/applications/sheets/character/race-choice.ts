/**
 * RA-1, RA-2: the choice a race leaves to the player (the Human's +1 to one suit chosen at creation),
 * made on the sheet's header right after the race is dropped — one click on a suit, no window — and
 * changed there later in edit mode. The choice is the race item's `chosenSuit` (a SUITS choice or
 * null, src/data/item/race.ts); the character model adds the bonus to that suit in derived data.
 */
import { SUITS, type Suit } from "../../../rules/vocabulary";
import { SUIT_SYMBOL } from "../actor/sheet-common";
import { itemsOfType, type CharacterInput } from "./character-input";

const isSuit = (value: unknown): value is Suit => SUITS.some((s) => s === value);

/** The header's suit buttons, or null when the race leaves nothing to choose or the viewer cannot edit. */
export function raceChoiceView(input: CharacterInput) {
  const race = itemsOfType(input, "race")[0];
  const bonus = Number(race?.system.choiceBonus ?? 0);
  if (!race || !input.editable || bonus <= 0) return null;
  const chosen = isSuit(race.system.chosenSuit) ? race.system.chosenSuit : null;
  // Once chosen, the choice is changed in edit mode only, so play mode stays quiet.
  if (chosen && !input.editMode) return null;
  return {
    raceId: race.id,
    raceName: race.name,
    bonus,
    chosen,
    suits: SUITS.map((suit) => ({
      suit,
      symbol: SUIT_SYMBOL[suit],
      labelKey: `ZILCH.Suit.${suit}`,
      pressed: suit === chosen,
    })),
  };
}

/** What the handler needs from the character sheet. */
interface RaceChoiceSheetLike {
  actor: Actor.Implementation;
  isEditable: boolean;
}

export const RACE_CHOICE_ACTION_HANDLERS = {
  /** RA-2: the race's bonus goes to the suit on the pressed button (pressing the chosen one keeps it). */
  async chooseRaceSuit(this: RaceChoiceSheetLike, _event: PointerEvent, target: HTMLElement) {
    const suit = target.dataset.suit;
    const race = this.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    if (!this.isEditable || !isSuit(suit) || !race?.isOfType("race")) return;
    if (race.system.choiceBonus <= 0 || race.system.chosenSuit === suit) return;
    await race.update({ system: { chosenSuit: suit } });
  },
};
