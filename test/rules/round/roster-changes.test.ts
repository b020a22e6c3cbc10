import { describe, expect, it } from "vitest";
import { dispatch } from "../../../src/rules/round/dispatch";
import { showIfAllIn } from "../../../src/rules/round/stance-requests";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import { applied, EX_INI_1, GM_REQUESTER, roundOne, scriptedDice, SPADES } from "../../support/combat";

/**
 * Combatants removed, defeated (Foundry's toggle makes the creature absent, CB-1),
 * or defeated and restored during a Spades round never stall it, give a second turn or a fresh domino.
 * The GM's snapshot is rebuilt from the combat's combatants before each request (ZilchCombat
 * .zilchSnapshot), so a removed combatant is simply missing from it, and a defeated one is `absent`.
 */
const dice = () => scriptedDice();
const next = (s: CombatSnapshot) =>
  applied(dispatch(s, { kind: "nextCall", combatId: "x" }, GM_REQUESTER, dice()));

function declared(): CombatSnapshot {
  let s = roundOne(SPADES, EX_INI_1);
  for (const c of s.combatants)
    s = applied(
      dispatch(
        s,
        { kind: "declareStance", combatId: "x", combatantId: c.id, stance: "bold" },
        GM_REQUESTER,
        dice(),
      ),
    );
  return s;
}
const absent = (s: CombatSnapshot, id: string, isAbsent = true): CombatSnapshot => ({
  ...s,
  facts: s.facts.map((f) => (f.id === id ? { ...f, absent: isAbsent } : f)),
});
const removed = (s: CombatSnapshot, id: string): CombatSnapshot => ({
  ...s,
  combatants: s.combatants.filter((c) => c.id !== id),
  facts: s.facts.filter((f) => f.id !== id),
});
/** The turns a round gives, in order, with the snapshot changed by `between` before each call. */
function turns(s: CombatSnapshot, between: (s: CombatSnapshot, n: number) => CombatSnapshot): string[] {
  const order: string[] = [];
  for (let n = 0; n < 6; n += 1) {
    s = next(between(s, n));
    if (s.state.current === null) break;
    order.push(s.state.current);
  }
  return order;
}

describe("roster changes during a Spades round", () => {
  it("the order of EX-INI-1 with nothing changed", () => {
    expect(turns(declared(), (s) => s)).toEqual(["ana", "bo", "orc"]);
  });

  it("a combatant defeated before its turn is skipped and the round still ends", () => {
    expect(turns(declared(), (s, n) => (n >= 1 ? absent(s, "bo") : s))).toEqual(["ana", "orc"]);
  });

  it("a combatant removed before its turn is skipped and the round still ends", () => {
    expect(turns(declared(), (s, n) => (n >= 1 ? removed(s, "bo") : s))).toEqual(["ana", "orc"]);
  });

  it("the current combatant removed during its turn: the next call goes on to the next one", () => {
    expect(
      turns(declared(), (s, n) => (n === 1 ? removed(s, "ana") : n > 1 ? removed(s, "ana") : s)),
    ).toEqual(["ana", "bo", "orc"]);
  });

  it("defeated after its turn and restored: no second turn, and its domino is the one it had", () => {
    let s = next(declared());
    expect(s.state.current).toBe("ana");
    const domino = s.combatants.find((c) => c.id === "ana")!.domino;
    s = absent(next(absent(s, "ana")), "ana", false);
    const rest = turns(s, (x) => x);
    expect(rest).not.toContain("ana");
    expect(s.combatants.find((c) => c.id === "ana")!.domino).toEqual(domino);
  });

  it("a hidden combatant is not a round fact: hiding changes nothing (the GM still acts for it)", () => {
    // Foundry's `hidden` only hides the row from players (the tracker filters on `visible`);
    // ZilchCombat.factsOf reads no `hidden`, so the snapshot and the order are unchanged.
    expect(Object.keys(declared().facts[0]!)).not.toContain("hidden");
  });

  it("the only one still to declare leaves: the others' stances are shown at once, no Force reveal needed", () => {
    let s = roundOne(SPADES, EX_INI_1);
    for (const id of ["ana", "bo"])
      s = applied(
        dispatch(
          s,
          { kind: "declareStance", combatId: "x", combatantId: id, stance: "bold" },
          GM_REQUESTER,
          dice(),
        ),
      );
    expect(s.state.stancesShown).toBe(false);
    const log: LogEntry[] = [];
    expect(showIfAllIn(s, log, dice())).toBe(s);
    const after = showIfAllIn(removed(s, "orc"), log, dice());
    expect(after.state.stancesShown).toBe(true);
    expect(log.map((l) => l.key)).toEqual(["StancesShown"]);
    expect(next(after).state.current).toBe("ana");
  });
});
