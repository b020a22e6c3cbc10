import { describe, expect, it } from "vitest";
import {
  automaticStep,
  createAttackState,
  windowHasChoice,
  type AttackState,
  type AutoPolicy,
  type AutoRolls,
} from "../../../src/rules/attack/index";
import { attackScenes, attackSetup, runAttack } from "../../templates/attack-fixtures";

const scenes = attackScenes();
const policy = (rolls: AutoRolls = "all", silent = { attacker: false, defender: false }): AutoPolicy => ({
  rolls,
  silent,
});
const fresh = (over: Parameters<typeof attackSetup>[0] = {}) => createAttackState(attackSetup(over));
const closed = (state: AttackState) =>
  runAttack(
    state,
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
  );

describe("the steps nobody decides (CH-7, TL-6, DMG-1, SW-5, INJ-2)", () => {
  it("CH-7, TL-6: a window waits only for a side holding chips it may commit or a Boon", () => {
    expect(windowHasChoice(fresh(), "attacker")).toBe(false);
    expect(automaticStep(fresh(), policy())).toBe("commitAttacker");
    expect(windowHasChoice(fresh({ attacker: { chips: 1 } }), "attacker")).toBe(true);
    expect(automaticStep(fresh({ attacker: { boon: true } }), policy())).toBeNull();
    const defender = runAttack(fresh({ attacker: { boon: true } }), {
      kind: "commitAttacker",
      chips: 0,
      boon: false,
    });
    expect(automaticStep(defender, policy())).toBe("commitDefender");
    expect(automaticStep(scenes.defenderWindow!, policy())).toBeNull();
  });

  it("MAG-1: a Cast's attacker holds ♣ chips it may not commit, so they are no choice", () => {
    const cast = fresh({ attacker: { chips: 3 }, declaration: { mode: "cast" } });
    expect(windowHasChoice(cast, "attacker")).toBe(false);
    expect(automaticStep(cast, policy())).toBe("commitAttacker");
  });

  it("NPCs never commit chips: a side no player owns is closed whatever it holds", () => {
    const both = policy("none", { attacker: true, defender: true });
    expect(automaticStep(scenes.attackerWindow!, both)).toBe("commitAttacker");
    expect(automaticStep(scenes.defenderWindow!, both)).toBe("commitDefender");
    expect(
      automaticStep(scenes.defenderWindow!, policy("none", { attacker: true, defender: false })),
    ).toBeNull();
  });

  it("AT-4 detailed rule: the attacker's step waits while the GM may set the target's movement", () => {
    expect(scenes.detailed!.step).toBe("attacker");
    expect(
      automaticStep(
        { ...scenes.detailed!, attacker: { ...scenes.detailed!.attacker, chips: 0, boon: false } },
        policy(),
      ),
    ).toBeNull();
  });

  it("DMG-1: the damage rolls itself only when the table lets it, and not while a knack is offered", () => {
    const damage = closed(fresh({ attacker: { side: { card: 13, offense: 2 } } }));
    expect(damage.step).toBe("damage");
    expect(automaticStep(damage, policy("all"))).toBe("rollDamage");
    expect(automaticStep(damage, policy("injuries"))).toBeNull();
    expect(automaticStep(damage, policy("none"))).toBeNull();
    const sneak = { ...damage, declaration: { ...damage.declaration, sneakAttack: "offered" as const } };
    expect(automaticStep(sneak, policy("all"))).toBeNull();
    const fist = { ...damage, declaration: { ...damage.declaration, stunningFist: "offered" as const } };
    expect(automaticStep(fist, policy("all"))).toBeNull();
  });

  it("HP-2, CD-15, OPT-1: the GM's Apply, a Soak and the margin's choice always wait", () => {
    for (const scene of ["apply", "soakable", "margin"] as const)
      expect(
        automaticStep(scenes[scene]!, policy("all", { attacker: true, defender: true })),
        scene,
      ).toBeNull();
  });

  it("SW-5: the wound save rolls itself unless the table clicks every roll; an Enemy's, with no save, always", () => {
    expect(scenes.wound!.step).toBe("wound");
    expect(automaticStep(scenes.wound!, policy("injuries"))).toBe("woundSave");
    expect(automaticStep(scenes.wound!, policy("none"))).toBeNull();
    expect(scenes.enemy!.step).toBe("wound");
    expect(scenes.enemy!.wound?.target).toBeNull();
    expect(automaticStep(scenes.enemy!, policy("none"))).toBe("woundSave");
  });

  it("INJ-2: the location rolls itself unless the table clicks every roll; a shift waits; the effect always rolls", () => {
    expect(automaticStep(scenes.location!, policy("injuries"))).toBe("rollLocation");
    expect(automaticStep(scenes.location!, policy("none"))).toBeNull();
    expect(automaticStep(scenes.shift!, policy("all"))).toBeNull();
    expect(automaticStep(scenes.effect!, policy("none"))).toBe("rollEffect");
    expect(automaticStep(scenes.injured!, policy("all"))).toBeNull();
  });

  it("a card played only by its automatic steps, from two empty windows, stops at the GM's Apply", () => {
    let state = fresh({ attacker: { side: { card: 13, offense: 2 } } });
    const taken: string[] = [];
    for (let kind = automaticStep(state, policy()); kind; kind = automaticStep(state, policy())) {
      taken.push(kind);
      const action =
        kind === "rollDamage" ? { kind, dF: 0 } : { kind: kind as "commitAttacker", chips: 0, boon: false };
      state = runAttack(state, action);
    }
    expect(taken).toEqual(["commitAttacker", "commitDefender", "rollDamage"]);
    expect(state.step).toBe("apply");
  });
});
