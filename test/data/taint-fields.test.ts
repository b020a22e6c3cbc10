/**
 * DMG-5: the Tainted mark on weapons, spells and NPC stat-block attacks. Items and rows stored before
 * it existed read as untainted (the damage they always dealt), with every other field kept; the
 * attack card stored before it read the same.
 */
import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MODELS, ITEM_MODELS, makeActor, type NpcData } from "./models-setup";

function loose<M extends abstract new (...args: never[]) => unknown>(
  Model: M,
): new (source: unknown) => InstanceType<M> {
  return Model as unknown as new (source: unknown) => InstanceType<M>;
}
const plain = (model: { toObject(): object }) => model.toObject() as Record<string, unknown>;

describe("DMG-5: a stored item without the Tainted mark", () => {
  it("a weapon and a spell from before read untainted and keep their fields; a marked one stays marked", () => {
    const weapon = plain(new (loose(ITEM_MODELS.weapon))({ category: "heavy", temporary: true, riders: [] }));
    expect(weapon).toMatchObject({ category: "heavy", temporary: true, tainted: false });
    const spell = plain(new (loose(ITEM_MODELS.spell))({ damage: 3, chipCost: 2 }));
    expect(spell).toMatchObject({ damage: 3, chipCost: 2, tainted: false });
    expect(plain(new (loose(ITEM_MODELS.spell))({ tainted: true }))).toMatchObject({ tainted: true });
  });

  it("an NPC's stat-block attack rows from before read untainted, with their notes and riders kept", () => {
    const row = { name: "Claw", category: "light", notes: "rakes", riders: [{ kind: "energy", amount: 1 }] };
    const npc = makeActor({
      name: "Ghoul",
      type: "npc",
      system: { attacks: [row, { ...row, tainted: true }] },
    });
    const attacks = (npc.system as unknown as NpcData).attacks;
    expect(attacks[0]).toMatchObject({ name: "Claw", notes: "rakes", tainted: false });
    expect(attacks[0]!.riders).toHaveLength(1);
    expect(attacks[1]).toMatchObject({ tainted: true });
  });

  it("an attack card stored before the mark reads its damage as untainted", () => {
    const card = plain(new (loose(CHAT_MESSAGE_MODELS.attack))({ declaration: { weaponName: "Sword" } }));
    expect(card.declaration).toMatchObject({ weaponName: "Sword", tainted: false, wrongSquare: false });
  });
});
