/**
 * The table layer's own contract (ARCHITECTURE.md §6 "table"): separate clients, echo latency, the
 * hooks' requester id, v13's permission rules and the query contract, each as FOUNDRY-FACTS.md
 * documents it. These hold whatever the system does; the scenarios build on them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Table, ACTORS, USERS } from "./table";
import type { TableClient } from "./client";
import type { TableActor, TableCombat } from "./documents";

const COMBAT = "combatTable00001";
let table: Table;

const combatOn = (c: TableClient) => c.combats.get(COMBAT)! as TableCombat;
const anaOn = (c: TableClient) => c.actors.get(ACTORS.ana._id)! as TableActor;
const refusalsBy = (id: string) => table.server.refusals.filter((r) => r.userId === id).length;

beforeAll(async () => {
  table = await Table.open();
});

describe("four clients, each with its own copy and its own system", () => {
  it("each client runs its own module instance of the system and its own globals", () => {
    const classes = [...table.clients.values()].map((c) => c.run(() => CONFIG.Combat.documentClass));
    expect(new Set(classes).size).toBe(4);
    expect(table.alice.run(() => game.user!.id)).toBe(USERS.alice._id);
    expect(table.gm.run(() => game.user!.isGM)).toBe(true);
  });

  it("each client holds its own copy of a document", () => {
    expect(anaOn(table.alice)).not.toBe(anaOn(table.bob));
    expect(anaOn(table.alice).name).toBe("Ana");
  });

  it("code outside every client has no game (the server runs no system code)", () => {
    expect(() => (globalThis as { game?: unknown }).game).toThrow(/outside every client/);
  });
});

describe("echo latency and hooks (FACTS §3, §4)", () => {
  it("the requester's own copy changes only when its echo arrives; every client runs the hook with the requester's id", async () => {
    const seen: { client: string; userId: unknown }[] = [];
    for (const c of table.clients.values())
      c.run(() =>
        Hooks.on(
          "updateActor",
          (_doc: unknown, _changes: unknown, _options: unknown, userId: unknown) =>
            void seen.push({ client: c.name, userId }),
        ),
      );
    const pending = table.alice.run(() => anaOn(table.alice).update({ name: "Ana the Bold" }));
    // Nothing has crossed the wire yet: no copy, not even Alice's own, has changed.
    await Promise.resolve();
    expect([...table.clients.values()].map((c) => anaOn(c).name)).toEqual(["Ana", "Ana", "Ana", "Ana"]);
    await pending;
    expect(anaOn(table.alice).name).toBe("Ana the Bold");
    await table.settle();
    expect([...table.clients.values()].map((c) => anaOn(c).name)).toEqual(Array(4).fill("Ana the Bold"));
    expect(seen.map((s) => s.userId)).toEqual(Array(4).fill(USERS.alice._id));
    expect(table.server.clock.now).toBeGreaterThanOrEqual(2 * table.latency);
  });
});

describe("v13 permissions (FACTS §2)", () => {
  it("a player cannot write Combat flags (Nimble-Co#853): refused, nothing changes anywhere", async () => {
    const before = table.server.combat(COMBAT).flags;
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "Combat",
        updates: [{ _id: COMBAT, "flags.zilch.round": { round: 9 } }],
      }),
    ).rejects.toThrow(/lacks permission/);
    await table.settle();
    expect(table.server.combat(COMBAT).flags).toEqual(before);
    expect(combatOn(table.gm).flags).toEqual(before);
  });

  it("a player may write Combat `turn` and `round` (Nimble#853: turn-only fields) but no other key", async () => {
    await table.alice.raw({ action: "update", documentName: "Combat", updates: [{ _id: COMBAT, turn: 0 }] });
    await table.alice.raw({ action: "update", documentName: "Combat", updates: [{ _id: COMBAT, round: 3 }] });
    expect(table.server.combat(COMBAT)).toMatchObject({ turn: 0, round: 3 });
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "Combat",
        updates: [{ _id: COMBAT, round: 2, scene: null }],
      }),
    ).rejects.toThrow(/may not write/);
  });

  it("a player may write its own combatant's system data (v13: DS#254, cosmere#391) but not another's", async () => {
    const own = table.server.combat(COMBAT).combatants.find((c) => c.actorId === ACTORS.ana._id)!;
    const other = table.server.combat(COMBAT).combatants.find((c) => c.actorId === ACTORS.bo._id)!;
    await table.alice.raw({
      action: "update",
      documentName: "Combatant",
      parentId: COMBAT,
      updates: [{ _id: own._id, "system.turnTaken": true }],
    });
    expect(table.server.combat(COMBAT).combatants.find((c) => c._id === own._id)!.system).toMatchObject({
      turnTaken: true,
    });
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "Combatant",
        parentId: COMBAT,
        updates: [{ _id: other._id, "system.turnTaken": true }],
      }),
    ).rejects.toThrow(/lacks permission/);
    await table.gm.raw({
      action: "update",
      documentName: "Combatant",
      parentId: COMBAT,
      updates: [{ _id: own._id, "system.turnTaken": false }],
    });
  });

  it("anyone creates a chat message with any flags; a player updates only its own", async () => {
    const reply = await table.alice.raw({
      action: "create",
      documentName: "ChatMessage",
      data: [{ content: "x", flags: { zilch: { attack: { forged: true } } } }],
    });
    const id = String(reply.result[0]!._id);
    expect(table.server.message(id).author).toBe(USERS.alice._id);
    const gmMessage = await table.gm.raw({
      action: "create",
      documentName: "ChatMessage",
      data: [{ content: "gm" }],
    });
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "ChatMessage",
        updates: [{ _id: String(gmMessage.result[0]!._id), content: "mine" }],
      }),
    ).rejects.toThrow(/authored/);
    await table.alice.raw({
      action: "update",
      documentName: "ChatMessage",
      updates: [{ _id: id, content: "edited" }],
    });
    expect(table.server.message(id).content).toBe("edited");
  });

  it("a player writes only its own User document, never its role; an Assistant GM writes another's (#9069, #9737)", async () => {
    await table.alice.raw({
      action: "update",
      documentName: "User",
      updates: [{ _id: USERS.alice._id, "flags.zilch.k": "a" }],
    });
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "User",
        updates: [{ _id: USERS.bob._id, "flags.zilch.k": "x" }],
      }),
    ).rejects.toThrow(/own User/);
    await table.assistant.raw({
      action: "update",
      documentName: "User",
      updates: [{ _id: USERS.bob._id, "flags.zilch.k": "x" }],
    });
    expect(table.server.world.users.find((u) => u._id === USERS.bob._id)?.flags).toMatchObject({
      zilch: { k: "x" },
    });
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "User",
        updates: [{ _id: USERS.alice._id, role: 4 }],
      }),
    ).rejects.toThrow(/role/);
  });

  it("world settings need SETTINGS_MODIFY; an Assistant GM writes only the core allow-list (#10912)", async () => {
    // User#can reads the world's permission configuration: the GAMEMASTER only, by default (#11678).
    const can = (seat: "gm" | "assistant" | "alice") =>
      table.client(seat).run(() => game.user!.can("SETTINGS_MODIFY"));
    expect([can("gm"), can("assistant"), can("alice")]).toEqual([true, false, false]);
    await expect(
      table.alice.run(() => game.settings!.set("zilch", "initiativeMode", "countdown")),
    ).rejects.toThrow(/SETTINGS_MODIFY/);
    await expect(
      table.assistant.run(() => game.settings!.set("zilch", "initiativeMode", "countdown")),
    ).rejects.toThrow(/SETTINGS_MODIFY/);
    await table.assistant.raw({
      action: "update",
      documentName: "Setting",
      updates: [{ _id: "core.time", value: 5 }],
    });
    await table.gm.run(() => game.settings!.set("zilch", "initiativeMode", "spades"));
    await table.settle();
    expect(table.bob.run(() => game.settings!.get("zilch", "initiativeMode"))).toBe("spades");
  });

  it("every refusal above was recorded by the server and reached no client", () => {
    expect(refusalsBy(USERS.alice._id)).toBeGreaterThanOrEqual(7);
    expect(refusalsBy(USERS.assistant._id)).toBe(1);
  });
});

describe("the query contract (FACTS §1, §11.2)", () => {
  it("the handler runs on the target's client only, called with (data, { timeout }) and no sender (#13418)", async () => {
    const calls: unknown[][] = [];
    for (const c of table.clients.values())
      c.queryHandlers["table.echo"] = (...args: unknown[]) => {
        calls.push([c.name, ...args]);
        return { ok: true };
      };
    const gmUser = table.alice.run(() => game.users!.activeGM!);
    const answer = await table.alice.run(() =>
      gmUser.query("table.echo" as never, { n: 1 } as never, { timeout: 500 }),
    );
    expect(answer).toEqual({ ok: true });
    expect(calls).toEqual([["gm", { n: 1 }, { timeout: 500 }]]);
  });

  it("the active GM is one of the connected GMs, the same on every client", () => {
    const ids = [...table.clients.values()].map((c) => c.run(() => game.users!.activeGM?.id));
    expect(new Set(ids).size).toBe(1);
    expect([USERS.gm._id, USERS.assistant._id]).toContain(ids[0]);
  });

  it("a query to an offline user, a throwing handler, or a timeout rejects (UNKNOWN in v13: modelled as a rejection)", async () => {
    const bob = table.alice.run(() => game.users!.get(USERS.bob._id)!);
    table.bob.queryHandlers["table.throw"] = () => {
      throw new Error("boom");
    };
    table.bob.queryHandlers["table.never"] = () => new Promise(() => undefined);
    await expect(table.alice.run(() => bob.query("table.throw" as never, {} as never))).rejects.toThrow(
      /threw/,
    );
    await expect(
      table.alice.run(() => bob.query("table.never" as never, {} as never, { timeout: 1000 })),
    ).rejects.toThrow(/timed out/);
    const storage = await table.leave("bob");
    await expect(table.alice.run(() => bob.query("table.echo" as never, {} as never))).rejects.toThrow(
      /not connected/,
    );
    await table.join("bob", storage);
  });
});
