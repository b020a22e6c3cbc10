import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData } from "./models-setup";
import { spendGrit } from "../../src/documents/grit-and-wounds";

/** GW-4: a reaction's Grit is paid through ZilchActor#spendGrit. */

type Globals = { game: Record<string, unknown> };
const g = globalThis as unknown as Globals;
let world: Record<string, unknown>;
let saved: unknown;

beforeEach(() => {
  saved = g.game.settings;
  world = { gritWounds: true };
  g.game.settings = {
    settings: new Map([["zilch.gritWounds", {}]]),
    get: (_ns: string, key: string) => world[key],
  };
});
afterEach(() => {
  g.game.settings = saved;
});

const pc = (grit: number) =>
  makeActor({
    name: "Kell",
    type: "character",
    system: characterSource({ hearts: { primary: 7 } }, { grit: { value: grit } }),
  });
const npc = (tier: "enemy" | "foe", grit: number) =>
  makeActor({
    name: tier,
    type: "npc",
    system: { tier, suits: { hearts: { value: 7 } }, grit: { value: grit } },
  });
const gritOf = (actor: ReturnType<typeof pc>) => (actor.creature as CharacterData)._source.grit.value;

describe("GW-4: spending Grit on a reaction", () => {
  it("costs 1 Grit by default, written to the actor", async () => {
    const actor = pc(3);
    expect(await spendGrit(actor)).toBe(true);
    expect(gritOf(actor)).toBe(2);
  });

  it("refuses with too little Grit and spends nothing", async () => {
    const actor = pc(0);
    expect(await spendGrit(actor)).toBe(false);
    expect(gritOf(actor)).toBe(0);
    const two = pc(1);
    expect(await spendGrit(two, 2)).toBe(false);
    expect(gritOf(two)).toBe(1);
  });

  it("a Foe pays too; an Enemy, or anyone with the setting off, has no Grit to spend", async () => {
    expect(await spendGrit(npc("foe", 1))).toBe(true);
    expect(await spendGrit(npc("enemy", 1))).toBe(false);
    world.gritWounds = false;
    const off = pc(2);
    expect(await spendGrit(off)).toBe(false);
    expect(gritOf(off)).toBe(2);
  });

  it("refuses a negative or fractional amount", async () => {
    const actor = pc(2);
    expect(await spendGrit(actor, -1)).toBe(false);
    expect(await spendGrit(actor, 0.5)).toBe(false);
    expect(gritOf(actor)).toBe(2);
  });
});
