import { describe, expect, it, vi } from "vitest";
import { makeActor, type CharacterData } from "./models-setup";

const pc = (boons: number) => makeActor({ name: "PC", type: "character", system: { boons } });

describe("spendBoon on the creature models (TL-6)", () => {
  it("spends one Boon in a single update", async () => {
    const actor = pc(2);
    const update = vi.spyOn(actor, "update");
    expect(await actor.creature.spendBoon()).toBeNull();
    expect((actor.creature as CharacterData).boons).toBe(1);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith({ system: { boons: 1 } });
  });

  it("the last Boon can be spent, then none is left", async () => {
    const actor = pc(1);
    expect(await actor.creature.spendBoon()).toBeNull();
    expect(await actor.creature.spendBoon()).toBe("noBoon");
    expect((actor.creature as CharacterData).boons).toBe(0);
  });

  it("refuses with a reason and changes nothing when none are held", async () => {
    const actor = pc(0);
    const update = vi.spyOn(actor, "update");
    expect(await actor.creature.spendBoon()).toBe("noBoon");
    expect(update).not.toHaveBeenCalled();
  });

  it("an NPC holds no Boons, so it is refused", async () => {
    const npc = makeActor({ name: "Orc", type: "npc", system: {} });
    const update = vi.spyOn(npc, "update");
    expect(await npc.creature.spendBoon()).toBe("noBoon");
    expect(update).not.toHaveBeenCalled();
  });
});
