/**
 * RollTables at the table, read-only: the world's tables (`game.tables`) and the system's `tables`
 * compendium (`game.packs.get("zilch.tables")`), built from the pack's YAML source. Only what the
 * system reads is here, each after the v13 API (https://foundryvtt.com/api/v13/classes/
 * foundry.documents.RollTable.html): `name`, `flags`, `getResultsForRoll(value)` (the results whose
 * `range` holds the value; our tables replace drawn results, so none is skipped), and a compendium's
 * `getDocuments()`. Anything else throws `not implemented by the stand-in`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { Collection } from "./documents";
import { strictNamespace } from "../stand-in";

/** A RollTable as its source holds it (the fields this model reads). */
export interface RollTableData {
  _id: string;
  name: string;
  flags: Record<string, unknown>;
  results: { _id: string; name: string; range: [number, number]; flags: Record<string, unknown> }[];
}

export class TableRollTable {
  readonly documentName = "RollTable";
  readonly id: string;
  readonly name: string;
  readonly flags: Record<string, unknown>;
  readonly results: RollTableData["results"];
  constructor(data: RollTableData) {
    this.id = data._id;
    this.name = data.name;
    this.flags = structuredClone(data.flags);
    this.results = structuredClone(data.results);
    // Members this model lacks throw, as everywhere in the stand-in; `instanceof` still sees the class.
    return strictNamespace(`RollTable(${data.name})`, this);
  }
  /** RollTable#getResultsForRoll: the results whose range holds `value`. */
  getResultsForRoll(value: number): RollTableData["results"] {
    return this.results.filter((r) => r.range[0] <= value && value <= r.range[1]);
  }
}

const SOURCE = join(import.meta.dirname, "..", "..", "packs", "_source", "tables");

/** The system's `tables` pack as its YAML source defines it. */
export function systemTables(): RollTableData[] {
  return readdirSync(SOURCE)
    .filter((f) => f.endsWith(".yml"))
    .map((f) => yaml.load(readFileSync(join(SOURCE, f), "utf8")) as RollTableData);
}

/** `game.tables`: the world's RollTables. */
export function worldTables(data: readonly RollTableData[]): Collection<TableRollTable> {
  const tables = new Collection<TableRollTable>();
  for (const t of data) tables.set(t._id, new TableRollTable(t));
  return tables;
}

/** `game.packs`: only the system's `tables` compendium (a CompendiumCollection's `getDocuments`). */
export function systemPacks(): { get(id: string): unknown } {
  const pack = strictNamespace("CompendiumCollection(zilch.tables)", {
    collection: "zilch.tables",
    getDocuments: async () => systemTables().map((t) => new TableRollTable(t)),
  });
  return strictNamespace("game.packs", { get: (id: string) => (id === "zilch.tables" ? pack : undefined) });
}
