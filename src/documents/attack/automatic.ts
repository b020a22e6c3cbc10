/**
 * The attack card's steps nobody has to decide (src/rules/attack/automatic.ts says which), taken by the
 * active GM's client right after the step it applies or the card it posts, inside that card's slot
 * (./handlers.ts), before the one write and seal of the card. So each happens once, on the client
 * that applies requests (docs/multiplayer.md §6), and never on a client's word that it has nothing
 * to decide: the GM's client reads that from the card it wrote.
 */
import { automaticStep, type AttackState, type AutoPolicy } from "../../rules/attack/index";
import { diceFor } from "../../dice/attack-card";
import { getSetting } from "../../data/settings";
import type { StepContext } from "./context";
import { takeStep } from "./step";

/** The two creatures of a card, as the GM's client found them (null: gone). */
export interface CardCreatures {
  readonly attacker: Actor.Implementation | null;
  readonly defender: Actor.Implementation | null;
}

/** More steps than a card can take unasked in a row (windows, damage, save, location, effect). */
const MOST_AUTOMATIC_STEPS = 8;

/**
 * "NPCs never commit chips" applies to a side no player owns. `hasPlayerOwner` is the Document getter
 * systems and modules read for that (animabf's `canOwnerReceiveMessage`, health-estimate's "NPCs just
 * die" rule: `!token.actor.hasPlayerOwner`); src/documents/combat/zilch-combat.ts reads the combatant's.
 */
function policyOf(creatures: CardCreatures): AutoPolicy {
  const npcsSilent = Boolean(getSetting("npcsNeverCommit"));
  const silent = (actor: Actor.Implementation | null) =>
    npcsSilent && actor !== null && !actor.hasPlayerOwner;
  return {
    rolls: getSetting("attackAutoRolls"),
    silent: { attacker: silent(creatures.attacker), defender: silent(creatures.defender) },
  };
}

/**
 * Takes, in order, every step the card leaves to nobody (a window's commit is 0 chips and no Boon),
 * and returns the card as it then stands. A step the rules refuse stops here and waits for its button.
 */
export async function settleAutomatic(
  messageId: string,
  state: AttackState,
  creatures: CardCreatures,
): Promise<AttackState> {
  const policy = policyOf(creatures);
  let current = state;
  for (let n = 0; n < MOST_AUTOMATIC_STEPS; n++) {
    const kind = automaticStep(current, policy);
    if (!kind) break;
    const context: StepContext = {
      data: { messageId, kind, chips: 0, boon: false },
      state: current,
      attacker: creatures.attacker,
      defender: creatures.defender,
      formulas: diceFor(current, kind),
      rolls: [],
    };
    const next = await takeStep(context);
    if (!next.ok) {
      console.warn(`Zilch | the card's ${kind} could not be taken by itself (${next.code})`);
      break;
    }
    current = next.state;
  }
  return current;
}
