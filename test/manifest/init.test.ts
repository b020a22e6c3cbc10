import { beforeAll, describe, expect, it, vi } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { installInitStandIn, type Registrations } from "../stand-in/init";
import { SETTINGS } from "../../src/data/settings";
import { SYSTEM_HELPERS } from "../../src/setup/handlebars";
import { CONDITIONS } from "../../src/rules/vocabulary";

/**
 * The manifest layer's smoke test of the built module: dist/zilch.mjs is imported as Foundry would
 * load it, its `init` hook runs against the stand-in's recorders, and what it registers must match
 * dist/system.json (document types, sheets) and the system's own tables (settings, helpers).
 */
const ROOT = join(import.meta.dirname, "..", "..");
const MODULE = join(ROOT, "dist", "zilch.mjs");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  version: string;
  documentTypes: Record<string, Record<string, unknown>>;
};

describe("dist/zilch.mjs on init", () => {
  let records: Registrations;
  let config: Record<string, Record<string, unknown>>;
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);

  beforeAll(async () => {
    expect(existsSync(MODULE), "run `npm run build` first").toBe(true);
    records = installInitStandIn();
    await import(/* @vite-ignore */ pathToFileURL(MODULE).href);
    config = (globalThis as unknown as { CONFIG: Record<string, Record<string, unknown>> }).CONFIG;
  });

  it("does nothing at import but add one init hook", () => {
    expect(records.hooks.map((h) => [h.event, h.once])).toEqual([["init", true]]);
    expect(records.settings).toEqual([]);
  });

  it("runs its init hook without error and logs one line with the version", () => {
    log.mockClear();
    records.hooks.find((h) => h.event === "init")!.fn();
    const lines = log.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.startsWith("Zilch |"))).toEqual([
      `Zilch | Initialising the Zilch game system, version ${manifest.version}`,
    ]);
  });

  it("offers its live Quench batch only when Quench announces itself, without running it", async () => {
    // The batch needs a live world; here it is registered, never run or counted.
    const ready = records.hooks.filter((h) => h.event === "quenchReady");
    expect(ready.map((h) => h.once)).toEqual([false]);
    const batches: { key: string; displayName?: string; preSelected?: boolean }[] = [];
    ready[0]!.fn({
      registerBatch: (key: string, _fn: unknown, options: { displayName?: string; preSelected?: boolean }) =>
        void batches.push({ key, ...options }),
    });
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]).toMatchObject({ key: "zilch.live-table", preSelected: false });
  });

  it("registers a data model for exactly the document types system.json declares", () => {
    expect(Object.keys(config.Actor!.dataModels as object).sort()).toEqual(
      Object.keys(manifest.documentTypes.Actor!).sort(),
    );
    expect(Object.keys(config.Item!.dataModels as object).sort()).toEqual(
      Object.keys(manifest.documentTypes.Item!).sort(),
    );
    expect(Object.keys(config.Combatant!.dataModels as object)).toEqual(["base"]);
    expect(Object.keys(config.ChatMessage!.dataModels as object).sort()).toEqual(
      Object.keys(manifest.documentTypes.ChatMessage!).sort(),
    );
  });

  it("registers the test roll in CONFIG.Dice.rolls after Foundry's own Roll (T-1)", () => {
    const rolls = config.Dice!.rolls as { name: string }[];
    expect(rolls.map((r) => r.name)).toEqual(["StandInRoll", "ZilchTestRoll"]);
  });

  it("registers a default sheet for every declared type", () => {
    const types = (documentName: string) =>
      records.sheets
        .filter(
          (s) => (s.documentClass as { name?: string }).name?.includes(documentName) && s.options.makeDefault,
        )
        .flatMap((s) => s.options.types ?? [])
        .sort();
    expect(types("Actor")).toEqual(Object.keys(manifest.documentTypes.Actor!).sort());
    expect(types("Item")).toEqual(Object.keys(manifest.documentTypes.Item!).sort());
    expect(records.sheets.every((s) => s.scope === "zilch")).toBe(true);
  });

  it("keeps the sheet classes' source names through minification", () => {
    // Foundry keys a sheet by `${scope}.${sheetClass.name}` and stores that key on documents
    // [vttforge/vttforge#107]; a minified name would change between builds (vite.config.ts).
    const names = records.sheets.map((s) => `${s.scope}.${(s.sheetClass as { name: string }).name}`);
    expect(names.sort()).toEqual(["zilch.CharacterSheet", "zilch.NpcSheet", "zilch.ZilchItemSheet"]);
  });

  it("registers every setting of the table: SET-1's world-scoped and GM-only, a person's own per device", () => {
    const rules = records.settings.filter((s) => s.key !== "attackSeals");
    expect(rules.map((s) => s.key).sort()).toEqual(Object.keys(SETTINGS).sort());
    const own = new Set(["rollAtOnce", "cueSoundMuted"]);
    const world = rules.filter((s) => !own.has(s.key));
    expect(
      world.every((s) => s.namespace === "zilch" && s.config.scope === "world" && s.config.restricted),
    ).toBe(true);
    expect(
      rules.filter((s) => own.has(s.key)).map((s) => [s.key, s.config.scope, s.config.restricted]),
    ).toEqual([
      ["rollAtOnce", "client", false],
      ["cueSoundMuted", "client", false],
    ]);
  });

  it("registers the attack cards' seals as a hidden world setting", () => {
    const seals = records.settings.filter((s) => s.key === "attackSeals");
    expect(seals.map((s) => [s.namespace, s.config.scope, s.config.config])).toEqual([
      ["zilch", "world", false],
    ]);
  });

  it("registers the system's Handlebars helpers", () => {
    expect(records.helpers.sort()).toEqual(Object.keys(SYSTEM_HELPERS).sort());
  });

  it("installs the combat documents, the tracker, the GM queries and the conditions", () => {
    expect(config.Combat!.documentClass).toBeTypeOf("function");
    expect(config.Combatant!.documentClass).toBeTypeOf("function");
    expect(config.Actor!.documentClass).toBeTypeOf("function");
    expect(config.Item!.documentClass).toBeTypeOf("function");
    expect(config.ui!.combat).toBeTypeOf("function");
    expect(Object.keys(config.queries!).length).toBeGreaterThan(0);
    expect(Object.keys(config.queries!).every((k) => k.startsWith("zilch."))).toBe(true);
    const statuses = (config.statusEffects as unknown as { id: string }[]).map((s) => s.id);
    expect(statuses.sort()).toEqual([...CONDITIONS].sort());
  });
});
