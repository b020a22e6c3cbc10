import { describe, expect, it } from "vitest";
import { token } from "./threat-token";
import { opportunityOffered, reachLeftBy, OPPORTUNITY_GRIT_COST } from "../../../src/rules/round/opportunity";

const mover = token("ana", 5, 5, "friendly");

describe("GW-4: whose reach a move leaves", () => {
  it("an adjacent enemy's reach is left by a step away, not by a step along it", () => {
    const orc = token("orc", 6, 5, "hostile");
    expect(reachLeftBy([mover, orc], "ana", { x: 5, y: 5 }, { x: 4, y: 5 })).toEqual(["orc"]);
    expect(reachLeftBy([mover, orc], "ana", { x: 5, y: 5 }, { x: 5, y: 4 })).toEqual([]);
  });

  it("a reach-2 weapon holds the mover one square further", () => {
    const pike = token("pike", 7, 5, "hostile", { reach: 2 });
    expect(reachLeftBy([mover, pike], "ana", { x: 5, y: 5 }, { x: 4, y: 5 })).toEqual(["pike"]);
    expect(reachLeftBy([mover, pike], "ana", { x: 5, y: 5 }, { x: 5, y: 4 })).toEqual([]);
  });

  it("friends, neutral tokens and enemies unable to attack in melee provoke nothing", () => {
    const others = [
      token("bo", 6, 5, "friendly"),
      token("cat", 4, 4, "neutral"),
      token("stunned", 6, 6, "hostile", { canMeleeAttack: false }),
    ];
    expect(reachLeftBy([mover, ...others], "ana", { x: 5, y: 5 }, { x: 2, y: 2 })).toEqual([]);
  });

  it("a move that starts outside the reach provokes nothing, whatever it passes", () => {
    const orc = token("orc", 6, 5, "hostile");
    expect(reachLeftBy([mover, orc], "ana", { x: 8, y: 5 }, { x: 9, y: 5 })).toEqual([]);
    expect(reachLeftBy([orc], "ana", { x: 5, y: 5 }, { x: 1, y: 1 })).toEqual([]);
  });
});

describe("GW-4: who may take it", () => {
  it("costs 1 Grit, outside one's own turn, only under Grit and Wounds", () => {
    expect(OPPORTUNITY_GRIT_COST).toBe(1);
    expect(opportunityOffered({ usesGrit: true, grit: 1, ownTurn: false })).toBe(true);
    expect(opportunityOffered({ usesGrit: true, grit: 0, ownTurn: false })).toBe(false);
    expect(opportunityOffered({ usesGrit: true, grit: 3, ownTurn: true })).toBe(false);
    expect(opportunityOffered({ usesGrit: false, grit: 3, ownTurn: false })).toBe(false);
  });
});
