/**
 * INJ-3 and INJ-5 at the table: Ana's Red hit on the orc rolls the 4d6 location on the GM's client;
 * under this seed the dice show 2, 2, 1, 2: face 2 three times, so the left leg with one shift
 * (INJ-3, INJ-4). Alice, the attacker, may move it one edge (INJ-5, `neckGroin` off: only to the
 * abdomen); a farther location, or Bob choosing for her, is refused, and the injury lands where she
 * chose; the GM's client then rolls the effect (+1 for the Killing Blow) and makes the injury item,
 * whose bleeding starts at once (INJ-2).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWithSword, attackWorld, clickStep, nextClick, stateOn } from "./attack-card";

const TRIPLE_TWO_SEED = 4;

/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */

const CRYPTO_GM = 1;

/** Ana's ♣ 17 against the orc's ♠ 7 (a Red hit, a Killing Blow), played up to the location shift. */
async function atTheShift(): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { ...ana.system, suits: { clubs: { primary: 17, secondary: 13 } } };
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, suits: { spades: { value: 7 } } };
  const table = await Table.open({ world, seeds: { gm: TRIPLE_TWO_SEED }, cryptoSeeds: { gm: CRYPTO_GM } });
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  for (let n = 0; n < 20 && stateOn(table.gm)?.step !== "injuryShift"; n++) {
    const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
    expect(await clickStep(table, seat, kind, extra), `${seat} ${kind}`).toEqual({ ok: true });
  }
  return table;
}

describe("INJ-5: the attacker shifts the rolled location along one edge per shift", () => {
  it("INJ-3, INJ-5: 2, 2, 1, 2 is the left leg with 1 shift; Alice may move it to the abdomen, not the chest", async () => {
    const table = await atTheShift();
    const injury = stateOn(table.gm)!.injury!;
    expect(injury.dice).toEqual([2, 2, 1, 2]);
    expect(injury.rolled).toMatchObject({ face: 2, location: "leftLeg", shifts: 1 });
    expect([...injury.rolled!.reachable].sort()).toEqual(["abdomen", "leftLeg"]);
    expect((await clickStep(table, "alice", "chooseLocation", { location: "chest" })).ok).toBe(false);
    expect((await clickStep(table, "bob", "chooseLocation", { location: "abdomen" })).ok).toBe(false);
    expect(await clickStep(table, "alice", "chooseLocation", { location: "abdomen" })).toEqual({ ok: true });
    // The effect is then rolled on the GM's client and the injury item made (INJ-2 steps 3 and 4).
    const done = stateOn(table.gm)!;
    expect(done.step).toBe("done");
    // INJ-2 step 3: a Killing Blow's effect is 1d6 + 1: the 4 rolled reads row 5 of the abdomen's
    // column, a Bleeder −2d (−5), where row 4 would be a plain Bleeder.
    expect(done.injury).toMatchObject({ trigger: { killingBlow: true }, d6: 4 });
    // The aimed chest gets the Red hit's Specific Wound; the injury goes where Alice shifted it.
    const injuries = table.server
      .actor(ACTORS.orc._id)
      .items.filter((i) => (i.system as { kind?: string }).kind === "grievousInjury");
    expect(injuries.map((i) => i.system)).toMatchObject([
      { location: "abdomen", effect: "bleeder", modifier: -5 },
    ]);
    // INJ-2 step 4: its immediate effect applies at once: the orc bleeds from the abdomen at −5 (as
    // well as from the chest wound).
    const bleeding = table.gm.run(() => game.actors!.get(ACTORS.orc._id)!.ongoingEntries());
    expect(bleeding.map((e) => [e.itemId, e.effect.origin, e.effect.modifier])).toContainEqual([
      injuries[0]!._id,
      "abdomen",
      -5,
    ]);
    expect(table.server.clock.errors).toEqual([]);
  });
});
