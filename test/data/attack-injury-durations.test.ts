import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeActor, type CharacterData } from "./models-setup";
import { scriptDice, StandInRoll } from "../stand-in/chat";
import type { applyImmediate as ApplyImmediate } from "../../src/documents/attack/effects";
import { createWound } from "../../src/rules/wounds";

/**
 * CON-5, CB-4, CB-5 with SW-7 and INJ-7 at document level: the immediate effects the attack card's
 * wound and injury steps apply (effects.ts `applyImmediate`, called by woundItem and injuryItem) give
 * their conditions the durations of RULES.md, and the actor's duration events end them on time.
 */
let applyImmediate: typeof ApplyImmediate;
let dice: number[];

beforeAll(async () => {
  // The attack readers' module brings the combat document class, whose base the stand-in lacks here.
  if (!Reflect.has(globalThis, "Combat")) Reflect.set(globalThis, "Combat", class {});
  if (!Reflect.has(globalThis, "Combatant")) Reflect.set(globalThis, "Combatant", class {});
  if (!Reflect.has(globalThis, "Roll")) Reflect.set(globalThis, "Roll", StandInRoll);
  ({ applyImmediate } = await import("../../src/documents/attack/effects"));
});

beforeEach(() => {
  dice = scriptDice();
});

const pc = () => makeActor({ name: "PC", type: "character", system: {} });
const stored = (actor: ReturnType<typeof pc>) => (actor.creature as CharacterData)._source.appliedConditions;

describe("injury and wound conditions carry their durations (CON-5)", () => {
  it("SW-7 Winded: Stunned until the end of the target's next turn, hit outside its turn", async () => {
    const actor = pc();
    await applyImmediate(actor, createWound("chest", true).immediate, [], "Winded");
    expect(actor.statuses.has("stunned")).toBe(true);
    expect(stored(actor)).toContainEqual(
      expect.objectContaining({
        condition: "stunned",
        source: "Winded",
        duration: "endOfNextTurn",
        count: 1,
      }),
    );
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(await actor.advanceConditions("turnEnd")).toEqual(["stunned"]);
    expect(actor.statuses.has("stunned")).toBe(false);
  });

  it("SW-7 Knocked out: Unconscious for 1d6 rounds, rolled on application (3 rounds here)", async () => {
    const actor = pc();
    const rolls: Roll[] = [];
    dice.push(3);
    await applyImmediate(actor, createWound("head", true).immediate, rolls, "Knocked out");
    expect(rolls).toHaveLength(1);
    expect(actor.statuses.has("unconscious")).toBe(true);
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(await actor.advanceConditions("roundEnd")).toContain("unconscious");
    expect(actor.statuses.has("unconscious")).toBe(false);
  });

  it("INJ-7: Terrified and a lost Mental Rank last until the encounter ends, not past it", async () => {
    const actor = pc();
    await applyImmediate(
      actor,
      [
        { kind: "condition", conditions: ["terrified"], duration: { kind: "endOfEncounter" } },
        { kind: "mentalRankLoss", ranks: 1 },
      ],
      [],
      "Kill",
    );
    expect(actor.statuses.has("terrified")).toBe(true);
    expect(actor.statuses.has("shaken")).toBe(true);
    await actor.advanceConditions("roundEnd");
    await actor.advanceConditions("turnEnd");
    expect(actor.statuses.has("shaken")).toBe(true);
    await actor.endEncounter();
    expect(actor.statuses.has("terrified")).toBe(false);
    expect(actor.statuses.has("shaken")).toBe(false);
  });
});
