/**
 * CON-4 with ST-4, CD-2 at the table: a condition the creature's own data imposes (a card drained to 0)
 * reaches the running round at once, on every client, as a status does. Ana's cards are all 4, so a
 * drain of 4 brings one to 0: ♣ makes her Paralysed (so Helpless: a Guarded creature that loses its
 * Standard action before its turn turns Cautious), ♦ makes her Comatose (so Unconscious: out of the
 * countdown with her hand and held die). Only the active GM's client asks the round, once.
 */
import { describe, expect, it, vi } from "vitest";
import { ACTORS, defaultWorld, Table, type Seat } from "./table";
import { COMBAT, combatantId, nextCall, startCombat, stanceOn, everyoneDeclares, declareAll } from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";

/** `seat` sets Ana's drain in `suit` to 4 (her card is 4), as the sheet's drain field or a hit does. */
const drains = (table: Table, seat: Seat, suit: "clubs" | "diamonds", drain = 4) =>
  table.act(seat, async () => {
    await game.actors!.get(ACTORS.ana._id)!.update({ system: { suits: { [suit]: { drain } } } });
  });

const conditionsOf = (table: Table) =>
  table.gm.run(() => [...game.actors!.get(ACTORS.ana._id)!.creature.conditions]);

describe("ST-4: a Guarded creature paralysed by drain turns Cautious at once", () => {
  it("the GM drains Ana's ♣ to 0 before her turn: Cautious on every client, asked once", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await declareAll(table, { ana: "guarded", bo: "bold", orc: "bold" });
    const apply = vi.spyOn(
      table.gm.run(() => game.combats!.get(COMBAT)!),
      "zilchApply",
    );
    await drains(table, "gm", "clubs");
    expect(conditionsOf(table)).toContain("helpless");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "ana")).toBe("cautious");
    const asked = apply.mock.calls.filter(([request]) => request.kind === "conditionsChanged");
    expect(asked).toHaveLength(1);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("drain that brings no card to 0 asks nothing; Alice's own drain to 0 is heard from the GM's client", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await declareAll(table, { ana: "guarded", bo: "bold", orc: "bold" });
    const apply = vi.spyOn(
      table.gm.run(() => game.combats!.get(COMBAT)!),
      "zilchApply",
    );
    await drains(table, "alice", "clubs", 2);
    expect(apply.mock.calls.filter(([r]) => r.kind === "conditionsChanged")).toHaveLength(0);
    expect(stanceOn(table, table.bob, "ana")).toBe("guarded");
    await drains(table, "alice", "clubs", 4);
    expect(apply.mock.calls.filter(([r]) => r.kind === "conditionsChanged")).toHaveLength(1);
    expect(stanceOn(table, table.bob, "ana")).toBe("cautious");
  });
});

describe("CD-2: a creature made Comatose by drain leaves the countdown at once", () => {
  it("Ana, called with 6, 3, 2, drained to 0 in ♦: out, her hand gone, on every client", async () => {
    const table = await Table.open({
      world: defaultWorld({ "zilch.initiativeMode": "countdown" }),
      seats: ["gm", "alice", "bob"],
    });
    await startCombat(table);
    await everyoneDeclares(table);
    const id = combatantId(table, "ana");
    await table.act("gm", async () => {
      const combat = table.gm.combats.get(COMBAT)!;
      const round = combat.getFlag("zilch", "round") as RoundState;
      const cd = round.countdown!;
      const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [6, 3, 2] : [] }));
      await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
    });
    expect(await nextCall(table)).toBe(true);
    await drains(table, "gm", "diamonds");
    expect(conditionsOf(table)).toContain("unconscious");
    for (const client of [table.gm, table.alice, table.bob]) {
      const p = countdownOn(client).participants.find((q) => q.id === id)!;
      expect(p.active).toBe(false);
      expect(p.hand).toEqual([]);
      expect(p.held).toBeNull();
    }
    expect(table.server.clock.errors).toEqual([]);
  });
});
