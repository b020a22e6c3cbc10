import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installInitStandIn, type Registrations } from "../stand-in/init";
import { installRenderTemplate } from "../templates/harness";
import { fakeSuits, isOfType } from "../support/fake-documents";
import { Collection } from "../stand-in/collection";
import { createInjury } from "../../src/rules/injury/grievous-injury";
import { createRound } from "../../src/rules/round/round-start";
import { SPADES } from "../support/combat";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { FakeCombatActor } from "../support/combat-scene";

/**
 * INJ-7 at document level: the `moveToken` hook the system registers (src/setup/combat.ts) hands a
 * committed movement to the move save. A creature with a Foot injury (♠ save at −5 at each Move) or
 * Balance (♠ save) that drags its token in its own turn rolls on the mover's client: a failure makes it
 * Prone, and one chat line carries the roll. The d12 is scripted; the token, actor and items are plain
 * objects; the combat is a ZilchCombat whose current combatant is the mover's.
 */

const d12s: number[] = [];
vi.mock("../../src/dice/zilch-test-roll", () => ({
  ZilchTestRoll: {
    rollTest: async () => {
      const d12 = d12s.shift() ?? 1;
      return { dice: { d12 }, roll: d12, rolls: [] };
    },
  },
}));

let records: Registrations;
let ZilchCombat: typeof ZilchCombatClass;
const chat: string[] = [];

beforeAll(async () => {
  records = installInitStandIn();
  Reflect.set(globalThis, "ChatMessage", {
    create: async (data: { content: string }) => void chat.push(data.content),
  });
  const game = (globalThis as unknown as { game: Record<string, unknown> }).game;
  game.i18n = {
    localize: (k: string) => k,
    format: (k: string, d: Record<string, string>) => `${k}(${Object.values(d).join(",")})`,
  };
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
  const { registerCombat } = await import("../../src/setup/combat");
  registerCombat();
  // Chat lines render through the real combat-log template (v13 renderTemplate), once the classes exist.
  installRenderTemplate();
});

class FakeActor extends FakeCombatActor {
  readonly raging = false;
  constructor(
    uuid: string,
    name: string,
    readonly spades: number,
    effects: ("foot" | "balance" | "hand")[],
  ) {
    super(uuid, name, "npc");
    const location = effects.includes("balance") ? "head" : "rightLeg";
    this.items = {
      contents: effects.map((effect, i) => ({
        id: `injury${i}`,
        type: "injury",
        isOfType,
        system: { effect, location, lasting: createInjury(location, { effect, modifier: 0 }).lasting },
      })),
    };
  }
  get creature() {
    return { suits: fakeSuits({ spades: { eff: this.spades } }) };
  }
  get system() {
    return { ...this.creature, chips: { clubs: { value: 0 }, spades: { value: 0 } } };
  }
  async setCondition(condition: string, active: boolean) {
    if (active) this.statuses.add(condition);
  }
}

const ana = () => new FakeActor("Actor.ana", "Ana", 9, ["foot"]);
const token = (actor: FakeActor) => ({ name: actor.name, actor });
const DRAG = { method: "dragging", chain: [] };
const MOVER = { isSelf: true };

/** The combat's combatants: the mover's, when there is one. */
function combatantsOf(current: FakeActor | null) {
  const combatants = new Collection<{ id: string; actor: FakeActor }>();
  if (current) combatants.set("mover", { id: "mover", actor: current });
  return combatants;
}

/**
 * A started combat whose current combatant is `current`'s: Zilch's round state in the combat's flags
 * (round 1, stances shown, the mover's Spades turn), and Foundry's `started` and `combatant` in step.
 */
function combatWith(current: FakeActor | null) {
  const combat = Object.create(ZilchCombat.prototype) as object;
  const round = {
    ...createRound(SPADES, false, () => 1),
    round: 1,
    stancesShown: true,
    current: current ? "mover" : null,
  };
  Object.defineProperties(combat, {
    started: { value: true },
    // The current combatant is one of them, with its id, as Combat#combatant is.
    combatant: { value: current ? combatantsOf(current).get("mover") : null },
    getFlag: {
      value: (scope: string, key: string) => (scope === "zilch" && key === "round" ? round : undefined),
    },
    // A combat always holds its combatants (a Collection iterating its values, as v13's does).
    combatants: { value: combatantsOf(current) },
  });
  Reflect.set(Reflect.get(globalThis, "game") as object, "combat", combat);
}

/** Fires the registered moveToken hook(s) and waits for the save. */
async function moves(t: unknown, movement: unknown = DRAG, user: unknown = MOVER) {
  for (const hook of records.hooks.filter((h) => h.event === "moveToken")) hook.fn(t, movement, {}, user);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  chat.length = 0;
  d12s.length = 0;
});

describe("INJ-7: the ♠ save at each Move", () => {
  it("Foot: Ana (♠9) drags her token in her turn and rolls 5 against 4 (♠9 −5): she falls Prone", async () => {
    const a = ana();
    combatWith(a);
    d12s.push(5);
    await moves(token(a));
    expect(a.statuses.has("prone")).toBe(true);
    expect(chat).toHaveLength(1);
    expect(chat[0]).toContain("ZILCH.MoveSave.Failed(Ana,5,4)");
  });

  it("Foot: a roll of 3 against 4 keeps her footing; she stays standing and the line says so", async () => {
    const a = ana();
    combatWith(a);
    d12s.push(3);
    await moves(token(a));
    expect(a.statuses.has("prone")).toBe(false);
    expect(chat[0]).toContain("ZILCH.MoveSave.Passed(Ana,3,4)");
  });

  it("Balance alone saves at ♠ with no modifier (roll 9 against 9 passes); Balance and Foot save once, at −5", async () => {
    const bo = new FakeActor("Actor.bo", "Bo", 9, ["balance"]);
    combatWith(bo);
    d12s.push(9);
    await moves(token(bo));
    expect(bo.statuses.has("prone")).toBe(false);
    const both = new FakeActor("Actor.cy", "Cy", 9, ["balance", "foot"]);
    combatWith(both);
    d12s.push(9);
    await moves(token(both));
    expect(both.statuses.has("prone")).toBe(true);
    expect(chat).toHaveLength(2);
  });

  it("no save out of her turn, for another client's echo, a keyboard nudge, a continued segment, or when already Prone", async () => {
    const a = ana();
    combatWith(new FakeActor("Actor.orc", "Orc", 5, []));
    await moves(token(a));
    combatWith(a);
    await moves(token(a), DRAG, { isSelf: false });
    await moves(token(a), { method: "keyboard", chain: [] });
    await moves(token(a), { method: "dragging", chain: ["earlier"] });
    a.statuses.add("prone");
    await moves(token(a));
    expect(chat).toEqual([]);
  });

  it("an injury without a move save (Hand) calls for none", async () => {
    const hand = new FakeActor("Actor.dee", "Dee", 9, ["hand"]);
    combatWith(hand);
    await moves(token(hand));
    expect(chat).toEqual([]);
  });
});
