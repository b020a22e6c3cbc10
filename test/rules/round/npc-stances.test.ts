import { describe, expect, it } from "vitest";
import { declareNpcStances, npcStance, undeclaredNpcs } from "../../../src/rules/round/npc-stances";
import { parseCombatRequest } from "../../../src/rules/round/request-shape";
import { validateRequest } from "../../../src/rules/round/authority";
import { trackerState } from "../../support/tracker";

/** c0–c3 are the players', c4–c11 NPCs; c0, c2, c4, c6, c8, c10 have declared; c5 is Threatened (ST-3). */
const scene = () => {
  const { state, inputs } = trackerState(12, "spades", "declaring");
  return { state, rounds: inputs.map((t) => t.round), facts: inputs.map((t) => t.facts) };
};

describe("ST-1: the GM's one declaration for the NPCs", () => {
  it("finds the NPCs holding a domino that have not declared, never a player's", () => {
    const { state, rounds, facts } = scene();
    expect(undeclaredNpcs(state, rounds, facts)).toEqual(["c5", "c7", "c9", "c11"]);
  });

  it("gives the chosen stance where ST-3 allows it, else the usual one (last round's, else Cautious)", () => {
    const { rounds, facts } = scene();
    expect(npcStance(rounds[7], facts[7], "bold")).toBe("bold");
    // c5 is Threatened: Bold is closed to it, so it gets its usual stance.
    expect(npcStance(rounds[5], facts[5], "bold")).toBe("cautious");
    expect(npcStance({ ...rounds[7], lastStance: "guarded" }, facts[7], null)).toBe("guarded");
  });

  it("declares them all into the secret ballot at once, leaving the players' declarations to them", () => {
    const { state, rounds, facts } = scene();
    const r = declareNpcStances(state, {}, rounds, facts, "reckless");
    if (!r.ok) throw new Error(r.code);
    expect(r.ballot).toEqual({ c5: "cautious", c7: "reckless", c9: "reckless", c11: "reckless" });
    expect(r.state.declared).toEqual([...state.declared, "c5", "c7", "c9", "c11"]);
    expect(r.state.stancesShown).toBe(false);
    const again = declareNpcStances(r.state, r.ballot, rounds, facts, null);
    expect(again).toEqual({ ok: false, code: "noNpcToDeclare" });
    expect(declareNpcStances({ ...state, stancesShown: true }, {}, rounds, facts, null)).toEqual({
      ok: false,
      code: "stancesShown",
    });
  });

  it("is a GM-only request whose stance is checked when it arrives", () => {
    expect(parseCombatRequest({ kind: "declareNpcStances", combatId: "c", stance: "bold" })).toEqual({
      kind: "declareNpcStances",
      combatId: "c",
      stance: "bold",
    });
    expect(parseCombatRequest({ kind: "declareNpcStances", combatId: "c", stance: null })).toMatchObject({
      stance: null,
    });
    expect(parseCombatRequest({ kind: "declareNpcStances", combatId: "c", stance: "sneaky" })).toBeNull();
    expect(parseCombatRequest({ kind: "declareNpcStances", combatId: "c" })).toBeNull();
    const request = { kind: "declareNpcStances", combatId: "c", stance: null } as const;
    expect(validateRequest(request, { isGM: false, owns: () => true }, null)).toEqual({
      ok: false,
      code: "gmOnly",
    });
    expect(validateRequest(request, { isGM: true, owns: () => false }, null)).toEqual({ ok: true });
  });
});
