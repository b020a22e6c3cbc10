import { beforeAll, describe, expect, it } from "vitest";
import type { CombatSnapshot } from "../../src/documents/combat/dispatch";
import { EX_INI_1, scriptedDice, roundOne, SPADES } from "../combat/fixtures";
import type { handleCombatQuery as HandleCombatQuery } from "../../src/setup/queries";

/**
 * Item 2 of issue 6: the GM's query handler trusts only the sender Foundry passes as the handler's
 * second argument (v13 `CONFIG.queries[name](data, { user })`), never an id written into the payload.
 * The handler runs the real ZilchCombat.zilchApply (authority + dispatch) against a scripted round.
 */
interface FakeUser {
  id: string;
  isGM: boolean;
}
const GM_USER: FakeUser = { id: "gmUser0000000001", isGM: true };
const PLAYER: FakeUser = { id: "player0000000001", isGM: false };
/** Ana belongs to the player; Bo and the orc to the GM only. */
const OWNED_BY_PLAYER = new Set(["ana"]);

function startedSnapshot(): CombatSnapshot {
  return roundOne(SPADES, EX_INI_1, scriptedDice(), { byIndex: false });
}

let handleCombatQuery: typeof HandleCombatQuery;
let saved: CombatSnapshot[];

beforeAll(async () => {
  // The documents extend Foundry's base classes when their modules load; these tests never construct one.
  Reflect.set(globalThis, "Combat", class {});
  Reflect.set(globalThis, "Combatant", class {});
  Reflect.set(globalThis, "Actor", class {});
  Reflect.set(globalThis, "CONFIG", { Dice: { randomUniform: () => 0.5 } });
  const { ZilchCombat } = await import("../../src/documents/combat");
  saved = [];
  const snapshot = startedSnapshot();
  const combat = {
    id: "x",
    combatants: new Map(
      EX_INI_1.map((f) => [
        f.id,
        {
          id: f.id,
          testUserPermission: (user: FakeUser, level: string) =>
            level === "OWNER" && (user.isGM || OWNED_BY_PLAYER.has(f.id)),
        },
      ]),
    ),
    zilchSnapshot: () => snapshot,
    zilchSave: async (_before: CombatSnapshot, after: CombatSnapshot) => {
      saved.push(after);
    },
    zilchApply: ZilchCombat.prototype.zilchApply,
    zilchRunHooks: ZilchCombat.prototype.zilchRunHooks,
  };
  // This client is the GM's, which runs the handler.
  Reflect.set(globalThis, "game", {
    user: GM_USER,
    combats: new Map([["x", combat]]),
    users: new Map([
      [GM_USER.id, GM_USER],
      [PLAYER.id, PLAYER],
    ]),
  });
  ({ handleCombatQuery } = await import("../../src/setup/queries"));
});

describe("GM query sender identity (ARCHITECTURE §3 Authority)", () => {
  const declareFor = (combatantId: string) => ({
    kind: "declareStance" as const,
    combatId: "x",
    combatantId,
    stance: "bold" as const,
  });

  it("a player who forges the GM's user id in the payload still cannot declare for the GM's combatant", async () => {
    const forged = { request: declareFor("bo"), userId: GM_USER.id } as never;
    const result = await handleCombatQuery(forged, { user: PLAYER as never });
    expect(result).toEqual({ ok: false, code: "notOwner" });
    expect(saved).toHaveLength(0);
  });

  it("the same player may declare for its own combatant, and the GM (as sender) for any", async () => {
    expect(await handleCombatQuery({ request: declareFor("ana") }, { user: PLAYER as never })).toEqual({
      ok: true,
    });
    expect(await handleCombatQuery({ request: declareFor("bo") }, { user: GM_USER as never })).toEqual({
      ok: true,
    });
    expect(saved).toHaveLength(2);
  });

  it("a forged id cannot unlock GM-only requests either", async () => {
    const forged = { request: { kind: "forceReveal", combatId: "x" }, userId: GM_USER.id } as never;
    expect(await handleCombatQuery(forged, { user: PLAYER as never })).toEqual({ ok: false, code: "gmOnly" });
  });
});
