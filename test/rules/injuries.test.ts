import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  effectRoll,
  INJURY_COLUMNS,
  INJURY_EFFECT_TABLE,
  injuryColumn,
  injuryEffect,
} from "../../src/rules/injury/effect-table";
import {
  INJURY_EFFECT_CATALOGUE,
  injuryBurn,
  limbOf,
  mentalRankCondition,
  PERMANENT_LIMB_LOSS,
} from "../../src/rules/injury/effects";
import { FRACTURE_PENALTIES, fracturePenalty } from "../../src/rules/injury/fracture";
import { createInjury } from "../../src/rules/injury/grievous-injury";
import { toConditionDuration } from "../../src/rules/injury/harm";
import {
  advanceHealingClock,
  endOfEncounterHeals,
  firstAidHeals,
  type HealingClock,
} from "../../src/rules/injury/healing";
import {
  faceToLocation,
  INJURY_CONNECTIONS,
  INJURY_LOCATION_TABLE,
  injuryLocation,
  isLegalShift,
  locationExists,
  locationFace,
  neighbours,
  reachableLocations,
  shiftDistances,
} from "../../src/rules/injury/location";
import { injuryTrigger } from "../../src/rules/injury/trigger";
import { INJURY_EFFECTS, LOCATIONS, type Location } from "../../src/rules/vocabulary";

const d6 = fc.integer({ min: 1, max: 6 });
const fourD6 = fc.tuple(d6, d6, d6, d6);

/** Every roll of 4d6, once each. */
function allRolls(): number[][] {
  const rolls: number[][] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) for (let d = 1; d <= 6; d++) rolls.push([a, b, c, d]);
  return rolls;
}

const pct = (n: number): number => Math.round((n / 6 ** 4) * 1000) / 10;

describe("INJ-1 triggers", () => {
  it("EX-INJ-4: ♥6 at 6/6: 4 is Trauma, 6 is Out of action + Massive (Killing Blow), 3 nothing", () => {
    expect(injuryTrigger({ hpBefore: 6, hpMax: 6, final: 4 })).toEqual({
      roll: true,
      killingBlow: false,
      triggers: ["trauma"],
    });
    expect(injuryTrigger({ hpBefore: 6, hpMax: 6, final: 6 })).toEqual({
      roll: true,
      killingBlow: true,
      triggers: ["outOfAction", "trauma", "massive"],
    });
    expect(injuryTrigger({ hpBefore: 6, hpMax: 6, final: 3 }).roll).toBe(false);
  });

  it("EX-HP-1: the drain overflow gives the Killing Blow", () => {
    expect(injuryTrigger({ hpBefore: 2, hpMax: 6, final: 5, drainOverflow: true })).toMatchObject({
      roll: true,
      killingBlow: true,
    });
  });

  it("temporary, non-attack and Enemy damage (without the setting) never trigger; nor does the setting off", () => {
    const big = { hpBefore: 6, hpMax: 6, final: 6 };
    expect(injuryTrigger({ ...big, temporary: true }).roll).toBe(false);
    expect(injuryTrigger({ ...big, source: "ongoing" }).roll).toBe(false);
    expect(injuryTrigger({ ...big, source: "extra" }).roll).toBe(false);
    expect(injuryTrigger({ ...big, enemy: true }).roll).toBe(false);
    expect(injuryTrigger({ ...big, enemy: true, injuriesForEnemies: true }).roll).toBe(true);
    expect(injuryTrigger({ ...big, grievousInjuries: false }).roll).toBe(false);
    expect(injuryTrigger({ hpBefore: 6, hpMax: 6, final: 0 }).roll).toBe(false);
  });
});

describe("INJ-3 location face", () => {
  it("EX-INJ-1: 4,4,4,6 → face 4 with 1 shift", () => {
    expect(locationFace([4, 4, 4, 6])).toEqual({ face: 4, shifts: 1 });
  });

  it("EX-INJ-2: ties go to the highest face; a quadruple allows 2 shifts", () => {
    expect(locationFace([2, 2, 5, 5])).toEqual({ face: 5, shifts: 0 });
    expect(locationFace([1, 2, 3, 6])).toEqual({ face: 6, shifts: 0 });
    expect(locationFace([1, 1, 1, 1])).toEqual({ face: 1, shifts: 2 });
  });

  it("refuses anything but four d6", () => {
    expect(() => locationFace([1, 2, 3])).toThrow(RangeError);
    expect(() => locationFace([1, 2, 3, 7])).toThrow(RangeError);
    expect(() => locationFace([1, 2, 3, 1.5])).toThrow(RangeError);
  });

  it("matches the INJ-3 pseudo-code on every roll", () => {
    for (const dice of allRolls()) {
      const count = (f: number) => dice.filter((d) => d === f).length;
      const most = Math.max(...[1, 2, 3, 4, 5, 6].map(count));
      const face = Math.max(...[1, 2, 3, 4, 5, 6].filter((f) => count(f) === most));
      expect(locationFace(dice)).toEqual({ face, shifts: most - 2 >= 1 ? most - 2 : 0 });
    }
  });
});

describe("INJ-4 face to location", () => {
  it("EX-INJ-2: face 2 is the Left Leg on an odd sum, the Right Leg on an even one", () => {
    expect(injuryLocation([2, 2, 3, 6]).location).toBe("leftLeg");
    expect(injuryLocation([2, 2, 4, 6]).location).toBe("rightLeg");
    expect([1, 3, 4, 5, 6].map((f) => faceToLocation(f, 10))).toEqual([
      "head",
      "leftArm",
      "rightArm",
      "abdomen",
      "chest",
    ]);
    expect(() => faceToLocation(7, 10)).toThrow(RangeError);
  });

  it("B-4: the chances of INJ-4 match an exhaustive count over all 6^4 rolls", () => {
    const counts: Partial<Record<Location, number>> = {};
    let triples = 0;
    let quadruples = 0;
    for (const dice of allRolls()) {
      const r = injuryLocation(dice);
      counts[r.location] = (counts[r.location] ?? 0) + 1;
      if (r.shifts === 1) triples++;
      if (r.shifts === 2) quadruples++;
    }
    const chances = Object.fromEntries(Object.entries(counts).map(([l, n]) => [l, pct(n)]));
    expect(chances).toEqual({
      head: 10.9,
      leftLeg: 6.5,
      rightLeg: 4.9,
      leftArm: 11.8,
      rightArm: 14.1,
      abdomen: 20.1,
      chest: 31.7,
    });
    expect(Math.round((triples / 6 ** 4) * 10000) / 100).toBe(9.26);
    expect(Math.round((quadruples / 6 ** 4) * 10000) / 100).toBe(0.46);
  });

  it("the location table is RollTable data: faces 1–6 and shift-only Neck and Groin", () => {
    expect(INJURY_LOCATION_TABLE.filter((e) => e.face !== null).map((e) => e.face)).toEqual([
      1, 2, 2, 3, 4, 5, 6,
    ]);
    expect(INJURY_LOCATION_TABLE.filter((e) => e.neckGroinOnly).map((e) => e.location)).toEqual([
      "neck",
      "groin",
    ]);
  });
});

describe("INJ-5 connections and shifts", () => {
  it("EX-INJ-1: the Right Arm's only neighbour is the Chest", () => {
    expect(neighbours("rightArm")).toEqual(["chest"]);
    expect(injuryLocation([4, 4, 4, 6]).reachable).toEqual(["chest", "rightArm"]);
    expect(isLegalShift(injuryLocation([4, 4, 4, 6]), "chest")).toBe(true);
    expect(isLegalShift(injuryLocation([4, 4, 4, 6]), "head")).toBe(false);
  });

  it("EX-INJ-2: 1,1,1,1 reaches Head, Chest, arms and Abdomen; with neckGroin only Head, Neck, Chest", () => {
    expect(injuryLocation([1, 1, 1, 1]).reachable).toEqual([
      "head",
      "chest",
      "rightArm",
      "leftArm",
      "abdomen",
    ]);
    expect(injuryLocation([1, 1, 1, 1], true).reachable).toEqual(["head", "neck", "chest"]);
  });

  it("Neck and Groin exist only with the setting", () => {
    expect(locationExists("neck")).toBe(false);
    expect(locationExists("groin", true)).toBe(true);
    expect(() => reachableLocations("neck", 1, false)).toThrow(RangeError);
    expect(neighbours("groin", true)).toEqual(["abdomen", "rightLeg", "leftLeg"]);
  });

  it("both graphs are trees over their locations (one path between any two)", () => {
    for (const neckGroin of [false, true]) {
      const nodes = LOCATIONS.filter((l) => locationExists(l, neckGroin));
      const edges = INJURY_CONNECTIONS[neckGroin ? "neckGroin" : "standard"];
      expect(edges).toHaveLength(nodes.length - 1);
      expect(Object.keys(shiftDistances("chest", neckGroin))).toHaveLength(nodes.length);
    }
  });

  it("property: every reachable location is within the shifts of the rolled one, in LOCATIONS order", () => {
    fc.assert(
      fc.property(fourD6, fc.boolean(), (dice, neckGroin) => {
        const r = injuryLocation(dice, neckGroin);
        const distance = shiftDistances(r.location, neckGroin);
        const order = r.reachable.map((l) => LOCATIONS.indexOf(l));
        return (
          r.reachable.includes(r.location) &&
          r.reachable.every((l) => (distance[l] as number) <= r.shifts) &&
          order.every((v, i) => i === 0 || order[i - 1] < v) &&
          LOCATIONS.filter((l) => distance[l] !== undefined && (distance[l] as number) <= r.shifts).length ===
            r.reachable.length
        );
      }),
    );
  });
});

describe("INJ-6 effect table", () => {
  it("EX-INJ-3: Chest 4 is a fracture; a Killing Blow 6 is a kill; an Arm's 7 severs", () => {
    expect(injuryEffect("chest", 4)).toEqual({ effect: "fracture", modifier: 0 });
    expect(effectRoll(6, true)).toBe(7);
    expect(injuryEffect("chest", 6, true)).toEqual({ effect: "kill", modifier: 0 });
    expect(injuryEffect("rightArm", 6, true)).toEqual({ effect: "sever", modifier: 0 });
    expect(createInjury("chest", injuryEffect("chest", 4)).daysRemaining).toBe(14);
  });

  it("−2d cells carry the modifier −5", () => {
    expect(injuryEffect("head", 6)).toEqual({ effect: "unconscious", modifier: -5 });
    expect(injuryEffect("abdomen", 5)).toEqual({ effect: "bleeder", modifier: -5 });
    expect(injuryEffect("neck", 4)).toEqual({ effect: "bleeder", modifier: -5 });
    const severe = Object.values(INJURY_EFFECT_TABLE)
      .flat()
      .filter((c) => c.modifier !== 0);
    expect(severe.map((c) => `${c.effect}${c.modifier}`)).toEqual([
      "unconscious-5",
      "bleeder-5",
      "unconscious-5",
      "bleeder-5",
      "bleeder-5",
    ]);
  });

  it("every column has 7 rows with a valid key; 7 kills except on limbs, where it severs", () => {
    for (const column of INJURY_COLUMNS) {
      const rows = INJURY_EFFECT_TABLE[column];
      expect(rows).toHaveLength(7);
      for (const row of rows) expect(INJURY_EFFECTS).toContain(row.effect);
      expect(rows[6].effect).toBe(column === "arm" || column === "leg" ? "sever" : "kill");
    }
    expect(injuryColumn("leftLeg")).toBe("leg");
    expect(() => effectRoll(0)).toThrow(RangeError);
    expect(() => effectRoll(7)).toThrow(RangeError);
  });
});

describe("INJ-7 effect catalogue", () => {
  it("covers every effect key", () => {
    expect(Object.keys(INJURY_EFFECT_CATALOGUE).sort()).toEqual([...INJURY_EFFECTS].sort());
  });

  it("a −2d bleeder becomes an ongoing effect at −5 with the location as origin", () => {
    const injury = createInjury("abdomen", injuryEffect("abdomen", 5));
    expect(injury.immediate).toEqual([
      {
        kind: "ongoing",
        effect: { rating: 1, suit: "hearts", modifier: -5, tag: "bleeding", origin: "abdomen" },
      },
    ]);
    expect(injury.heals).toEqual({ kind: "ongoingEnds" });
    expect(injury.daysRemaining).toBeNull();
  });

  it("a −2d unconscious cell puts its −5 on the ♦ save", () => {
    const injury = createInjury("head", injuryEffect("head", 6));
    expect(injury.immediate[0]).toMatchObject({
      kind: "condition",
      conditions: ["unconscious"],
      save: { suit: "diamonds", modifier: -5 },
    });
    expect(createInjury("head", { effect: "unconscious", modifier: 0 }).immediate[0]).toMatchObject({
      save: { modifier: 0 },
    });
  });

  it("Broken drops what the hand holds only on an arm, and saves at each Move only on a leg", () => {
    const arm = createInjury("leftArm", { effect: "broken", modifier: 0 });
    expect(arm.immediate.map((e) => e.kind)).toEqual(["extraDamage", "dropHeld"]);
    expect(arm.lasting).toEqual([{ kind: "unusable", part: "limb" }]);
    const leg = createInjury("rightLeg", { effect: "broken", modifier: 0 });
    expect(leg.immediate.map((e) => e.kind)).toEqual(["extraDamage"]);
    expect(leg.lasting).toContainEqual({ kind: "moveSave", suit: "spades", modifier: -5, limb: "leg" });
    expect(leg.daysRemaining).toBe(28);
  });

  it("Sever: +4 damage, limb lost, a bleeder, −5 and Burn 2; 28 days, then a permanent loss", () => {
    const injury = createInjury("rightLeg", { effect: "sever", modifier: 0 });
    expect(injury.immediate).toContainEqual({ kind: "extraDamage", amount: 4 });
    expect(injury.immediate).toContainEqual({ kind: "limbLost" });
    expect(injury.immediate).toContainEqual({
      kind: "ongoing",
      effect: { rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "rightLeg" },
    });
    expect(injury.lasting).toEqual([
      { kind: "modifier", value: -5, appliesTo: "allTestsAndAttacks" },
      { kind: "burn", amount: 2 },
    ]);
    expect(injury.heals).toEqual({ kind: "days", days: 28, permanent: "limbLost" });
    expect(PERMANENT_LIMB_LOSS[limbOf("rightLeg") ?? "arm"]).toEqual([
      { kind: "condition", condition: "slowed" },
    ]);
    expect(limbOf("head")).toBeNull();
  });

  it("Kill: ♥ save at −5 or 0 HP and Unconscious; the round's actions lost and Terrified either way", () => {
    const kill = INJURY_EFFECT_CATALOGUE.kill;
    expect(kill.immediate[0]).toEqual({
      kind: "dropToZero",
      save: { suit: "hearts", modifier: -5 },
      conditions: ["unconscious"],
    });
    expect(kill.immediate.slice(1).map((e) => e.kind)).toEqual(["loseRoundActions", "condition"]);
    expect(kill.heals).toEqual({ kind: "immediate" });
  });

  it("Burn values follow the table", () => {
    const burnOf = (e: keyof typeof INJURY_EFFECT_CATALOGUE) =>
      INJURY_EFFECT_CATALOGUE[e].lasting.flatMap((l) => (l.kind === "burn" ? [l.amount] : []));
    expect(burnOf("stun")).toEqual([1]);
    expect(burnOf("wind")).toEqual([2]);
    expect(burnOf("balance")).toEqual([2]);
    expect(burnOf("fleshWound")).toEqual([]);
  });

  it("sums the Burn of the lasting injuries for the stance and initiative rules", () => {
    const injuries = [
      createInjury("head", { effect: "stun", modifier: 0 }),
      createInjury("leftLeg", { effect: "sever", modifier: 0 }),
      createInjury("chest", { effect: "fracture", modifier: 0 }),
    ];
    expect(injuryBurn(injuries)).toBe(3);
    expect(injuryBurn([])).toBe(0);
  });

  it("a lost Mental Rank is Shaken; a second one (or 2 at once) is Terrified", () => {
    expect(INJURY_EFFECT_CATALOGUE.wind.immediate).toEqual([{ kind: "mentalRankLoss", ranks: 1 }]);
    expect(INJURY_EFFECT_CATALOGUE.sound.immediate).toEqual([{ kind: "mentalRankLoss", ranks: 1 }]);
    expect(mentalRankCondition(0)).toBeNull();
    expect(mentalRankCondition(1)).toBe("shaken");
    expect(mentalRankCondition(2)).toBe("terrified");
  });

  it("turns harm durations into CON-5 durations", () => {
    expect(toConditionDuration({ kind: "endOfNextTurn" })).toEqual({ kind: "endOfNextTurn", turnEnds: 1 });
    expect(toConditionDuration({ kind: "endOfNextTurn" }, { appliedDuringOwnTurn: true })).toEqual({
      kind: "endOfNextTurn",
      turnEnds: 2,
    });
    expect(toConditionDuration({ kind: "endOfEncounter" })).toEqual({ kind: "endOfEncounter" });
    expect(toConditionDuration({ kind: "untilHealed" })).toEqual({ kind: "untilHealed" });
    expect(toConditionDuration({ kind: "untilRemoved" })).toEqual({ kind: "indefinite" });
    expect(toConditionDuration({ kind: "roundsDie", die: 6 }, { rolled: 4 })).toEqual({
      kind: "rounds",
      rounds: 4,
    });
    expect(() => toConditionDuration({ kind: "roundsDie", die: 6 })).toThrow(RangeError);
    expect(() => toConditionDuration({ kind: "roundsDie", die: 6 }, { rolled: 7 })).toThrow(RangeError);
    expect(toConditionDuration({ kind: "minutesDie", die: 10 }, { rolled: 3 })).toEqual({
      kind: "indefinite",
    });
  });
});

describe("INJ-8 fracture", () => {
  it("puts −5 on the listed uses by location; a fractured leg forbids Charge", () => {
    expect(fracturePenalty("leftArm")).toBe(FRACTURE_PENALTIES.arm);
    expect(FRACTURE_PENALTIES.arm.attacksWithThatHand).toBe(true);
    expect(fracturePenalty("rightLeg").chargeAllowed).toBe(false);
    expect(fracturePenalty("chest").tests).toContainEqual({
      suit: "hearts",
      card: "primary",
      only: "stamina",
    });
    expect(fracturePenalty("groin").tests.every((t) => t.only === "movement")).toBe(true);
    expect(Object.values(FRACTURE_PENALTIES).every((p) => p.modifier === -5)).toBe(true);
    expect(() => fracturePenalty("head")).toThrow(RangeError);
  });

  it("only cells in fracture columns hold a fracture", () => {
    for (const column of INJURY_COLUMNS) {
      const has = INJURY_EFFECT_TABLE[column].some((c) => c.effect === "fracture");
      expect(has).toBe(column in FRACTURE_PENALTIES);
    }
  });
});

describe("INJ-9 healing clock", () => {
  const clock = (effect: HealingClock["effect"]): HealingClock => {
    const injury = createInjury(effect === "fracture" ? "chest" : "head", { effect, modifier: 0 });
    return { effect, heals: injury.heals, daysRemaining: injury.daysRemaining };
  };

  it("counts days down at each Sleep and removes an injury at 0", () => {
    let injuries = [clock("fracture"), clock("stun")];
    for (let day = 1; day < 14; day++) injuries = advanceHealingClock(injuries).kept;
    expect(injuries.map((i) => i.daysRemaining)).toEqual([1, null]);
    const last = advanceHealingClock(injuries);
    expect(last.healed.map((i) => i.effect)).toEqual(["fracture"]);
    expect(last.kept.map((i) => i.effect)).toEqual(["stun"]);
  });

  it("removes end-of-encounter injuries when the combat ends; First Aid removes stun and wind", () => {
    const r = endOfEncounterHeals([clock("stun"), clock("sight"), clock("fleshWound")]);
    expect(r.healed.map((i) => i.effect)).toEqual(["stun", "fleshWound"]);
    expect(r.kept.map((i) => i.effect)).toEqual(["sight"]);
    expect(INJURY_EFFECTS.filter(firstAidHeals)).toEqual(["stun", "wind"]);
  });
});
