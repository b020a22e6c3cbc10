/**
 * Pack layer, balance by measurement: every creature of the bestiary stores the threat that
 * `npm run balance -- --write` measured (system.threat), and a quick seeded subset of the same fights
 * still agrees with it: with 1.6 times more characters per creature than its threat the sample party
 * wins at least 35% of its fights, and with 1.6 times fewer at most 65%. A stat block or rule change
 * that moves a creature's strength fails here until the threat is measured again. Each creature's CR
 * names the band its threat must lie in (scripts/balance/bands.ts, the Creatures page's table): the
 * stored threat lies in it, and the same quick fights find the creature neither far weaker nor far
 * stronger than the band.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import type { Creature, Template } from "../../scripts/balance/roster";
import { importBalance, type BalanceModule } from "./balance-bundle";
import { ROOT, SOURCE_DIR } from "./support";

const QUICK = { fights: 24, seed: 7, tolerance: 1.6, margin: 0.15 };

let balance: BalanceModule;
let parties: Template[][];
let creatures: Creature[];
beforeAll(async () => {
  balance = await importBalance();
  parties = [...balance.partiesByLevel(balance.loadCharacters(ROOT)).values()][0];
  creatures = balance.loadCreatures(ROOT);
});

describe("the bestiary's threat ratings", () => {
  it("every creature stores a measured threat", () => {
    expect(creatures.filter((c) => c.threat === null).map((c) => c.name)).toEqual([]);
  });

  it("a quick seeded run of the fights agrees with each stored threat", () => {
    const off = creatures
      .filter((c) => c.threat !== null)
      .flatMap((c) =>
        balance
          .checkThreat(parties, c, c.threat!, QUICK)
          .filter((check) => !check.ok)
          .map(
            (check) => `${c.name} (threat ${c.threat}): ${check.ratio} characters each, won ${check.winRate}`,
          ),
      );
    expect(off).toEqual([]);
  });

  it("every stored threat lies in the band its creature's CR names", () => {
    const out = creatures
      .filter((c) => c.threat !== null && !balance.inBand(c.cr, c.threat))
      .map((c) => {
        const band = balance.bandOf(c.cr);
        return `${c.name} (CR ${c.cr}): threat ${c.threat}, band ${band.low}–${band.high}`;
      });
    expect(out).toEqual([]);
  });

  it("a quick seeded run of the fights finds each creature within its band", () => {
    const out = creatures.flatMap((c) =>
      balance
        .checkBand(parties, c, balance.bandOf(c.cr), QUICK)
        .filter((check) => !check.ok)
        .map((check) => `${c.name} (CR ${c.cr}): ${check.ratio} characters each, won ${check.winRate}`),
    );
    expect(out).toEqual([]);
  });

  it("the band check flags a creature far stronger or far weaker than its band", () => {
    const goblin = creatures.find((c) => c.name === "Goblin")!;
    const wyrm = creatures.find((c) => c.name === "Ancient Wyrm")!;
    const fails = (c: Creature, cr: number) =>
      balance.checkBand(parties, c, balance.bandOf(cr), QUICK).some((check) => !check.ok);
    expect(fails(goblin, 16)).toBe(true);
    expect(fails(wyrm, 0.5)).toBe(true);
    expect(fails(goblin, 0.5)).toBe(false);
  });

  it("the Creatures page's table of bands is the one the bestiary is tuned to", () => {
    const journal = yaml.load(readFileSync(join(SOURCE_DIR, "rules", "rules-reference.yml"), "utf8")) as {
      pages: { name: string; text: { content: string } }[];
    };
    const html = journal.pages.find((p) => p.name === "Creatures")!.text.content;
    const table = /id="challenge-rating".*?<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? "";
    const rows = [...table.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map(
      (m) => `${m[1]}: ${m[2]}`,
    );
    const number = (x: number) => String(x);
    expect(rows).toEqual(
      balance.BANDS.map(
        (b) =>
          `${b.name[0]!.toUpperCase()}${b.name.slice(1)}: ${b.low === 0 ? `up to ${number(b.high)}` : `${number(b.low)} to ${number(b.high)}`}`,
      ),
    );
  });

  it("the check flags a threat that is far from the creature's strength", () => {
    const goblin = creatures.find((c) => c.name === "Goblin")!;
    const checks = balance.checkThreat(parties, goblin, 8, QUICK);
    expect(checks.some((check) => !check.ok)).toBe(true);
  });
});
