import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeConditions,
  advanceConditions,
  advanceDuration,
  areOpposite,
  chebyshevDistance,
  closeConditions,
  closedConditionList,
  conditionsAfterGain,
  CONDITION_IMPLIES,
  isFlanked,
  isThreatened,
  threatCause,
  untilEndOfNextTurn,
  type AppliedCondition,
  type ConditionDuration,
  type ThreatSource,
} from "../../src/rules/conditions";
import { CONDITIONS, type Condition } from "../../src/rules/vocabulary";

const enemy = (x: number, y: number, reach = 1, meleeCapable = true): ThreatSource => ({
  square: { x, y },
  reach,
  meleeCapable,
});
const swordsman = { square: { x: 5, y: 5 }, wieldsMeleeWeapon: true, conditions: [] as Condition[] };

describe("EX-CON-1", () => {
  it("enemies at (4,5) and (6,5) are opposite: flanked and Threatened", () => {
    expect(isThreatened(swordsman, [enemy(4, 5), enemy(6, 5)])).toBe(true);
    expect(threatCause(swordsman, [enemy(4, 5), enemy(6, 5)])).toBe("flanked");
  });
  it("enemies at (4,4) and (6,6) are also opposite", () => {
    expect(isThreatened(swordsman, [enemy(4, 4), enemy(6, 6)])).toBe(true);
  });
  it("enemies at (4,5) and (5,6) are not: he is not Threatened", () => {
    expect(isThreatened(swordsman, [enemy(4, 5), enemy(5, 6)])).toBe(false);
  });
  it("an unarmed brawler with one enemy adjacent is Threatened", () => {
    const brawler = { ...swordsman, wieldsMeleeWeapon: false };
    expect(threatCause(brawler, [enemy(6, 6)])).toBe("unarmedInReach");
  });
});

describe("CON-1 Threatened", () => {
  it("case 1 counts only melee-capable enemies within their reach", () => {
    const brawler = { ...swordsman, wieldsMeleeWeapon: false };
    expect(isThreatened(brawler, [enemy(7, 5)])).toBe(false);
    expect(isThreatened(brawler, [enemy(7, 5, 2)])).toBe(true);
    expect(isThreatened(brawler, [enemy(6, 5, 1, false)])).toBe(false);
    expect(isThreatened(brawler, [])).toBe(false);
  });

  it("case 2 needs both flankers melee-capable and in reach", () => {
    expect(isThreatened(swordsman, [enemy(4, 5), enemy(6, 5, 1, false)])).toBe(false);
    expect(isThreatened(swordsman, [enemy(4, 5), enemy(7, 5)])).toBe(false);
    expect(isThreatened(swordsman, [enemy(4, 5), enemy(7, 5, 2)])).toBe(true);
    expect(isFlanked({ x: 0, y: 0 }, [enemy(-1, 1), enemy(5, 5), enemy(1, -1)])).toBe(true);
  });

  it("case 3: a condition that brings Threatened", () => {
    for (const c of ["shaken", "prone", "grappled", "stunned", "blind", "terrified", "pinned"] as const) {
      expect(threatCause({ ...swordsman, conditions: [c] }, [])).toBe("condition");
    }
    expect(isThreatened({ ...swordsman, conditions: ["hampered"] }, [])).toBe(false);
  });

  it("opposite sides: signs negated on both axes; a shared square has no side", () => {
    const c = { x: 0, y: 0 };
    expect(areOpposite(c, { x: -2, y: 1 }, { x: 1, y: -2 })).toBe(true);
    expect(areOpposite(c, { x: -1, y: 0 }, { x: 1, y: 1 })).toBe(false);
    expect(areOpposite(c, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(false);
    expect(areOpposite(c, { x: 1, y: 0 }, { x: 0, y: 0 })).toBe(false);
  });

  it("property: opposition is symmetric and never holds for an enemy with itself", () => {
    const sq = fc.record({ x: fc.integer({ min: -3, max: 3 }), y: fc.integer({ min: -3, max: 3 }) });
    fc.assert(
      fc.property(sq, sq, (a, b) => {
        const c = { x: 0, y: 0 };
        expect(areOpposite(c, a, b)).toBe(areOpposite(c, b, a));
        expect(areOpposite(c, a, a)).toBe(false);
      }),
    );
  });

  it("the grid measure can be replaced (e.g. a 5/10/5 diagonal rule)", () => {
    expect(chebyshevDistance({ x: 0, y: 0 }, { x: 2, y: -1 })).toBe(2);
    const never = () => 99;
    expect(isThreatened(swordsman, [enemy(4, 5), enemy(6, 5)], never)).toBe(false);
    expect(isFlanked({ x: 5, y: 5 }, [enemy(4, 5), enemy(6, 5)], never)).toBe(false);
  });
});

describe("CON-4 implications", () => {
  it("the table names only known conditions, with none implying itself", () => {
    for (const c of CONDITIONS) {
      for (const implied of CONDITION_IMPLIES[c]) {
        expect(CONDITIONS).toContain(implied);
        expect(implied).not.toBe(c);
      }
    }
  });

  it("closure follows chains: Comatose → Unconscious → Helpless → Defenseless, and Prone → Threatened", () => {
    expect(closedConditionList(["comatose"])).toEqual([
      "defenseless",
      "helpless",
      "prone",
      "threatened",
      "unconscious",
      "comatose",
    ]);
    expect(closedConditionList(["pinned"])).toEqual([
      "defenseless",
      "entangled",
      "grappled",
      "pinned",
      "hampered",
      "helpless",
      "slowed",
      "threatened",
    ]);
    expect(closedConditionList(["terrified"])).toEqual(["terrified", "stunned", "threatened"]);
  });

  it("property: the closure contains its input, is closed, and is idempotent", () => {
    fc.assert(
      fc.property(fc.subarray([...CONDITIONS]), (conditions) => {
        const closed = closeConditions(conditions);
        for (const c of conditions) expect(closed.has(c)).toBe(true);
        for (const c of closed) for (const i of CONDITION_IMPLIES[c]) expect(closed.has(i)).toBe(true);
        expect([...closeConditions(closed)].sort()).toEqual([...closed].sort());
      }),
    );
  });

  it("implied conditions come and go with their parent", () => {
    const applied: AppliedCondition[] = [
      { condition: "grappled", source: "ogre", duration: { kind: "indefinite" } },
      { condition: "shaken", source: "roar", duration: { kind: "rounds", rounds: 1 } },
    ];
    expect(activeConditions(applied).has("threatened")).toBe(true);
    const { kept } = advanceConditions(applied.slice(1), "roundEnd");
    expect(activeConditions(kept).has("threatened")).toBe(false);
  });
});

describe("CON-5, CB-4 durations", () => {
  it("a number of rounds counts down at each round end", () => {
    const d: ConditionDuration = { kind: "rounds", rounds: 2 };
    expect(advanceDuration(d, "turnEnd")).toBe(d);
    expect(advanceDuration(d, "roundEnd")).toEqual({ kind: "rounds", rounds: 1 });
    expect(advanceDuration({ kind: "rounds", rounds: 1 }, "roundEnd")).toBeNull();
    expect(advanceDuration(d, "encounterEnd")).toBeNull();
  });

  it("until the end of your next turn: applied in your own turn it lasts through the following one", () => {
    const offTurn = untilEndOfNextTurn(false);
    expect(advanceDuration(offTurn, "roundEnd")).toBe(offTurn);
    expect(advanceDuration(offTurn, "turnEnd")).toBeNull();
    const ownTurn = untilEndOfNextTurn(true);
    const afterFirst = advanceDuration(ownTurn, "turnEnd");
    expect(afterFirst).toEqual({ kind: "endOfNextTurn", turnEnds: 1 });
    expect(advanceDuration(afterFirst!, "turnEnd")).toBeNull();
    expect(advanceDuration(ownTurn, "encounterEnd")).toBeNull();
  });

  it("until the start of your next turn, the encounter's end, healing, or indefinitely", () => {
    expect(advanceDuration({ kind: "startOfNextTurn" }, "turnEnd")).toEqual({ kind: "startOfNextTurn" });
    expect(advanceDuration({ kind: "startOfNextTurn" }, "turnStart")).toBeNull();
    expect(advanceDuration({ kind: "startOfNextTurn" }, "encounterEnd")).toBeNull();
    expect(advanceDuration({ kind: "endOfEncounter" }, "roundEnd")).toEqual({ kind: "endOfEncounter" });
    expect(advanceDuration({ kind: "endOfEncounter" }, "encounterEnd")).toBeNull();
    expect(advanceDuration({ kind: "untilHealed" }, "encounterEnd")).toEqual({ kind: "untilHealed" });
    expect(advanceDuration({ kind: "untilHealed" }, "healed")).toBeNull();
    expect(advanceDuration({ kind: "indefinite" }, "encounterEnd")).toEqual({ kind: "indefinite" });
  });

  it("advanceConditions splits kept and ended, keeping unchanged entries as they were", () => {
    const stun: AppliedCondition = {
      condition: "stunned",
      source: "fist",
      duration: untilEndOfNextTurn(false),
    };
    const prone: AppliedCondition = { condition: "prone", source: "trip", duration: { kind: "indefinite" } };
    const slow: AppliedCondition = {
      condition: "slowed",
      source: "leg",
      duration: { kind: "rounds", rounds: 3 },
    };
    const r = advanceConditions([stun, prone, slow], "turnEnd");
    expect(r.ended).toEqual([stun]);
    expect(r.kept[0]).toBe(prone);
    const later = advanceConditions(r.kept, "roundEnd");
    expect(later.kept[1]).toEqual({ ...slow, duration: { kind: "rounds", rounds: 2 } });
  });
});

describe("conditions once an effect's statuses are gained (CON-4, ST-6)", () => {
  it("the gained conditions count, closed, even when the creature was not yet prepared with them", () => {
    expect(conditionsAfterGain(["prone"], new Set(["stunned"]))).toEqual(
      closedConditionList(["prone", "stunned", "threatened"]),
    );
  });
  it("status ids that are no conditions are left out; nothing gained leaves the held set as it is", () => {
    expect(conditionsAfterGain(["prone"], new Set(["someModuleStatus"]))).toEqual(
      closedConditionList(["prone"]),
    );
    expect(conditionsAfterGain(closedConditionList(["pinned"]), new Set<string>())).toEqual(
      closedConditionList(["pinned"]),
    );
  });
});
