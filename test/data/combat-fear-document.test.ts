import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeSuits, NO_CHIPS } from "../support/fake-documents";
import { combatantsOf, DISPOSITION, FakeCombatActor, SQUARE, tokenAt } from "../support/combat-scene";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import type { fearSaveFromSheet as FearSaveFromSheet } from "../../src/documents/fear";
import { createRound } from "../../src/rules/round/round-start";
import type { RoundState } from "../../src/rules/round/state";
import type { MarkedRound } from "../../src/rules/round/margin";
import { storedMap, type StoredCombatants } from "../../src/rules/round/stored";
import type { FearLevel } from "../../src/rules/fear";
import type { Condition } from "../../src/rules/vocabulary";
import { enterCombatants, facts, fakeCombat, scriptedDice, SPADES } from "../support/combat";
import { installRenderTemplate } from "../templates/harness";

/**
 * OPT-2 at document level: with the Fear setting on, a creature that starts its turn within an enemy's
 * fear area makes the ♥ save on the GM's client, through ZilchCombat's turn hooks (a real Spades round
 * driven by zilchApply), and the failure's result lands on the actor or the round. The sheet's Fear
 * save button does the same for the tokens the GM targets. The d12 is scripted (no Foundry Roll here);
 * combatants, tokens, the scene grid and actors are plain objects. The combat's flags follow
 * Document#setFlag/getFlag (a value stored under scope and key, read back as stored).
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

const chat: string[] = [];
const warnings: string[] = [];
let fearOn = true;
let ZilchCombat: typeof ZilchCombatClass;
let fearSaveFromSheet: typeof FearSaveFromSheet;
const user = { isGM: true, isActiveGM: true, targets: new Set<unknown>() };

beforeAll(async () => {
  Reflect.set(globalThis, "Combat", class {});
  Reflect.set(globalThis, "Combatant", class {});
  Reflect.set(globalThis, "Actor", class {});
  Reflect.set(globalThis, "CONFIG", { Dice: { randomUniform: () => 0.5 } });
  Reflect.set(globalThis, "CONST", { TOKEN_DISPOSITIONS: DISPOSITION, GRID_TYPES: { GRIDLESS: 0, SQUARE } });
  Reflect.set(globalThis, "ChatMessage", {
    create: async (data: { content: string }) => void chat.push(data.content),
  });
  Reflect.set(globalThis, "ui", {
    notifications: { warn: (m: string) => warnings.push(m), info: (m: string) => warnings.push(m) },
  });
  Reflect.set(globalThis, "game", {
    user,
    combat: null,
    settings: { get: (scope: string, key: string) => scope === "zilch" && key === "fearAbilities" && fearOn },
    i18n: {
      localize: (k: string) => k,
      format: (k: string, d: Record<string, string>) => `${k}(${Object.values(d).join(",")})`,
    },
  });
  // Chat cards render through the real templates (v13 renderTemplate).
  installRenderTemplate();
  ({ ZilchCombat } = await import("../../src/documents/combat/zilch-combat"));
  // What the system's init registers (src/setup/combat.ts): the combat document class.
  Reflect.set(Reflect.get(globalThis, "CONFIG") as object, "Combat", { documentClass: ZilchCombat });
  ({ fearSaveFromSheet } = await import("../../src/documents/fear"));
});

beforeEach(() => {
  chat.length = 0;
  warnings.length = 0;
  d12s.length = 0;
  fearOn = true;
  user.targets = new Set();
  Reflect.set(Reflect.get(globalThis, "game") as object, "combat", null);
});

class FakeActor extends FakeCombatActor {
  applied: { condition: Condition; duration: unknown; source: string }[] = [];
  readonly raging = false;
  constructor(
    uuid: string,
    name: string,
    type: "character" | "npc",
    readonly hearts: number,
    readonly fear: FearLevel = "none",
  ) {
    super(uuid, name, type);
  }
  get creature() {
    return {
      suits: fakeSuits({ hearts: { eff: this.hearts }, spades: { eff: 7, eff2: 7 } }),
      ...(this.type === "npc" ? { fear: this.fear } : {}),
    };
  }
  get system() {
    const chips = this.type === "npc" ? { clubs: { value: 0 }, spades: { value: 0 } } : NO_CHIPS.chips;
    return {
      ...this.creature,
      conditions: [...this.statuses],
      attacks: [],
      hasKnack: () => false,
      chips,
      boons: 0,
      equipment: { swimPenalty: 0 },
    };
  }
  async applyCondition(condition: Condition, duration: unknown, source = "") {
    this.applied.push({ condition, duration, source });
    this.statuses.add(condition);
  }
}

/** Ana (friendly, ♥7) at (0,0) goes first; the monster (hostile, `fear`) stands `squares` away on the same row. */
function makeCombat(
  fear: FearLevel,
  squares: number,
  extra: { fear: FearLevel; squares: number } | null = null,
) {
  const ids = ["ana", "monster", ...(extra ? ["other"] : [])];
  const stored = enterCombatants(
    SPADES,
    ids.map((id) => facts(id)),
    scriptedDice(),
  );
  const actors: Record<string, FakeActor> = {
    ana: new FakeActor("Actor.ana", "Ana", "character", 7),
    monster: new FakeActor("Actor.monster", "Monster", "npc", 9, fear),
    other: new FakeActor("Actor.other", "Other", "npc", 5, extra?.fear ?? "none"),
  };
  const tokens = {
    ana: tokenAt(0, 0, DISPOSITION.FRIENDLY),
    monster: tokenAt(squares, 0, DISPOSITION.HOSTILE),
    other: tokenAt(extra?.squares ?? 0, 0, DISPOSITION.HOSTILE),
  };
  const combatants = combatantsOf(ids, {
    actor: (id) => actors[id]!,
    token: (id) => tokens[id as keyof typeof tokens],
    name: (id) => actors[id]!.name,
    owned: (id) => id === "ana",
  });
  const flags: { round?: RoundState; combatants?: StoredCombatants; fear?: unknown } = {
    round: createRound(SPADES, false, () => 1),
    combatants: storedMap(stored),
  };
  const combat = fakeCombat(ZilchCombat, combatants, flags);
  const roundFlag = combat.getFlag.bind(combat);
  Object.assign(combat, {
    started: true,
    // Foundry's own turn order, which the GM's save keeps in step with Zilch's (turn-sync.ts).
    turns: [...combatants.values()],
    getFlag: (scope: string, key: string) =>
      scope === "zilch" && key === "fear" ? flags.fear : roundFlag(scope as never, key as never),
    setFlag: async (scope: string, key: string, value: unknown) => {
      if (scope !== "zilch" || key !== "fear") throw new Error(`setFlag ${scope}.${key} is not modelled`);
      flags.fear = structuredClone(value);
    },
  });
  const apply = (request: Record<string, unknown>) =>
    combat.zilchApply({ combatId: combat.id!, ...request } as never, user as never);
  /** A new round: everyone declares Cautious; the first call starts Ana's turn (the fear hook runs). */
  const startRound = async () => {
    await apply({ kind: "nextRound" });
    for (const id of ids) await apply({ kind: "declareStance", combatantId: id, stance: "cautious" });
    await apply({ kind: "nextCall" });
  };
  const endRound = async () => {
    for (let i = 1; i <= ids.length; i++) await apply({ kind: "nextCall" });
  };
  return { combat, actors, tokens, flags, startRound, endRound };
}

describe("OPT-2 at the start of a turn within a fear's area", () => {
  it("Dread: a ♥7 creature saves at 5; rolling 8 fails and it is Shaken until the encounter ends", async () => {
    const { actors, flags, startRound } = makeCombat("dread", 5);
    d12s.push(8);
    await startRound();
    expect(flags.round!.current).toBe("ana");
    expect(actors.ana.applied).toEqual([
      { condition: "shaken", duration: { kind: "endOfEncounter" }, source: "zilch.fear" },
    ]);
    expect(chat.at(-1)).toContain("ZILCH.Fear.Chat.Failed(Ana,Monster,ZILCH.Fear.Level.dread,8,5)");
    expect(chat.at(-1)).toContain("ZILCH.Fear.Chat.shaken(Ana)");
    expect(flags.fear).toEqual({ ana: { level: "dread", passed: false, failures: 1 } });
  });

  it("a level already faced this encounter is not saved against again", async () => {
    const { actors, startRound, endRound } = makeCombat("fearsome", 3);
    d12s.push(2, 11);
    await startRound();
    expect(chat.at(-1)).toContain("ZILCH.Fear.Chat.Saved(Ana,Monster,ZILCH.Fear.Level.fearsome,2,7)");
    await endRound();
    const posted = chat.length;
    await startRound();
    expect(chat.slice(posted).some((c) => c.includes("ZILCH.Fear"))).toBe(false);
    expect(actors.ana.applied).toEqual([]);
  });

  it("Fell repeats each round until passed: Shaken, then Terrified, then nothing once passed", async () => {
    const { actors, startRound, endRound } = makeCombat("fell", 4);
    d12s.push(9, 10, 1);
    for (let round = 0; round < 4; round++) {
      await startRound();
      await endRound();
    }
    expect(actors.ana.applied.map((a) => a.condition)).toEqual(["shaken", "terrified"]);
    expect(chat.filter((c) => c.includes("ZILCH.Fear.Chat.Saved"))).toHaveLength(1);
    expect(chat.filter((c) => c.includes("ZILCH.Fear.Chat.Failed"))).toHaveLength(2);
  });

  it("Scary in Spades: a failure at the start of its turn costs that turn's Standard action", async () => {
    const { actors, flags, startRound } = makeCombat("scary", 2);
    d12s.push(11);
    await startRound();
    expect(actors.ana.applied).toEqual([]);
    expect((flags.round as MarkedRound).noMinor).toEqual([{ id: "ana", armed: true, standard: true }]);
    expect(chat.some((c) => c.includes("ZILCH.Combat.Chat.LostStandardAction"))).toBe(true);
  });

  it("the area: Near (12 squares) for most levels, Far (24) for Terror", async () => {
    const near = makeCombat("dread", 13);
    await near.startRound();
    expect(chat.some((c) => c.includes("ZILCH.Fear"))).toBe(false);
    const far = makeCombat("terror", 24);
    d12s.push(1);
    await far.startRound();
    expect(chat.some((c) => c.includes("ZILCH.Fear.Chat.Saved(Ana,Monster,ZILCH.Fear.Level.terror"))).toBe(
      true,
    );
  });

  it("only the worst fear present applies", async () => {
    const { startRound } = makeCombat("scary", 1, { fear: "dread", squares: 6 });
    d12s.push(1);
    await startRound();
    const saves = chat.filter((c) => c.includes("ZILCH.Fear.Chat"));
    expect(saves).toHaveLength(1);
    expect(saves[0]).toContain("Other,ZILCH.Fear.Level.dread");
  });

  it("with the setting off nothing is rolled; a creature does not fear its own side", async () => {
    fearOn = false;
    await makeCombat("fell", 1).startRound();
    expect(chat.some((c) => c.includes("ZILCH.Fear"))).toBe(false);
    fearOn = true;
    const same = makeCombat("fell", 1);
    same.tokens.monster!.disposition = DISPOSITION.FRIENDLY;
    await same.startRound();
    expect(chat.some((c) => c.includes("ZILCH.Fear"))).toBe(false);
  });
});

describe("OPT-2 the Fear save button (when a creature first sees it)", () => {
  const tokenOf = (actor: FakeActor, id: string) => ({ id, name: actor.name, actor });

  it("each targeted token saves; outside combat nothing is recorded and a failure still applies", async () => {
    const ghoul = new FakeActor("Actor.ghoul", "Ghoul", "npc", 7, "fearsome");
    const ana = new FakeActor("Actor.ana", "Ana", "character", 7);
    const bo = new FakeActor("Actor.bo", "Bo", "character", 4);
    user.targets = new Set([tokenOf(ana, "t-ana"), tokenOf(bo, "t-bo"), tokenOf(ghoul, "t-ghoul")]);
    d12s.push(3, 9);
    await fearSaveFromSheet(ghoul as never);
    expect(chat).toHaveLength(2);
    expect(chat[0]).toContain("ZILCH.Fear.Chat.Saved(Ana,Ghoul,ZILCH.Fear.Level.fearsome,3,7)");
    expect(chat[1]).toContain("ZILCH.Fear.Chat.Failed(Bo,Ghoul,ZILCH.Fear.Level.fearsome,9,4)");
    expect(bo.applied.map((a) => a.condition)).toEqual(["shaken"]);
  });

  it("in a combat it records the save, and a creature that already faced the fear is not asked again", async () => {
    const { combat, actors, flags } = makeCombat("dread", 30);
    // A started combat: Zilch's first round is dealt (its stored round state says so, not Foundry's).
    flags.round = { ...flags.round!, round: 1 };
    Reflect.set(Reflect.get(globalThis, "game") as object, "combat", combat);
    user.targets = new Set([tokenOf(actors.ana, "token-ana")]);
    d12s.push(2, 2);
    await fearSaveFromSheet(actors.monster as never);
    expect(flags.fear).toEqual({ ana: { level: "dread", passed: true, failures: 0 } });
    await fearSaveFromSheet(actors.monster as never);
    expect(chat.filter((c) => c.includes("ZILCH.Fear.Chat"))).toHaveLength(1);
    expect(warnings).toEqual(["ZILCH.Fear.AlreadyFaced(Ana)"]);
  });

  it("Scary from the button, even during the creature's own turn, costs its next turn's Standard action", async () => {
    const { combat, actors, flags, startRound } = makeCombat("scary", 30);
    await startRound();
    expect(flags.round!.current).toBe("ana");
    Reflect.set(Reflect.get(globalThis, "game") as object, "combat", combat);
    user.targets = new Set([tokenOf(actors.ana, "token-ana")]);
    d12s.push(11);
    await fearSaveFromSheet(actors.monster as never);
    expect((flags.round as MarkedRound).noMinor).toEqual([{ id: "ana", armed: false, standard: true }]);
  });

  it("refuses without a target, with the setting off, and for a player", async () => {
    const ghoul = new FakeActor("Actor.ghoul", "Ghoul", "npc", 7, "fearsome");
    await fearSaveFromSheet(ghoul as never);
    fearOn = false;
    await fearSaveFromSheet(ghoul as never);
    fearOn = true;
    user.isGM = false;
    await fearSaveFromSheet(ghoul as never);
    user.isGM = true;
    expect(warnings).toEqual(["ZILCH.Fear.NoTargets", "ZILCH.Fear.Off", "ZILCH.Fear.GMOnly"]);
    expect(chat).toEqual([]);
  });
});
