/**
 * Registers the combat documents, the tracker and the GM query (issue 6), and hands mid-round joiners
 * (INI-6) to the combat on the active GM's client.
 */
import { ZilchCombat } from "../documents/combat";
import { ZilchCombatant } from "../documents/combatant";
import { ZilchCombatTracker } from "../applications/combat/tracker";
import { registerQueries } from "./queries";

export function registerCombat(): void {
  CONFIG.Combat.documentClass = ZilchCombat as never;
  CONFIG.Combatant.documentClass = ZilchCombatant as never;
  (CONFIG.ui as unknown as Record<string, unknown>).combat = ZilchCombatTracker;
  registerQueries();
  Hooks.on("createCombatant", (combatant: Combatant.Implementation) => {
    if (!game.users?.activeGM?.isSelf) return;
    const combat = combatant.parent as ZilchCombat | null;
    combat?.zilchJoin(combatant).catch((error: unknown) => console.error("Zilch | INI-6 join failed", error));
  });
}
