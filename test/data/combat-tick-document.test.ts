import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSuits, isOfType, NO_CHIPS } from "../support/fake-documents";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { storedMap } from "../../src/rules/round/stored";
import { bleeder, type OngoingEffect } from "../../src/rules/ongoing";
import { degreeOfSuccess } from "../../src/rules/tests";
import type { DegreeOfSuccess } from "../../src/rules/vocabulary";
import { enterCombatants, facts, fakeCombat, scriptedDice, SPADES } from "../support/combat";
import { installRenderTemplate } from "../templates/harness";

/**
 * OD-2, OD-3 at document level: the GM's client rolls each Ongoing Damage test of the victim whose
 * turn ended, on the effect's suit or, for a victim with First Aid, on Knowledge + 5. The d12 is
 * scripted to 8 (no Foundry Roll here); the actor stands in for ZilchActor's ongoing methods.
 */

vi.mock("../../src/dice/zilch-test-roll", () => ({
  ZilchTestRoll: { rollTest: async () => ({ dice: { d12: 8 }, roll: 8, rolls: [] }) },
}));

const chat: { content: string }[] = [];
let ZilchCombat: typeof ZilchCombatClass;

beforeAll(async () => {
  Reflect.set(globalThis, "Combat", class {});
  Reflect.set(globalThis, "Combatant", class {});
  Reflect.set(globalThis, "Actor", class {});
  Reflect.set(globalThis, "CONST", { TOKEN_DISPOSITIONS: { FRIENDLY: 1 }, GRID_TYPES: { SQUARE: 1 } });
  Reflect.set(globalThis, "ChatMessage", {
    create: async (data: { content: string }) => void chat.push(data),
  });
  Reflect.set(globalThis, "game", {
    user: { isGM: true, isActiveGM: true },
    i18n: {
      localize: (k: string) => k,
      format: (k: string, d: Record<string, string>) => `${k}(${Object.values(d).join(",")})`,
    },
  });
  // Chat cards render through the real templates (v13 renderTemplate).
  installRenderTemplate();
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
});

beforeEach(() => {
  chat.length = 0;
});

/** A victim with ♥6, Knowledge 4 and one bleeder; `skill` is its First Aid item, if any. */
function victim(
  skill: { key: string; bonus: number; free: boolean } | null,
  effect: OngoingEffect,
  race: string | null = null,
) {
  const tested: { key: string; dos: DegreeOfSuccess }[] = [];
  const actor = {
    uuid: "Actor.ana",
    name: "Ana",
    type: "character",
    isOfType,
    raging: false,
    system: {
      suits: fakeSuits({ hearts: { eff: 6 }, diamonds: { eff: 7, eff2: 4 }, spades: { eff: 7 } }),
      conditions: [],
      ...NO_CHIPS,
      equipment: { swimPenalty: 0 },
    },
    get creature() {
      return this.system;
    },
    items: {
      contents: [
        ...(skill ? [{ type: "skill", isOfType, system: skill }] : []),
        ...(race ? [{ type: "race", isOfType, system: { key: race } }] : []),
      ],
    },
    ongoingEntries: () => [{ key: "b1", effect }],
    async tickOngoing(results: { key: string; dos: DegreeOfSuccess }[]) {
      tested.push(...results);
      return results.map((r) => ({ key: r.key, effect, ends: true, amount: 0, harm: "none" }));
    },
  };
  const stored = enterCombatants(SPADES, [facts("ana")], scriptedDice());
  const combatants = new Map([
    [
      "ana",
      {
        id: "ana",
        name: "ANA",
        actor,
        token: null,
        hasPlayerOwner: true,
        defeated: false,
      },
    ],
  ]);
  const combat = fakeCombat(ZilchCombat, combatants, { combatants: storedMap(stored) });
  const tick = () => combat.zilchRunHooks([{ id: "ana", event: null, tick: true }]);
  return { tick, tested };
}

describe("OD-2, OD-3: the end-of-turn Ongoing Damage test", () => {
  it("without First Aid the victim tests the effect's suit: 8 against ♥6", async () => {
    const { tick, tested } = victim(null, bleeder("chest"));
    await tick();
    expect(tested).toEqual([{ key: "b1", dos: degreeOfSuccess(8, 6) }]);
    expect(chat[0].content).toContain("OngoingTick(ANA,ZILCH.Item.Choice.tag.bleeding,8,6,");
    expect(chat[0].content).not.toContain("OngoingFirstAid");
  });

  it("with First Aid the victim tests Knowledge 4 + 5 = 9, and the line says so", async () => {
    const { tick, tested } = victim({ key: "firstAid", bonus: 5, free: false }, bleeder("chest"));
    await tick();
    expect(tested).toEqual([{ key: "b1", dos: degreeOfSuccess(8, 9) }]);
    expect(chat[0].content).toContain("OngoingTick(ANA,ZILCH.Item.Choice.tag.bleeding,8,9,");
    expect(chat[0].content).toContain("ZILCH.Combat.Chat.OngoingFirstAid");
  });

  it("a First Aid skill with no steps (SK-2) is not taken: the suit is tested", async () => {
    const { tick, tested } = victim({ key: "firstAid", bonus: 0, free: false }, bleeder("chest"));
    await tick();
    expect(tested).toEqual([{ key: "b1", dos: degreeOfSuccess(8, 6) }]);
  });

  it("another skill is not First Aid", async () => {
    const { tick, tested } = victim({ key: "athletics", bonus: 5, free: false }, bleeder("chest"));
    await tick();
    expect(chat[0].content).toContain(",8,6,");
    expect(tested).toHaveLength(1);
  });
});

describe("RA-2, RA-3: a race's bonus on the Ongoing Damage test it resists", () => {
  const poison: OngoingEffect = { rating: 1, suit: "hearts", modifier: 0, tag: "poison", origin: null };
  const acid: OngoingEffect = { rating: 1, suit: "spades", modifier: 0, tag: "acid", origin: null };

  it("a Dwarf tests a poison at ♥6 + 2 = 8", async () => {
    const { tick, tested } = victim(null, poison, "dwarf");
    await tick();
    expect(tested).toEqual([{ key: "b1", dos: degreeOfSuccess(8, 8) }]);
    expect(chat[0].content).toContain(",8,8,");
  });

  it("a Dwarf tests an effect that drains ♠ at ♠7 + 2 = 9 (drain, not poison, but the one +2)", async () => {
    const { tick } = victim(null, acid, "dwarf");
    await tick();
    expect(chat[0].content).toContain(",8,9,");
  });

  it("the bonus stacks with First Aid's +5: Knowledge 4 + 5 + 2 = 11", async () => {
    const { tick } = victim({ key: "firstAid", bonus: 5, free: false }, poison, "dwarf");
    await tick();
    expect(chat[0].content).toContain(",8,11,");
    expect(chat[0].content).toContain("ZILCH.Combat.Chat.OngoingFirstAid");
  });

  it("a Dwarf's bleeder and an Elf's poison take no race bonus", async () => {
    const dwarf = victim(null, bleeder("chest"), "dwarf");
    await dwarf.tick();
    const elf = victim(null, poison, "elf");
    await elf.tick();
    expect([chat[0].content, chat[1].content].map((c) => c.includes(",8,6,"))).toEqual([true, true]);
  });
});
