/**
 * ZilchCombatant: its round state lives in its system data (src/data/combat/combatant.ts); this class
 * only exposes it in the round logic's shape.
 */
import { roundFromStored, type StoredCombatant } from "./combat/stored";
import type { CombatantRound } from "./combat/round";

export class ZilchCombatant extends Combatant {
  /** ST, DOM, CB-3, INI-4: this combatant's round state. */
  get zilchRound(): CombatantRound {
    return roundFromStored(this.id!, this.system as unknown as StoredCombatant);
  }
}
