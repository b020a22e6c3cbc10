import { beforeAll, describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData } from "./models-setup";
import { StandInRoll } from "../stand-in/chat";
import type { DocumentData } from "../stand-in/documents";
import type { applyImmediate as ApplyImmediate } from "../../src/documents/attack/effects";
import { createInjury } from "../../src/rules/injury/grievous-injury";

/**
 * At document level, DMG-7 extra damage, DRN-2 and DRN-3 drain, REC-5 unconsciousness at
 * 0 HP, through the actor methods the attack card's steps and the recovery buttons call.
 */
let applyImmediate: typeof ApplyImmediate;

beforeAll(async () => {
  // The attack readers' module brings the combat document class, whose base the stand-in lacks here.
  if (!Reflect.has(globalThis, "Combat")) Reflect.set(globalThis, "Combat", class {});
  if (!Reflect.has(globalThis, "Combatant")) Reflect.set(globalThis, "Combatant", class {});
  if (!Reflect.has(globalThis, "Roll")) Reflect.set(globalThis, "Roll", StandInRoll);
  ({ applyImmediate } = await import("../../src/documents/attack/effects"));
});

const chainmail: DocumentData = {
  name: "Chainmail",
  type: "armor",
  system: { category: "heavy", slot: "armor" },
};
const pc = (hp: number, items: DocumentData[] = []) =>
  makeActor({
    name: "PC",
    type: "character",
    system: characterSource({ hearts: { primary: 6 }, clubs: { primary: 10 } }, { hp: { value: hp } }),
    items,
  });
const sys = (actor: ReturnType<typeof pc>) => actor.creature as CharacterData;

describe("DMG-7: an injury's extra damage goes straight to HP", () => {
  it("DMG-7: a flesh wound's +2 damage costs 2 HP through chainmail's DR 2, and no injury roll", async () => {
    const actor = pc(5, [chainmail]);
    expect(sys(actor).dr).toBe(2);
    const injury = createInjury("abdomen", { effect: "fleshWound", modifier: 0 });
    await applyImmediate(actor, injury.immediate, [], "Flesh wound");
    expect(sys(actor).hp.value).toBe(3);
    // The card's injury step is already past; what the extra damage reports says it calls for none.
    const taken = await actor.applyExtraDamage(2);
    expect(taken).toMatchObject({ lost: 2, triggersInjury: false });
    expect(sys(actor).hp.value).toBe(1);
  });

  it("DMG-7: extra damage beyond 0 HP knocks out and drains ♥ as HP-2 says", async () => {
    const actor = pc(1);
    const taken = await actor.applyExtraDamage(4);
    expect(taken).toMatchObject({ lost: 1, overflow: 3, drainAdded: 3, becameUnconscious: true });
    expect(actor.statuses.has("unconscious")).toBe(true);
  });
});

describe("DRN-2, DRN-3: drain names its suit; HP overflow is ♥ drain", () => {
  it("DRN-2: a poison rider draining ♣ 2 lowers eff(♣) and Strength by 2 and leaves the other suits", async () => {
    const actor = pc(6);
    const before = sys(actor).suits;
    await actor.applyHit({ base: 1, scaled: 1, final: 0, outcome: "riders" }, [
      { kind: "drain", suit: "clubs", amount: 2, tainted: false },
    ]);
    expect(sys(actor).suits.clubs.eff).toBe(before.clubs.eff - 2);
    expect(sys(actor).suits.clubs.eff2).toBe(before.clubs.eff2 - 2);
    expect(sys(actor)._source.suits.hearts.drain).toBe(0);
    expect(sys(actor)._source.suits.spades.drain).toBe(0);
  });

  it("DRN-3: 4 damage at 1 HP is 3 points of ♥ drain, which lowers the HP maximum", async () => {
    const actor = pc(1);
    await actor.applyDamage(4);
    expect(sys(actor)._source.suits.hearts.drain).toBe(3);
    expect(sys(actor)._source.suits.clubs.drain).toBe(0);
    expect(sys(actor).hp).toMatchObject({ value: 0, max: 3 });
  });
});

describe("REC-5: Unconscious at 0 HP until healed to 1 HP or more", () => {
  it("REC-5: a knock-out's rounds running out, and the encounter's end, leave a creature at 0 HP down", async () => {
    const actor = pc(2);
    await actor.applyDamage(2);
    expect(actor.statuses.has("unconscious")).toBe(true);
    // An injury's Knocked out (1 round here) ends; the creature is still at 0 HP.
    await actor.applyCondition("unconscious", { kind: "rounds", rounds: 1 }, "Knocked out");
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(actor.statuses.has("unconscious")).toBe(true);
    await actor.applyCondition("unconscious", { kind: "endOfEncounter" }, "Knocked out");
    expect((await actor.endEncounter()).ended).toEqual([]);
    expect(actor.statuses.has("unconscious")).toBe(true);
    await actor.recoverHP(1);
    expect(actor.statuses.has("unconscious")).toBe(false);
  });

  it("REC-5: with HP above 0 a knock-out ends when its rounds do", async () => {
    const actor = pc(4);
    await actor.applyCondition("unconscious", { kind: "rounds", rounds: 1 }, "Knocked out");
    expect(await actor.advanceConditions("roundEnd")).toEqual(["unconscious"]);
    expect(actor.statuses.has("unconscious")).toBe(false);
  });
});
