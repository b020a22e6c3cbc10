import { describe, expect, it } from "vitest";
import { parseCombatRequest, withPricedAction } from "../../../src/rules/round/request-shape";
import type { CombatRequest } from "../../../src/rules/round/authority";

/** CD-7, CD-8: the GM prices a player's named action itself; a console cannot claim a cheaper speed. */
const priced = [
  { action: "attack:sword", speed: 5 },
  { action: "full:rally", speed: 8 },
];
const act = (speed: number, action = "attack:sword"): CombatRequest => ({
  kind: "countdownChoice",
  combatId: "c",
  combatantId: "a",
  choice: { kind: "act", action: { action, speed }, plusOne: false, hampered: false },
});

describe("withPricedAction", () => {
  it("replaces a claimed speed with the GM's price for the same action", () => {
    expect(withPricedAction(act(1), priced)).toEqual(act(5));
  });

  it("prices each action the creature can name at its own speed", () => {
    expect(withPricedAction(act(3, "full:rally"), priced)).toEqual(act(8, "full:rally"));
  });

  it("refuses an action the GM's client does not offer that combatant, or any when it prices none", () => {
    expect(withPricedAction(act(1, "attack:dagger"), priced)).toBeNull();
    expect(withPricedAction(act(5), [])).toBeNull();
  });

  it("reprices an Accumulate and a held die's interrupt too", () => {
    const accumulate: CombatRequest = {
      kind: "countdownChoice",
      combatId: "c",
      combatantId: "a",
      choice: {
        kind: "accumulate",
        action: { action: "attack:sword", speed: 2 },
        die: 3,
        plusOne: false,
        hampered: false,
      },
    };
    expect(withPricedAction(accumulate, priced)).toMatchObject({ choice: { action: { speed: 5 } } });
    const interrupt: CombatRequest = {
      kind: "interrupt",
      combatId: "c",
      combatantId: "a",
      details: { action: { action: "attack:sword", speed: 1 }, plusOne: false, hampered: false },
    };
    expect(withPricedAction(interrupt, priced)).toMatchObject({ details: { action: { speed: 5 } } });
  });

  it("leaves requests that name no action as they are", () => {
    const pass: CombatRequest = {
      kind: "countdownChoice",
      combatId: "c",
      combatantId: "a",
      choice: { kind: "pass", die: 4 },
    };
    expect(withPricedAction(pass, priced)).toBe(pass);
    const end: CombatRequest = { kind: "endTurn", combatId: "c", combatantId: "a" };
    expect(withPricedAction(end, [])).toBe(end);
  });
});

describe("AC-4, MAG-6: a player's non-attack Cast recorded in the turn", () => {
  const spells = [{ action: "cast:spark", speed: 5 }];
  const castIn = (speed: number, action = "cast:spark") =>
    parseCombatRequest({
      kind: "takeAction",
      combatId: "c",
      combatantId: "a",
      action: "cast",
      named: { action, speed },
    });

  it("is read only when it names one spell; the GM prices it, never the client's speed", () => {
    const parsed = castIn(1);
    expect(parsed).toMatchObject({ action: "cast", named: { action: "cast:spark", speed: 1 } });
    expect(withPricedAction(parsed!, spells)).toMatchObject({ named: { action: "cast:spark", speed: 5 } });
    expect(withPricedAction(castIn(1, "cast:fireball")!, spells)).toBeNull();
  });

  it("a client naming no spell, or an attack as a Cast, is not read", () => {
    expect(
      parseCombatRequest({ kind: "takeAction", combatId: "c", combatantId: "a", action: "cast" }),
    ).toBeNull();
    expect(castIn(5, "attack:sword")).toBeNull();
    expect(
      parseCombatRequest({
        kind: "takeAction",
        combatId: "c",
        combatantId: "a",
        action: "attack",
        named: {},
      }),
    ).toBeNull();
  });
});
