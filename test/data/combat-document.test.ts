import { beforeAll, describe, expect, it } from "vitest";
import { combatantsOf, FakeCombatActor } from "../support/combat-scene";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { createRound } from "../../src/rules/round/round-start";
import type { RoundState } from "../../src/rules/round/state";
import { storedMap, type StoredCombatants } from "../../src/rules/round/stored";
import type { DurationEvent } from "../../src/rules/conditions";
import { enterCombatants, EX_INI_1, scriptedDice, SPADES } from "../support/combat";
import { StandInRoll } from "../stand-in/chat";
import { installRenderTemplate } from "../templates/harness";

/**
 * Document level: ZilchCombat's own request path (zilchApply → dispatch → zilchSave →
 * flags, combatant updates and chat lines → turn hooks on the actors) on an object whose prototype is
 * ZilchCombat's, with only the few document members it touches written here (getFlag, update,
 * updateEmbeddedDocuments, combatants) instead of growing the shared stand-in.
 */

/** An actor that records the duration events the round advances its conditions by. */
class FakeActor extends FakeCombatActor {
  events: DurationEvent[] = [];
  constructor(
    id: string,
    type: "character" | "npc",
    readonly system: {
      suits: Record<string, { eff: number; eff2: number }>;
      conditions: string[];
      hasKnack(key: string): boolean;
    },
  ) {
    super(`Actor.${id}`, id, type);
  }
  override async advanceConditions(event?: DurationEvent): Promise<string[]> {
    if (!event) throw new Error("the round always names the event");
    this.events.push(event);
    return [];
  }
}

const chat: { content: string }[] = [];
let ZilchCombat: typeof ZilchCombatClass;

beforeAll(async () => {
  Reflect.set(globalThis, "Combat", class {});
  // The global Roll a module-level `extends Roll` names (ZilchTestRoll), as in Foundry.
  Reflect.set(globalThis, "Roll", StandInRoll);
  Reflect.set(globalThis, "Combatant", class {});
  Reflect.set(globalThis, "Actor", class {});
  let seed = 0;
  Reflect.set(globalThis, "CONFIG", {
    Dice: { randomUniform: () => ((seed = (seed * 7 + 3) % 17) + 0.5) / 17 },
  });
  Reflect.set(globalThis, "CONST", { TOKEN_DISPOSITIONS: { FRIENDLY: 1 } });
  Reflect.set(globalThis, "foundry", {
    utils: { escapeHTML: (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;") },
  });
  Reflect.set(globalThis, "ChatMessage", {
    create: async (data: { content: string }) => void chat.push(data),
  });
  Reflect.set(globalThis, "game", {
    user: { isGM: true, isActiveGM: true },
    settings: { get: () => false },
    i18n: {
      localize: (k: string) => k,
      format: (k: string, d: Record<string, string>) => `${k}(${Object.values(d).join(",")})`,
    },
  });
  // Chat cards render through the real templates (v13 renderTemplate).
  installRenderTemplate();
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
});

/** A combat document with Ana, Bo and the orc, round 0, whose writes land on plain objects. */
function makeCombat() {
  const flags: { zilch?: { round?: RoundState; combatants?: StoredCombatants } } = {};
  const actors = new Map<string, FakeActor>();
  const stored = enterCombatants(SPADES, EX_INI_1, scriptedDice());
  for (const f of EX_INI_1)
    actors.set(
      f.id,
      new FakeActor(f.id, f.pc ? "character" : "npc", {
        suits: { spades: { eff: f.spades, eff2: f.cunning } },
        conditions: [],
        hasKnack: () => false,
      }),
    );
  const pcs = new Set(EX_INI_1.filter((f) => f.pc).map((f) => f.id));
  const combatants = combatantsOf(
    EX_INI_1.map((f) => f.id),
    { actor: (id) => actors.get(id)!, owned: (id) => pcs.has(id) },
  );
  const values = () => [...combatants.values()];
  const combat = Object.create(ZilchCombat.prototype) as ZilchCombatClass;
  Object.assign(combat, {
    id: "x",
    combatants: {
      get: (id: string) => combatants.get(id),
      [Symbol.iterator]: () => values()[Symbol.iterator](),
    },
    getFlag: (scope: string, key: string) =>
      scope === "zilch" && (key === "round" || key === "combatants") ? flags.zilch?.[key] : undefined,
    update: async (changes: { flags: { zilch: { round: RoundState; combatants: StoredCombatants } } }) => {
      const { round, combatants: written } = changes.flags.zilch;
      flags.zilch = { round, combatants: { ...flags.zilch?.combatants, ...written } };
    },
  });
  // Round 1 as startCombat deals it, without Foundry's own startCombat.
  flags.zilch = { round: createRound(SPADES, false, () => 1), combatants: storedMap(stored) };
  return { combat, flags, actors, combatants };
}

const GM_USER = { isGM: true } as never;

describe("ZilchCombat document: a scripted Spades round through its own request path", () => {
  it("writes the round to its flag and the combatants, posts public chat lines, and runs the turn hooks on the actors", async () => {
    const { combat, flags, actors } = makeCombat();
    chat.length = 0;
    expect(await combat.zilchApply({ kind: "nextRound", combatId: "x" }, GM_USER)).toEqual({ ok: true });
    expect(flags.zilch?.round?.round).toBe(1);
    const rounds = () => flags.zilch!.combatants!;
    expect(Object.values(rounds()).every((c) => c.domino.state === "faceDown")).toBe(true);
    expect(chat.at(-1)?.content).toContain("ZILCH.Combat.Chat.RoundStarted(1");

    for (const id of ["ana", "bo", "orc"]) {
      expect(
        await combat.zilchApply(
          { kind: "declareStance", combatId: "x", combatantId: id, stance: "bold" },
          GM_USER,
        ),
      ).toEqual({ ok: true });
    }
    // ST-1: all in, so the stances are shown, and the flag never held a ballot.
    expect(flags.zilch?.round?.stancesShown).toBe(true);
    expect(JSON.stringify(flags)).not.toContain("ballot");
    expect(chat.at(-1)?.content).toContain("ZILCH.Combat.Chat.StancesShown");

    await combat.zilchApply({ kind: "nextCall", combatId: "x" }, GM_USER);
    expect(flags.zilch?.round?.current).toBe("ana");
    // DOM-5: Ana's domino is revealed at her turn start and posted; the others stay face-down with no value.
    expect(rounds().ana.domino.state).toBe("revealed");
    expect(rounds().bo.domino).toEqual({ state: "faceDown", greater: null, lesser: null });
    expect(chat.at(-1)?.content).toContain("ZILCH.Combat.Chat.DominoRevealed(ana");
    expect(actors.get("ana")!.events).toEqual(["turnStart"]);

    await combat.zilchApply({ kind: "nextCall", combatId: "x" }, GM_USER);
    await combat.zilchApply({ kind: "nextCall", combatId: "x" }, GM_USER);
    await combat.zilchApply({ kind: "nextCall", combatId: "x" }, GM_USER);
    expect(flags.zilch?.round?.current).toBeNull();
    await combat.zilchApply({ kind: "nextRound", combatId: "x" }, GM_USER);
    expect(actors.get("ana")!.events).toEqual(["turnStart", "turnEnd", "roundEnd"]);
    expect(actors.get("orc")!.events).toEqual(["turnStart", "turnEnd", "roundEnd"]);
    expect(flags.zilch?.round?.round).toBe(2);
  });

  it("a refused request writes nothing and runs no hook", async () => {
    const { combat, flags, actors } = makeCombat();
    await combat.zilchApply({ kind: "nextRound", combatId: "x" }, GM_USER);
    const before = JSON.stringify(flags);
    const player = { isGM: false } as never;
    expect(await combat.zilchApply({ kind: "nextCall", combatId: "x" }, player)).toEqual({
      ok: false,
      code: "gmOnly",
    });
    expect(JSON.stringify(flags)).toBe(before);
    expect(actors.get("ana")!.events).toEqual([]);
  });
});
