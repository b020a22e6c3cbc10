import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createAttackState,
  naturalWeapon,
  statBlockAttackAt,
  type StatBlockAttack,
} from "../../src/rules/attack/index";
import { attackSetup as setup, runAttack as run } from "../templates/attack-fixtures";
import { commitWindows as windows } from "../support/attack";

/**
 * Bestiary stat-block attacks through the attack state machine (AT-1..DMG-4), with the numbers of
 * RULES.md's worked examples: the GM's check picks the row by index (statBlockAttackAt), the row
 * becomes the declaration as declareOnGM builds it (naturalWeapon), and size scales the damage.
 */

// js-yaml (the pack scripts' parser) ships no type declarations: only `load` is used, typed here.
const YAML_MODULE = "js-yaml";
const { load } = (await import(YAML_MODULE)) as { load(source: string): unknown };
const DIR = join(import.meta.dirname, "..", "..", "packs", "_source", "bestiary");
const creature = (slug: string) =>
  (
    load(readFileSync(join(DIR, `${slug}.yml`), "utf8")) as {
      system: { attacks: StatBlockAttack[]; size: string; dr: number };
    }
  ).system;

/** The declaration facts declareOnGM builds from a stat-block attack. */
function declared(row: StatBlockAttack) {
  const w = naturalWeapon(row);
  return {
    weaponName: w.name,
    brawling: w.brawling,
    weaponValue: w.weaponValue,
    damageType: w.damageType,
    temporary: w.temporary,
    riders: w.riders,
    reach: w.reach,
  };
}

describe("EX-DMG-3 with the bestiary's ogre and hill giant", () => {
  it("the ogre's Great club (+4), dF 0, m = 3 against a Medium target with DR 1: 8, final 7", () => {
    const ogre = creature("ogre");
    const club = statBlockAttackAt(ogre.attacks, 0)!;
    expect(club.name).toBe("Great club");
    // Attack 12 against defence 9 (♠7 + 2): m = 3, margin bonus 0.
    const s = run(
      createAttackState(
        setup({
          attacker: { side: { card: 10, offense: 2 }, size: ogre.size as "large" },
          defender: { side: { spades: 7, defense: 2 }, dr: 1 },
          declaration: declared(club),
        }),
      ),
      ...windows,
      { kind: "rollDamage", dF: 0 },
    );
    expect(s.damage?.result).toMatchObject({ base: 4, scaled: 8, final: 7 });
  });

  it("a Medium attacker with base 5 against the ogre (Large, DR 0): 2", () => {
    const ogre = creature("ogre");
    const s = run(
      createAttackState(
        setup({
          attacker: { side: { card: 10, offense: 2 } },
          defender: { side: { spades: 7, defense: 2 }, size: ogre.size as "large", dr: ogre.dr },
          declaration: { weaponValue: 4 },
        }),
      ),
      ...windows,
      { kind: "rollDamage", dF: 1 },
    );
    expect(s.damage?.result).toMatchObject({ base: 5, scaled: 2, final: 2 });
  });

  it("base 3 against the elder dragon (Huge, DR 0): 0, riders only", () => {
    const giant = creature("elder-dragon");
    const s = run(
      createAttackState(
        setup({
          attacker: { side: { card: 10, offense: 2 } },
          defender: { side: { spades: 7, defense: 2 }, size: giant.size as "huge", dr: giant.dr },
          declaration: { weaponValue: 3 },
        }),
      ),
      ...windows,
      { kind: "rollDamage", dF: 0 },
    );
    expect(s.damage?.result).toMatchObject({ base: 3, scaled: 0, final: 0, outcome: "riders" });
  });
});
