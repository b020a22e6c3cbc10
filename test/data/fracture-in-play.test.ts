import { beforeAll, describe, expect, it } from "vitest";
import { makeActor } from "./models-setup";
import type { injuriesOf as InjuriesOf } from "../../src/documents/attack/actors";
import { attackInjuryUse } from "../../src/rules/attack/index";
import { lastingModifiers } from "../../src/rules/injury/lasting-modifiers";
import {
  DEFAULT_REQUEST,
  requestInjuryModifiers,
  testKindOfSkill,
  type CardKey,
} from "../../src/rules/roll-request";

/**
 * INJ-8 at document level: a fracture item added through the actor (its prepared lasting
 * modifiers), read back by the readers the roll dialog (its request model with the skill's kind of
 * test, T-2) and the attack declaration (injuriesOf, AT-2) use. The dialog offers each penalty
 * pre-ticked (`applied`).
 */
let injuriesOf: typeof InjuriesOf;

beforeAll(async () => {
  // The attack readers' module brings the combat document class, whose base the stand-in lacks here.
  if (!Reflect.has(globalThis, "Combat")) Reflect.set(globalThis, "Combat", class {});
  if (!Reflect.has(globalThis, "Combatant")) Reflect.set(globalThis, "Combatant", class {});
  ({ injuriesOf } = await import("../../src/documents/attack/actors"));
});

async function fractured(location: "leftLeg" | "chest" | "rightArm") {
  const actor = makeActor({ name: "PC", type: "character", system: {} });
  await actor.addInjury("Fracture", {
    kind: "grievousInjury",
    location,
    effect: "fracture",
    daysRemaining: 28,
  });
  return injuriesOf(actor);
}

/** The injury penalties the roll dialog offers on a test of `card` (with `skill`), and whether ticked. */
async function offered(location: "leftLeg" | "chest" | "rightArm", card: CardKey, skill?: string) {
  const injuries = await fractured(location);
  return requestInjuryModifiers(
    { ...DEFAULT_REQUEST, card },
    { injuries, testKind: skill ? testKindOfSkill(skill) : undefined },
  ).map((m) => [m.value, m.applied]);
}

describe("INJ-8: a fracture's −5 by location", () => {
  it("INJ-8 leg: ♠ Acrobatics and Strength Athletics tests are at −5, pre-ticked; plain Strength and ♦ are not", async () => {
    expect(await offered("leftLeg", "spades", "acrobatics")).toEqual([[-5, true]]);
    expect(await offered("leftLeg", "strength", "athletics")).toEqual([[-5, true]]);
    expect(await offered("leftLeg", "strength")).toEqual([]);
    expect(await offered("leftLeg", "diamonds")).toEqual([]);
  });

  it("INJ-8 chest: ♣ and Strength tests are at −5; ♥ Athletics (stamina) too; ♦ and ♠ tests are not", async () => {
    expect(await offered("chest", "clubs")).toEqual([[-5, true]]);
    expect(await offered("chest", "strength")).toEqual([[-5, true]]);
    expect(await offered("chest", "hearts", "athletics")).toEqual([[-5, true]]);
    expect(await offered("chest", "diamonds")).toEqual([]);
    expect(await offered("chest", "spades")).toEqual([]);
  });

  it("INJ-8 arm: a two-handed attack is at −5, a one-handed one (taken in the sound hand) is not; ♣ tests are", async () => {
    const injuries = await fractured("rightArm");
    expect(lastingModifiers(injuries, attackInjuryUse(2, "melee")).total).toBe(-5);
    expect(lastingModifiers(injuries, attackInjuryUse(1, "melee")).total).toBe(0);
    expect(await offered("rightArm", "clubs")).toEqual([[-5, true]]);
  });
});
