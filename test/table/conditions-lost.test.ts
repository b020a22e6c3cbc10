/**
 * CD-17, CON-4, AC-2 at the table: a condition lost mid-round, by any route (the token HUD or the sheet
 * toggling it off, an effect deleted or switched off), gives back what it barred at once, on every
 * client. Ana is called in the countdown with a hand of 6, 3, 2; Stunned, she may only Move (CD-17), so
 * starting a pool is refused; once she is no longer Stunned it is accepted. A Terrified creature also
 * Stunned by another effect stays Stunned when only the terror goes (CON-4). In Spades, a Stunned Ana's
 * attack is refused and, once the GM lifts the stun, accepted.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table, type Seat } from "./table";
import {
  ask,
  COMBAT,
  combatantId,
  declare,
  everyoneDeclares,
  nextCall,
  startCombat,
  cautiousAnasTurn,
} from "./play";
import { countdownOn, setParticipants } from "./countdown";
import { attackWorld, cardOn, attackWithSword } from "./attack-card";

/** Stances shown; Ana holds 6, 3, 2 and the others nothing, so she is the one called. */
async function anaCalled(): Promise<Table> {
  const table = await Table.open({
    world: defaultWorld({ "zilch.initiativeMode": "countdown" }),
    seats: ["gm", "alice", "bob"],
  });
  await startCombat(table);
  await everyoneDeclares(table);
  const id = combatantId(table, "ana");
  await setParticipants(table, (p) => ({ ...p, hand: p.id === id ? [6, 3, 2] : [] }));
  expect(await nextCall(table)).toBe(true);
  expect(countdownOn(table.gm).current).toBe(id);
  return table;
}

/** Alice starts a pool toward Ana's Rally with the 3 (refused while Ana is Stunned: CD-17). */
const startsPool = (table: Table) =>
  ask(table, "alice", {
    kind: "countdownChoice",
    combatId: COMBAT,
    combatantId: combatantId(table, "ana"),
    choice: { kind: "accumulate", action: { action: "full:rally", speed: 1 }, die: 3 },
  });

const anaStunnedOn = (table: Table, client = table.bob) =>
  countdownOn(client).participants.find((p) => p.id === combatantId(table, "ana"))!.stunned;

/** Ana's statuses as the GM's client holds them. */
const anaStatusesOn = (table: Table) => [...table.gm.actors.get(ACTORS.ana._id)!.statuses];

/** `seat` toggles `status` on Ana as the token HUD's button or the sheet's checkbox does. */
const toggles = (table: Table, seat: Seat, status: string, active: boolean) =>
  table.act(seat, async () => {
    await game.actors!.get(ACTORS.ana._id)!.toggleStatusEffect(status, { active });
  });

/** `seat` creates an effect on Ana giving `statuses`; its id. */
const creates = (table: Table, seat: Seat, statuses: string[]) =>
  table.act(seat, async () => {
    const ana = game.actors!.get(ACTORS.ana._id)!;
    const created = await ana.createEmbeddedDocuments("ActiveEffect", [{ name: "Dazed", statuses }]);
    return created?.[0]?.id ?? "";
  });

describe("CD-17: losing Stunned mid-countdown lifts its limit at once", () => {
  it("the GM stuns Ana and lifts it from the HUD: no longer Stunned on every client, her pool accepted", async () => {
    const table = await anaCalled();
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.applyCondition("stunned", { kind: "endOfEncounter" }, "test");
    });
    expect(anaStunnedOn(table)).toBe(true);
    expect(await startsPool(table)).toBe(false);
    await toggles(table, "gm", "stunned", false);
    for (const client of [table.gm, table.alice, table.bob]) expect(anaStunnedOn(table, client)).toBe(false);
    expect(await startsPool(table)).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("an effect giving Stunned that Alice put on Ana herself, deleted by Alice: Ana acts in full again", async () => {
    const table = await anaCalled();
    const id = await creates(table, "alice", ["stunned"]);
    expect(anaStunnedOn(table)).toBe(true);
    await table.act("alice", async () => {
      await game.actors!.get(ACTORS.ana._id)!.deleteEmbeddedDocuments("ActiveEffect", [id]);
    });
    expect(anaStunnedOn(table)).toBe(false);
    expect(await startsPool(table)).toBe(true);
  });

  it("an effect giving Terrified (so Stunned), switched off by the GM: Ana is no longer Stunned", async () => {
    const table = await anaCalled();
    const id = await creates(table, "gm", ["terrified"]);
    expect(anaStunnedOn(table)).toBe(true);
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.effects.get(id)!.update({ disabled: true });
    });
    for (const client of [table.gm, table.alice, table.bob]) expect(anaStunnedOn(table, client)).toBe(false);
    expect(await startsPool(table)).toBe(true);
  });

  it("CON-4: Terrified and Stunned each from its own source; the terror ends and Ana stays Stunned", async () => {
    const table = await anaCalled();
    const id = await creates(table, "gm", ["terrified"]);
    await toggles(table, "gm", "stunned", true);
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.deleteEmbeddedDocuments("ActiveEffect", [id]);
    });
    expect(anaStunnedOn(table)).toBe(true);
    expect(await startsPool(table)).toBe(false);
    // A condition that never stunned (Shaken) going changes nothing either.
    await toggles(table, "gm", "shaken", true);
    await toggles(table, "gm", "shaken", false);
    expect(anaStunnedOn(table)).toBe(true);
    await toggles(table, "gm", "stunned", false);
    expect(anaStunnedOn(table)).toBe(false);
    expect(await startsPool(table)).toBe(true);
  });
});

describe("CON-4: a condition the GM gave holds until a GM's hand ends it, whatever Alice's console does", () => {
  it("the GM stuns Ana; Alice toggles it off from the HUD: still Stunned in the round, her pool refused", async () => {
    const table = await anaCalled();
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.applyCondition("stunned", { kind: "endOfEncounter" }, "test");
    });
    await toggles(table, "alice", "stunned", false);
    expect(anaStatusesOn(table)).not.toContain("stunned");
    for (const client of [table.gm, table.alice, table.bob]) expect(anaStunnedOn(table, client)).toBe(true);
    expect(await startsPool(table)).toBe(false);
    // The GM's own hand ends it: Ana acts in full again.
    await toggles(table, "gm", "stunned", true);
    await toggles(table, "gm", "stunned", false);
    expect(anaStunnedOn(table)).toBe(false);
    expect(await startsPool(table)).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM's effect giving Stunned, deleted or switched off from Alice's console: her pool refused", async () => {
    for (const removal of ["delete", "disable"] as const) {
      const table = await anaCalled();
      const id = await creates(table, "gm", ["stunned"]);
      await table.act("alice", async () => {
        const ana = game.actors!.get(ACTORS.ana._id)!;
        if (removal === "delete") await ana.deleteEmbeddedDocuments("ActiveEffect", [id]);
        else await ana.effects.get(id)!.update({ disabled: true });
      });
      expect(anaStatusesOn(table)).not.toContain("stunned");
      expect(anaStunnedOn(table)).toBe(true);
      expect(await startsPool(table)).toBe(false);
    }
  });
});

describe("ST-3, CON-4: Threatened the GM gave, removed by Alice before she declares", () => {
  it("the GM makes Ana Threatened; Alice toggles it off from her console: Bold is still refused, Cautious accepted", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.applyCondition("threatened", { kind: "indefinite" }, "test");
    });
    await toggles(table, "alice", "threatened", false);
    expect(anaStatusesOn(table)).not.toContain("threatened");
    expect(await declare(table, "alice", "ana", "bold")).toBe(false);
    expect(await declare(table, "alice", "ana", "cautious")).toBe(true);
  });
});

describe("CD-17: gaining Stunned loses the discard pool at once", () => {
  it("Ana's pool toward a Rally is gone on every client when the GM makes her Terrified (so Stunned)", async () => {
    const table = await anaCalled();
    expect(await startsPool(table)).toBe(true);
    const pool = (client = table.bob) =>
      countdownOn(client).participants.find((p) => p.id === combatantId(table, "ana"))!.pool;
    expect(pool()).not.toBeNull();
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.applyCondition("terrified", { kind: "endOfEncounter" }, "test");
    });
    for (const client of [table.gm, table.alice, table.bob]) expect(pool(client)).toBeNull();
  });
});

/** Alice's Ana swings her sword at the orc; whether the GM declared it. */
async function swings(table: Table): Promise<boolean> {
  return attackWithSword(table, "alice", "orc", { charge: false });
}

/** Spades, stances shown (Ana Cautious), and Ana's turn. */
async function anasTurn(world = attackWorld()): Promise<Table> {
  const table = await Table.open({ world });
  await startCombat(table);
  await cautiousAnasTurn(table);
  return table;
}

describe("AC-2: in Spades, losing Stunned on one's turn gives the attack back", () => {
  it("a Stunned Ana's attack is refused; the GM lifts the stun from the HUD and her attack is declared", async () => {
    const world = attackWorld();
    world.actors.find((a) => a._id === ACTORS.ana._id)!.statuses = ["stunned"];
    const table = await anasTurn(world);
    expect(await swings(table)).toBe(false);
    await toggles(table, "gm", "stunned", false);
    expect(await swings(table)).toBe(true);
    expect(cardOn(table.gm)).toBeDefined();
  });

  it("CON-4: the GM stuns Ana in her turn; Alice toggles it off from her console: her attack is still refused", async () => {
    const table = await anasTurn();
    await toggles(table, "gm", "stunned", true);
    await toggles(table, "alice", "stunned", false);
    expect(anaStatusesOn(table)).not.toContain("stunned");
    expect(await swings(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    await toggles(table, "gm", "stunned", true);
    await toggles(table, "gm", "stunned", false);
    expect(await swings(table)).toBe(true);
  });
});

/** `seat` edits Ana's effect `id` as the effect sheet's form does. */
const edits = (table: Table, seat: Seat, id: string, changes: Record<string, unknown>) =>
  table.act(seat, async () => {
    await game.actors!.get(ACTORS.ana._id)!.effects.get(id)!.update(changes);
  });

describe("CD-17, CON-4: an effect edited to drop a status gives it back at once", () => {
  it("Alice edits her Ana's effect from Terrified and Shaken to Shaken alone: no longer Stunned on every client", async () => {
    const table = await anaCalled();
    const id = await creates(table, "gm", ["terrified", "shaken"]);
    expect(anaStunnedOn(table)).toBe(true);
    expect(await startsPool(table)).toBe(false);
    await edits(table, "alice", id, { statuses: ["shaken"] });
    for (const client of [table.gm, table.alice, table.bob]) expect(anaStunnedOn(table, client)).toBe(false);
    expect(await startsPool(table)).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM switches it off and drops Stunned in one edit: Ana acts in full again", async () => {
    const table = await anaCalled();
    const id = await creates(table, "gm", ["stunned"]);
    await edits(table, "gm", id, { statuses: [], disabled: true });
    expect(anaStunnedOn(table)).toBe(false);
    expect(await startsPool(table)).toBe(true);
  });

  it("CON-4: a status the edited effect keeps, or another effect gives, is not lost", async () => {
    const table = await anaCalled();
    const id = await creates(table, "gm", ["terrified"]);
    await creates(table, "gm", ["stunned"]);
    await edits(table, "gm", id, { statuses: ["shaken"] });
    expect(anaStunnedOn(table)).toBe(true);
    expect(await startsPool(table)).toBe(false);
    const kept = await creates(table, "gm", ["stunned", "shaken"]);
    await edits(table, "gm", kept, { statuses: ["stunned"] });
    expect(anaStunnedOn(table)).toBe(true);
  });
});
