/**
 * ST-1 at the table: while the stances are secret, the player who declared a stance and the active GM
 * (whose client keeps the ballot) see it in their trackers; nobody else does, and no other client holds
 * it anywhere (the declarer's own browser keeps its choice, so a reload shows it again). The GM declares
 * for every NPC still to declare with one button: one write, through the declaration's own path.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, combatOf, defaultWorld, npc, Table, type Seat } from "./table";
import { ask, COMBAT, combatOn, combatantId, declare, roundOn, startCombat } from "./play";
import type { TableClient } from "./client";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import type { Operation } from "./server";
import type { Stance } from "../../src/rules/vocabulary";
import { combatContext } from "../../src/applications/combat/turn-context";

const GOBLIN = npc("actGoblin0000001", "Goblin");

/** Ana (Alice's), Bo (Bob's), the orc and a goblin (the GM's NPCs). */
function twoNpcWorld() {
  const world = defaultWorld();
  const actors = [ACTORS.ana, ACTORS.bo, ACTORS.orc, GOBLIN];
  return { ...world, actors, combats: [combatOf(COMBAT, actors)] };
}

/**
 * What `client`'s tracker shows on each row's stance chip: the known stance's label, or the plain label
 * (the tracker's own context for this user, with the stances this client knows).
 */
function chips(client: TableClient): Record<string, string> {
  return client.run(() => {
    const combat = combatOn(client) as unknown as ZilchCombat;
    const inputs = [...combat.combatants].map((c) => ({
      id: c.id!,
      name: c.name ?? "",
      img: "",
      facts: (combat.constructor as typeof ZilchCombat).factsOf(c),
      round: combat.zilchRoundOf(c.id!),
      action: null,
      actionLabel: "",
    }));
    const viewer = {
      isGM: client.user.isGM,
      owns: (id: string) => combat.combatants.get(id)?.isOwner ?? false,
    };
    const ctx = combatContext(combat.zilchState, inputs, viewer, {
      stances: client.system.knownStances(combat),
    });
    return Object.fromEntries(ctx.turns.map((t) => [t.name, t.stance.known ?? t.stance.label]));
  });
}

function npcButton(client: TableClient) {
  return client.run(() => client.system.npcDeclare(combatOn(client) as unknown as ZilchCombat, ""));
}

const DECLARED = "ZILCH.Combat.Declared";
const bold = "ZILCH.Combat.Stance.bold";
const guarded = "ZILCH.Combat.Stance.guarded";

describe("ST-1: who sees a declared stance before the reveal", () => {
  it("the declarer and the active GM see it; the other player and the Assistant GM see only 'Declared'", async () => {
    const table = await Table.open();
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "gm", "orc", "guarded")).toBe(true);
    expect(roundOn(table.gm)?.stancesShown).toBe(false);
    expect(chips(table.alice)).toEqual({ Ana: bold, Bo: "ZILCH.Combat.Waiting", Orc: DECLARED });
    expect(chips(table.bob)).toEqual({ Ana: DECLARED, Bo: "ZILCH.Combat.DeclarePrompt", Orc: DECLARED });
    expect(chips(table.gm)).toMatchObject({ Ana: bold, Orc: guarded });
    // Another GM's client holds no ballot (docs/multiplayer.md §3): it is told only who has declared.
    expect(chips(table.assistant)).toMatchObject({ Ana: DECLARED, Orc: DECLARED });
    // No other player's browser holds a declaration; Alice's holds only hers.
    const declaredKeys = (seat: Seat) =>
      [...table.client(seat).storage.items.entries()].filter(([k]) => k.startsWith("zilch.declared"));
    expect(declaredKeys("bob")).toEqual([]);
    expect(JSON.stringify(declaredKeys("alice"))).not.toContain("guarded");
    // Alice reloads: her browser still knows her choice.
    const alice = await table.reload("alice");
    expect(chips(alice)).toMatchObject({ Ana: bold, Orc: DECLARED });
    // The last declaration shows every stance; nobody's chip says "secret" any more.
    expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
    for (const seat of ["gm", "alice", "bob"] as const)
      expect(chips(table.client(seat))).toEqual({
        Ana: bold,
        Bo: "ZILCH.Combat.Stance.cautious",
        Orc: guarded,
      });
    // The combat deleted, Alice's browser forgets her declarations for it.
    expect(declaredKeys("alice")).toHaveLength(1);
    await table.act("gm", () => table.gm.combats.get(COMBAT)!.delete());
    expect(declaredKeys("alice")).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("ST-1: the GM declares for every NPC at once", () => {
  async function bulk(stance: Stance | null) {
    const table = await Table.open({ world: twoNpcWorld() });
    await startCombat(table);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    const button = npcButton(table.gm);
    expect(button?.count, "one NPC (the goblin) is still to declare").toBe(1);
    expect(npcButton(table.alice)).toBeNull();
    expect(npcButton(table.assistant)?.count).toBe(1);
    const ops: Operation[] = [];
    const apply = table.server.apply.bind(table.server);
    table.server.apply = (userId, operation) => {
      ops.push(operation);
      return apply(userId, operation);
    };
    expect(await ask(table, "gm", { kind: "declareNpcStances", combatId: COMBAT, stance })).toBe(true);
    return { table, ops };
  }

  it("gives each undeclared NPC the chosen stance in one write, keeps it secret, and leaves the players' rows alone", async () => {
    const { table, ops } = await bulk("guarded");
    expect(ops.filter((o) => o.documentName === "Combat")).toHaveLength(1);
    const round = roundOn(table.gm)!;
    expect(round.stancesShown).toBe(false);
    expect([...round.declared].sort()).toEqual([combatantId(table, "orc"), "cbtGoblin0000001"].sort());
    expect(chips(table.gm)).toMatchObject({ Orc: bold, Goblin: guarded, Ana: "ZILCH.Combat.DeclarePrompt" });
    expect(chips(table.alice)).toMatchObject({ Orc: DECLARED, Goblin: DECLARED });
    expect(npcButton(table.gm)).toBeNull();
    // Nothing left: a second press is refused and says why.
    expect(await ask(table, "gm", { kind: "declareNpcStances", combatId: COMBAT, stance: null })).toBe(false);
    expect(table.gm.notices.map((n) => n.message)).toContain("Every NPC has already declared a stance.");
    // The players declare; the goblin is shown Guarded.
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "bob", "bo", "bold")).toBe(true);
    expect(chips(table.bob)).toMatchObject({ Goblin: guarded, Orc: bold });
    expect(table.server.clock.errors).toEqual([]);
  });

  it("gives each its usual stance (last round's, else Cautious) when none is chosen", async () => {
    const { table } = await bulk(null);
    expect(chips(table.gm)).toMatchObject({ Goblin: "ZILCH.Combat.Stance.cautious" });
  });

  it("is refused to a player (GM only), changing nothing", async () => {
    const table = await Table.open({ world: twoNpcWorld() });
    await startCombat(table);
    expect(await ask(table, "alice", { kind: "declareNpcStances", combatId: COMBAT, stance: "bold" })).toBe(
      false,
    );
    expect(roundOn(table.gm)?.declared).toEqual([]);
  });
});
