import { beforeAll, describe, expect, it } from "vitest";
import { makeActor } from "./models-setup";
import type { injuriesOf as InjuriesOf } from "../../src/documents/attack/actors";
import { attackInjuryUse } from "../../src/rules/attack/index";
import { lastingModifiers } from "../../src/rules/injury/lasting-modifiers";
import { DEFAULT_REQUEST, requestInjuryModifiers, testKindOfSkill } from "../../src/rules/roll-request";

/**
 * INJ-7 as revised (Foot, Balance) at document level: an injury item added through the actor, read
 * back by the readers the attack declaration (injuriesOf, AT-2) and the roll dialog (its request
 * model with the skill's kind of test, T-2) use.
 */
let injuriesOf: typeof InjuriesOf;

beforeAll(async () => {
  // The attack readers' module brings the combat document class, whose base the stand-in lacks here.
  if (!Reflect.has(globalThis, "Combat")) Reflect.set(globalThis, "Combat", class {});
  if (!Reflect.has(globalThis, "Combatant")) Reflect.set(globalThis, "Combatant", class {});
  ({ injuriesOf } = await import("../../src/documents/attack/actors"));
});

const pc = () => makeActor({ name: "PC", type: "character", system: {} });

async function injured(effect: "foot" | "balance", location: "rightLeg" | "head") {
  const actor = pc();
  await actor.addInjury(effect, { kind: "grievousInjury", location, effect, daysRemaining: 28 });
  return injuriesOf(actor);
}

const testWith = (skill: string, card: typeof DEFAULT_REQUEST.card) => ({
  request: { ...DEFAULT_REQUEST, card },
  kind: testKindOfSkill(skill),
});

describe("INJ-7 Foot and Balance on the actor's rolls", () => {
  it("Foot: an Acrobatics ♠ test and an Athletics Strength test are at −5; Notice is not", async () => {
    const injuries = await injured("foot", "rightLeg");
    const acrobatics = testWith("acrobatics", "spades");
    expect(requestInjuryModifiers(acrobatics.request, { injuries, testKind: acrobatics.kind })).toMatchObject(
      [{ effect: "foot", value: -5, applied: true }],
    );
    const athletics = testWith("athletics", "strength");
    expect(
      requestInjuryModifiers(athletics.request, { injuries, testKind: athletics.kind }).map((m) => m.value),
    ).toEqual([-5]);
    const notice = testWith("notice", "cunning");
    expect(requestInjuryModifiers(notice.request, { injuries, testKind: notice.kind })).toEqual([]);
    expect(injuries[0]!.lasting).toContainEqual({ kind: "moveSave", suit: "spades", modifier: -5 });
  });

  it("Balance: a Cast is at −5 and a weapon attack is not", async () => {
    const injuries = await injured("balance", "head");
    expect(lastingModifiers(injuries, attackInjuryUse(undefined, "cast")).total).toBe(-5);
    expect(lastingModifiers(injuries, attackInjuryUse(1, "melee")).total).toBe(0);
  });
});
