/**
 * INJ-10 on the active GM's client: the attack card reads the Injury Effects RollTables, so a GM who
 * edits a result's key (or its text) changes what the card does. The world's own table comes first (a
 * GM imports the compendium's copy to edit it), then the system compendium's. A missing table or a
 * result without a known key falls back to the built-in table, with a notice to the GM.
 *
 * Foundry use, each seen in public systems: world tables are `game.tables`, a compendium is
 * `game.packs.get(id)` and its documents come from `getDocuments()` (Muttley/foundryvtt-shadowdark
 * data/macros/draw-something-happens.js, `game.packs.get(...)` then `pack.getDocument`), and
 * `RollTable#getResultsForRoll(total)` gives the results whose range holds a total without drawing
 * (Ars Magica 5e's aging roll and WFRP4e's table rolls read it the same way).
 */
import { coversInjuryLocation, injuryCellFromResult } from "../../rules/injury-tables";
import type { InjuryCell } from "../../rules/injuries";
import type { Location } from "../../rules/vocabulary";

/** system.json's `tables` pack, as Foundry names a system's compendium: `<system id>.<pack name>`. */
export const TABLES_PACK = "zilch.tables";

/** INJ-10: this location's Injury Effects table: the world's copy first, then the compendium's. */
async function injuryTable(location: Location): Promise<RollTable.Implementation | null> {
  const world = game.tables?.find((t) => coversInjuryLocation(t.flags, location));
  if (world) return world;
  const pack = game.packs?.get(TABLES_PACK);
  if (!pack) return null;
  for (const doc of await pack.getDocuments())
    if (doc instanceof RollTable && coversInjuryLocation(doc.flags, location)) return doc;
  return null;
}

/**
 * INJ-6, INJ-10: the cell the Injury Effects table gives for this location and effect row (1–7), or
 * null (with a notice to the GM) when there is no table or its result names no known key.
 */
export async function injuryCellFromTables(location: Location, row: number): Promise<InjuryCell | null> {
  const table = await injuryTable(location);
  const results = table ? table.getResultsForRoll(row) : [];
  const cell = results.length === 1 ? injuryCellFromResult(results[0]!.flags) : null;
  if (!cell) {
    const i18n = game.i18n!;
    const where = i18n.localize(`ZILCH.Item.Choice.location.${location}`);
    const key = table ? "ZILCH.Attack.TableResultUnknown" : "ZILCH.Attack.TableMissing";
    ui.notifications?.warn(i18n.format(key, { table: table?.name ?? where, row: String(row) }));
  }
  return cell;
}
