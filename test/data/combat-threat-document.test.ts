import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isOfType } from "../support/fake-documents";
import {
  combatantsOf,
  DISPOSITION,
  FakeCombatActor,
  SQUARE,
  squareScene,
  tokenAt,
  type FakeToken,
} from "../support/combat-scene";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { allowedStances } from "../../src/rules/round/stance-declaration";
import { createRound } from "../../src/rules/round/round-start";
import { storedMap } from "../../src/rules/round/stored";
import { AUTO_THREAT_SOURCE } from "../../src/rules/round/threat";
import { closedConditionList } from "../../src/rules/conditions";
import type { Condition } from "../../src/rules/vocabulary";
import { enterCombatants, facts, fakeCombat, scriptedDice, SPADES } from "../support/combat";
import { StandInRoll } from "../stand-in/chat";
import { installRenderTemplate } from "../templates/harness";

/**
 * CON-2, CON-3 at document level: ZilchCombat's round start applies automatic Threatened from the
 * tokens on a square grid before anyone declares, and the tracker's ST-3 options (allowedStances of
 * factsOf) follow it. The combat, its combatants, tokens, scene grid and actors are plain objects;
 * the actor stand-in keeps statuses and CON-5 records the way ZilchActor's applyCondition and
 * setCondition do (a record lives only while its status does).
 */

let autoDetect = true;
let ZilchCombat: typeof ZilchCombatClass;

beforeAll(async () => {
  Reflect.set(globalThis, "Combat", class {});
  // The global Roll a module-level `extends Roll` names (ZilchTestRoll), as in Foundry.
  Reflect.set(globalThis, "Roll", StandInRoll);
  Reflect.set(globalThis, "Combatant", class {});
  Reflect.set(globalThis, "Actor", class {});
  Reflect.set(globalThis, "CONFIG", { Dice: { randomUniform: () => 0.5 } });
  Reflect.set(globalThis, "CONST", { TOKEN_DISPOSITIONS: DISPOSITION, GRID_TYPES: { GRIDLESS: 0, SQUARE } });
  Reflect.set(globalThis, "foundry", { utils: { escapeHTML: (s: string) => s } });
  Reflect.set(globalThis, "ChatMessage", { create: async () => undefined });
  Reflect.set(globalThis, "game", {
    user: { isGM: true, isActiveGM: true },
    settings: {
      get: (scope: string, key: string) => scope === "zilch" && key === "threatAutoDetect" && autoDetect,
    },
    i18n: { localize: (k: string) => k, format: (k: string) => k },
  });
  // Chat cards render through the real templates (v13 renderTemplate).
  installRenderTemplate();
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
});

type Weapon = {
  type: "weapon";
  isOfType: typeof isOfType;
  system: { slot: string; modes: { melee: boolean }; reach: number; brawling: boolean };
};
const sword = (slot = "hands"): Weapon => ({
  type: "weapon",
  isOfType,
  system: { slot, modes: { melee: true }, reach: 1, brawling: false },
});

class FakeActor extends FakeCombatActor {
  applied: { condition: string; source: string }[] = [];
  constructor(
    uuid: string,
    type: "character" | "npc",
    weapons: Weapon[],
    readonly attacks: { reach: number; brawling: boolean }[] = [],
  ) {
    super(uuid, uuid, type);
    this.items = { contents: weapons };
  }
  get system() {
    return {
      suits: { spades: { eff: 7, eff2: 7 } },
      conditions: closedConditionList(this.statuses as Set<Condition>),
      appliedConditions: this.applied,
      attacks: this.attacks,
      hasKnack: () => false,
    };
  }
  async applyCondition(condition: Condition, _duration: unknown, source = "") {
    this.applied = [...this.applied.filter((a) => this.statuses.has(a.condition)), { condition, source }];
    this.statuses.add(condition);
  }
  async setCondition(condition: Condition, active: boolean) {
    if (!active) this.applied = this.applied.filter((a) => a.condition !== condition);
    if (active) this.statuses.add(condition);
    else this.statuses.delete(condition);
  }
  /** The GM's status toggle on the token HUD: the status only, no record. */
  toggleByHand(condition: Condition, active: boolean) {
    if (active) this.statuses.add(condition);
    else this.statuses.delete(condition);
  }
}

/**
 * EX-CON-1 on a table: Ana, a swordswoman (friendly) at (5,5), between the orc with claws (a natural
 * weapon) at (4,5) and a goblin with a sword at (6,5); Bo, an unarmed friendly brawler, far away at (0,0).
 */
function makeCombat() {
  const ids = ["ana", "bo", "orc", "gob"];
  const stored = enterCombatants(
    SPADES,
    ids.map((id) => facts(id)),
    scriptedDice(),
  );
  const actors: Record<string, FakeActor> = {
    ana: new FakeActor("Actor.ana", "character", [sword()]),
    bo: new FakeActor("Actor.bo", "character", [sword("pack")]),
    orc: new FakeActor("Actor.orc", "npc", [], [{ reach: 1, brawling: false }]),
    gob: new FakeActor("Actor.gob", "npc", [sword()], [{ reach: 1, brawling: true }]),
  };
  const tokens: Record<string, FakeToken> = {
    ana: tokenAt(5, 5, DISPOSITION.FRIENDLY),
    bo: tokenAt(0, 0, DISPOSITION.FRIENDLY),
    orc: tokenAt(4, 5, DISPOSITION.HOSTILE),
    gob: tokenAt(6, 5, DISPOSITION.HOSTILE),
  };
  const combatants = combatantsOf(ids, {
    actor: (id) => actors[id]!,
    token: (id) => tokens[id]!,
    name: (id) => id,
    owned: (id) => id === "ana" || id === "bo",
  });
  const flags = { round: createRound(SPADES, false, () => 1), combatants: storedMap(stored) };
  const combat = fakeCombat(ZilchCombat, combatants, flags);
  const options = (id: string) => allowedStances(ZilchCombat.factsOf(combatants.get(id) as never));
  const nextRound = () => combat.zilchApply({ kind: "nextRound", combatId: combat.id! }, GM);
  const declare = (id: string, stance: "bold" | "cautious") =>
    combat.zilchApply({ kind: "declareStance", combatId: combat.id!, combatantId: id, stance }, GM);
  /** Every holder declares Cautious, then the turns run out, so the next round can start. */
  const playRound = async () => {
    for (const id of ids) await declare(id, "cautious");
    for (let i = 0; i <= ids.length; i++)
      await combat.zilchApply({ kind: "nextCall", combatId: combat.id! }, GM);
  };
  return { combat, actors, tokens, combatants, flags, options, nextRound, declare, playRound };
}

const GM = { isGM: true } as never;
const isAuto = (a: FakeActor) =>
  a.statuses.has("threatened") &&
  a.applied.some((r) => r.condition === "threatened" && r.source === AUTO_THREAT_SOURCE);

beforeEach(() => {
  autoDetect = true;
});

describe("CON-2, CON-3: automatic Threatened at round start", () => {
  it("EX-CON-1: the flanked swordswoman is Threatened (automatic) and is offered only Cautious and Guarded", async () => {
    const { actors, options, nextRound, declare } = makeCombat();
    expect(options("ana")).toEqual(["reckless", "bold", "cautious", "guarded"]);
    expect(await nextRound()).toEqual({ ok: true });
    expect(isAuto(actors.ana)).toBe(true);
    // The orc (claws) and the goblin (sword) are armed and not flanked; Bo is far away.
    expect(actors.orc.statuses.has("threatened")).toBe(false);
    expect(actors.gob.statuses.has("threatened")).toBe(false);
    expect(actors.bo.statuses.has("threatened")).toBe(false);
    expect(options("ana")).toEqual(["cautious", "guarded"]);
    expect(options("orc")).toEqual(["reckless", "bold", "cautious", "guarded"]);
    expect(await declare("ana", "bold")).toEqual({ ok: false, code: "stanceNotAllowed" });
    expect(await declare("ana", "cautious")).toEqual({ ok: true });
  });

  it("a declaration sent while the round is starting waits for the Threatened it brings", async () => {
    const { actors, tokens, nextRound, declare, playRound } = makeCombat();
    tokens.gob.x = 900;
    await nextRound();
    expect(actors.ana.statuses.has("threatened")).toBe(false);
    await playRound();
    tokens.gob.x = 600; // the goblin closes in: Ana is flanked from the next round start.
    const starting = nextRound();
    const early = declare("ana", "bold");
    expect(await starting).toEqual({ ok: true });
    expect(await early).toEqual({ ok: false, code: "stanceNotAllowed" });
  });

  it("an unarmed brawler next to an enemy is Threatened; a sword in the pack is not wielded", async () => {
    const { actors, tokens, nextRound } = makeCombat();
    tokens.bo.x = 300;
    tokens.bo.y = 500; // (3,5): adjacent to the orc at (4,5).
    await nextRound();
    expect(isAuto(actors.bo)).toBe(true);
  });

  it("neutral tokens are nobody's enemy; an enemy that cannot attack neither threatens nor flanks", async () => {
    const { actors, tokens, nextRound } = makeCombat();
    tokens.gob.disposition = DISPOSITION.NEUTRAL;
    await nextRound();
    expect(actors.ana.statuses.has("threatened")).toBe(false);

    const second = makeCombat();
    second.actors.gob.statuses.add("stunned");
    await second.nextRound();
    expect(second.actors.ana.statuses.has("threatened")).toBe(false);
  });

  it("off: nothing is detected and automatic Threatened left from earlier goes at the next round start", async () => {
    const { actors, nextRound, playRound } = makeCombat();
    await nextRound();
    expect(isAuto(actors.ana)).toBe(true);
    await playRound();
    autoDetect = false;
    await nextRound();
    expect(actors.ana.statuses.has("threatened")).toBe(false);
  });

  it("a defeated enemy no longer flanks", async () => {
    const { actors, combatants, nextRound } = makeCombat();
    combatants.get("gob")!.defeated = true;
    await nextRound();
    expect(actors.ana.statuses.has("threatened")).toBe(false);
  });
});

describe("CON-3: the GM's override wins until the next round start", () => {
  it("cleared by hand: stays cleared through the round, re-detected at the next round start", async () => {
    const { actors, options, nextRound, combat } = makeCombat();
    await nextRound();
    actors.ana.toggleByHand("threatened", false);
    expect(options("ana")).toContain("bold");
    for (const id of ["ana", "bo", "orc", "gob"])
      await combat.zilchApply(
        { kind: "declareStance", combatId: combat.id!, combatantId: id, stance: "bold" },
        GM,
      );
    for (let i = 0; i < 5; i++) await combat.zilchApply({ kind: "nextCall", combatId: combat.id! }, GM);
    expect(actors.ana.statuses.has("threatened")).toBe(false);
    await nextRound();
    expect(isAuto(actors.ana)).toBe(true);
  });

  it("set by hand where detection finds nothing: kept at the next round start", async () => {
    const { actors, nextRound, playRound } = makeCombat();
    await nextRound();
    actors.bo.toggleByHand("threatened", true);
    await playRound();
    await nextRound();
    expect(actors.bo.statuses.has("threatened")).toBe(true);
  });

  it("automatic Threatened that no longer holds is removed at the next round start, and only then", async () => {
    const { actors, tokens, nextRound, playRound } = makeCombat();
    await nextRound();
    tokens.gob.x = 900; // the goblin steps away: Ana is no longer flanked, but stays Threatened this round.
    await playRound();
    expect(isAuto(actors.ana)).toBe(true);
    await nextRound();
    expect(actors.ana.statuses.has("threatened")).toBe(false);
    expect(actors.ana.applied).toEqual([]);
  });
});

describe("MV-2: the scene grid's rule counts the squares", () => {
  it("MV-2: diagonal flankers at one square flank; with the grid counting a diagonal as 2 they are out of reach", async () => {
    const diagonal = makeCombat();
    Object.assign(diagonal.tokens.orc, { x: 400, y: 400 });
    Object.assign(diagonal.tokens.gob, { x: 600, y: 600 });
    await diagonal.nextRound();
    expect(isAuto(diagonal.actors.ana)).toBe(true);

    const measure = squareScene.grid.measurePath;
    // A grid whose diagonal step costs 2 (what a scene's "diagonals count double" rule measures).
    squareScene.grid.measurePath = ([a, b]: { i: number; j: number }[]) => {
      const di = Math.abs(a!.i - b!.i);
      const dj = Math.abs(a!.j - b!.j);
      return { distance: Math.max(di, dj) + Math.min(di, dj) };
    };
    try {
      const doubled = makeCombat();
      Object.assign(doubled.tokens.orc, { x: 400, y: 400 });
      Object.assign(doubled.tokens.gob, { x: 600, y: 600 });
      await doubled.nextRound();
      expect(doubled.actors.ana.statuses.has("threatened")).toBe(false);
    } finally {
      squareScene.grid.measurePath = measure;
    }
  });
});
