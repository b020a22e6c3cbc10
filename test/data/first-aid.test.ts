import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor } from "./models-setup";
import { standInFoundry, strictNamespace } from "../stand-in";
import { installChat, type ChatStandIn, type StandInUser } from "../stand-in/chat";
import { rollFirstAid } from "../../src/dice/recovery-roll";
import { creatureTestTarget } from "../../src/documents/creature-test";
import type { ZilchActor } from "../../src/documents/actor";
import { coreModeSetting } from "../stand-in/profile";

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

beforeEach(() => {
  saved = { settings: g.game.settings, i18n: g.game.i18n, user: g.game.user, foundry: g.foundry };
  saved.ChatMessage = g.ChatMessage;
  saved.Roll = g.Roll;
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
