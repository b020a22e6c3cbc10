import { describe, expect, it } from "vitest";
import { advanceAttack, gritReport, type AttackState } from "../../../src/rules/attack/index";
import { attackCardView } from "../../../src/views/attack-card/card-view";
import { applyGritHit } from "../../../src/rules/grit";
import { attackScenes, gritApplied, runAttack } from "../../templates/attack-fixtures";

/**
 * §23 on the attack card: the apply step of a hit on a target that uses Grit and Wounds records what
 * GW-5/GW-6/GW-7/GW-10 did, INJ-1's triggers give way to GW-9 (no injury step), and specific wounds
 * (SW-5) still apply.
 */

const scenes = attackScenes();
const hpReport = { hpBefore: 6, hpMax: 6, lost: 4, drainAdded: 0, becameUnconscious: false, grit: null };

describe("gritReport: the card's account of a Grit hit (GW-5, GW-6, GW-10)", () => {
  const report = (grit: number, damage: number, roll?: number, temporary = false, wounds = 0) =>
    gritReport(
      {
        ...applyGritHit({ grit, wounds, adrenaline: wounds }, { heartsEff: 7, damage, roll, temporary }),
        damage,
        unconsciousMinutes: temporary ? 6 : null,
      },
      grit,
      7,
    );

  it("EX-GW-1: ♥7 with Grit 5, a 3-damage hit, check at 4 rolls 2 (S): Grit 2, no Wound", () => {
    expect(report(5, 3, 2)).toEqual({
      damage: 3,
      gritBefore: 5,
      grit: 2,
      wounds: 0,
      woundLimit: 4,
      woundsGained: 0,
      automaticWounds: 0,
      zeroGritWound: false,
      check: { target: 4, roll: 2, dos: "S" },
      dead: false,
      unconsciousMinutes: null,
    });
  });

  it("EX-GW-1: a 9-damage hit: 1 automatic Wound, the remainder 2 tested at 5, a roll of 8 (F) a 2nd Wound", () => {
    const r = report(5, 9, 8);
    expect(r.automaticWounds).toBe(1);
    expect(r.check).toEqual({ target: 5, roll: 8, dos: "F" });
    expect([r.grit, r.woundsGained, r.wounds, r.dead]).toEqual([5, 2, 2, false]);
  });

  it("GW-5: Grit 0 makes the remainder an automatic Wound, with no check", () => {
    const r = report(0, 3);
    expect(r.zeroGritWound).toBe(true);
    expect(r.check).toBeNull();
    expect(r.woundsGained).toBe(1);
  });

  it("GW-5: a remainder of 0 (an exact multiple of eff(♥)) needs no check and is no Grit-0 Wound", () => {
    const r = report(0, 7);
    expect([r.automaticWounds, r.zeroGritWound, r.woundsGained]).toEqual([1, false, 1]);
  });

  it("GW-7: reaching the wound limit (4 for ♥7) is death", () => {
    const r = report(3, 9, 12, false, 2);
    expect([r.wounds, r.woundLimit, r.dead]).toEqual([4, 4, true]);
  });

  it("GW-10: temporary damage that would wound knocks out for the minutes rolled; no Wound, no automatic Wounds", () => {
    const r = report(0, 9, undefined, true);
    expect([r.woundsGained, r.automaticWounds, r.zeroGritWound, r.unconsciousMinutes]).toEqual([
      0,
      0,
      false,
      6,
    ]);
  });
});

describe("INJ-1 in Grit and Wounds mode: GW-9 replaces the trigger", () => {
  it("the same Trauma hit: HP mode goes on to the specific wound and then the injury; Grit mode ends after the wound", () => {
    const hp = runAttack(
      scenes.apply,
      { kind: "applyDamage", report: hpReport },
      { kind: "woundSave", roll: 9 },
    );
    expect(hp.step).toBe("injuryLocation");
    expect(hp.injury?.trigger.triggers).toContain("trauma");

    expect(scenes.gritWound.step).toBe("wound"); // SW-5: the specific wound still applies
    expect(scenes.gritSaved.step).toBe("done");
    expect(scenes.gritSaved.injury).toBeNull();
  });

  it("a massive hit that kills under Grit and Wounds ends the card with no injury roll", () => {
    expect(scenes.gritDead.step).toBe("done");
    expect(scenes.gritDead.injury).toBeNull();
    expect(scenes.gritDead.applied?.grit?.dead).toBe(true);
  });

  it("the state keeps what the card shows: Grit before and after, the check, Wounds and the limit", () => {
    expect(scenes.gritWound.applied?.grit).toMatchObject({
      gritBefore: 5,
      grit: 1,
      check: { target: 2, roll: 2, dos: "S" },
      woundLimit: 3,
    });
    // The report is stored on the message: plain JSON, unchanged by a round trip.
    const stored = JSON.parse(JSON.stringify(scenes.gritSaved)) as AttackState;
    expect(stored).toEqual(scenes.gritSaved);
  });

  it("a report without grit (HP mode, or a card from before §23) still triggers as before", () => {
    const r = advanceAttack(scenes.apply, { kind: "applyDamage", report: { ...hpReport, grit: null } });
    expect(r.ok && r.state.step).toBe("wound");
    const after = r.ok ? runAttack(r.state, { kind: "woundSave", roll: 9 }) : null;
    expect(after?.step).toBe("injuryLocation");
  });
});

describe("the card's view of a Grit hit", () => {
  it("Grit lost, the check's DoS key, Wounds, the limit and death", () => {
    expect(attackCardView(scenes.gritSaved, null).applied?.grit).toEqual({
      lost: 4,
      grit: 1,
      automaticWounds: 0,
      zeroGritWound: false,
      check: { target: 2, roll: 2, dosKey: "ZILCH.DoS.S" },
      woundsGained: 0,
      wounds: 0,
      woundLimit: 3,
      atLimit: false,
      dead: false,
      unconsciousMinutes: null,
    });
    const dead = attackCardView(scenes.gritDead, null).applied?.grit;
    expect(dead).toMatchObject({
      lost: 0,
      automaticWounds: 1,
      woundsGained: 2,
      wounds: 4,
      atLimit: true,
      dead: true,
      check: { dosKey: "ZILCH.DoS.CF" },
    });
  });

  it("HP mode has no Grit view", () => {
    const hp = runAttack(scenes.apply, { kind: "applyDamage", report: hpReport });
    expect(attackCardView(hp, null).applied?.grit).toBeNull();
  });

  it("GW-10: the knocked-out target's minutes", () => {
    expect(attackCardView(scenes.gritKnockedOut, null).applied?.grit).toMatchObject({
      unconsciousMinutes: 7,
      woundsGained: 0,
      lost: 0,
    });
  });

  it("the fixture's report is the rules' own: 4 damage to ♥6 with Grit 5 and a roll of 2", () => {
    expect(gritApplied(scenes.apply, { grit: 5, wounds: 0, adrenaline: 0 }, 6, 2).grit?.grit).toBe(1);
  });
});
