import { beforeEach, describe, expect, it, vi } from "vitest";
import { isOfType } from "../support/fake-documents";
import type { ZilchCombat as ZilchCombatClass } from "../../src/documents/combat/zilch-combat";
import { createRound } from "../../src/rules/round/round-start";
import type { RoundState } from "../../src/rules/round/state";
import { storedMap, type StoredCombatants } from "../../src/rules/round/stored";
import {
  lostSecrets,
  nextStamp,
  parseSecrets,
  SecretStore,
  secretsInUse,
  withoutLost,
  type SecretStorage,
} from "../../src/documents/combat/secrets";
import { enterCombatants, EX_INI_1, fakeCombat, scriptedDice, SPADES } from "../support/combat";
import { StandInRoll } from "../stand-in/chat";
import { installRenderTemplate } from "../templates/harness";

/**
 * The round's secrets (declared stances, bids, lowering spends) live only on
 * the active GM's client, in memory and its browser's localStorage, so a GM reload keeps them; a
 * change of GM machine tells the table what was lost and re-opens it; requests apply one at a time.
 */

/** A browser's localStorage (the Web Storage API), as far as the store uses it. */
class MemoryStorage implements SecretStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const chat: string[] = [];
const round1 = (): RoundState => ({
  ...createRound(SPADES, false, () => 1),
  round: 1,
  declared: ["ana", "bo"],
  bidders: ["orc"],
  lowered: [],
});

describe("secrets (pure)", () => {
  it("stored secrets count only with the state's stamp, and only well-formed entries", () => {
    const text = JSON.stringify({
      stamp: "s1",
      ballot: { ana: "bold", bo: "sneaky" },
      bids: { orc: 3, gob: 99 },
      spends: {},
    });
    expect(parseSecrets(text, "s1")).toEqual({
      ballot: { ana: "bold" },
      bids: { orc: 3 },
      spends: {},
      closing: null,
    });
    expect(parseSecrets(text, "s2")).toEqual({ ballot: {}, bids: {}, spends: {}, closing: null });
    expect(parseSecrets("{not json", "s1").ballot).toEqual({});
    expect(parseSecrets(text, undefined).ballot).toEqual({});
  });

  it("only the secrets the public state waits on are used; what it waits on and is missing is lost", () => {
    const state = round1();
    const held = {
      ballot: { ana: "bold" as const, orc: "guarded" as const },
      bids: {},
      spends: { bo: 2 },
      closing: 4,
    };
    // CD-19: a kept Closing die counts only once a round is Closed.
    expect(secretsInUse(state, held)).toEqual({
      ballot: { ana: "bold" },
      bids: {},
      spends: {},
      closing: null,
    });
    const lost = lostSecrets(state, secretsInUse(state, held));
    expect(lost).toEqual({ declarations: ["bo"], bids: ["orc"], spends: [] });
    const reopened = withoutLost(state, lost);
    expect(reopened.declared).toEqual(["ana"]);
    expect(reopened.bidders).toEqual([]);
    // Once the stances are shown nothing is secret any more, so nothing is lost.
    expect(lostSecrets({ ...state, stancesShown: true, bidders: [] }, held).declarations).toEqual([]);
  });

  it("each save's stamp is one more than the stored one; anything unreadable starts again at 1", () => {
    expect([nextStamp(undefined), nextStamp("1"), nextStamp("41"), nextStamp("x"), nextStamp("-3")]).toEqual([
      "1",
      "2",
      "42",
      "1",
      "1",
    ]);
  });

  it("the store keeps secrets across a reload (a new store on the same browser) under the same stamp", () => {
    const storage = new MemoryStorage();
    const before = new SecretStore(
      () => storage,
      () => "world1",
    );
    before.write("c1", "s1", { ballot: { ana: "bold" }, bids: {}, spends: {}, closing: 5 });
    const after = new SecretStore(
      () => storage,
      () => "world1",
    );
    expect(after.read("c1", "s1").ballot).toEqual({ ana: "bold" });
    expect(after.read("c1", "s1").closing).toBe(5);
    expect(after.read("c1", "s0").ballot).toEqual({});
    expect(
      new SecretStore(
        () => storage,
        () => "world2",
      ).read("c1", "s1").ballot,
    ).toEqual({});
    expect(
      new SecretStore(
        () => null,
        () => "world1",
      ).read("c1", "s1").ballot,
    ).toEqual({});
    after.forget("c1");
    expect(storage.items.size).toBe(0);
  });
});

/** The GM's browser: its localStorage stays when the page reloads; another machine has its own. */
let browser: MemoryStorage;

/** Loads the combat module as a (re)loaded GM page does: fresh memory, this browser's storage. */
async function loadGMPage(): Promise<typeof ZilchCombatClass> {
  vi.resetModules();
  Reflect.set(globalThis, "localStorage", browser);
  return (await import("../../src/documents/combat/zilch-combat")).ZilchCombat;
}

function table(
  ZilchCombat: typeof ZilchCombatClass,
  flags: { round?: RoundState; combatants?: StoredCombatants },
) {
  const combatants = new Map(
    EX_INI_1.map((f) => [
      f.id,
      {
        id: f.id,
        name: f.id.toUpperCase(),
        actor: {
          type: f.pc ? "character" : "npc",
          isOfType,
          items: { contents: [] },
          system: { suits: { spades: { eff: f.spades, eff2: f.cunning } }, hasKnack: () => false },
        },
        token: null,
        hasPlayerOwner: f.pc,
        defeated: false,
        testUserPermission: () => true,
      },
    ]),
  );
  const combat = fakeCombat(ZilchCombat, combatants, flags);
  Object.assign(combat, { id: "combat1" });
  return combat;
}

const GM = { isGM: true } as never;
const declare = (combat: ZilchCombatClass, id: string, stance: "bold" | "cautious" | "guarded") =>
  combat.zilchApply({ kind: "declareStance", combatId: "combat1", combatantId: id, stance }, GM);

beforeEach(() => {
  chat.length = 0;
  browser = new MemoryStorage();
  Reflect.set(globalThis, "Combat", class {});
  // The global Roll a module-level `extends Roll` names (ZilchTestRoll), as in Foundry.
  Reflect.set(globalThis, "Roll", StandInRoll);
  Reflect.set(globalThis, "Combatant", class {});
  Reflect.set(globalThis, "Actor", class {});
  Reflect.set(globalThis, "CONFIG", { Dice: { randomUniform: () => 0.5 } });
  Reflect.set(globalThis, "CONST", { TOKEN_DISPOSITIONS: { FRIENDLY: 1 } });
  Reflect.set(globalThis, "foundry", { utils: { escapeHTML: (s: string) => s } });
  // Chat cards render through the real templates (v13 renderTemplate).
  installRenderTemplate();
  Reflect.set(globalThis, "ChatMessage", {
    create: async (data: { content: string }) => void chat.push(data.content),
  });
  Reflect.set(globalThis, "game", {
    user: { isGM: true, isActiveGM: true },
    world: { id: "world1" },
    settings: { get: () => false },
    i18n: {
      localize: (k: string) => k,
      format: (k: string, d: Record<string, string>) => `${k}(${Object.values(d).join(",")})`,
    },
  });
});

async function startedTable() {
  const ZilchCombat = await loadGMPage();
  const flags: { round?: RoundState; combatants?: StoredCombatants } = {
    round: createRound(SPADES, false, () => 1),
    combatants: storedMap(enterCombatants(SPADES, EX_INI_1, scriptedDice())),
  };
  const combat = table(ZilchCombat, flags);
  expect(await combat.zilchApply({ kind: "nextRound", combatId: "combat1" }, GM)).toEqual({ ok: true });
  return { flags, combat };
}

describe("the round's secrets on the GM's client", () => {
  it("no document holds a declared stance; a GM reload keeps it, and it is shown at the reveal", async () => {
    const { flags, combat } = await startedTable();
    expect(await declare(combat, "ana", "guarded")).toEqual({ ok: true });
    expect(JSON.stringify(flags)).not.toContain("guarded");
    // The GM reloads: same browser, new page.
    const reloaded = table(await loadGMPage(), flags);
    expect(await declare(reloaded, "bo", "bold")).toEqual({ ok: true });
    expect(await declare(reloaded, "orc", "bold")).toEqual({ ok: true });
    expect(flags.round?.stancesShown).toBe(true);
    expect(flags.combatants?.ana.stance).toBe("guarded");
    expect(chat.join()).not.toContain("Lost");
  });

  it("another GM machine cannot see them: the table is told, those who declared declare again, nothing is chosen for them", async () => {
    const { flags, combat } = await startedTable();
    await declare(combat, "ana", "guarded");
    await declare(combat, "bo", "bold");
    // The active GM is now another machine: another browser, another page.
    browser = new MemoryStorage();
    const other = table(await loadGMPage(), flags);
    expect(await declare(other, "orc", "cautious")).toEqual({ ok: true });
    expect(chat.some((line) => line.includes("DeclarationsLost(ANA, BO)"))).toBe(true);
    expect(flags.round?.stancesShown).toBe(false);
    expect(flags.round?.declared).toEqual(["orc"]);
    await declare(other, "ana", "bold");
    await declare(other, "bo", "guarded");
    expect(flags.round?.stancesShown).toBe(true);
    expect([flags.combatants?.ana.stance, flags.combatants?.bo.stance]).toEqual(["bold", "guarded"]);
  });

  it("an old GM page coming back after another GM applied requests does not use its stale secrets", async () => {
    const { flags, combat } = await startedTable();
    await declare(combat, "ana", "guarded");
    const oldBrowser = browser;
    browser = new MemoryStorage();
    const other = table(await loadGMPage(), flags);
    await declare(other, "ana", "bold");
    browser = oldBrowser;
    const back = table(await loadGMPage(), flags);
    await declare(back, "bo", "bold");
    await declare(back, "orc", "bold");
    // Ana's Bold is on the other machine and her Guarded here is stale: she is asked again.
    expect(chat.filter((line) => line.includes("DeclarationsLost(ANA)"))).toHaveLength(2);
    expect(flags.round?.stancesShown).toBe(false);
    await declare(back, "ana", "cautious");
    expect(flags.combatants?.ana.stance).toBe("cautious");
  });
});

describe("serialised application", () => {
  it("two declarations at the same instant are both kept while the server echo lags", async () => {
    const { flags, combat } = await startedTable();
    // Each write lands only after a delay, as a client's copy changes only on the server's reply.
    const update = combat.update.bind(combat);
    Object.assign(combat, {
      update: async (changes: never) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return update(changes);
      },
    });
    const results = await Promise.all([declare(combat, "ana", "bold"), declare(combat, "bo", "cautious")]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect([...(flags.round?.declared ?? [])].sort()).toEqual(["ana", "bo"]);
  });

  it("a client that is not the active GM applies nothing", async () => {
    const { flags, combat } = await startedTable();
    const before = JSON.stringify(flags);
    Reflect.set(globalThis, "game", {
      ...(globalThis as unknown as { game: object }).game,
      user: { isGM: true, isActiveGM: false },
    });
    expect(await declare(combat, "ana", "bold")).toEqual({ ok: false, code: "notActiveGM" });
    expect(JSON.stringify(flags)).toBe(before);
  });
});
