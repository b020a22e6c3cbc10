/**
 * A GM with two tabs (a second monitor): one user connected twice, both tabs in the same browser,
 * sharing its storage (docs/table-layer.md, "one user connected twice"). Both tabs click at once while
 * a player declares: every declaration lands, the secrets the browser keeps are all there, only one
 * tab writes them, and a reload of either tab keeps the round going. Which tab a query to the GM
 * reaches is unknown, so every case runs with the query reaching both tabs, the first or the last.
 * The GM signed in from a second browser (no shared storage or channel) takes over the game there,
 * and the first browser stands aside instead of applying too.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, combatOf, npc, Table, USERS, type Seat } from "./table";
import { Browser } from "./client";
import type { QueryRouting, WorldData } from "./server";
import { ask, COMBAT, declare, nextCall, roundOn, startCombat } from "./play";

const secretsKey = `zilch.secrets.table-world.${COMBAT}`;
const goblin = npc("actGoblin000001", "Goblin");
const actors = [ACTORS.ana, ACTORS.bo, ACTORS.orc, goblin];
/** Who clicks for each combatant: Alice for Ana, Bob for Bo, one GM tab each for the orc and the goblin. */
const seats: Record<string, Seat> = {
  [ACTORS.ana._id]: "alice",
  [ACTORS.bo._id]: "bob",
  [ACTORS.orc._id]: "gm",
  [goblin._id]: "gmTab",
};

/** Ana (Alice's), Bo (Bob's), the orc and the goblin (the GM's) in one combat. */
function world(): WorldData {
  return {
    users: Object.values(USERS),
    actors,
    combats: [combatOf(COMBAT, actors)],
    messages: [],
    settings: {},
  };
}

const idOf = (table: Table, actorId: string): string =>
  table.server.combat(COMBAT).combatants.find((c) => c.actorId === actorId)!._id;

const declareFor = (table: Table, actorId: string, stance: string): Promise<boolean> =>
  ask(table, seats[actorId]!, {
    kind: "declareStance",
    combatId: COMBAT,
    combatantId: idOf(table, actorId),
    stance: stance as never,
  });

async function gmWithTwoTabs(routing: QueryRouting): Promise<Table> {
  const table = await Table.open({ world: world(), seats: ["gm", "alice", "bob"] });
  table.server.queryRouting = routing;
  await table.join("gmTab");
  return table;
}

/** The secrets the GM's browser keeps, if they are those of the round's last save. */
function keptBallot(table: Table): Record<string, string> | null {
  const text = table.gm.storage.getItem(secretsKey);
  const kept = text === null ? null : (JSON.parse(text) as { stamp: string; ballot: Record<string, string> });
  return kept && kept.stamp === roundOn(table.alice)?.secretsStamp ? kept.ballot : null;
}

/** The stance every client shows for each combatant, by actor id. */
function shown(table: Table): Record<string, string | null>[] {
  return [table.alice, table.bob, table.gm, table.client("gmTab")].map((client) =>
    Object.fromEntries(
      actors.map((a) => {
        const combatant = client.run(() => client.combats.get(COMBAT)!.combatants.get(idOf(table, a._id)));
        return [a._id, (combatant as unknown as { zilchRound: { stance: string | null } }).zilchRound.stance];
      }),
    ),
  );
}

/** Every combatant takes its Spades turn, ended from the seat that clicks for it. */
async function everyTurn(table: Table): Promise<number> {
  if (!(await nextCall(table))) return 0;
  let turns = 0;
  for (let current = roundOn(table.alice)?.current; current; current = roundOn(table.alice)?.current) {
    const actorId = table.server.combat(COMBAT).combatants.find((c) => c._id === current)!.actorId;
    const ended = await ask(table, seats[actorId]!, {
      kind: "endTurn",
      combatId: COMBAT,
      combatantId: current,
    });
    if (!ended || ++turns > actors.length) break;
  }
  return turns;
}

describe.each<QueryRouting>(["every", "first", "last"])(
  "a GM with two tabs (a query reaches %s)",
  (routing) => {
    it.each<Seat>(["gm", "gmTab"])(
      "both tabs and a player declare at once, nothing is lost, one tab writes the secrets, and a reload of %s keeps the round going",
      async (reloaded) => {
        const table = await gmWithTwoTabs(routing);
        await startCombat(table, "gmTab");
        const atOnce = await Promise.all([
          declareFor(table, ACTORS.orc._id, "bold"),
          declareFor(table, goblin._id, "guarded"),
          declareFor(table, ACTORS.ana._id, "reckless"),
        ]);
        expect(atOnce).toEqual([true, true, true]);
        const ids = [ACTORS.orc._id, goblin._id, ACTORS.ana._id].map((a) => idOf(table, a));
        expect(roundOn(table.alice)?.declared).toEqual(expect.arrayContaining(ids));
        expect(keptBallot(table)).toEqual({ [ids[0]!]: "bold", [ids[1]!]: "guarded", [ids[2]!]: "reckless" });
        const writers = new Set(
          table.gm.storage.writes.filter((w) => w.key === secretsKey).map((w) => w.tab),
        );
        expect([...writers]).toEqual(["gm"]);

        await table.reload(reloaded);
        expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
        expect(roundOn(table.alice)?.stancesShown).toBe(true);
        const expected = {
          [ACTORS.orc._id]: "bold",
          [goblin._id]: "guarded",
          [ACTORS.ana._id]: "reckless",
          [ACTORS.bo._id]: "cautious",
        };
        expect(shown(table)).toEqual([expected, expected, expected, expected]);
        expect(await everyTurn(table)).toBe(4);
        expect(table.server.world.messages.map((m) => String(m.content)).join("\n")).not.toMatch(/again/);
        expect(table.server.clock.errors).toEqual([]);
      },
    );
  },
);

describe.each<QueryRouting>(["every", "first", "last"])(
  "the GM signed in from two browsers (a query reaches %s)",
  (routing) => {
    it("the browser signed in last runs the game; the other applies nothing and writes no secret", async () => {
      const table = await Table.open({ world: world(), seats: ["gm", "alice", "bob"] });
      table.server.queryRouting = routing;
      await startCombat(table);
      expect(await declareFor(table, ACTORS.orc._id, "bold")).toBe(true);
      const firstBrowser = table.gm.storage;
      const writesBefore = firstBrowser.writes.length;
      await table.join("gmTab", new Browser());
      const atOnce = await Promise.all([
        declareFor(table, goblin._id, "guarded"),
        declareFor(table, ACTORS.orc._id, "reckless"),
        declareFor(table, ACTORS.ana._id, "reckless"),
      ]);
      // The second browser applies; the first refuses its own click; Alice's query is applied by the
      // second browser unless it reached only the first, which refuses it.
      expect(atOnce).toEqual([true, false, routing !== "first"]);
      expect(table.gm.notices.map((n) => n.message).join(" ")).toContain("another browser");
      expect(firstBrowser.writes.length).toBe(writesBefore);
      const secondBrowser = table.client("gmTab").storage;
      const ballot = JSON.parse(secondBrowser.getItem(secretsKey)!) as { stamp: string; ballot: object };
      expect(ballot.stamp).toBe(roundOn(table.alice)?.secretsStamp);
      // The orc's stance was kept in the first browser: the second cannot see it, so it is declared again.
      expect(roundOn(table.alice)?.declared).not.toContain(idOf(table, ACTORS.orc._id));
      expect(table.server.world.messages.map((m) => String(m.content)).join("\n")).toMatch(/made again/);
      expect(roundOn(table.alice)?.declared).toContain(idOf(table, goblin._id));
      expect(table.server.clock.errors).toEqual([]);
    });
  },
);
