import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as GritAndWounds from "../../src/documents/grit-and-wounds";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import type { RoundState } from "../../src/rules/round/state";
import { storedMap, type StoredCombatants } from "../../src/rules/round/stored";
import { enterCombatants, EX_INI_1, fakeCombat, scriptedDice, SPADES } from "../support/combat";
import { StandInRoll } from "../stand-in/chat";
import { installRenderTemplate } from "../templates/harness";
import { combatantsOf, FakeCombatActor } from "../support/combat-scene";

/**
 * GW-2, GW-8 at document level: ZilchCombat's startCombat rolls Grit for the creatures that are not
 * surprised, and each round start (on the GM's client) gives Grit for adrenaline and, after the
 * surprise round, rolls Grit for the surprised. The combat and its combatants are plain objects with
 * ZilchCombat's prototype; the actors stand in for the creature's Grit functions (null when Grit and
 * Wounds does not apply to them, as the real ones), which the combat calls through the mock below.
 */
vi.mock("../../src/documents/grit-and-wounds", async (importOriginal) => ({
  ...(await importOriginal<typeof GritAndWounds>()),
  rollGritAtStart: (actor: GritActor) => actor.rollGritAtStart(),
  gainAdrenalineGrit: (actor: GritActor) => actor.gainAdrenalineGrit(),
}));

const settings: Record<string, unknown> = {};
const chat: { content: string }[] = [];
let isGM = true;
let ZilchCombat: typeof ZilchCombatClass;

beforeAll(async () => {
  Reflect.set(
    globalThis,
    "Combat",
    class {
      async startCombat() {
        return this;
      }
    },
  );
  Reflect.set(globalThis, "Combatant", class {});
  // The global Roll a module-level `extends Roll` names (ZilchTestRoll), as in Foundry.
  Reflect.set(globalThis, "Roll", StandInRoll);
  Reflect.set(globalThis, "Actor", class {});
  let seed = 0;
  Reflect.set(globalThis, "CONFIG", {
    Dice: { randomUniform: () => ((seed = (seed * 7 + 3) % 17) + 0.5) / 17 },
  });
  Reflect.set(globalThis, "CONST", { TOKEN_DISPOSITIONS: { FRIENDLY: 1 }, GRID_TYPES: { SQUARE: 1 } });
  Reflect.set(globalThis, "foundry", { utils: { escapeHTML: (s: string) => s } });
  Reflect.set(globalThis, "ChatMessage", {
    create: async (data: { content: string }) => void chat.push(data),
  });
  Reflect.set(globalThis, "game", {
    get user() {
      return { isGM, isActiveGM: isGM };
    },
    settings: { get: (scope: string, key: string) => (scope === "zilch" ? settings[key] : undefined) },
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
  Object.assign(settings, {
    initiativeMode: "spades",
    dominoSource: "deck",
    spadesRandomizer: "none",
    cdBidding: false,
    cdNoRepeat: false,
    cdRoundTable: false,
    cdLowerClosing: false,
    cdCombine: false,
    cdShowClosing: false,
    threatAutoDetect: false,
    gritWounds: true,
  });
  chat.length = 0;
  isGM = true;
});

/** The GW-2 / GW-8 functions as they behave: a die roll adds to Grit, adrenaline adds to Grit. */
class GritActor extends FakeCombatActor {
  grit = 0;
  adrenaline = 0;
  rolls = 0;
  /** §23: a PC or Foe with the setting on; an Enemy keeps HP. */
  constructor(
    uuid: string,
    name: string,
    type: "character" | "npc",
    readonly usesGrit: boolean,
    readonly die = 4,
  ) {
    super(uuid, name, type);
  }
  get system() {
    return { suits: { spades: { eff: 7, eff2: 7 } }, conditions: [], attacks: [], hasKnack: () => false };
  }
  private get active() {
    return this.usesGrit && settings.gritWounds === true;
  }
  async rollGritAtStart() {
    if (!this.active) return null;
    this.rolls += 1;
    this.grit += this.die;
    return { rolled: this.die, gained: this.die, grit: this.grit };
  }
  async gainAdrenalineGrit() {
    if (!this.active || this.adrenaline <= 0) return null;
    this.grit += this.adrenaline;
    return { rolled: null, gained: this.adrenaline, grit: this.grit };
  }
}

/** EX-INI-1's Ana and Bo (PCs) and the orc (a Foe unless `enemyOrc`); `aware` names the unsurprised. */
function makeCombat(aware: readonly string[] = [], { enemyOrc = false, sharedActor = false } = {}) {
  const stored = enterCombatants(SPADES, EX_INI_1, scriptedDice(), { aware });
  const flags: { round?: RoundState; combatants?: StoredCombatants } = { combatants: storedMap(stored) };
  const actors: Record<string, GritActor> = {
    ana: new GritActor("Actor.ana", "Ana", "character", true, 6),
    bo: new GritActor("Actor.bo", "Bo", "character", true, 4),
    orc: new GritActor("Actor.orc", "Orc", "npc", !enemyOrc, 8),
  };
  if (sharedActor) actors.orc = actors.bo;
  const pcs = new Set(EX_INI_1.filter((f) => f.pc).map((f) => f.id));
  const combatants = combatantsOf(
    EX_INI_1.map((f) => f.id),
    { actor: (id) => actors[id]!, owned: (id) => pcs.has(id) },
  );
  const combat = fakeCombat(ZilchCombat, combatants, flags);
  const GM = { isGM: true } as never;
  /** Every holder declares, the turns run out, and the next round starts. */
  const nextRound = async () => {
    for (const id of ["ana", "bo", "orc"])
      await combat.zilchApply(
        { kind: "declareStance", combatId: combat.id!, combatantId: id, stance: "bold" },
        GM,
      );
    for (let i = 0; i < 4; i++) await combat.zilchApply({ kind: "nextCall", combatId: combat.id! }, GM);
    return combat.zilchApply({ kind: "nextRound", combatId: combat.id! }, GM);
  };
  return { combat, flags, actors, combatants, nextRound };
}

describe("GW-2: Grit at the start of combat", () => {
  it("every creature that is not surprised rolls its Grit die once when the combat starts", async () => {
    const { combat, flags, actors } = makeCombat();
    await combat.startCombat();
    expect(flags.round?.round).toBe(1);
    expect([actors.ana.grit, actors.bo.grit, actors.orc.grit]).toEqual([6, 4, 8]);
    expect([actors.ana.rolls, actors.bo.rolls, actors.orc.rolls]).toEqual([1, 1, 1]);
  });

  it("surprised creatures roll at the start of round 2, and only then; the others do not roll again", async () => {
    const { combat, flags, actors, nextRound } = makeCombat(["ana", "orc"]);
    await combat.startCombat();
    expect(flags.round?.surprise).toBe(true);
    expect([actors.ana.rolls, actors.bo.rolls, actors.orc.rolls]).toEqual([1, 0, 1]);
    expect(await nextRound()).toEqual({ ok: true });
    expect(flags.round?.round).toBe(2);
    expect([actors.ana.rolls, actors.bo.rolls, actors.orc.rolls]).toEqual([1, 1, 1]);
    expect(actors.bo.grit).toBe(4);
    expect(await nextRound()).toEqual({ ok: true });
    expect(flags.round?.round).toBe(3);
    expect([actors.ana.rolls, actors.bo.rolls, actors.orc.rolls]).toEqual([1, 1, 1]);
  });

  it("an Enemy keeps HP: it rolls no Grit", async () => {
    const { combat, actors } = makeCombat([], { enemyOrc: true });
    await combat.startCombat();
    expect(actors.orc.grit).toBe(0);
    expect(actors.ana.grit).toBe(6);
  });

  it("a creature with two combatants rolls once", async () => {
    const { combat, actors } = makeCombat([], { sharedActor: true });
    await combat.startCombat();
    expect(actors.bo.rolls).toBe(1);
    expect(actors.bo.grit).toBe(4);
  });

  it("setting off: nobody rolls and no Grit line is posted", async () => {
    settings.gritWounds = false;
    const { combat, actors, nextRound } = makeCombat(["ana"]);
    actors.ana.adrenaline = 2;
    await combat.startCombat();
    await nextRound();
    expect([actors.ana.rolls, actors.bo.rolls, actors.orc.rolls]).toEqual([0, 0, 0]);
    expect(actors.ana.grit).toBe(0);
    expect(chat.some((m) => m.content.includes("AdrenalineGrit"))).toBe(false);
  });

  it("only the GM's client rolls", async () => {
    const { combat, actors } = makeCombat();
    isGM = false;
    await combat.zilchRollGrit(() => true);
    expect(actors.ana.rolls).toBe(0);
  });
});

describe("GW-8: adrenaline at each round start", () => {
  it("each creature gains Grit equal to its adrenaline at every round start, with one chat line", async () => {
    const { combat, actors, nextRound } = makeCombat();
    await combat.startCombat();
    actors.ana.adrenaline = 2;
    actors.orc.adrenaline = 1;
    expect(await nextRound()).toEqual({ ok: true });
    expect([actors.ana.grit, actors.bo.grit, actors.orc.grit]).toEqual([8, 4, 9]);
    const line = chat.find((m) => m.content.includes("AdrenalineGrit"))!.content;
    expect(line).toContain("ZILCH.Combat.Chat.AdrenalineGrit(ANA,2,8)");
    expect(line).toContain("ZILCH.Combat.Chat.AdrenalineGrit(ORC,1,9)");
    expect(line).not.toContain("(BO");
    await nextRound();
    expect([actors.ana.grit, actors.orc.grit]).toEqual([10, 10]);
  });

  it("no adrenaline anywhere: no line", async () => {
    const { combat, nextRound } = makeCombat();
    await combat.startCombat();
    await nextRound();
    expect(chat.some((m) => m.content.includes("AdrenalineGrit"))).toBe(false);
  });

  it("a refused round change gives no Grit", async () => {
    const { combat, actors } = makeCombat();
    await combat.startCombat();
    actors.ana.adrenaline = 3;
    const player = { isGM: false } as never;
    expect((await combat.zilchApply({ kind: "nextRound", combatId: combat.id! }, player)).ok).toBe(false);
    expect(actors.ana.grit).toBe(6);
  });
});

describe("GW-2: Grit for a creature joining mid-combat", () => {
  /** A combatant for `actor` entering the started combat (INI-6), as the createCombatant hook passes it. */
  const join = async (
    combat: ZilchCombatClass,
    combatants: Map<string, unknown>,
    id: string,
    actor: GritActor,
  ) => {
    const entered = {
      id,
      name: id.toUpperCase(),
      system: {
        stance: null,
        lastStance: null,
        domino: { state: "none", greater: null, lesser: null },
        aware: true,
        tiebreak: 0,
        ownDie: null,
        turnTaken: false,
      },
      actor,
      token: null,
      hasPlayerOwner: false,
      defeated: false,
      testUserPermission: () => true,
    };
    combatants.set(id, entered);
    await combat.zilchJoin(entered as never);
  };
  const started = (combat: ZilchCombatClass) => Object.defineProperty(combat, "started", { value: true });

  it("a joiner with Grit and Wounds on rolls its Grit die as it enters", async () => {
    const { combat, combatants } = makeCombat();
    await combat.startCombat();
    started(combat);
    const wolf = new GritActor("Actor.wolf", "Wolf", "npc", true, 6);
    await join(combat, combatants, "wolf", wolf);
    expect([wolf.rolls, wolf.grit]).toEqual([1, 6]);
  });

  it("another token of a creature already fighting does not roll again", async () => {
    const { combat, combatants, actors } = makeCombat();
    await combat.startCombat();
    started(combat);
    await join(combat, combatants, "orc2", actors.orc);
    expect(actors.orc.rolls).toBe(1);
  });

  it("an Enemy joiner keeps HP and the setting off rolls nothing", async () => {
    const { combat, combatants } = makeCombat();
    await combat.startCombat();
    started(combat);
    const enemy = new GritActor("Actor.troll", "Troll", "npc", false, 6);
    await join(combat, combatants, "troll", enemy);
    settings.gritWounds = false;
    const late = new GritActor("Actor.late", "Late", "npc", true, 6);
    await join(combat, combatants, "late", late);
    expect([enemy.rolls, late.rolls]).toEqual([0, 0]);
  });

  it("a combatant added before the combat starts does not roll on entering", async () => {
    const { combat, combatants } = makeCombat();
    const wolf = new GritActor("Actor.wolf", "Wolf", "npc", true, 6);
    await join(combat, combatants, "wolf", wolf);
    expect(wolf.rolls).toBe(0);
  });
});
