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

describe("RA-2, RA-3: a race's save bonus in the roll dialog", () => {
  /** Alice rolls Ana's ♦ save (or test) from the dialog's Roll button, with the race's save box ticked or not. */
  async function diamondsSave(t: Table, raceSave: boolean, save = true) {
    const alice = t.alice;
    const request = { ...DEFAULT_REQUEST, card: "diamonds" as const, save, raceSave };
    await alice.run(() =>
      alice.system.rollChoice(
        alice.actors.get(ACTORS.ana._id) as never,
        { request, skillId: undefined, opponent: "", opponentCard: "diamonds", opponentModifier: 0 },
        null,
      ),
    );
    await t.settle();
    const message = [...t.gm.messages.values()].at(-1)!;
    return (message.getFlag("zilch", "test") as TestCardFlags).test.target;
  }

  it("an Elf's ♦ 7 save against a charm, ticked, is 9; unticked 7; a plain ♦ test takes no save bonus", async () => {
    const { t } = await anaAs("elf");
    const facts = t.alice.run(
      () => t.alice.system.rollerFacts(t.alice.actors.get(ACTORS.ana._id) as never).facts,
    );
    expect(facts.raceSave).toEqual({ against: ["charm", "sleep"], bonus: 2 });
    expect(await diamondsSave(t, true)).toBe(9);
    expect(await diamondsSave(t, false)).toBe(7);
    expect(await diamondsSave(t, true, false)).toBe(7);
  });

  it("a Halfling has no save bonus to offer, so the box counts for nothing", async () => {
    const { t } = await anaAs("halfling");
    const facts = t.alice.run(
      () => t.alice.system.rollerFacts(t.alice.actors.get(ACTORS.ana._id) as never).facts,
    );
    expect(facts.raceSave).toBeUndefined();
    expect(await diamondsSave(t, true)).toBe(7);
  });
});
