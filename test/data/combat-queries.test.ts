import { beforeAll, describe, expect, it } from "vitest";
import type { CombatSnapshot } from "../../src/rules/round/request-step";
import { EX_INI_1, scriptedDice, roundOne, SPADES } from "../support/combat";
import { installStandIn } from "../stand-in";
import { installClients, ROLES, StandInWorld, type StandInClient, type StandInUser } from "../stand-in/users";
import type * as Queries from "../../src/setup/queries";
import type * as Channel from "../../src/requests/channel";

/**
 * Combat requests travel the one channel; the GM's client
 * applies them as the sender the channel proved (Foundry passes no sender: the handler is called
 * `(data, { timeout })`), never as an id written into the payload. The handler runs the real
 * ZilchCombat.zilchApply (authority + dispatch) against a scripted round.
 */
/** Ana belongs to the player; Bo and the orc to the GM only. */
const OWNED_BY_PLAYER = new Set(["ana"]);

let queries: typeof Queries;
let channel: typeof Channel;
let saved: CombatSnapshot[];
let gm: StandInClient, player: StandInClient;

beforeAll(async () => {
  installStandIn();
  // The documents extend Foundry's base classes when their modules load; these tests never construct one.
  for (const name of ["Combat", "Combatant", "Actor", "Item"]) Reflect.set(globalThis, name, class {});
  Reflect.set(globalThis, "CONFIG", { Dice: { randomUniform: () => 0.5 }, queries: {} });
  installClients();
  const world = new StandInWorld();
  gm = world.connect(world.addUser("gmUser0000000001", ROLES.gamemaster));
  player = world.connect(world.addUser("player0000000001", ROLES.player));
  world.activeGMId = gm.user.id;
  const { ZilchCombat } = await import("../../src/documents/combat/zilch-combat");
  channel = await import("../../src/requests/channel");
  queries = await import("../../src/setup/queries");
  channel.registerRequestChannel(queries.REQUEST_HANDLERS);
  saved = [];
  const snapshot = roundOne(SPADES, EX_INI_1, scriptedDice(), { byIndex: false });
  const combat = Object.assign(Object.create(ZilchCombat.prototype) as object, {
    id: "x",
    combatants: new Map(
      EX_INI_1.map((f) => [
        f.id,
        {
          id: f.id,
          testUserPermission: (user: StandInUser, level: string) =>
            level === "OWNER" && (user.isGM || OWNED_BY_PLAYER.has(f.id)),
        },
      ]),
    ),
    zilchSnapshot: () => snapshot,
    zilchSave: async (_before: CombatSnapshot, after: CombatSnapshot) => {
      saved.push(after);
    },
  });
  gm.game.combats = new Map([["x", combat]]);
  for (const client of [gm, player]) await client.run(() => channel.publishRequestKey());
});

describe("combat requests on the one channel (ARCHITECTURE §3 Authority)", () => {
  const declareFor = (combatantId: string) => ({
    kind: "declareStance" as const,
    combatId: "x",
    combatantId,
    stance: "bold" as const,
  });
  const ask = (client: StandInClient, payload: unknown) =>
    client.run(() => channel.askGM(queries.COMBAT_REQUEST, payload));

  it("a player who writes the GM's user id into the payload still cannot declare for the GM's combatant", async () => {
    const forged = { ...declareFor("bo"), userId: gm.user.id };
    expect(await ask(player, forged)).toEqual({ ok: false, code: "notOwner" });
    expect(saved).toHaveLength(0);
  });

  it("the player may declare for its own combatant, and the GM for any", async () => {
    expect(await ask(player, declareFor("ana"))).toEqual({ ok: true });
    expect(await ask(gm, declareFor("bo"))).toEqual({ ok: true });
    expect(saved).toHaveLength(2);
  });

  it("a forged id cannot unlock GM-only requests either", async () => {
    expect(await ask(player, { kind: "forceReveal", combatId: "x", userId: gm.user.id })).toEqual({
      ok: false,
      code: "gmOnly",
    });
  });

  it("a malformed combat request is refused before the combat is looked up", async () => {
    for (const bad of [
      null,
      { kind: "declareStance", combatId: "x", combatantId: "ana", stance: "sneaky" },
      { kind: "bid", combatId: "x", combatantId: "ana", die: 1e9 },
      { kind: "applyDamage", messageId: "m" },
    ])
      expect(await ask(player, bad)).toMatchObject({ ok: false, code: "malformed", notified: true });
    expect(await ask(player, { ...declareFor("ana"), combatId: "gone" })).toEqual({
      ok: false,
      code: "NoCombat",
    });
  });
});
