/**
 * Pack layer, balance by measurement: every creature of the bestiary stores the threat that
 * `npm run balance -- --write` measured (system.threat), and a quick seeded subset of the same fights
 * still agrees with it: with 1.6 times more characters per creature than its threat the sample party
 * wins at least 35% of its fights, and with 1.6 times fewer at most 65%. A stat block or rule change
 * that moves a creature's strength fails here until the threat is measured again.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Creature, Template } from "../../scripts/balance/roster";
import { importBalance, type BalanceModule } from "./balance-bundle";
import { ROOT } from "./support";

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

  it("the check flags a threat that is far from the creature's strength", () => {
    const goblin = creatures.find((c) => c.name === "Goblin")!;
    const checks = balance.checkThreat(parties, goblin, 8, QUICK);
    expect(checks.some((check) => !check.ok)).toBe(true);
  });
});
