/**
 * Rolling a new character's cards in Foundry (GEN-1): one real `Roll` of the method's formula (8d6,
 * 16d6, 4d6) so Dice So Nice shows every die, the pure `cardsFromDice` turns the dice into cards,
 * `writeChargen` stores all eight in one update, and one chat message lists the dice and the cards.
 */
import {
  cardsFromDice,
  cardsUpdate,
  chargenFormula,
  chargenLines,
  type ChargenResult,
  type RolledMethod,
} from "./chargen";
import { withRollMode } from "./roll-mode";
import { renderLinesCard } from "./lines-card";

/** What writing the cards needs of an actor (a v13 Actor, or a stand-in one in tests). */
export interface CardsOwner {
  update(changes: ReturnType<typeof cardsUpdate>): Promise<unknown>;
  /** GEN-4: full HP and chips, no drain, from the cards just written (ZilchActor#applyStartingState). */
  applyStartingState(): Promise<void>;
}

/**
 * GEN-1: write the eight cards of a result in a single update; GEN-4: then the new character starts
 * with the HP and chips those cards give (not the 4 HP and no chips of the blank sheet).
 */
export async function writeChargen(actor: CardsOwner, result: ChargenResult): Promise<void> {
  await actor.update(cardsUpdate(result.cards));
  await actor.applyStartingState();
}

/** The dice of an evaluated roll, in the order rolled. */
const diceOf = (roll: Roll): number[] => roll.dice.flatMap((term) => term.results.map((r) => r.result));

/** GEN-1: roll the method's dice, write the cards, post the card; returns the result for the redraw offer. */
export async function rollChargen(
  actor: Actor.Implementation,
  method: RolledMethod,
  redraw = false,
): Promise<ChargenResult> {
  const roll = await new Roll(chargenFormula(method)).evaluate();
  const result = cardsFromDice(method, diceOf(roll));
  await writeChargen(actor, result);
  const content = await renderLinesCard("chargen", chargenLines(result, redraw));
  await ChatMessage.create(
    withRollMode({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls: [roll] }),
  );
  return result;
}
