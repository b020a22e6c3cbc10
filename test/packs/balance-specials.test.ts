/**
 * Pack layer, the balance fights' special abilities (scripts/balance/specials.ts) on the bestiary's own
 * stat blocks: regeneration heals at the turn start above 0 HP, an aura hurts the enemies within it
 * after ER, and a breath is used by its stated policy (ready, two or more caught, worth more than the
 * attack) with its recharge counted in rounds.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { enter, type Combatant } from "../../scripts/balance/combatant";
import { seededDice } from "../../scripts/balance/dice";
import { loadCharacters, loadCreatures, type Creature, type Template } from "../../scripts/balance/roster";
import { auraTicks, maybeBreathe, regenerate } from "../../scripts/balance/specials";
import { ROOT } from "./support";

let creatures: Creature[];
let characters: Template[];
beforeAll(() => {
  creatures = loadCreatures(ROOT);
  characters = loadCharacters(ROOT);
});

const creature = (name: string): Combatant => {
  const t = creatures.find((c) => c.name === name);
  if (!t) throw new Error(`no ${name} in the bestiary`);
  return enter(t, "f0", "foes", 1);
};
const party = (n: number): Combatant[] =>
  Array.from({ length: n }, (_, i) => enter(characters[i % characters.length], `p${i}`, "party", i));

describe("the balance fights' special abilities", () => {
  it("the troll regenerates its stored 2 HP at its turn start, and nothing at 0 HP", () => {
    const troll = creature("Troll");
    troll.vitals = { ...troll.vitals, value: troll.vitals.value - 5 };
    const hurt = troll.vitals.value;
    regenerate(troll);
    expect(troll.vitals.value).toBe(hurt + 2);
    troll.vitals = { ...troll.vitals, value: 0 };
    regenerate(troll);
    expect(troll.vitals.value).toBe(0);
  });

  it("the flame demon's aura takes its 2 HP less ER off each of 8 characters, not a 9th", () => {
    const demon = creature("Flame Demon");
    const pcs = party(9);
    for (const pc of pcs) auraTicks(pc, [demon], pcs);
    const lost = pcs.map((pc) => pc.tally.taken);
    expect(lost.slice(0, 8)).toEqual(pcs.slice(0, 8).map((pc) => Math.max(0, 2 - pc.t.er)));
    expect(lost[8]).toBe(0);
    expect(demon.tally.dealt).toBe(lost.reduce((a, b) => a + b, 0));
  });

  it("the young red dragon breathes on four characters, then waits out its recharge of 2 rounds", () => {
    const dragon = creature("Young Red Dragon");
    const pcs = party(4);
    const dice = seededDice(3);
    expect(maybeBreathe(dragon, pcs, 1, dice, 0)).toBe(true);
    expect(pcs.every((pc) => pc.tally.taken > 0)).toBe(true);
    expect(maybeBreathe(dragon, pcs, 3, dice, 0)).toBe(false);
    expect(maybeBreathe(dragon, pcs, 4, dice, 0)).toBe(true);
  });

  it("no breath on a lone enemy, nor when the attack is worth more", () => {
    const dragon = creature("Young Red Dragon");
    const dice = seededDice(3);
    expect(maybeBreathe(dragon, party(1), 1, dice, 0)).toBe(false);
    expect(maybeBreathe(dragon, party(4), 1, dice, 100)).toBe(false);
    expect(dragon.breathUsed).toEqual({});
  });
});
