import { describe, expect, it } from "vitest";
import { makeActor, type NpcData } from "./models-setup";
import { attackSetup, runAttack } from "../templates/attack-fixtures";
import { createAttackState } from "../../src/rules/attack/index";

/**
 * MAG-4, DMG-5 at document level: the attack card's damage step (the state machine's rollDamage, as
 * the GM's client runs it) works a Cast's damage out as energy, and the GM's apply step puts it on
 * the target through `applyHit`, as src/documents/attack/step.ts does.
 */
const ogre = () => makeActor({ name: "Ogre", type: "npc", system: { hp: { value: 8 } } });

/** A hit with margin 7 (+1) and dF 0 from a Large attacker on a target with DR 3 and ER 1. */
function hitWith(mode: "cast" | "melee") {
  const start = createAttackState(
    attackSetup({
      attacker: { side: { card: 15, offense: 2, modifier: 0 }, size: "large" },
      defender: { side: { spades: 8, defense: 2 }, dr: 3, er: 1 },
      declaration: { mode, weaponName: mode === "cast" ? "Fire bolt" : "Club", weaponValue: 2 },
    }),
  );
  return runAttack(
    start,
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
    { kind: "rollDamage", dF: 0 },
  );
}

describe("MAG-4: spell damage is energy", () => {
  it("EX-DMG-5: a fire spell (+2, dF 0, m 7) has base 3; against DR 3 and ER 1 the target loses 2, with no size step", async () => {
    const state = hitWith("cast");
    expect(state.result).toMatchObject({ margin: 7, marginBonus: 1 });
    expect(state.damage!.result).toEqual({ base: 3, scaled: 3, final: 2, outcome: "damage" });
    const target = ogre();
    const hit = await target.applyHit(state.damage!.result, state.declaration.riders ?? [], {
      temporary: state.damage!.temporary,
    });
    expect(hit.damage?.lost).toBe(2);
    expect((target.creature as NpcData).hp.value).toBe(6);
  });

  it("DMG-5: the same hit with a physical weapon is doubled by size and reduced by DR, not ER", () => {
    expect(hitWith("melee").damage!.result).toEqual({ base: 3, scaled: 6, final: 3, outcome: "damage" });
  });
});
