import { describe, expect, it } from "vitest";
import {
  marginMarksBought,
  marksAfterEvent,
  marksForAttack,
  readMarginMarks,
  type MarginMark,
} from "../../../src/rules/round/margin";
import {
  attackModifierParts,
  createAttackState,
  currentTotals,
  modifierSum,
  type ModifierPart,
} from "../../../src/rules/attack/index";
import { modifierPartsView } from "../../../src/views/attack-card/lines";
import { attackSetup } from "../../templates/attack-fixtures";

/** OPT-1 Expose and Reduce defence, kept on the target between attacks. */

const expose: MarginMark = { special: "expose", amount: 2 };
const reduce: MarginMark = { special: "reduceDefence", amount: -2 };

describe("OPT-1 margin marks", () => {
  it("only Expose and Reduce defence leave a mark, each bought result its own", () => {
    expect(marginMarksBought(["stun", "expose", "hamstring", "reduceDefence", "expose"])).toEqual([
      expose,
      reduce,
      expose,
    ]);
    expect(marginMarksBought(["extraDamage", "push"])).toEqual([]);
  });

  it("the next attack gets every Expose and uses it up; Reduce defence stays for later attacks", () => {
    const first = marksForAttack([expose, reduce]);
    expect(first).toEqual({ expose: 2, reduceDefence: -2, remaining: [reduce] });
    expect(marksForAttack(first.remaining)).toEqual({ expose: 0, reduceDefence: -2, remaining: [reduce] });
    expect(marksForAttack([])).toEqual({ expose: 0, reduceDefence: 0, remaining: [] });
  });

  it("Expose ends with the round, Reduce defence when the target's next turn starts, neither at a turn's end", () => {
    expect(marksAfterEvent([expose, reduce], "roundEnd")).toEqual([reduce]);
    expect(marksAfterEvent([expose, reduce], "turnStart")).toEqual([expose]);
    expect(marksAfterEvent([expose, reduce], "turnEnd")).toEqual([expose, reduce]);
    expect(marksAfterEvent([expose, reduce], "encounterEnd")).toEqual([]);
  });

  it("reads a stored flag back, dropping what is not a mark", () => {
    expect(
      readMarginMarks([expose, { special: "stun", amount: 1 }, { special: "expose", amount: 1.5 }, null]),
    ).toEqual([expose]);
    expect(readMarginMarks(undefined)).toEqual([]);
  });
});

describe("OPT-1 marks on the next attack's totals (AT-2, AT-3)", () => {
  it("an Exposed, Reduced target of EX-AT-1's 12 against 10 meets 14 against 8, each named on the card", () => {
    const marks = marksForAttack([expose, reduce]);
    const attackParts = attackModifierParts({
      shortfall: 0,
      range: 0,
      injuries: [],
      expose: marks.expose,
      gm: 0,
    });
    const defenceParts: ModifierPart[] = [{ kind: "reduceDefence", value: marks.reduceDefence }];
    const state = createAttackState(
      attackSetup({
        attacker: {
          side: { card: 10, offense: 2, modifier: modifierSum(attackParts) },
          modifiers: attackParts,
        },
        defender: {
          side: { spades: 8, defense: 2, modifier: modifierSum(defenceParts) },
          modifiers: defenceParts,
        },
      }),
    );
    expect(currentTotals(state)).toEqual({ attack: 14, defence: 8 });
    const parts = modifierPartsView(state);
    expect(parts.attack.map((p) => [p.labelKey, p.value])).toEqual([["ZILCH.Attack.Part.expose", 2]]);
    expect(parts.defence.map((p) => [p.labelKey, p.value])).toEqual([
      ["ZILCH.Attack.Part.reduceDefence", -2],
    ]);
  });
});
