/**
 * Pack layer, RollTables (INJ-10, SW-9): every table's ranges cover its formula without gap or
 * overlap, and the machine-readable keys in each result's `flags.zilch` are the ones src/rules
 * reads, with the same numbers. The public conformance vectors are also answered from the tables,
 * the way automation reads them, so a GM-facing table that drifted from RULES.md fails here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INJURY_COLUMNS,
  INJURY_EFFECT_TABLE,
  injuryColumn,
  injuryEffect,
} from "../../src/rules/injury/effect-table";
import { INJURY_LOCATION_TABLE, locationFace } from "../../src/rules/injury/location";
import { MISSILE_LOCATION_TABLE, missileLocation, SPECIFIC_WOUND_CHART } from "../../src/rules/wounds";
import {
  AIMING_POINTS,
  ARMED_WOUNDS,
  BRAWLING_WOUNDS,
  INJURY_EFFECTS,
  LOCATIONS,
  type AimingPoint,
  type Location,
} from "../../src/rules/vocabulary";
import { byName, compileAll, ROOT, tablesOfKind, type Compiled, type TableResultDoc } from "./support";

let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

type Table = Compiled["tables"][number];

/** The range of values a `NdF` formula can roll. */
function formulaRange(formula: string): [number, number] {
  const match = /^(\d+)d(\d+)$/.exec(formula);
  if (!match) throw new Error(`unexpected formula ${formula}`);
  const [count, faces] = [Number(match[1]), Number(match[2])];
  return [count, count * faces];
}

/** The result whose range holds a value, as RollTable#getResultsForRoll picks it. */
function resultFor(table: Table, value: number): TableResultDoc {
  const hits = table.resultDocs.filter((r) => r.range[0] <= value && value <= r.range[1]);
  if (hits.length !== 1) throw new Error(`${table.name}: ${hits.length} results for ${value}`);
  return hits[0]!;
}

const zilch = (result: TableResultDoc) => result.flags.zilch ?? {};

/** Results a table may hold beyond its formula: rows automation reaches without rolling the formula. */
function beyondFormula(table: Table, result: TableResultDoc): boolean {
  const kind = table.flags.zilch?.table;
  if (kind === "injuryLocation") return zilch(result).shiftOnly === true; // INJ-5: Neck, Groin
  if (kind === "injuryEffects") return result.range[0] === 7 && result.range[1] === 7; // INJ-2: 1d6 +1 Killing Blow
  return false;
}

describe("every RollTable", () => {
  it("has the tables of INJ-10 and SW-9", () => {
    expect(tablesOfKind(compiled, "injuryLocation")).toHaveLength(1);
    expect(tablesOfKind(compiled, "injuryEffects")).toHaveLength(INJURY_COLUMNS.length);
    expect(tablesOfKind(compiled, "missileLocation")).toHaveLength(1);
    expect(tablesOfKind(compiled, "armedWounds")).toHaveLength(1);
    expect(tablesOfKind(compiled, "brawlingWounds")).toHaveLength(1);
    expect(compiled.tables).toHaveLength(INJURY_COLUMNS.length + 4);
  });

  it("covers its formula's range exactly once, with no gap and no overlap", () => {
    for (const table of compiled.tables) {
      const [low, high] = formulaRange(table.formula);
      for (let value = low; value <= high; value += 1)
        expect(() => resultFor(table, value), table.name).not.toThrow();
      for (const result of table.resultDocs) {
        expect(result.range[0], `${table.name} / ${result.name}`).toBeLessThanOrEqual(result.range[1]);
        const inside = result.range[0] >= low && result.range[1] <= high;
        expect(
          inside || beyondFormula(table, result),
          `${table.name} / ${result.name} lies outside ${table.formula}`,
        ).toBe(true);
        expect(result.weight).toBe(result.range[1] - result.range[0] + 1);
      }
      const values = table.resultDocs.flatMap((r) =>
        Array.from({ length: r.range[1] - r.range[0] + 1 }, (_, i) => r.range[0] + i),
      );
      expect(new Set(values).size, `${table.name} has overlapping ranges`).toBe(values.length);
    }
  });

  it("uses text results that are not drawn, and redraws (replacement) so every roll finds a row", () => {
    for (const table of compiled.tables) {
      expect(table.replacement).toBe(true);
      for (const result of table.resultDocs) {
        expect(result.type).toBe("text");
        expect(result.drawn).toBe(false);
      }
    }
  });
});

describe("Injury Location (INJ-3, INJ-4, INJ-5)", () => {
  const table = () => tablesOfKind(compiled, "injuryLocation")[0]!;

  /** What automation does: the face from 4d6 (INJ-3), then the row holding it, leg side by the sum. */
  function locate(dice: number[]): Location {
    const { face } = locationFace(dice);
    const flags = zilch(resultFor(table(), face));
    const sum = dice.reduce((a, b) => a + b, 0);
    return (sum % 2 === 0 && flags.evenSumLocation ? flags.evenSumLocation : flags.location) as Location;
  }

  it("maps every face as src/rules does, the leg by the parity of the dice sum", () => {
    for (const entry of INJURY_LOCATION_TABLE) {
      if (entry.face === null) {
        const row = table().resultDocs.find((r) => zilch(r).location === entry.location);
        expect(row, entry.location).toBeDefined();
        expect(zilch(row!).shiftOnly).toBe(true);
        continue;
      }
      const flags = zilch(resultFor(table(), entry.face));
      const location =
        entry.diceSumParity === "even" ? (flags.evenSumLocation ?? flags.location) : flags.location;
      expect(location, `face ${entry.face}`).toBe(entry.location);
    }
  });

  it("names every body location, and only those", () => {
    const named = table().resultDocs.flatMap((r) =>
      [zilch(r).location, zilch(r).evenSumLocation].filter(Boolean),
    );
    expect([...named].sort()).toEqual([...LOCATIONS].sort());
  });

  it("answers the injuryLocation conformance vectors", () => {
    const vectors = readVectors("injuryLocation") as {
      id: string;
      input: { dice: number[] };
      expect: { location: string };
    }[];
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors) expect(locate(v.input.dice), v.id).toBe(v.expect.location);
  });

  it("gives every roll of 4d6 the location src/rules gives", () => {
    for (let n = 0; n < 6 ** 4; n += 1) {
      const dice = [0, 1, 2, 3].map((i) => (Math.floor(n / 6 ** i) % 6) + 1);
      const sum = dice.reduce((a, b) => a + b, 0);
      const expected = INJURY_LOCATION_TABLE.find(
        (e) =>
          e.face === locationFace(dice).face &&
          (e.diceSumParity === undefined || e.diceSumParity === (sum % 2 === 0 ? "even" : "odd")),
      )!.location;
      expect(locate(dice)).toBe(expected);
    }
  });
});

describe("Injury Effects (INJ-6, INJ-7)", () => {
  const effectTables = () => tablesOfKind(compiled, "injuryEffects");
  const tableFor = (location: Location) => {
    const found = effectTables().filter((t) => (t.flags.zilch?.locations as string[]).includes(location));
    expect(found, location).toHaveLength(1);
    return found[0]!;
  };
  /** What automation does: 1d6, +1 on a Killing Blow, in the table of the location. */
  const lookUp = (location: Location, d6: number, killingBlow: boolean) =>
    zilch(resultFor(tableFor(location), d6 + (killingBlow ? 1 : 0)));

  it("has one table per INJ-6 column, covering each location once", () => {
    const covered = effectTables().flatMap((t) => t.flags.zilch?.locations as Location[]);
    expect([...covered].sort()).toEqual([...LOCATIONS].sort());
    for (const table of effectTables()) {
      expect(table.formula).toBe("1d6");
      const columns = new Set((table.flags.zilch?.locations as Location[]).map(injuryColumn));
      expect(columns.size).toBe(1);
    }
  });

  it("holds rows 1 to 7 with the effect keys and modifiers of src/rules", () => {
    for (const location of LOCATIONS) {
      const rows = INJURY_EFFECT_TABLE[injuryColumn(location)];
      rows.forEach((cell, i) => {
        expect(zilch(resultFor(tableFor(location), i + 1)), `${location} ${i + 1}`).toEqual({
          effect: cell.effect,
          modifier: cell.modifier,
        });
      });
      for (let d6 = 1; d6 <= 6; d6 += 1)
        for (const kb of [false, true])
          expect(lookUp(location, d6, kb)).toEqual(injuryEffect(location, d6, kb));
    }
  });

  it("uses every effect key of INJ-7, and no other", () => {
    const used = new Set(effectTables().flatMap((t) => t.resultDocs.map((r) => zilch(r).effect)));
    expect([...used].sort()).toEqual([...INJURY_EFFECTS].sort());
  });

  it("answers the injuryEffect conformance vectors", () => {
    const vectors = readVectors("injuryEffect") as {
      id: string;
      input: { location: Location; roll: number; killingBlow?: boolean };
      expect: { effect: string; modifier: number };
    }[];
    expect(vectors.length).toBeGreaterThan(0);
    for (const v of vectors)
      expect(lookUp(v.input.location, v.input.roll, v.input.killingBlow ?? false), v.id).toEqual(v.expect);
  });

  it("shows the −2d penalty in the name and description of every −5 row", () => {
    for (const table of effectTables())
      for (const result of table.resultDocs)
        if (zilch(result).modifier === -5) {
          expect(result.name).toContain("−2d");
          expect(result.description).toContain("−5");
        }
  });
});

describe("Missile Hit Location (SW-3)", () => {
  const table = () => byName(compiled.tables, "Missile Hit Location");

  it("rolls 1d100 with the ranges and locations of src/rules", () => {
    expect(table().formula).toBe("1d100");
    expect(table().resultDocs.map((r) => ({ range: r.range, location: zilch(r).location }))).toEqual(
      MISSILE_LOCATION_TABLE.map((e) => ({ range: [...e.range], location: e.location })),
    );
    for (let d100 = 1; d100 <= 100; d100 += 1)
      expect(zilch(resultFor(table(), d100)).location).toBe(missileLocation(d100));
  });

  it("answers the missileLocation conformance vectors", () => {
    const vectors = readVectors("missileLocation") as {
      id: string;
      input: { d100: number };
      expect: { location: string };
    }[];
    for (const v of vectors)
      expect(zilch(resultFor(table(), v.input.d100)).location, v.id).toBe(v.expect.location);
  });
});

describe("Specific Wounds (SW-7, SW-9)", () => {
  const chart = { armedWounds: "armed", brawlingWounds: "brawling" } as const;
  const tableOf = (kind: keyof typeof chart) => tablesOfKind(compiled, kind)[0]!;
  /** What automation does: look the wound up by aiming point, never by rolling. */
  const lookUp = (kind: keyof typeof chart, aim: AimingPoint) => {
    const rows = tableOf(kind).resultDocs.filter((r) => zilch(r).location === aim);
    expect(rows, `${kind} ${aim}`).toHaveLength(1);
    return zilch(rows[0]!);
  };

  it.each(Object.keys(chart) as (keyof typeof chart)[])(
    "%s has one row per aiming point, as src/rules has it",
    (kind) => {
      expect(tableOf(kind).resultDocs).toHaveLength(AIMING_POINTS.length);
      for (const aim of AIMING_POINTS) {
        const spec = SPECIFIC_WOUND_CHART[chart[kind]][aim];
        expect(lookUp(kind, aim)).toEqual({ location: aim, wound: spec.wound, modifier: spec.saveModifier });
      }
    },
  );

  it("uses every armed and brawling wound key in its own table", () => {
    const keys = (kind: keyof typeof chart) => new Set(tableOf(kind).resultDocs.map((r) => zilch(r).wound));
    expect([...keys("armedWounds")].sort()).toEqual([...ARMED_WOUNDS].sort());
    expect([...keys("brawlingWounds")].sort()).toEqual([...BRAWLING_WOUNDS].sort());
  });

  it("states the save modifier in each row's description", () => {
    const sign = (m: number) => (m > 0 ? `+${m}` : m < 0 ? `−${-m}` : "0");
    for (const kind of Object.keys(chart) as (keyof typeof chart)[])
      for (const result of tableOf(kind).resultDocs)
        expect(result.description).toContain(`Hearts save ${sign(zilch(result).modifier as number)}`);
  });

  it("answers the specificWound conformance vectors that name a wound", () => {
    const vectors = readVectors("specificWound") as {
      id: string;
      input: { aim: AimingPoint; brawling?: boolean; enemy?: boolean };
      expect: { wound: string | null; saveModifier: number | null };
    }[];
    const named = vectors.filter((v) => v.expect.wound !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const v of named) {
      const row = lookUp(v.input.brawling ? "brawlingWounds" : "armedWounds", v.input.aim);
      expect(row.wound, v.id).toBe(v.expect.wound);
      // SW-5: Enemies do not save, so their vectors carry no modifier.
      if (v.expect.saveModifier !== null) expect(row.modifier, v.id).toBe(v.expect.saveModifier);
    }
  });
});

function readVectors(kind: string): unknown[] {
  const all = JSON.parse(
    readFileSync(join(ROOT, "test", "conformance", "vectors", `${kind}.json`), "utf8"),
  ) as {
    kind: string;
  }[];
  return all.filter((v) => v.kind === kind);
}
