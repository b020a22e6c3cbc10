/**
 * `npm run balance`: the report of the balance tool, and `--write`, which stores each creature's
 * measured threat in its YAML source (system.threat). See measure.ts for what threat means.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { trace } from "./attack";
import { bandOf, inBand } from "./bands";
import { seedOf, seededDice } from "./dice";
import { fight } from "./fight";
import { measureThreat, series, summarise, type Figures } from "./measure";

// What the pack test reads from the bundled tool (test/packs/balance.test.ts).
export { checkBand, checkThreat } from "./measure";
export { BANDS, bandOf, inBand } from "./bands";
export { loadCharacters, loadCreatures } from "./roster";
import { loadCharacters, loadCreatures, type Creature, type Template } from "./roster";

export interface Options {
  readonly write: boolean;
  /** Fights per creature for the printed figures (one creature against one party). */
  readonly fights: number;
  /** Fights per step of the threat search. */
  readonly threatFights: number;
  readonly seed: number;
  readonly only: string | null;
  /** Print one fight per creature attack by attack, before its figures. */
  readonly trace: boolean;
}

export const DEFAULTS: Options = {
  write: false,
  fights: 200,
  threatFights: 100,
  seed: 1,
  only: null,
  trace: false,
};

export function parseArgs(argv: readonly string[]): Options {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (flag: string, fallback: number) => {
    const v = Number(value(flag));
    return Number.isInteger(v) && v > 0 ? v : fallback;
  };
  return {
    write: argv.includes("--write"),
    fights: int("--fights", DEFAULTS.fights),
    threatFights: int("--threat-fights", DEFAULTS.threatFights),
    seed: int("--seed", DEFAULTS.seed),
    only: value("--only") ?? null,
    trace: argv.includes("--trace"),
  };
}

/** Sample characters grouped by level, in parties of four in file order; a level short of four is left out. */
export function partiesByLevel(characters: readonly Template[]): Map<number, Template[][]> {
  const byLevel = new Map<number, Template[]>();
  for (const c of characters) byLevel.set(c.level, [...(byLevel.get(c.level) ?? []), c]);
  const out = new Map<number, Template[][]>();
  for (const [level, list] of [...byLevel.entries()].sort((a, b) => a[0] - b[0])) {
    const parties: Template[][] = [];
    for (let i = 0; i + 4 <= list.length; i += 4) parties.push(list.slice(i, i + 4));
    if (parties.length) out.set(level, parties);
  }
  return out;
}

/** Mixed encounters by bestiary file name; one whose creatures are missing is left out. */
export const ENCOUNTERS: readonly { name: string; files: readonly string[] }[] = [
  { name: "Goblin raid", files: ["goblin", "goblin", "goblin", "goblin-poisoner"] },
  { name: "Bandit ambush", files: ["bandit-captain", "bandit", "bandit", "bandit"] },
  { name: "Orc war band", files: ["orc-chieftain", "orc", "orc"] },
  { name: "Wolf pack", files: ["great-wolf", "wolf", "wolf", "wolf"] },
  { name: "Crypt", files: ["barrow-wight", "skeleton", "skeleton", "zombie", "zombie"] },
  { name: "Troll and ogre", files: ["troll", "ogre"] },
];

const pct = (x: number) => `${Math.round(x * 100)}%`.padStart(5);
const fix = (x: number, d = 1) => x.toFixed(d).padStart(5);

function row(name: string, f: Figures, extra: string): string {
  return `${name.padEnd(22)}${pct(f.winRate)}${fix(f.rounds)}${fix(f.partyDpr)}${fix(f.foesDpr)}${pct(f.dropChance)}${pct(f.deathChance)}  ${extra}`;
}

const HEADER = `${"".padEnd(22)}  win  rnds  dpr→  dpr←  drop death`;

/** system.threat in a creature's YAML: replaced, or added after `cr`. */
export function writeThreat(file: string, threat: number): boolean {
  const text = readFileSync(file, "utf8");
  const line = `  threat: ${threat}`;
  const next = /^ {2}threat: .*$/m.test(text)
    ? text.replace(/^ {2}threat: .*$/m, line)
    : text.replace(/^( {2}cr: .*)$/m, `$1\n${line}`);
  if (next === text) return false;
  writeFileSync(file, next);
  return true;
}

interface Measured {
  readonly creature: Creature;
  readonly figures: Figures;
  readonly threat: number;
  readonly byLevel: readonly { level: number; winRate: number }[];
}

function traceFight(party: readonly Template[], c: Creature, seed: number): void {
  console.log(`${party.map((p) => p.name).join(", ")} against one ${c.name}:`);
  trace.log = (line) => console.log(line);
  const r = fight(party, [c], seededDice(seedOf(`trace:${c.name}`, seed)));
  trace.log = null;
  console.log(`  ${r.partyWon ? "the party wins" : "the party loses"} in ${r.rounds} round(s)`);
}

function measureCreature(c: Creature, levels: Map<number, Template[][]>, o: Options): Measured {
  const [base, ...higher] = [...levels.entries()];
  if (o.trace) traceFight(base[1][0], c, o.seed);
  const dice = seededDice(seedOf(c.name, o.seed));
  const figures = summarise(series(base[1], [c], o.fights, dice));
  const { threat } = measureThreat(base[1], c, o.threatFights, o.seed, figures.winRate);
  const byLevel = higher.map(([level, parties]) => ({
    level,
    winRate: summarise(series(parties, [c], Math.ceil(o.fights / 2), dice)).winRate,
  }));
  return { creature: c, figures, threat, byLevel };
}

export function main(argv: readonly string[], root: string): number {
  const o = parseArgs(argv);
  const started = performance.now();
  const levels = partiesByLevel(loadCharacters(root));
  if (levels.size === 0) {
    console.error("balance: fewer than four sample characters, so no party to fight with");
    return 1;
  }
  const [baseLevel, baseParties] = [...levels.entries()][0];
  const creatures = loadCreatures(root).filter(
    (c) => !o.only || c.name.toLowerCase().includes(o.only.toLowerCase()),
  );
  console.log(
    `Parties (level ${baseLevel}): ${baseParties.map((p) => p.map((c) => c.name).join(", ")).join(" | ")}`,
  );
  console.log(
    `${o.fights} fights per creature against one of it; ${o.threatFights} per step of the threat search; seed ${o.seed}\n`,
  );
  console.log(
    "win: party wins; rnds: rounds; dpr→/dpr←: HP per round the party deals/takes; drop/death: a character drops/dies",
  );
  console.log(
    "band: the threat its CR means (scripts/balance/bands.ts); FAR: its measured threat lies outside it\n",
  );
  console.log(`${HEADER}  cr  threat (stored)  band  levels`);
  const measured: Measured[] = [];
  for (const c of creatures) {
    const m = measureCreature(c, levels, o);
    measured.push(m);
    const band = bandOf(c.cr);
    const far = inBand(c.cr, m.threat) ? "" : " FAR";
    const stored = c.threat === null ? "—" : String(c.threat);
    const lv = m.byLevel.map((l) => `L${l.level} ${pct(l.winRate).trim()}`).join(" ");
    console.log(
      row(
        c.name,
        m.figures,
        `${String(c.cr).padStart(4)}  ${String(m.threat).padStart(5)} (${stored})  ${band.name} ${band.low}–${band.high}${far}  ${lv}`,
      ),
    );
  }
  printEncounters(root, levels, o);
  if (o.write) {
    const changed = measured.filter((m) => writeThreat(m.creature.file, m.threat));
    console.log(
      `\nWrote threat to ${changed.length} creature(s): ${changed.map((m) => basename(m.creature.file)).join(", ") || "none changed"}`,
    );
  }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

function printEncounters(root: string, levels: Map<number, Template[][]>, o: Options): void {
  const byFile = new Map(loadCreatures(root).map((c) => [basename(c.file, ".yml"), c]));
  const parties = [...levels.values()][0];
  console.log(
    `\nMixed encounters (threat sum: the stored threats added up; about 4 is an even fight)\n${HEADER}`,
  );
  for (const e of ENCOUNTERS) {
    const foes = e.files.map((f) => byFile.get(f));
    if (foes.some((f) => !f)) continue;
    const list = foes as Creature[];
    const dice = seededDice(seedOf(e.name, o.seed));
    const f = summarise(series(parties, list, o.fights, dice));
    const sum = list.reduce((s, c) => s + (c.threat ?? NaN), 0);
    console.log(row(e.name, f, `threat sum ${Number.isNaN(sum) ? "—" : sum.toFixed(1)}`));
  }
}
