import { describe, expect, it } from "vitest";
import {
  addOngoing,
  applyOngoingTick,
  endsOnOwnTest,
  firstAidStopsInjuryBleeding,
  bleeder,
  carerMayTest,
  endBleeding,
  ongoingTestTarget,
  ongoingTick,
  SEVERE_BLEEDER_MODIFIER,
  type OngoingEffect,
} from "../../src/rules/ongoing";
import { degreeOfSuccess, testRoll } from "../../src/rules/tests";
import { vitals } from "../support/vitals";

const poison: OngoingEffect = { rating: 1, suit: "clubs", modifier: 0, tag: "poison", origin: null };

describe("OD-1 ongoing effects", () => {
  it("a bleeder is N 1 on ♥, tagged bleeding, with its origin", () => {
    expect(bleeder("chest")).toEqual({
      rating: 1,
      suit: "hearts",
      modifier: 0,
      tag: "bleeding",
      origin: "chest",
    });
    expect(bleeder("abdomen", SEVERE_BLEEDER_MODIFIER).modifier).toBe(-5);
  });
});

describe("OD-2 tick", () => {
  it("EX-OD-1: a bleeder N 1 against ♥6: 4 → S ends, 9 → F 1 damage, 12+6 → CF 2 damage", () => {
    const effect = bleeder("chest");
    const target = ongoingTestTarget(effect, { kind: "suit", value: 6 });
    expect(target).toBe(6);
    const s = degreeOfSuccess(testRoll({ d12: 4 }), target);
    expect(s).toBe("S");
    expect(ongoingTick(effect, s)).toEqual({ ends: true, amount: 0, harm: "none" });
    const f = degreeOfSuccess(testRoll({ d12: 9 }), target);
    expect(ongoingTick(effect, f)).toEqual({ ends: false, amount: 1, harm: "damage" });
    const cf = degreeOfSuccess(testRoll({ d12: 12, d8: 6 }), target);
    expect(cf).toBe("CF");
    const applied = applyOngoingTick(vitals(6), effect, cf);
    expect(applied.tick.amount).toBe(2);
    expect(applied.vitals.value).toBe(4);
    expect(applied.damage?.lost).toBe(2);
  });

  it("OD-2a: an injury's bleeder is not ended by its own S or CS; its other ticks are as OD-2", () => {
    const effect = bleeder("chest");
    const injury = { fromInjury: true };
    expect(endsOnOwnTest(effect, injury)).toBe(false);
    expect(ongoingTick(effect, "S", injury)).toEqual({ ends: false, amount: 0, harm: "none" });
    expect(ongoingTick(effect, "CS", injury)).toEqual({ ends: false, amount: 0, harm: "none" });
    expect(ongoingTick(effect, "F", injury)).toEqual({ ends: false, amount: 1, harm: "damage" });
    expect(applyOngoingTick(vitals(6), effect, "S", injury).vitals).toEqual(vitals(6));
    // Burning from an injury, and a bleeder from any other source, still end on S.
    expect(ongoingTick({ ...effect, tag: "burning" }, "S", injury).ends).toBe(true);
    expect(endsOnOwnTest(effect)).toBe(true);
  });

  it("EX-OD-1: a −2d bleeder tests at 1, so only a roll of 1 ends it", () => {
    const target = ongoingTestTarget(bleeder("abdomen", -5), { kind: "suit", value: 6 });
    expect(target).toBe(1);
    expect(degreeOfSuccess(1, target)).toBe("S");
    expect(degreeOfSuccess(2, target)).not.toMatch(/^C?S$/);
  });

  it("CS ends the effect; other suits take drain instead of damage", () => {
    expect(ongoingTick(poison, "CS").ends).toBe(true);
    const r = applyOngoingTick(vitals(6), poison, "F");
    expect(r.tick.harm).toBe("drain");
    expect(r.vitals.drain.clubs).toBe(1);
    expect(r.vitals.value).toBe(6);
    expect(r.damage).toBeNull();
    const ended = applyOngoingTick(vitals(6), poison, "S");
    expect(ended.vitals).toEqual(vitals(6));
  });

  it("bleeding at 0 HP overflows into ♥ drain like any damage (HP-2)", () => {
    const r = applyOngoingTick(vitals(6, 0), bleeder("chest"), "F");
    expect(r.vitals.drain.hearts).toBe(1);
    expect(applyOngoingTick(vitals(6, 0), bleeder("chest"), "F", { enemy: true }).vitals.drain.hearts).toBe(
      0,
    );
  });
});

describe("OD-5 First Aid stops injury bleeders after combat", () => {
  it("only after combat, and only on S or CS", () => {
    expect(firstAidStopsInjuryBleeding("S", false)).toBe(true);
    expect(firstAidStopsInjuryBleeding("CS", false)).toBe(true);
    expect(firstAidStopsInjuryBleeding("F", false)).toBe(false);
    expect(firstAidStopsInjuryBleeding("CS", true)).toBe(false);
  });
});

describe("OD-3, OD-5 First Aid", () => {
  it("replaces the suit with Knowledge + 5 (trained) or Knowledge (untrained ally), modifier kept", () => {
    expect(ongoingTestTarget(bleeder("chest"), { kind: "firstAid", knowledge: 7, trained: true })).toBe(12);
    expect(ongoingTestTarget(bleeder("chest", -5), { kind: "firstAid", knowledge: 7, trained: true })).toBe(
      7,
    );
    expect(ongoingTestTarget(bleeder("chest"), { kind: "firstAid", knowledge: 7, trained: false })).toBe(7);
  });

  it("a carer needs First Aid, reach, and a Standard action spent tending last turn", () => {
    expect(carerMayTest({ hasFirstAid: true, withinReach: true, tendedLastTurn: true })).toBe(true);
    expect(carerMayTest({ hasFirstAid: false, withinReach: true, tendedLastTurn: true })).toBe(false);
    expect(carerMayTest({ hasFirstAid: true, withinReach: false, tendedLastTurn: true })).toBe(false);
    expect(carerMayTest({ hasFirstAid: true, withinReach: true, tendedLastTurn: false })).toBe(false);
  });
});

describe("OD-4 stopping and stacking", () => {
  it("bleeders from different locations stack; the same location again is ignored", () => {
    let active = addOngoing([], bleeder("chest")).effects;
    const second = addOngoing(active, bleeder("abdomen"));
    expect(second.added).toBe(true);
    active = second.effects;
    const again = addOngoing(active, bleeder("chest", -5));
    expect(again.added).toBe(false);
    expect(again.effects).toHaveLength(2);
    expect(addOngoing(active, bleeder(null)).added).toBe(true);
    expect(addOngoing(active, { ...poison, origin: "chest" }).added).toBe(true);
  });

  it("a patch or magical healing ends every bleeding effect and nothing else", () => {
    expect(endBleeding([bleeder("chest"), poison, bleeder("leftLeg")])).toEqual([poison]);
  });
});
