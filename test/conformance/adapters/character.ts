/**
 * Conformance adapters for the character rules (FORMAT.md kinds `test`, `save`, `contest`,
 * `strength`, `chips`, `talents`, `pointBuy`): each turns a vector input into the result shape
 * FORMAT.md names by calling src/rules only.
 */
import type { Adapter } from "./index";
import { chipCapacity } from "../../../src/rules/chips";
import {
  gearLoad,
  weaponStrengthModifier,
  type WeaponUse,
  type WornArmor,
} from "../../../src/rules/equipment";
import { cardSetFromList, pointBuy, POINT_BUY_BASE, POINT_BUY_BUDGET } from "../../../src/rules/generation";
import { effectiveValue, perSuit } from "../../../src/rules/suits";
import { talentsMax } from "../../../src/rules/talents";
import { contest, degreeOfSuccess, isSuccess, testRoll, type ContestSide } from "../../../src/rules/tests";
import type { ClassKey, PerSuit, ShieldKind } from "../../../src/rules/vocabulary";

interface DiceInput {
  target: number;
  d12: number;
  d8?: number;
}

function rolled(input: Record<string, unknown>): { roll: number; target: number } {
  const { target, d12, d8 } = input as unknown as DiceInput;
  return { roll: testRoll({ d12, d8 }), target };
}

export const adapters: Record<string, Adapter> = {
  test(input) {
    const { roll, target } = rolled(input);
    return { roll, dos: degreeOfSuccess(roll, target) };
  },

  save(input) {
    const { roll, target } = rolled(input);
    return { success: isSuccess(degreeOfSuccess(roll, target)) };
  },

  contest(input) {
    const i = input as {
      a: ContestSide;
      b: ContestSide;
      immediate?: boolean;
      initiator?: "a" | "b";
      aCard?: number;
      bCard?: number;
    };
    const result = contest(
      { ...i.a, card: i.aCard ?? i.a.target },
      { ...i.b, card: i.bCard ?? i.b.target },
      { immediate: i.immediate ?? false, initiator: i.initiator },
    );
    return result.pointsWonBy === undefined
      ? { winner: result.winner }
      : { winner: result.winner, pointsWonBy: result.pointsWonBy };
  },

  strength(input) {
    const i = input as { strength: number; weapon?: WeaponUse; armor?: WornArmor; shield?: ShieldKind };
    return {
      attackPenalty: i.weapon ? weaponStrengthModifier(i.weapon, i.strength) : 0,
      load: gearLoad(i.armor, i.shield, i.strength),
    };
  },

  chips(input) {
    const i = input as { classes: ClassKey[]; cards: PerSuit<number>; drain?: Partial<PerSuit<number>> };
    const eff = perSuit((s) => effectiveValue({ primary: i.cards, drain: i.drain }, s));
    return { capacity: chipCapacity({ classes: i.classes, eff }) };
  },

  talents(input) {
    const i = input as { knowledge: number; diamonds: number; formula?: "knowledge" | "halfDiamonds" };
    return {
      max: talentsMax({
        inherentKnowledge: i.knowledge,
        inherentDiamonds: i.diamonds,
        formula: i.formula === "halfDiamonds" ? "halfPrimaryDiamonds" : "secondaryDiamonds",
      }),
    };
  },

  pointBuy(input) {
    const i = input as { cards: number[]; start?: number; budget?: number };
    const result = pointBuy(
      cardSetFromList(i.cards),
      i.start ?? POINT_BUY_BASE,
      i.budget ?? POINT_BUY_BUDGET,
    );
    return { cost: result.cost, valid: result.valid };
  },
};
