/**
 * ST-4, ST-6, CD-17 at the table: a condition the GM's client sets on a fighting creature (as the
 * attack card's wound and injury steps, riders, spells and fear do, through ZilchActor.applyCondition)
 * changes the running round at once, on every client: a Stunned creature turns Cautious, a Guarded one
 * that loses its Standard action before its turn turns Cautious, and in the countdown a Stunned
 * participant loses its held die.
 */
import { describe, expect, it, vi } from "vitest";
import { ACTORS, defaultWorld, Table, type Seat } from "./table";
import {
  ask,
  COMBAT,
  combatantId,
  declare,
  forceReveal,
  nextCall,
  startCombat,
  stanceOn,
  everyoneDeclares,
} from "./play";
import { countdownOn } from "./countdown";

type ActorKey = keyof typeof ACTORS;

/** The GM's client sets `condition` on `actor` for the rest of the encounter, as the attack card's GM step does. */
function gmApplies(
  table: Table,
  actor: ActorKey,
  condition: "stunned" | "helpless" | "shaken" | "terrified" | "pinned",
): Promise<void> {
  return table.act("gm", async () => {
    const a = game.actors!.get(ACTORS[actor]._id)!;
    await a.applyCondition(condition, { kind: "endOfEncounter" }, "test");
  });
}

const lines = (table: Table) => table.server.world.messages.map((m) => m.content).join("\n");

async function shownRound(stances: Record<ActorKey, string>): Promise<Table> {
  const table = await Table.open({ seats: ["gm", "alice", "bob"] });
  await startCombat(table);
  const seats: Record<ActorKey, Seat> = { ana: "alice", bo: "bob", orc: "gm" };
  for (const key of ["ana", "bo", "orc"] as const)
    expect(await declare(table, seats[key], key, stances[key])).toBe(true);
  return table;
}

describe("ST-6: becoming Stunned mid-round forces Cautious at once", () => {
  it("a Bold creature stunned by the GM's step is Cautious on every client, with a chat line", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    await gmApplies(table, "bo", "stunned");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "bo")).toBe("cautious");
    expect(lines(table)).toContain("Bo can no longer hold that stance and turns Cautious");
    // Nobody else changes.
    expect(stanceOn(table, table.alice, "ana")).toBe("reckless");
    expect(stanceOn(table, table.alice, "orc")).toBe("guarded");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("Reckless and Guarded revert too; a condition that does not stun (Shaken) changes nothing", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    await gmApplies(table, "ana", "shaken");
    expect(stanceOn(table, table.gm, "ana")).toBe("reckless");
    await gmApplies(table, "ana", "stunned");
    await gmApplies(table, "orc", "stunned");
    expect(stanceOn(table, table.bob, "ana")).toBe("cautious");
    expect(stanceOn(table, table.bob, "orc")).toBe("cautious");
  });

  it("a stance still secret is changed in the GM's ballot: the reveal shows Cautious", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    expect(await declare(table, "bob", "bo", "bold")).toBe(true);
    await gmApplies(table, "bo", "stunned");
    expect(lines(table)).not.toContain("turns Cautious");
    expect(await forceReveal(table)).toBe(true);
    expect(stanceOn(table, table.alice, "bo")).toBe("cautious");
  });
});

describe("CON-4: a condition gained brings what it implies to the round", () => {
  it("Terrified (which implies Stunned) turns a Bold creature Cautious on every client", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    await gmApplies(table, "bo", "terrified");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "bo")).toBe("cautious");
    expect(lines(table)).toContain("Bo can no longer hold that stance and turns Cautious");
  });

  it("a Guarded creature Pinned (which implies Helpless) from the HUD before its turn turns Cautious", async () => {
    const table = await shownRound({ ana: "bold", bo: "guarded", orc: "bold" });
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.bo._id)!.toggleStatusEffect("pinned", { active: true });
    });
    expect(stanceOn(table, table.bob, "bo")).toBe("cautious");
  });

  it("Bob making his own Bold Bo Terrified from an effect turns him Cautious (a player's route)", async () => {
    const table = await shownRound({ ana: "bold", bo: "bold", orc: "bold" });
    await table.act("bob", async () => {
      const bo = game.actors!.get(ACTORS.bo._id)!;
      await bo.createEmbeddedDocuments("ActiveEffect", [{ name: "Dread", statuses: ["terrified"] }]);
    });
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "bo")).toBe("cautious");
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("ST-4: a Guarded creature that loses its Standard action before its turn becomes Cautious", () => {
  it("Helpless before its turn: Guarded becomes Cautious; Bold stays Bold", async () => {
    const table = await shownRound({ ana: "bold", bo: "guarded", orc: "bold" });
    await gmApplies(table, "bo", "helpless");
    await gmApplies(table, "ana", "helpless");
    expect(stanceOn(table, table.alice, "bo")).toBe("cautious");
    expect(stanceOn(table, table.alice, "ana")).toBe("bold");
  });
});

describe("CD-17: becoming Stunned in the countdown loses the held die", () => {
  it.each(["stunned", "terrified"] as const)(
    "Bo holds a die, becomes %s, and holds nothing; the participant is marked Stunned",
    async (condition) => {
      // Without bidding (CD-18 a), so a called participant may Hold. The GM's secret draws (the hands)
      // are seeded so Bo is called within the first calls.
      const table = await Table.open({
        world: defaultWorld({ "zilch.initiativeMode": "countdown" }),
        seats: ["gm", "alice", "bob"],
        cryptoSeeds: { gm: 1 },
      });
      await startCombat(table);
      await everyoneDeclares(table);
      const bo = combatantId(table, "bo");
      for (let n = 0; n < 6 && countdownOn(table.gm).current !== bo; n++) {
        const current = countdownOn(table.gm).current;
        if (current === null) expect(await nextCall(table)).toBe(true);
        else
          await ask(table, "gm", {
            kind: "countdownChoice",
            combatId: COMBAT,
            combatantId: current,
            choice: { kind: "act" },
          });
      }
      expect(countdownOn(table.gm).current).toBe(bo);
      expect(
        await ask(table, "bob", {
          kind: "countdownChoice",
          combatId: COMBAT,
          combatantId: bo,
          choice: { kind: "hold" },
        }),
      ).toBe(true);
      expect(countdownOn(table.gm).participants.find((p) => p.id === bo)!.held).not.toBeNull();
      await gmApplies(table, "bo", condition);
      const after = countdownOn(table.alice).participants.find((p) => p.id === bo)!;
      expect(after.held).toBeNull();
      expect(after.stunned).toBe(true);
      expect(stanceOn(table, table.alice, "bo")).toBe("cautious");
    },
  );
});

describe("ST-4, ST-6: a condition toggled from the token HUD", () => {
  /** `seat` toggles `condition` on `actor` as the token HUD's status button does (Actor#toggleStatusEffect). */
  function hudToggles(table: Table, seat: Seat, actor: ActorKey, condition: string): Promise<void> {
    return table.act(seat, async () => {
      await game.actors!.get(ACTORS[actor]._id)!.toggleStatusEffect(condition, { active: true });
    });
  }
  const turnsCautious = (table: Table) => lines(table).split("turns Cautious").length - 1;

  it("Alice stunning her own Bold Ana from the HUD turns her Cautious on every client (ST-6)", async () => {
    const table = await shownRound({ ana: "bold", bo: "bold", orc: "bold" });
    await hudToggles(table, "alice", "ana", "stunned");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "ana")).toBe("cautious");
    expect(turnsCautious(table)).toBe(1);
    expect(stanceOn(table, table.bob, "bo")).toBe("bold");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM making a Guarded creature Helpless from the HUD before its turn turns it Cautious (ST-4)", async () => {
    const table = await shownRound({ ana: "bold", bo: "guarded", orc: "bold" });
    await hudToggles(table, "gm", "bo", "helpless");
    expect(stanceOn(table, table.bob, "bo")).toBe("cautious");
  });

  it("the attack card's path and the hook do not both apply it: the round hears of one Stunned once", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    const combat = table.gm.run(() => game.combats!.get(COMBAT)!);
    const apply = vi.spyOn(combat, "zilchApply");
    await gmApplies(table, "bo", "stunned");
    expect(stanceOn(table, table.alice, "bo")).toBe("cautious");
    const gained = apply.mock.calls.filter(([request]) => request.kind === "conditionsChanged");
    expect(gained).toHaveLength(1);
    expect(turnsCautious(table)).toBe(1);
  });
});

describe("ST-4, ST-6: a status given by an ActiveEffect that is created, enabled or edited", () => {
  type EffectData = { name: string; statuses: string[]; disabled?: boolean };
  /** `seat` creates an ActiveEffect on `actor` (the effect sheet's or a macro's createEmbeddedDocuments). */
  function creates(table: Table, seat: Seat, actor: ActorKey, data: EffectData): Promise<string> {
    return table.act(seat, async () => {
      const a = game.actors!.get(ACTORS[actor]._id)!;
      const created = await a.createEmbeddedDocuments("ActiveEffect", [data]);
      return created?.[0]?.id ?? "";
    });
  }
  /** `seat` edits that effect (the effect sheet's statuses or its "disabled" box). */
  function edits(table: Table, seat: Seat, actor: ActorKey, id: string, changes: Partial<EffectData>) {
    return table.act(seat, async () => {
      await game.actors!.get(ACTORS[actor]._id)!.effects.get(id)!.update(changes);
    });
  }
  const turnsCautious = (table: Table) => lines(table).split("turns Cautious").length - 1;

  it("the GM creating a Dazed effect whose statuses hold Stunned turns a Bold creature Cautious on every client", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    await creates(table, "gm", "bo", { name: "Dazed", statuses: ["stunned"] });
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "bo")).toBe("cautious");
    expect(turnsCautious(table)).toBe(1);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("an effect created disabled changes nothing; when the GM enables it, the stance turns Cautious", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    const id = await creates(table, "gm", "bo", { name: "Dazed", statuses: ["stunned"], disabled: true });
    expect(stanceOn(table, table.bob, "bo")).toBe("bold");
    await edits(table, "gm", "bo", id, { disabled: false });
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "bo")).toBe("cautious");
    expect(turnsCautious(table)).toBe(1);
  });

  it("an effect's statuses edited to add Stunned force Cautious; a rename or Shaken changes nothing", async () => {
    const table = await shownRound({ ana: "reckless", bo: "bold", orc: "guarded" });
    const id = await creates(table, "gm", "orc", { name: "Poisoned", statuses: [] });
    await edits(table, "gm", "orc", id, { name: "Badly poisoned" });
    await edits(table, "gm", "orc", id, { statuses: ["shaken"] });
    expect(stanceOn(table, table.alice, "orc")).toBe("guarded");
    await edits(table, "gm", "orc", id, { statuses: ["shaken", "stunned"] });
    expect(stanceOn(table, table.alice, "orc")).toBe("cautious");
    expect(turnsCautious(table)).toBe(1);
  });

  it("Alice editing her own Ana's effect to Stunned is forced on the GM's client too (a player's edit)", async () => {
    const table = await shownRound({ ana: "bold", bo: "bold", orc: "bold" });
    const id = await creates(table, "alice", "ana", { name: "Dizzy", statuses: [] });
    await edits(table, "alice", "ana", id, { statuses: ["stunned"] });
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "ana")).toBe("cautious");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a Guarded creature whose effect is edited to Helpless before its turn turns Cautious (ST-4)", async () => {
    const table = await shownRound({ ana: "bold", bo: "guarded", orc: "bold" });
    const id = await creates(table, "gm", "bo", { name: "Bound", statuses: [] });
    await edits(table, "gm", "bo", id, { statuses: ["helpless"] });
    expect(stanceOn(table, table.bob, "bo")).toBe("cautious");
  });
});
