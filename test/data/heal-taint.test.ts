/**
 * HP-4 and DRN-5 on the actor document, through the methods the sheet, the attack card's Apply and
 * the healing flows call (`applyDamage`, `applyHit`, `applyDrain`, `recoverHP`, `sleep`), with the
 * numbers of RULES.md §16.
 */
import { describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData } from "./models-setup";

const pc = (system: Record<string, unknown>) => makeActor({ name: "PC", type: "character", system });
const sys = (actor: ReturnType<typeof pc>) => actor.creature as CharacterData;

describe("HP-4: healing on the actor", () => {
  it("HP-4: each healed point raises HP by 1 and never above max; the rest of the points are lost", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 4 } }));
    const recovered = await actor.recoverHP(5);
    expect(sys(actor).hp).toMatchObject({ value: 6, max: 6, temp: 0 });
    expect(recovered).toMatchObject({ taintRemoved: 0, applied: 5 });
  });

  it("HP-4: real damage heals first: temp shrinks to max − value as value rises", async () => {
    // 6 max, 2 temporary then 3 real damage: value 1, temp 2, real 3 (EX-HP-2's numbers).
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }));
    await actor.applyDamage(2, { temporary: true });
    await actor.applyDamage(3);
    expect(sys(actor).hp).toMatchObject({ value: 1, temp: 2, real: 3 });
    await actor.recoverHP(3);
    // value 4: temp = min(2, 6 − 4) = 2, so the 3 real points went first.
    expect(sys(actor).hp).toMatchObject({ value: 4, temp: 2, real: 0 });
    await actor.recoverHP(1);
    // value 5: temp = min(2, 6 − 5) = 1.
    expect(sys(actor).hp).toMatchObject({ value: 5, temp: 1, real: 0 });
  });

  it("HP-4, DRN-6: each healed point passes through ♥ taint first, even at full HP", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6, taint: 2 } }, { hp: { value: 6 } }));
    const recovered = await actor.recoverHP(3);
    expect(recovered).toMatchObject({ taintRemoved: 2, applied: 1 });
    expect(sys(actor)._source.suits.hearts.taint).toBe(0);
    expect(sys(actor).hp.value).toBe(6);
  });

  it("HP-4: a Sleep's HP go through the same heal: taint first, then real damage", async () => {
    // REC-3: a Sleep with S is recoverHP(2); ♥ taint 1 takes the first point, the second heals 3 → 4.
    const actor = pc(
      characterSource({ hearts: { primary: 8, taint: 1 } }, { hp: { value: 3 }, classes: ["fighter"] }),
    );
    const outcome = await actor.sleep("S");
    expect(outcome.ok).toBe(true);
    expect(sys(actor)._source.suits.hearts.taint).toBe(0);
    expect(sys(actor).hp).toMatchObject({ value: 4, max: 8 });
  });
});

describe("DRN-5: taint on the actor", () => {
  it("DRN-5: tainted damage adds ♥ taint equal to the HP it removes", async () => {
    const actor = pc(characterSource({ hearts: { primary: 8 } }, { hp: { value: 8 } }));
    await actor.applyDamage(3, { tainted: true });
    expect(sys(actor).hp.value).toBe(5);
    expect(sys(actor)._source.suits.hearts).toMatchObject({ taint: 3, drain: 0 });
  });

  it("DRN-5: tainted damage past 0 HP adds taint for the overflow drain too", async () => {
    // 5 tainted damage at 2/6: 2 HP removed, 3 overflow ♥ drain (HP-2), so 2 + 3 = 5 taint.
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 2 } }));
    const applied = await actor.applyDamage(5, { tainted: true });
    expect(applied).toMatchObject({ lost: 2, drainAdded: 3 });
    expect(sys(actor)._source.suits.hearts).toMatchObject({ drain: 3, taint: 5 });
  });

  it("DRN-5: a tainted drain rider adds as many counters to the drained suit", async () => {
    const actor = pc(
      characterSource({ spades: { primary: 7 }, hearts: { primary: 6 } }, { hp: { value: 6 } }),
    );
    await actor.applyHit({ base: 2, scaled: 2, final: 1, outcome: "damage" }, [
      { kind: "drain", suit: "spades", amount: 2, tainted: true },
    ]);
    expect(sys(actor)._source.suits.spades).toMatchObject({ drain: 2, taint: 2 });
    await actor.applyDrain("spades", 1);
    expect(sys(actor)._source.suits.spades).toMatchObject({ drain: 3, taint: 2 });
  });

  it("DRN-5: counters have no upper bound of their own and may exceed the suit's value", async () => {
    const actor = pc(
      characterSource({ clubs: { primary: 4 }, hearts: { primary: 6 } }, { hp: { value: 6 } }),
    );
    await actor.applyDrain("clubs", 6, true);
    expect(sys(actor)._source.suits.clubs).toMatchObject({ drain: 6, taint: 6 });
    expect(sys(actor)._source.suits.clubs.taint).toBeGreaterThan(4);
  });
});
