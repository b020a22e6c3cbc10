/**
 * MAG-6, CB-4 at the table: a spell whose condition lasts "until the end of the target's next turn"
 * (the pack's Veil of Night). Ana casts it on the orc in her own turn, after the orc has acted this
 * round; the round ends and the orc is still Blind when its next turn comes, and the Blind ends with
 * that turn. A "1 round" duration would have ended at the round's end, before the orc acted blind.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, SCENE, SWORD, TOKENS } from "./attack-card";
import { currentActor, declare, endTurn, nextCall, nextRound, seatOf, startCombat } from "./play";

const VEIL = "itmVeil000000001";

/** Ana a Necromancer (♦8, 5 chips), her greatsword on her back so a hand is free, knowing the Veil. */
function veilWorld() {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    ...ana.system,
    classes: ["necromancer"],
    suits: { diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: 5 },
  };
  ana.items = [
    ...ana.items.map((item) =>
      item._id === SWORD ? { ...item, system: { ...item.system, slot: "pack" } } : item,
    ),
    {
      _id: VEIL,
      name: "Veil of Night",
      type: "spell",
      system: {
        isAttack: false,
        chipCost: 4,
        maxRange: "near",
        condition: "blind",
        duration: "endOfNextTurn",
      },
    },
  ];
  return world;
}

async function declareAll(table: Table): Promise<void> {
  for (const [seat, actor] of [
    ["alice", "ana"],
    ["bob", "bo"],
    ["gm", "orc"],
  ] as const)
    // Cautious: allowed even to the Threatened (the three stand within reach of one another).
    expect(await declare(table, seat, actor, "cautious")).toBe(true);
  expect(await nextCall(table)).toBe(true);
}

/** Ends turns (starting the next round when one ends) until `stop` holds; the turns' actors in order. */
async function playUntil(table: Table, stop: () => boolean, limit = 8): Promise<string[]> {
  const seen: string[] = [];
  for (let n = 0; n < limit && !stop(); n++) {
    const current = currentActor(table, table.gm);
    if (current === null) {
      await nextRound(table);
      await declareAll(table);
      seen.push("round");
      continue;
    }
    seen.push(current);
    expect(await endTurn(table, seatOf(current), current)).toBe(true);
  }
  return seen;
}

const orcBlind = (table: Table) => table.server.actor(ACTORS.orc._id).statuses.includes("blind");

describe("MAG-6, CB-4: a spell lasting until the end of the target's next turn", () => {
  it("cast on the orc after it acted, the Blind outlasts the round's end and ends with the orc's next turn", async () => {
    const table = await Table.open({ world: veilWorld() });
    await startCombat(table);
    await declareAll(table);
    // In this world the orc's turn comes before Ana's: it acts, then Ana casts in her turn of the same round.
    const orcFirst = await playUntil(table, () => currentActor(table, table.gm) === "orc");
    expect(orcFirst).not.toContain("round");
    await endTurn(table, "gm", "orc");
    await playUntil(table, () => currentActor(table, table.gm) === "ana");

    const gm = table.gm;
    gm.targets.clear();
    gm.targets.add({ document: gm.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const cast = await gm.run(() => {
      const ana = gm.actors.get(ACTORS.ana._id)!;
      return gm.system.castSpell(ana as never, ana.items.get(VEIL) as never);
    });
    await table.settle();
    expect(cast).toBe(true);
    expect(orcBlind(table)).toBe(true);
    const stored = table.server.actor(ACTORS.orc._id).system as { appliedConditions?: unknown[] };
    expect(stored.appliedConditions).toContainEqual(
      expect.objectContaining({ condition: "blind", duration: "endOfNextTurn", count: 1 }),
    );

    const between = await playUntil(table, () => currentActor(table, table.gm) === "orc");
    expect(between).toContain("round");
    expect(orcBlind(table)).toBe(true);
    expect(await endTurn(table, "gm", "orc")).toBe(true);
    expect(orcBlind(table)).toBe(false);
    expect(table.server.clock.errors).toEqual([]);
  });
});
