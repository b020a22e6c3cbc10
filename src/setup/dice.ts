/**
 * The system's Roll classes, registered on `init` so the rolls stored in a chat message rebuild as
 * their own class (foundryvtt/foundryvtt#7668), as dnd5e does with its Roll subclasses (dnd5e
 * release-5.1.10 dnd5e.mjs sets `CONFIG.Dice.rolls`). Foundry's own Roll stays first in the list.
 */
import { ZilchTestRoll } from "../dice/zilch-test-roll";

export function registerDice(): void {
  if (!CONFIG.Dice.rolls.includes(ZilchTestRoll)) CONFIG.Dice.rolls.push(ZilchTestRoll);
}
