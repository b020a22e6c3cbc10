/**
 * ZilchCombatant: its round state lives in its combat's flags, which only a GM may write
 * (src/rules/round/stored.ts), never in its own system data, which its owner may write in v13
 * (FOUNDRY-FACTS §2). This class only exposes it in the round logic's shape.
 */
import type { CombatantRound } from "../rules/round/state";
import { NEW_STORED, roundFromStored } from "../rules/round/stored";

export class ZilchCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** ST, DOM, CB-3, INI-4: this combatant's round state (a new combatant's outside a combat). */
  get zilchRound(): CombatantRound {
    const combat = this.parent;
    return combat ? combat.zilchRoundOf(this.id!) : roundFromStored(this.id!, NEW_STORED);
  }
}
