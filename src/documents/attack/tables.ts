/**
 * INJ-10, SW-9 on the active GM's client: the attack card reads the RollTables (Injury Location,
 * Injury Effects, Missile Hit Location, Specific Wounds), so a GM who edits a result's key (or its
 * text) changes what the card does. The world's own table comes first (a GM imports the compendium's
 * copy to edit it), then the system compendium's. A missing table or a result without a known key
 * falls back to the built-in table, with a notice to the GM.
 *
 * Foundry use, each seen in public systems: world tables are `game.tables`, a compendium is
 * `game.packs.get(id)` and its documents come from `getDocuments()` (Muttley/foundryvtt-shadowdark
 * data/macros/draw-something-happens.js, `game.packs.get(...)` then `pack.getDocument`), and
 * `RollTable#getResultsForRoll(total)` gives the results whose range holds a total without drawing
 * (Ars Magica 5e's aging roll and WFRP4e's table rolls read it the same way). A RollTable's `results`
 * is its embedded TableResult collection, iterated for its results (Token Variant Art's table search,
 * `for (let r of table.results)`), each with its own `flags` (the packs' results are embedded documents,
 * `_key` `!tables.results!<table>.<result>`, compiled by the official foundryvtt-cli).
 */
import {
  coversInjuryLocation,
  injuryCellFromResult,
  injuryLocationFromResult,
  INJURY_LOCATION_TABLE_KEY,
  isTableKeyed,
} from "../../rules/injury-tables";
import type { InjuryCell } from "../../rules/injury/effect-table";
import {
  missileLocationFromResult,
  MISSILE_LOCATION_TABLE_KEY,
  woundRowAt,
  WOUND_TABLE_KEYS,
  type WoundRow,
} from "../../rules/wound-tables";
import { woundChartKey } from "../../rules/wounds";
import type { AimingPoint, Location } from "../../rules/vocabulary";

/** system.json's `tables` pack, as Foundry names a system's compendium: `<system id>.<pack name>`. */
export const TABLES_PACK = "zilch.tables";

/** The first RollTable whose flags pass `keyed`: the world's copy first, then the compendium's. */
async function findTable(keyed: (flags: unknown) => boolean): Promise<RollTable.Implementation | null> {
  const world = game.tables?.find((t) => keyed(t.flags));
  if (world) return world;
  const pack = game.packs?.get(TABLES_PACK);
  if (!pack) return null;
  for (const doc of await pack.getDocuments()) if (doc instanceof RollTable && keyed(doc.flags)) return doc;
  return null;
}

/** Tells the GM that the built-in table decided: `missing` when no table was found, else `unknown`. */
function warnFallback(
  keys: { missing: string; unknown: string },
  table: RollTable.Implementation | null,
  data: Record<string, string>,
): void {
  const i18n = game.i18n;
  const key = table ? keys.unknown : keys.missing;
  ui.notifications?.warn(i18n.format(key, { ...data, table: table?.name ?? data.table ?? "" }));
}

const where = (location: Location) => game.i18n.localize(`ZILCH.Item.Choice.location.${location}`);

/** The single result of `table` whose range holds `value`, or null. */
function resultFor(table: RollTable.Implementation | null, value: number): { flags: unknown } | null {
  const results = table ? table.getResultsForRoll(value) : [];
  return results.length === 1 ? results[0]! : null;
}

/**
 * INJ-6, INJ-10: the cell the Injury Effects table gives for this location and effect row (1–7), or
 * null (with a notice to the GM) when there is no table or its result names no known key.
 */
export async function injuryCellFromTables(location: Location, row: number): Promise<InjuryCell | null> {
  const table = await findTable((flags) => coversInjuryLocation(flags, location));
  const result = resultFor(table, row);
  const cell = result ? injuryCellFromResult(result.flags) : null;
  if (!cell)
    warnFallback(
      { missing: "ZILCH.Attack.TableMissing", unknown: "ZILCH.Attack.TableResultUnknown" },
      table,
      {
        table: where(location),
        row: String(row),
      },
    );
  return cell;
}

/**
 * INJ-3, INJ-4, INJ-10: the location the Injury Location table gives for the evaluator's face (the
 * result whose range holds it) and the four dice's sum, or null (with a notice to the GM).
 */
export async function injuryLocationFromTables(
  face: number,
  diceSum: number,
  neckGroin: boolean,
): Promise<Location | null> {
  const table = await findTable((flags) => isTableKeyed(flags, INJURY_LOCATION_TABLE_KEY));
  const result = resultFor(table, face);
  const location = result ? injuryLocationFromResult(result.flags, diceSum, neckGroin) : null;
  if (!location)
    warnFallback(
      { missing: "ZILCH.Attack.LocationTableMissing", unknown: "ZILCH.Attack.LocationResultUnknown" },
      table,
      { row: String(face) },
    );
  return location;
}

/** SW-3, SW-9: the aiming point the Missile Hit Location table gives for the d100, or null (with a notice). */
export async function missileLocationFromTables(d100: number): Promise<AimingPoint | null> {
  const table = await findTable((flags) => isTableKeyed(flags, MISSILE_LOCATION_TABLE_KEY));
  const result = resultFor(table, d100);
  const location = result ? missileLocationFromResult(result.flags) : null;
  if (!location)
    warnFallback(
      { missing: "ZILCH.Attack.MissileTableMissing", unknown: "ZILCH.Attack.MissileResultUnknown" },
      table,
      { row: String(d100) },
    );
  return location;
}

/**
 * SW-4, SW-7, SW-9: the wound and ♥ save modifier the Specific Wounds table (armed or brawling) gives
 * for an aiming point, looked up by its `location` key, or null (with a notice to the GM).
 */
export async function woundRowFromTables(brawling: boolean, aim: AimingPoint): Promise<WoundRow | null> {
  const chart = woundChartKey(brawling);
  const table = await findTable((flags) => isTableKeyed(flags, WOUND_TABLE_KEYS[chart]));
  const row = table ? woundRowAt([...table.results], aim) : null;
  if (!row) {
    const chartName = game.i18n.localize(`ZILCH.Attack.WoundChart.${chart}`);
    warnFallback(
      { missing: "ZILCH.Attack.WoundTableMissing", unknown: "ZILCH.Attack.WoundResultUnknown" },
      table,
      { table: chartName, where: where(aim) },
    );
  }
  return row;
}
