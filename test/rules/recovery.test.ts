import { describe, expect, it } from "vitest";
import { hpMax, realDamage } from "../../src/rules/hitPoints";
import { bleeder } from "../../src/rules/ongoing";
import {
  cureAllSyrup,
  firstAidRevive,
  magicalHealing,
  RALLY_CHIPS,
  rally,
  rallySplitProblem,
  rest,
  salveEgg,
  sleep,
  warPitch,
  warPitchPatch,
  type ChipState,
} from "../../src/rules/recovery";
import type { HealingClock } from "../../src/rules/injury/healing";
import type { PerSuit } from "../../src/rules/vocabulary";
import { vitals } from "../support/vitals";

const suits = (clubs: number, spades: number, diamonds = 0, hearts = 0): PerSuit<number> => ({
  clubs,
  spades,
  diamonds,
  hearts,
});

const fighterRogue: ChipState = { classes: ["fighter", "rogue"], chips: suits(1, 0), capacity: suits(5, 4) };

describe("REC-1 Rally", () => {
  it("regains CS 3, S 2, F 1, CF 0 class chips", () => {
    expect(RALLY_CHIPS).toEqual({ CS: 3, S: 2, F: 1, CF: 0 });
  });

  it("EX-REC-3: a Fighter/Rogue at ♣ 1/5 and ♠ 0/4 Rallies with S and splits 1 and 1", () => {
    const r = rally("S", fighterRogue, { choice: { clubs: 1, spades: 1 } });
    expect(r.ok && r.split.chips).toEqual(suits(2, 1));
    const byDefault = rally("S", fighterRogue);
    expect(byDefault.ok && byDefault.split.chips).toEqual(suits(3, 0));
  });

  it("caps each suit at capacity and refuses a bad split", () => {
    const nearlyFull: ChipState = { ...fighterRogue, chips: suits(5, 3) };
    const r = rally("CS", nearlyFull);
    expect(r.ok && r.split).toEqual({ chips: suits(5, 4), unused: 2 });
    expect(rallySplitProblem("S", fighterRogue, { diamonds: 1 })).toBe("notClassSuit");
    expect(rallySplitProblem("S", fighterRogue, { clubs: -1 })).toBe("badAmount");
    expect(rallySplitProblem("S", fighterRogue, { clubs: 0.5 })).toBe("badAmount");
    expect(rallySplitProblem("CS", fighterRogue, { spades: 5 })).toBe("overRoom");
    expect(rallySplitProblem("S", fighterRogue, { clubs: 2, spades: 1 })).toBe("overRegained");
    expect(rally("S", fighterRogue, { choice: { clubs: 3 } })).toEqual({
      ok: false,
      problem: "overRegained",
    });
  });

  it("is allowed once per encounter", () => {
    expect(rally("CS", fighterRogue, { ralliedThisEncounter: true })).toEqual({
      ok: false,
      problem: "alreadyRallied",
    });
  });
});

describe("REC-2 Rest", () => {
  it("EX-HP-2: a Rest returns the whole temporary pool", () => {
    const r = rest(vitals(6, 3, { temp: 2 }), fighterRogue, 0);
    expect(r.ok && r.vitals).toMatchObject({ value: 5, temp: 0 });
    expect(r.ok && r.restsToday).toBe(1);
  });

  it("refills every class suit's chips and wakes a creature back above 0", () => {
    const r = rest(vitals(6, 0, { temp: 3 }), fighterRogue, 1);
    expect(r.ok && r.chips).toEqual(suits(5, 4));
    expect(r.ok && r.woke).toBe(true);
  });

  it("allows at most 2 Rests between Sleeps", () => {
    expect(rest(vitals(6), fighterRogue, 2)).toEqual({ ok: false, problem: "restLimit" });
  });
});

describe("REC-3 Sleep", () => {
  it("does the Rest, recovers HP through taint, recovers drain, resets Boons and the Rest count", () => {
    const v = vitals(6, 1, { temp: 2, drain: suits(0, 2, 0, 1), taint: suits(0, 0, 0, 1) });
    const r = sleep(v, fighterRogue, "CS");
    // Rest: value 3 (max 5 with ♥ drain 1); 3 points: 1 to taint, 2 to HP → 5; then ♥ drain 1 → 0.
    expect(r.vitals).toMatchObject({ value: 5, temp: 0 });
    expect(r.vitals.taint.hearts).toBe(0);
    expect(r.vitals.drain).toEqual(suits(0, 1, 0, 0));
    expect(hpMax(r.vitals)).toBe(6);
    expect(r.hp).toMatchObject({ taintRemoved: 1, applied: 2 });
    expect(r).toMatchObject({ restsToday: 0, boonsReset: true, chips: suits(5, 4) });
  });

  it("EX-CH-2: chips are refilled to the capacity before the Sleep's drain recovery raises it", () => {
    const rogue: ChipState = { classes: ["rogue"], chips: suits(0, 6), capacity: suits(0, 6) };
    const r = sleep(vitals(6, 6, { drain: suits(0, 2) }), rogue, "S");
    expect(r.vitals.drain.spades).toBe(1);
    expect(r.chips.spades).toBe(6);
  });

  it("advances every injury's healing clock by a day (INJ-9)", () => {
    const injuries: HealingClock[] = [
      { effect: "fracture", heals: { kind: "days", days: 14 }, daysRemaining: 1 },
      { effect: "sight", heals: { kind: "days", days: 28 }, daysRemaining: 20 },
      { effect: "stun", heals: { kind: "endOfEncounter", firstAid: true }, daysRemaining: null },
    ];
    const r = sleep(vitals(6), fighterRogue, "F", injuries);
    expect(r.injuries.healed.map((i) => i.effect)).toEqual(["fracture"]);
    expect(r.injuries.kept.map((i) => i.daysRemaining)).toEqual([19, null]);
  });

  it("SW-8: armed wounds heal when the Sleep ends at full HP with no ♥ taint", () => {
    expect(sleep(vitals(6, 4), fighterRogue, "S").armedWoundsHeal).toBe(true);
    expect(sleep(vitals(6, 3), fighterRogue, "S").armedWoundsHeal).toBe(false);
    expect(sleep(vitals(6, 6, { taint: suits(0, 0, 0, 3) }), fighterRogue, "S").armedWoundsHeal).toBe(false);
  });

  it("HP-5, REC-5: a creature at 0 HP wakes once a Sleep brings it to 1", () => {
    expect(sleep(vitals(6, 0), fighterRogue, "F").woke).toBe(true);
    expect(sleep(vitals(6, 0), fighterRogue, "CF").woke).toBe(false);
  });
});

describe("HP-5 First Aid after a fight", () => {
  it("S or better restores 1 HP through taint to a creature at 0 HP, once per encounter", () => {
    const r = firstAidRevive(vitals(6, 0), "S");
    expect(r.ok && r.recovered.vitals.value).toBe(1);
    expect(r.ok && r.woke).toBe(true);
    const tainted = firstAidRevive(vitals(6, 0, { taint: suits(0, 0, 0, 1) }), "CS");
    expect(tainted.ok && tainted.woke).toBe(false);
    const failed = firstAidRevive(vitals(6, 0), "F");
    expect(failed.ok && failed.recovered.vitals.value).toBe(0);
    expect(firstAidRevive(vitals(6, 0), "S", true)).toEqual({ ok: false, problem: "alreadyTried" });
    expect(firstAidRevive(vitals(6, 2), "S")).toEqual({ ok: false, problem: "notAtZero" });
  });
});

describe("REC-6 healing items", () => {
  it("EX-REC-1: a salve egg at 3/8 gives 6/8 HP and 2 ♠ drain", () => {
    const r = salveEgg(vitals(8, 3));
    expect(r.vitals.value).toBe(6);
    expect(r.vitals.drain.spades).toBe(2);
    expect(r.woke).toBe(false);
  });

  it("war pitch heals 3 through taint, out of combat only", () => {
    const r = warPitch(vitals(6, 1, { taint: suits(0, 0, 0, 1) }), false);
    expect(r.ok && r.recovered.vitals.value).toBe(3);
    expect(warPitch(vitals(6, 1), true)).toEqual({ ok: false, problem: "outOfCombatOnly" });
  });

  it("a war-pitch patch ends all bleeding, then recovers 1", () => {
    const poison = { rating: 1, suit: "spades", modifier: 0, tag: "poison", origin: null } as const;
    const r = warPitchPatch(vitals(6, 0), [bleeder("chest"), poison, bleeder("leftArm")]);
    expect(r.ongoing).toEqual([poison]);
    expect(r.recovered.vitals.value).toBe(1);
    expect(r.woke).toBe(true);
  });

  it("OD-4, REC-4: magical healing ends all bleeding and heals through ♥ taint; a knocked-out target wakes", () => {
    const poison = { rating: 1, suit: "spades", modifier: 0, tag: "poison", origin: null } as const;
    const r = magicalHealing(vitals(6, 0, { taint: suits(0, 0, 0, 1) }), [bleeder("head"), poison], 3);
    expect(r.ongoing).toEqual([poison]);
    expect(r.recovered).toMatchObject({ taintRemoved: 1, applied: 2 });
    expect(r.recovered.vitals.value).toBe(2);
    expect(r.woke).toBe(true);
  });

  it("EX-REC-2: cure-all syrup at HP 1/6 with ♥ taint 1: taint 0, temp 2, value 1; a Rest gives 3", () => {
    const r = cureAllSyrup(vitals(6, 1, { taint: suits(0, 0, 0, 1) }));
    expect(r).toMatchObject({ taintRemoved: 1, madeTemporary: 2 });
    expect(r.vitals).toMatchObject({ value: 1, temp: 2 });
    expect(r.vitals.taint.hearts).toBe(0);
    const rested = rest(r.vitals, fighterRogue, 0);
    expect(rested.ok && rested.vitals).toMatchObject({ value: 3, temp: 0 });
  });

  it("cure-all syrup takes taint ♥ first, then ♣, ♠, ♦, and converts no more than the real damage", () => {
    const r = cureAllSyrup(vitals(6, 5, { taint: suits(0, 1, 4, 1) }));
    expect(r.vitals.taint).toEqual(suits(0, 0, 3, 0));
    const light = cureAllSyrup(vitals(6, 5));
    expect(light).toMatchObject({ taintRemoved: 0, madeTemporary: 1 });
    expect(realDamage(light.vitals)).toBe(0);
  });
});
