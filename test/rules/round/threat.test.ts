import { describe, expect, it } from "vitest";
import { token } from "./threat-token";
import {
  areEnemies,
  meleeProfile,
  relativeSquare,
  threatChanges,
  threatenedByPosition,
  type ThreatStatus,
} from "../../../src/rules/round/threat";
import { canMakeMeleeAttack } from "../../../src/rules/conditions";

const swordsman = token("sword", 5, 5, "friendly");

describe("CON-1 cases 1-2 from token positions (EX-CON-1)", () => {
  it("enemies at (4,5) and (6,5) flank the swordsman at (5,5)", () => {
    const threatened = threatenedByPosition([
      swordsman,
      token("a", 4, 5, "hostile"),
      token("b", 6, 5, "hostile"),
    ]);
    expect(threatened.has("sword")).toBe(true);
  });

  it("enemies at (4,4) and (6,6) are also opposite", () => {
    expect(
      threatenedByPosition([swordsman, token("a", 4, 4, "hostile"), token("b", 6, 6, "hostile")]).has(
        "sword",
      ),
    ).toBe(true);
  });

  it("enemies at (4,5) and (5,6) are not: he is not Threatened", () => {
    expect(
      threatenedByPosition([swordsman, token("a", 4, 5, "hostile"), token("b", 5, 6, "hostile")]).has(
        "sword",
      ),
    ).toBe(false);
  });

  it("an unarmed brawler with one enemy adjacent is Threatened; armed, he is not", () => {
    const orc = token("orc", 6, 5, "hostile");
    expect(threatenedByPosition([{ ...swordsman, wieldsMelee: false }, orc]).has("sword")).toBe(true);
    expect(threatenedByPosition([swordsman, orc]).has("sword")).toBe(false);
  });

  it("the enemies are judged too: the orc flanked by two allies is Threatened, the allies are not", () => {
    const orc = token("orc", 5, 5, "hostile");
    const result = threatenedByPosition([orc, token("a", 4, 5, "friendly"), token("b", 6, 5, "friendly")]);
    expect([...result]).toEqual(["orc"]);
  });
});

describe("reach (EQ-3)", () => {
  it("a reach-2 enemy two squares away threatens an unarmed creature; a reach-1 one does not", () => {
    const brawler = { ...swordsman, wieldsMelee: false };
    expect(threatenedByPosition([brawler, token("pike", 7, 5, "hostile", { reach: 2 })]).has("sword")).toBe(
      true,
    );
    expect(threatenedByPosition([brawler, token("club", 7, 5, "hostile")]).has("sword")).toBe(false);
    expect(threatenedByPosition([brawler, token("pike", 8, 5, "hostile", { reach: 2 })]).has("sword")).toBe(
      false,
    );
  });

  it("a reach-2 flanker two squares off still flanks; diagonals count one square by default", () => {
    const tokens = [swordsman, token("pike", 3, 3, "hostile", { reach: 2 }), token("b", 6, 6, "hostile")];
    expect(threatenedByPosition(tokens).has("sword")).toBe(true);
  });

  it("the scene's measure decides (MV-2): with diagonals at 2, the diagonal flanker is out of reach", () => {
    const manhattan = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    const tokens = [swordsman, token("a", 4, 4, "hostile"), token("b", 6, 6, "hostile")];
    expect(threatenedByPosition(tokens, manhattan).has("sword")).toBe(false);
  });

  it("meleeProfile: reach 1 unarmed, the longest melee reach in hand, a bow's reach ignored", () => {
    expect(meleeProfile([])).toEqual({ reach: 1, wieldsMelee: false });
    expect(meleeProfile([{ melee: true, reach: 1, brawling: true }])).toEqual({
      reach: 1,
      wieldsMelee: false,
    });
    expect(
      meleeProfile([
        { melee: true, reach: 2, brawling: false },
        { melee: true, reach: 1, brawling: false },
      ]),
    ).toEqual({ reach: 2, wieldsMelee: true });
    expect(meleeProfile([{ melee: false, reach: 2, brawling: false }])).toEqual({
      reach: 1,
      wieldsMelee: false,
    });
  });

  it("an NPC's natural weapon (a bite) is wielded; its fists are not", () => {
    expect(meleeProfile([{ melee: true, reach: 1, brawling: false }]).wieldsMelee).toBe(true);
    expect(meleeProfile([{ melee: true, reach: 1, brawling: true }]).wieldsMelee).toBe(false);
  });
});

describe("sides: only hostile against friendly", () => {
  it("neutral tokens neither threaten nor are threatened", () => {
    expect(areEnemies("friendly", "hostile")).toBe(true);
    expect(areEnemies("hostile", "friendly")).toBe(true);
    expect(areEnemies("neutral", "hostile")).toBe(false);
    expect(areEnemies("friendly", "neutral")).toBe(false);
    expect(areEnemies("hostile", "hostile")).toBe(false);
    const brawler = { ...swordsman, wieldsMelee: false };
    const neutral = token("n", 6, 5, "neutral");
    expect(threatenedByPosition([brawler, neutral]).size).toBe(0);
    expect(
      threatenedByPosition([
        { ...brawler, side: "neutral" },
        token("orc", 6, 5, "hostile", { wieldsMelee: false }),
      ]).size,
    ).toBe(0);
  });

  it("allies never threaten each other", () => {
    const tokens = [
      { ...swordsman, wieldsMelee: false },
      token("a", 4, 5, "friendly"),
      token("b", 6, 5, "friendly"),
    ];
    expect(threatenedByPosition(tokens).size).toBe(0);
  });
});

describe("an enemy that cannot make a melee attack (CON-1, AC-2)", () => {
  it("it neither threatens an unarmed creature nor counts as a flanker", () => {
    const stunned = token("b", 6, 5, "hostile", { canMeleeAttack: canMakeMeleeAttack(["stunned"]) });
    expect(threatenedByPosition([{ ...swordsman, wieldsMelee: false }, stunned]).has("sword")).toBe(false);
    expect(threatenedByPosition([swordsman, token("a", 4, 5, "hostile"), stunned]).has("sword")).toBe(false);
  });
});

describe("large tokens: measured from the nearest occupied square", () => {
  it("a 2×2 ogre at (6,4) is adjacent to (5,5) and on its +x side", () => {
    const ogre = token("ogre", 6, 4, "hostile", { width: 2, height: 2 });
    expect(relativeSquare(swordsman, ogre)).toEqual({ x: 1, y: 0 });
    expect(threatenedByPosition([swordsman, ogre, token("a", 4, 5, "hostile")]).has("sword")).toBe(true);
  });

  it("a goblin two squares left of the ogre's footprint is one gap of 2 away", () => {
    const ogre = token("ogre", 6, 4, "hostile", { width: 2, height: 2 });
    expect(relativeSquare(ogre, token("g", 3, 5, "friendly"))).toEqual({ x: -3, y: 0 });
    expect(relativeSquare(ogre, token("g", 8, 3, "friendly"))).toEqual({ x: 1, y: -1 });
  });
});

describe("CON-3: round start adds and removes only automatic Threatened", () => {
  const status = (key: string, detected: boolean, active: boolean, automatic: boolean): ThreatStatus => ({
    key,
    detected,
    active,
    automatic,
  });

  it("adds where detected and missing, removes its own where no longer detected", () => {
    const result = threatChanges([
      status("new", true, false, false),
      status("still", true, true, true),
      status("gone", false, true, true),
      status("never", false, false, false),
    ]);
    expect(result).toEqual({ apply: ["new"], clear: ["gone"] });
  });

  it("a Threatened the GM set by hand is never removed by detection", () => {
    expect(threatChanges([status("manual", false, true, false)])).toEqual({ apply: [], clear: [] });
  });

  it("an automatic Threatened the GM cleared by hand comes back at the next round start only if it still holds", () => {
    expect(threatChanges([status("cleared", true, false, false)])).toEqual({ apply: ["cleared"], clear: [] });
    expect(threatChanges([status("cleared", false, false, false)])).toEqual({ apply: [], clear: [] });
  });
});
