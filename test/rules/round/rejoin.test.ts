import { describe, expect, it } from "vitest";
import { createRound, startNextRound } from "../../../src/rules/round/round-start";
import { joinMidRound } from "../../../src/rules/round/joining";
import { nextSpadesTurn } from "../../../src/rules/round/spades-turns";
import type { CombatantFacts, CombatantRound, RoundState } from "../../../src/rules/round/state";
import { rejoined } from "../../../src/rules/round/rejoin";
import { enterCombatants, EX_INI_1, scriptedDice, SPADES } from "../../support/combat";

function must<T>(r: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  return r.value;
}

/** INI-1's round with Ana's turn over and Bo's begun; then Ana leaves and comes back as `ana2`. */
function anaBackAfterHerTurn() {
  const dice = scriptedDice();
  const stored0 = enterCombatants(SPADES, EX_INI_1, dice, {});
  const r = startNextRound(createRound(SPADES, false, dice), EX_INI_1, stored0) as {
    state: RoundState;
    combatants: CombatantRound[];
  };
  const first = must(nextSpadesTurn(r.state, r.combatants, EX_INI_1, dice));
  const second = must(nextSpadesTurn(first.state, first.combatants, EX_INI_1, dice));
  const ana = second.combatants.find((c) => c.id === "ana")!;
  const others = second.combatants.filter((c) => c.id !== "ana");
  const facts = EX_INI_1.filter((f) => f.id !== "ana");
  const joiner: CombatantFacts = { ...EX_INI_1.find((f) => f.id === "ana")!, id: "ana2" };
  const joined = joinMidRound(second.state, others, facts, joiner, dice);
  return { ana, joined, facts: [...facts, joiner] };
}

describe("INI-6: a creature back in the round it left", () => {
  it("keeps its domino and its turn taken, whatever a new joiner would have had", () => {
    const { ana, joined, facts } = anaBackAfterHerTurn();
    expect(ana.turnTaken).toBe(true);
    const back = rejoined(joined, "ana2", { ...ana, id: "ana2" }, facts);
    expect(back.combatants.find((c) => c.id === "ana2")).toMatchObject({
      turnTaken: true,
      domino: ana.domino,
    });
    expect(back.state.order).toContain("ana2");
    expect(back.state.current).toBe(joined.state.current);
  });

  it("a creature that never left is dealt in as any joiner", () => {
    const { joined, facts } = anaBackAfterHerTurn();
    expect(rejoined(joined, "ana2", null, facts)).toBe(joined);
  });
});
