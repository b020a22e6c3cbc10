/**
 * Auras in play (NPC-1 SA with numbers): at the start of a combatant's turn the GM's client deals each
 * enemy aura that reaches its token (radius in squares, as reach is measured) its damage less ER, and
 * posts it; out of the radius, or from a creature without an aura, nothing happens.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, type Table } from "./table";
import { Table as TableClass } from "./table";
import { attackWorld } from "./attack-card";
import { chatText, endTurnsUntil, nextCall, startCombat, everyoneDeclares } from "./play";

const aura = (radius: number) => ({ kind: "aura", name: "Fire aura", radius, damage: 2, effect: "" });

/** The attack world (Ana beside the orc) with the orc's specials, played to Ana's turn; Ana's HP before. */
async function anasTurn(specials: object[]): Promise<{ table: Table; before: number }> {
  const world = attackWorld();
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, specials };
  // CON-1: sides come from token dispositions; the orc is hostile to the two characters.
  for (const token of world.scenes![0]!.tokens!)
    Object.assign(token, { disposition: token.actorId === ACTORS.orc._id ? -1 : 1 });
  const table = await TableClass.open({ world });
  const before = anaHp(table);
  await startCombat(table);
  await everyoneDeclares(table);
  expect(await nextCall(table)).toBe(true);
  expect(await endTurnsUntil(table, "ana")).toBe(true);
  return { table, before };
}

const anaHp = (table: Table) => table.gm.run(() => game.actors!.get(ACTORS.ana._id)!.creature.hp.value);

describe("an aura at the start of an enemy's turn", () => {
  it("Ana, beside an orc with a fire aura of radius 1 and 2 damage, loses 2 HP and the chat says why", async () => {
    const { table, before } = await anasTurn([aura(1)]);
    expect(anaHp(table)).toBe(before - 2);
    expect(chatText(table)).toMatch(/Ana starts its turn in Orc(&#39;|&#x27;|')s Fire aura: 2 damage/);
  });

  it("an aura of radius 0 reaches nobody, and an orc without one deals nothing", async () => {
    for (const specials of [[aura(0)], []]) {
      const { table, before } = await anasTurn(specials);
      expect(anaHp(table)).toBe(before);
      expect(chatText(table)).not.toContain("Fire aura");
    }
  });
});
