/**
 * The combatant model (`base` Combatant type). It stores nothing: in v13 a combatant's owner may write
 * its `system` data (FOUNDRY-FACTS §2; draw-steel#254, cosmere-rpg#391), so a player could give its
 * combatant a 6|6 domino or a second turn from the console. Every round field (ST-1 stance, DOM-4
 * domino, CB-3 awareness, INI-4 tiebreak, INI-3 own die, CB-2 turn taken) lives in the Combat's flags,
 * which only a GM may write (src/rules/round/stored.ts). The `base` type stays registered
 * in `CONFIG.Combatant.dataModels` with no entry in system.json's `documentTypes`, as draw-steel 0.11.1
 * registers its own; the round fields it held were never released, so there is nothing to migrate.
 */
export function defineCombatantSchema() {
  return {};
}
export type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class CombatantData extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}
