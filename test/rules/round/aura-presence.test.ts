import { describe, expect, it } from "vitest";
import { aurasReaching } from "../../../src/rules/round/aura-presence";
import type { ThreatToken } from "../../../src/rules/round/threat";
import { regenerationPoints } from "../../../src/rules/regeneration";

/** NPC-1 special abilities in play: auras measured from token footprints as CON-1 detection does (DMG-3 ER). */

const token = (id: string, x: number, side: ThreatToken["side"], size = 1): ThreatToken => ({
  id,
  square: { x, y: 0 },
  width: size,
  height: size,
  side,
  reach: 1,
  wieldsMelee: true,
  canMeleeAttack: true,
});
const FIRE = { name: "Fire aura", radius: 1, damage: 3 };
const aurasOf = (id: string) => (id === "demon" || id === "imp" ? [FIRE] : []);

describe("auras reaching a combatant", () => {
  it("an adjacent enemy's aura deals its damage less ER, never below 0", () => {
    const tokens = [token("ana", 0, "friendly"), token("demon", 1, "hostile")];
    expect(aurasReaching(tokens, aurasOf, "ana", { dr: 0, er: 0 })).toEqual([
      { sourceId: "demon", aura: "Fire aura", damage: 3 },
    ]);
    expect(aurasReaching(tokens, aurasOf, "ana", { dr: 0, er: 2 })[0]!.damage).toBe(1);
    expect(aurasReaching(tokens, aurasOf, "ana", { dr: 0, er: 5 })[0]!.damage).toBe(0);
    // DR never reduces an energy aura.
    expect(aurasReaching(tokens, aurasOf, "ana", { dr: 9, er: 0 })[0]!.damage).toBe(3);
  });

  it("a physical aura (thorns) is reduced by DR and not by ER", () => {
    const tokens = [token("ana", 0, "friendly"), token("demon", 1, "hostile")];
    const thorns = () => [{ ...FIRE, damageType: "physical" as const }];
    expect(aurasReaching(tokens, thorns, "ana", { dr: 2, er: 9 })[0]!.damage).toBe(1);
  });

  it("measures from the nearest occupied square (a Large demon 2 wide), and stops past the radius", () => {
    expect(
      aurasReaching([token("ana", 0, "friendly"), token("demon", 2, "hostile", 2)], aurasOf, "ana", {
        dr: 0,
        er: 0,
      }),
    ).toEqual([]);
    expect(
      aurasReaching([token("ana", 3, "friendly"), token("demon", 1, "hostile", 2)], aurasOf, "ana", {
        dr: 0,
        er: 0,
      }),
    ).toHaveLength(1);
  });

  it("an ally's aura or a neutral token's burns nobody; each enemy aura counts", () => {
    const tokens = [token("ana", 1, "friendly"), token("imp", 0, "friendly"), token("demon", 2, "hostile")];
    expect(aurasReaching(tokens, aurasOf, "ana", { dr: 0, er: 0 }).map((h) => h.sourceId)).toEqual(["demon"]);
    const two = [token("ana", 1, "friendly"), token("imp", 0, "hostile"), token("demon", 2, "hostile")];
    expect(aurasReaching(two, aurasOf, "ana", { dr: 0, er: 0 })).toHaveLength(2);
  });
});

describe("regeneration at the start of a turn", () => {
  it("adds every regeneration entry's HP, ignores other kinds, and gives a dead creature none", () => {
    const specials = [
      { kind: "regeneration", hpPerRound: 2 },
      { kind: "aura", hpPerRound: 5 },
      { kind: "regeneration", hpPerRound: 1 },
    ];
    expect(regenerationPoints(specials, false)).toBe(3);
    expect(regenerationPoints(specials, true)).toBe(0);
    expect(regenerationPoints([], false)).toBe(0);
  });
});
