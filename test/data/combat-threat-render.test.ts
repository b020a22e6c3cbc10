import { beforeAll, describe, expect, it } from "vitest";
import { installInitStandIn, type Registrations } from "../stand-in/init";

/**
 * ST-3: the tracker offers stances from the combatants' statuses, so a status effect coming or going on
 * a creature in the viewed combat (Threatened applied at round start) re-renders it; others do not.
 */
let records: Registrations;
let renders = 0;

beforeAll(async () => {
  records = installInitStandIn();
  const { registerCombat } = await import("../../src/setup/combat");
  registerCombat();
  Reflect.set(globalThis, "ui", { combat: { render: () => void renders++ } });
  const game = (globalThis as unknown as { game: Record<string, unknown> }).game;
  game.combat = { combatants: [{ actor: { uuid: "Actor.ana" } }, { actor: null }] };
});

const fire = (event: string, effect: unknown) => {
  for (const hook of records.hooks.filter((h) => h.event === event)) hook.fn(effect);
};
const effect = (uuid: string, statuses: string[]) => ({ parent: { uuid }, statuses: new Set(statuses) });

describe("ST-3: the tracker follows a combatant's statuses", () => {
  it("re-renders when a status comes or goes on a combatant's creature", () => {
    renders = 0;
    fire("createActiveEffect", effect("Actor.ana", ["threatened"]));
    fire("deleteActiveEffect", effect("Actor.ana", ["threatened"]));
    expect(renders).toBe(2);
  });

  it("not for a creature outside the combat, nor for an effect without a status", () => {
    renders = 0;
    fire("createActiveEffect", effect("Actor.bystander", ["threatened"]));
    fire("createActiveEffect", effect("Actor.ana", []));
    expect(renders).toBe(0);
  });
});
