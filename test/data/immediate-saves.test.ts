import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor } from "./models-setup";
import { installChat, type ChatStandIn, type StandInUser } from "../stand-in/chat";
import { creatureTestTarget } from "../../src/documents/creature-test";
import type { ImmediateHarm } from "../../src/rules/injury/harm";
import type { applyImmediate as ApplyImmediate } from "../../src/documents/attack/effects";

/**
 * T-2 at document level for an injury's or wound's immediate save (SW-7, INJ-7): the attack card's
 * step on the GM's client hands the harms to `applyImmediate`, which saves through the system's one
 * test path. Kell (♥7) carries a Maim (−2 to all tests), so the roll dialog's model reads his ♥ save
 * at 5: a 5 holds and a 6 fails, and the failure leaves him Stunned. The d12 is the stand-in Roll's
 * scripted die; no combat is running.
 */
type Globals = { game: Record<string, unknown>; ChatMessage?: unknown; Roll?: unknown };
const g = globalThis as unknown as Globals;
const user: StandInUser = { id: "gamemaster000001", isGM: true };

let chat: ChatStandIn;
let saved: Record<string, unknown>;
let applyImmediate: typeof ApplyImmediate;

beforeAll(async () => {
  // The attack step's module reaches the combat document, whose class extends Foundry's Combat
  // (as test/data/combat-tick-document.test.ts provides it); no combat runs here.
  for (const name of ["Combat", "Combatant"])
    if (!Reflect.has(globalThis, name)) Reflect.set(globalThis, name, class {});
  ({ applyImmediate } = await import("../../src/documents/attack/effects"));
});

beforeEach(() => {
  saved = { user: g.game.user, combat: g.game.combat, ChatMessage: g.ChatMessage, Roll: g.Roll };
  chat = installChat(user, [user]);
  g.game.user = user;
  g.game.combat = null;
});
afterEach(() => {
  Object.assign(g.game, { user: saved.user, combat: saved.combat });
  g.ChatMessage = saved.ChatMessage;
  g.Roll = saved.Roll;
  expect(chat.dice).toEqual([]);
});

const maimed = () =>
  makeActor({
    name: "Kell",
    type: "character",
    system: characterSource({ hearts: { primary: 7 } }),
    items: [
      { name: "Maim", type: "injury", system: { location: "abdomen", effect: "maim", daysRemaining: 28 } },
    ],
  });

/** A wound's "Stunned until the end of its next turn, unless a ♥ save" (the shape SW-7 cells use). */
const STUN_UNLESS_SAVED: ImmediateHarm = {
  kind: "condition",
  conditions: ["stunned"],
  save: { suit: "hearts", modifier: 0 },
  duration: { kind: "endOfNextTurn" },
};

describe("T-2: an injury's immediate save reads what the roll dialog reads", () => {
  it("SW-7, INJ-7: Kell's ♥ save with a Maim is 5, as the dialog's model says: a 5 holds, a 6 leaves him Stunned", async () => {
    const holds = maimed();
    expect(creatureTestTarget(holds as never, { card: "hearts", save: true })).toBe(5);
    chat.dice.push(5);
    await applyImmediate(holds as never, [STUN_UNLESS_SAVED], [], "Wound");
    expect(holds.statuses.has("stunned")).toBe(false);
    const fails = maimed();
    chat.dice.push(6);
    await applyImmediate(fails as never, [STUN_UNLESS_SAVED], [], "Wound");
    expect(fails.statuses.has("stunned")).toBe(true);
  });
});
