import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor } from "./models-setup";
import { standInFoundry, strictNamespace } from "../stand-in";
import { installChat, type ChatStandIn, type StandInUser } from "../stand-in/chat";
import { rollFirstAid } from "../../src/dice/recovery-roll";
import { creatureTestTarget } from "../../src/documents/creature-test";
import type { ZilchActor } from "../../src/documents/actor";
import { coreModeSetting } from "../stand-in/profile";
import { firstAidFromSheet, noteEncounterOver } from "../../src/documents/first-aid";

/**
 * OD-5, INJ-9 at document level: the injuries tab's First Aid button calls `rollFirstAid(victim,
 * tester)`: the tester's Knowledge test (+5 with the First Aid skill) is rolled, the victim's
 * `receiveFirstAid` applies it, and one chat card says what happened.
 */
type Globals = { game: Record<string, unknown>; foundry: unknown; ChatMessage?: unknown; Roll?: unknown };
const g = globalThis as unknown as Globals;
const user: StandInUser = { id: "player0000000001", isGM: false };

let chat: ChatStandIn;
let saved: Record<string, unknown>;
let warnings: string[];

beforeEach(() => {
  saved = { settings: g.game.settings, i18n: g.game.i18n, user: g.game.user, foundry: g.foundry };
  saved.ChatMessage = g.ChatMessage;
  saved.Roll = g.Roll;
  saved.ui = Reflect.get(globalThis, "ui");
  warnings = [];
  Reflect.set(globalThis, "ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
  chat = installChat(user, [user]);
  g.game.user = user;
  g.game.settings = {
    get: (ns: string, key: string) => (ns === "core" ? coreModeSetting(key, () => "public") : undefined),
  };
  g.game.i18n = {
    localize: (k: string) => k,
    format: (k: string, d: Record<string, string>) => `${k}(${Object.values(d).join(",")})`,
  };
  g.foundry = strictNamespace("foundry", {
    ...standInFoundry,
    applications: strictNamespace("foundry.applications", {
      handlebars: strictNamespace("foundry.applications.handlebars", {
        renderTemplate: async (_path: string, context: { title: string; lines: string[] }) =>
          [context.title, ...context.lines].join("\n"),
      }),
    }),
  });
});
afterEach(() => {
  Object.assign(g.game, { settings: saved.settings, i18n: saved.i18n, user: saved.user });
  g.foundry = saved.foundry;
  g.ChatMessage = saved.ChatMessage;
  g.Roll = saved.Roll;
  Reflect.set(globalThis, "ui", saved.ui);
  expect(chat.dice).toEqual([]);
});

type Zilch = ZilchActor & Actor.Implementation;
const injury = (name: string, system: Record<string, unknown>) => ({ name, type: "injury", system });

/** Bo after the fight: a leg Bleeder (OD-2a: its own test never stops it) and a Stun injury. */
const victim = (inCombat = false) => {
  const actor = makeActor({
    name: "Bo",
    type: "character",
    system: characterSource({ hearts: { primary: 6 } }, { hp: { value: 4 } }),
    items: [
      injury("Bleeder", {
        location: "leftLeg",
        effect: "bleeder",
        daysRemaining: null,
        ongoing: { active: true },
      }),
      injury("Stun", { location: "head", effect: "stun", daysRemaining: null }),
      injury("Maim", { location: "abdomen", effect: "maim", daysRemaining: 28 }),
    ],
  }) as unknown as Zilch;
  // Actor#inCombat (a core getter): whether the actor fights in a combat now.
  Object.defineProperty(actor, "inCombat", { value: inCombat });
  return actor;
};

/** Ana, ♦ secondary (Knowledge) 4, with or without the First Aid skill. */
const tester = (trained: boolean) =>
  makeActor({
    name: "Ana",
    type: "character",
    system: characterSource({ diamonds: { primary: 7, secondary: 4 } }),
    items: trained ? [{ name: "First Aid", type: "skill", system: { key: "firstAid", bonus: 1 } }] : [],
  }) as unknown as Zilch;

describe("First Aid from the injuries tab (OD-5, INJ-9)", () => {
  it("trained: Knowledge 4 + 5 = 9; a 7 is S: the bleeder stops (its injury goes) and Stun heals", async () => {
    const bo = victim();
    chat.dice.push(7);
    const out = await rollFirstAid(bo, tester(true));
    expect(out.test).toEqual({ roll: 7, target: 9, dos: "S" });
    expect(out.stoppedBleeders).toBe(1);
    expect(out.healed).toEqual(["Stun"]);
    expect(bo.ongoingEntries()).toEqual([]);
    expect(bo.items.contents.map((i) => i.name)).toEqual(["Maim"]);
    const card = String(chat.posts.at(-1)?.content);
    expect(card).toContain("ZILCH.Recovery.FirstAid.Trained(Ana,Bo,7,9,ZILCH.DoS.S)");
    expect(card).toContain("ZILCH.Recovery.FirstAid.Stopped(1)");
    expect(card).toContain("ZILCH.Recovery.Healed(Stun)");
  });

  it("T-2: a tester with a Maim tests at Knowledge 4 + 5 − 2 = 7, as the roll dialog's model reads the test", async () => {
    const maimed = makeActor({
      name: "Ana",
      type: "character",
      system: characterSource({ diamonds: { primary: 7, secondary: 4 } }),
      items: [
        { name: "First Aid", type: "skill", system: { key: "firstAid", bonus: 1 } },
        injury("Maim", { location: "abdomen", effect: "maim", daysRemaining: 28 }),
      ],
    }) as unknown as Zilch;
    chat.dice.push(8);
    const out = await rollFirstAid(victim(), maimed);
    const dialog = creatureTestTarget(maimed, { card: "knowledge", save: false, modifier: 5 });
    expect(out.test).toEqual({ roll: 8, target: dialog, dos: "F" });
    expect(dialog).toBe(7);
  });

  it("untrained: Knowledge 4 alone; the same 7 fails and nothing changes", async () => {
    const bo = victim();
    chat.dice.push(7);
    const out = await rollFirstAid(bo, tester(false));
    expect(out.test).toEqual({ roll: 7, target: 4, dos: "F" });
    expect(bo.ongoingEntries()).toHaveLength(1);
    expect(bo.items.size).toBe(3);
    expect(String(chat.posts.at(-1)?.content)).toContain("ZILCH.Recovery.FirstAid.Nothing");
  });

  it("in combat a success heals Stun but leaves the injury bleeder to its own tests (OD-3)", async () => {
    const bo = victim(true);
    chat.dice.push(3);
    const out = await rollFirstAid(bo, tester(true));
    expect(out.stoppedBleeders).toBe(0);
    expect(out.healed).toEqual(["Stun"]);
    expect(bo.ongoingEntries()).toHaveLength(1);
  });
});

/** Bo down at 0 HP and Unconscious after a fight (optionally with ♥ taint), out of combat now. */
const downed = (taint = 0) => {
  const actor = makeActor({
    name: "Bo",
    type: "character",
    system: characterSource({ hearts: { primary: 6, taint } }, { hp: { value: 0 } }),
    statuses: ["unconscious"],
  }) as unknown as Zilch;
  Object.defineProperty(actor, "inCombat", { value: false, configurable: true });
  return actor;
};
const hp = (actor: Zilch) => actor.creature.vitals().value;

describe("First Aid brings a creature at 0 HP round after a fight (HP-5)", () => {
  it("HP-5: S brings Bo round at 1 HP; a second try after the same fight is refused and nothing is rolled", async () => {
    const bo = downed();
    await noteEncounterOver(bo, "combatOne0000001");
    chat.dice.push(7);
    const out = await firstAidFromSheet(bo, tester(true));
    expect(out?.revivedTo).toBe(1);
    expect(hp(bo)).toBe(1);
    expect(bo.statuses.has("unconscious")).toBe(false);
    expect(String(chat.posts.at(-1)?.content)).toContain("ZILCH.Recovery.FirstAid.Revived(Bo)");
    // Down again in the same aftermath: the one try is spent.
    await bo.update({ system: { hp: { value: 0 } } });
    const posts = chat.posts.length;
    expect(await firstAidFromSheet(bo, tester(true))).toBeNull();
    expect(warnings).toEqual(["ZILCH.Recovery.FirstAid.AlreadyTried(Bo)"]);
    expect(chat.posts).toHaveLength(posts);
    expect(hp(bo)).toBe(0);
  });

  it("HP-5: a failed test spends the try and leaves 0 HP; the next fight's end gives it back", async () => {
    const bo = downed();
    await noteEncounterOver(bo, "combatOne0000001");
    chat.dice.push(11);
    const out = await firstAidFromSheet(bo, tester(true));
    expect(out?.revivedTo).toBe(0);
    expect(String(chat.posts.at(-1)?.content)).toContain("ZILCH.Recovery.FirstAid.StaysDown(Bo)");
    expect(await firstAidFromSheet(bo, tester(true))).toBeNull();
    await noteEncounterOver(bo, "combatTwo0000001");
    chat.dice.push(2);
    expect((await firstAidFromSheet(bo, tester(true)))?.revivedTo).toBe(1);
    expect(bo.getFlag("zilch", "firstAidRevive")).toEqual({ encounter: "combatTwo0000001", tried: true });
  });

  it("HP-5, DRN-6: with ♥ taint the restored point removes a taint counter and Bo stays down", async () => {
    const bo = downed(1);
    chat.dice.push(3);
    const out = await firstAidFromSheet(bo, tester(true));
    expect(out?.revivedTo).toBe(0);
    expect(hp(bo)).toBe(0);
    expect(bo.creature.vitals().taint.hearts).toBe(0);
    expect(bo.statuses.has("unconscious")).toBe(true);
  });

  it("HP-5: in combat First Aid is no try to bring Bo round: no HP, and a later try stays open", async () => {
    const bo = downed();
    Object.defineProperty(bo, "inCombat", { value: true });
    chat.dice.push(3);
    expect((await firstAidFromSheet(bo, tester(true)))?.revivedTo).toBeNull();
    expect(hp(bo)).toBe(0);
    expect(bo.getFlag("zilch", "firstAidRevive")).toBeUndefined();
  });
});
