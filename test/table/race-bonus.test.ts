/**
 * RA-2, RA-3 at the table: a Halfling's +2 on Stealth-type tests is offered by Alice's roll dialog,
 * pre-ticked, when Ana's Stealth skill is picked, and stacks with the skill's +5; a shift-click of
 * the skill rolls it in; another race or skill is offered nothing. Ana's ♠ 8 (Cunning 8).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { DEFAULT_REQUEST } from "../../src/rules/roll-request";
import type { TestCardFlags } from "../../src/dice/test-roll";
import type { RaceKey } from "../../src/rules/vocabulary";

const SUITS = {
  clubs: { primary: 9, secondary: 9 },
  spades: { primary: 8, secondary: 8 },
  diamonds: { primary: 7, secondary: 7 },
  hearts: { primary: 6, secondary: 6 },
};

/** Ana with `race` and the Stealth and Athletics skills (+5 each); the skills' ids. */
async function anaAs(race: RaceKey): Promise<{ t: Table; stealth: string; athletics: string }> {
  const t = await Table.open();
  const ids = await t.act("gm", async () => {
    const ana = game.actors!.get(ACTORS.ana._id)!;
    await ana.update({ system: { suits: SUITS } } as never);
    await ana.createEmbeddedDocuments("Item", [{ name: race, type: "race", system: { key: race } }]);
    const made = await ana.createEmbeddedDocuments("Item", [
      { name: "Stealth", type: "skill", system: { key: "stealth", bonus: 1 } },
      { name: "Athletics", type: "skill", system: { key: "athletics", bonus: 1 } },
    ]);
    return (made ?? []).map((item) => item.id ?? "");
  });
  return { t, stealth: ids[0], athletics: ids[1] };
}

/** What Alice's dialog shows for Ana's Cunning test with the skill and the race box ticked or not. */
function shown(t: Table, skillId: string, raceBonus: boolean) {
  const alice = t.alice;
  return alice.run(() => {
    const { facts } = alice.system.rollerFacts(alice.actors.get(ACTORS.ana._id) as never, skillId);
    const request = { ...DEFAULT_REQUEST, card: "cunning" as const, skill: true, raceBonus };
    return { facts, target: alice.system.rollSummaryContext(request, facts).summary.target };
  });
}

describe("RA-3: a race's bonus in the roll dialog", () => {
  it("a Halfling's Stealth test is offered +2, which stacks with the skill's +5: Cunning 8 + 5 + 2 = 15", async () => {
    const { t, stealth } = await anaAs("halfling");
    const ticked = shown(t, stealth, true);
    expect(ticked.facts.raceBonus).toBe(2);
    expect(ticked.target).toBe(15);
    expect(shown(t, stealth, false).target).toBe(13);
  });

  it("a shift-click of a Halfling's Stealth rolls the +2 in (the box starts ticked)", async () => {
    const { t, stealth } = await anaAs("halfling");
    const alice = t.alice;
    await alice.run(() =>
      alice.system.openRollDialog(alice.actors.get(ACTORS.ana._id) as never, {
        card: "cunning",
        skillId: stealth,
        fastForward: true,
      }),
    );
    await t.settle();
    const message = [...t.gm.messages.values()].at(-1)!;
    expect((message.getFlag("zilch", "test") as TestCardFlags).test.target).toBe(15);
  });

  it("no offer for a Halfling's Athletics, nor for an Elf's Stealth", async () => {
    const halfling = await anaAs("halfling");
    expect(shown(halfling.t, halfling.athletics, true)).toMatchObject({
      facts: { raceBonus: 0 },
      target: 13,
    });
    const elf = await anaAs("elf");
    expect(shown(elf.t, elf.stealth, true)).toMatchObject({ facts: { raceBonus: 0 }, target: 13 });
  });
});
