import { beforeAll, describe, expect, it } from "vitest";
import { makeActor } from "./models-setup";
import { StandInRoll } from "../stand-in/chat";
import type { stepEffects as StepEffects } from "../../src/documents/attack/effects";
import type { StepContext } from "../../src/documents/attack/context";
import type { AttackState } from "../../src/rules/attack/index";
import type { Size } from "../../src/rules/vocabulary";
import { attackCardContext } from "../../src/dice/attack-card";
import { runAttack, specialHit } from "../templates/attack-fixtures";
import { createRenderer } from "../templates/harness";

/**
 * SP-4, SZ-4 at document level: the GM's step effects (effects.ts `stepEffects`, run by every card
 * step) make a grappler whose partner is a larger full size Anchored while the grapple holds, and
 * the card says how each grappler may move (EX-SP-1).
 */
let stepEffects: typeof StepEffects;

beforeAll(async () => {
  // The attack readers' module brings the combat document class, whose base the stand-in lacks here.
  if (!Reflect.has(globalThis, "Combat")) Reflect.set(globalThis, "Combat", class {});
  if (!Reflect.has(globalThis, "Combatant")) Reflect.set(globalThis, "Combatant", class {});
  if (!Reflect.has(globalThis, "Roll")) Reflect.set(globalThis, "Roll", StandInRoll);
  // The conditions' source names the special kind through game.i18n; the key stands in for its words.
  const game: unknown = Reflect.get(globalThis, "game") ?? {};
  const i18n = { localize: (k: string) => k, format: (k: string) => k };
  if (typeof game === "object" && game && !Reflect.has(game, "i18n")) Reflect.set(game, "i18n", i18n);
  ({ stepEffects } = await import("../../src/documents/attack/effects"));
});

const actor = (name: string) => makeActor({ name, type: "npc", system: {} });

/** A grapple won by an attacker of `attacker` size on a defender of `defender` size, applied to two actors. */
async function grapple(attacker: Size, defender: Size) {
  const a = actor("Grappler");
  const d = actor("Held");
  const before = specialHit("grapple", { attacker: { size: attacker }, defender: { size: defender } });
  const after = runAttack(before, {
    kind: "specialContest",
    suit: "spades",
    attackerRoll: 4,
    defenderRoll: 10,
  });
  const step = async (state: AttackState, next: AttackState, kind: string) => {
    const c = { data: { kind }, state, attacker: a, defender: d, formulas: [], rolls: [] };
    await stepEffects(c as unknown as StepContext, next);
  };
  await step(before, after, "specialContest");
  return { a, d, after, step };
}

const card = (state: AttackState) =>
  createRenderer().render("chat/attack-card.hbs", attackCardContext(state, null));

describe("SP-4, SZ-4: moving in a grapple", () => {
  it("EX-SP-1: a goblin (Small) grappling a Medium fighter is Anchored; letting go frees it", async () => {
    const { a, d, after, step } = await grapple("small", "medium");
    expect([...a.statuses].sort()).toEqual(["anchored", "grappling"]);
    expect(d.statuses.has("anchored")).toBe(false);
    expect(card(after)).toContain("Ana is Anchored: Orc is larger.");
    const released = runAttack(after, { kind: "release" });
    await step(after, released, "release");
    expect(a.statuses.has("anchored")).toBe(false);
    expect(a.statuses.has("grappling")).toBe(false);
    expect(card(released)).not.toContain("Anchored");
  });

  it("EX-SP-1: a Medium fighter drags a Small goblin by contest and moves freely with a Tiny rat", async () => {
    const goblin = await grapple("medium", "small");
    expect(goblin.a.statuses.has("anchored")).toBe(false);
    expect(goblin.d.statuses.has("anchored")).toBe(true);
    expect(card(goblin.after)).toContain(
      "To move, Ana drags Orc: a Minor action ♣ contest, and on a win a Slowed Move.",
    );
    const rat = await grapple("medium", "tiny");
    expect(card(rat.after)).toContain("Ana moves freely, still in the grapple with Orc.");
  });

  it("SZ-4: half steps count as their full size: Medium− against Medium is a contest, not Anchored", async () => {
    const { a, d } = await grapple("medium-", "medium");
    expect(a.statuses.has("anchored")).toBe(false);
    expect(d.statuses.has("anchored")).toBe(false);
  });
});
