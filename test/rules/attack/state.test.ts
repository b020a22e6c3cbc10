import { describe, expect, it } from "vitest";
import { attackIllegalReasons } from "../../../src/rules/attack/resolution";
import {
  advanceAttack,
  coverOf,
  createAttackState,
  defenselessFixed,
  movementOf,
  movementOfFixed,
  currentRole,
  currentTotals,
  mayAct,
  woundToApply,
  type AttackState,
} from "../../../src/rules/attack/index";
import {
  ATTACKER_VIEW,
  attackSetup as setup,
  DEFENDER_VIEW,
  GM_VIEW,
  runAttack as run,
} from "../../templates/attack-fixtures";
import { commitWindows as windows, noChips } from "../../support/attack";

describe("attack card state machine: AT-5 windows, hit, margin and colour", () => {
  it("EX-AT-1 then EX-DMG-1: 12 against 10 is a Yellow hit; longsword +3, dF +1, DR 2 leaves 2 HP lost", () => {
    let s = createAttackState(setup({ defender: { dr: 2 } }));
    expect(s.step).toBe("attacker");
    expect(currentTotals(s)).toEqual({ attack: 12, defence: 10 });
    s = run(s, ...windows);
    expect(s.result).toMatchObject({ hit: true, margin: 2, colour: "yellow", marginBonus: 0 });
    expect(s.step).toBe("damage");
    s = run(s, { kind: "rollDamage", dF: 1 });
    expect(s.damage?.result).toEqual({ base: 4, scaled: 4, final: 2, outcome: "damage" });
    expect(s.step).toBe("apply");
    s = run(s, {
      kind: "applyDamage",
      report: { hpBefore: 7, hpMax: 7, lost: 2, drainAdded: 0, becameUnconscious: false, grit: null },
    });
    // Not Red: no wound; 2 × 2 ≤ 7: no injury.
    expect(s.step).toBe("done");
    expect(s.wound).toBeNull();
    expect(s.injury).toBeNull();
  });

  it("EX-AT-2: 17 against 7 is Red with +2; 9 against 10 misses White and ends the card", () => {
    const red = run(
      createAttackState(
        setup({
          attacker: { side: { card: 12, offense: 5 } },
          defender: { side: { spades: 5, defense: 2 } },
        }),
      ),
      ...windows,
    );
    expect(red.result).toMatchObject({ hit: true, margin: 10, colour: "red", marginBonus: 2 });
    const miss = run(createAttackState(setup({ attacker: { side: { card: 7, offense: 2 } } })), ...windows);
    expect(miss.result).toMatchObject({ hit: false, colour: "white" });
    expect(miss.step).toBe("done");
  });

  it("EX-AT-3: a Reckless (Defenseless) target has no defender window and is hit automatically", () => {
    const target = { side: { spades: 6, defense: 0, cover: 1, defenseless: true } };
    const s = run(
      createAttackState(setup({ attacker: { side: { card: 10, offense: 3 } }, defender: target })),
      { kind: "commitAttacker", ...noChips },
    );
    expect(s.defenderCommit).toBeNull();
    expect(s.result).toMatchObject({ hit: true, automatic: true, margin: 6, colour: "red", marginBonus: 1 });
    const weak = run(
      createAttackState(setup({ attacker: { side: { card: 3, offense: 2 } }, defender: target })),
      { kind: "commitAttacker", ...noChips },
    );
    expect(weak.result).toMatchObject({ hit: true, margin: -2, colour: "green", marginBonus: 0 });
  });

  it("EX-AT-4: detailed rule: a Reckless orc that ran (3) behind half cover (+2) defends 5; 9 hits Orange", () => {
    const s = run(
      createAttackState(
        setup({
          attacker: { side: { card: 7, offense: 2 } },
          defender: { side: { spades: 9, defense: 0, cover: 2, defenseless: true, fixed: 3 } },
          settings: { detailedDefenseless: true },
        }),
      ),
      { kind: "commitAttacker", ...noChips },
    );
    expect(s.result).toMatchObject({
      attack: 9,
      defense: 5,
      hit: true,
      automatic: false,
      margin: 4,
      colour: "orange",
    });
  });

  it("EX-CH-3: 11 against 12; the Fighter's 2 chips make 13, the Rogue's 2 make 14, and it misses", () => {
    let s = createAttackState(
      setup({
        attacker: { side: { card: 9, offense: 2 }, chips: 3 },
        defender: { side: { spades: 10, defense: 2 }, chips: 2 },
      }),
    );
    s = run(s, { kind: "commitAttacker", chips: 2, boon: false });
    expect(currentTotals(s)).toEqual({ attack: 13, defence: 12 });
    s = run(s, { kind: "commitDefender", chips: 2, boon: false });
    expect(s.result).toMatchObject({ attack: 13, defense: 14, hit: false });
  });

  it("refuses chips the side does not hold, a Boon it lacks, and ♣ chips on a Cast (CH-3, CH-5)", () => {
    const s = createAttackState(setup({ attacker: { chips: 1 } }));
    expect(advanceAttack(s, { kind: "commitAttacker", chips: 2, boon: false })).toEqual({
      ok: false,
      code: "badChips",
    });
    expect(advanceAttack(s, { kind: "commitAttacker", chips: 0, boon: true })).toEqual({
      ok: false,
      code: "noBoon",
    });
    expect(advanceAttack(s, { kind: "commitAttacker", chips: 1.5, boon: false })).toEqual({
      ok: false,
      code: "badChips",
    });
    const cast = createAttackState(setup({ attacker: { chips: 3 }, declaration: { mode: "cast" } }));
    expect(advanceAttack(cast, { kind: "commitAttacker", chips: 1, boon: false })).toEqual({
      ok: false,
      code: "badChips",
    });
    // A Boon adds +2 (TL-6).
    const boon = run(createAttackState(setup({ attacker: { boon: true } })), {
      kind: "commitAttacker",
      chips: 0,
      boon: true,
    });
    expect(currentTotals(boon).attack).toBe(14);
  });

  it("refuses an action out of its step", () => {
    const s = createAttackState(setup());
    expect(advanceAttack(s, { kind: "rollDamage", dF: 0 })).toEqual({ ok: false, code: "wrongStep" });
    expect(advanceAttack(s, { kind: "commitDefender", ...noChips })).toEqual({
      ok: false,
      code: "wrongStep",
    });
  });
});

describe("attack card state machine: specific wounds (SW)", () => {
  const red = { attacker: { side: { card: 13, offense: 2 } } }; // 15 against 10: m = 5, Red

  it("EX-SW-1: a Red longsword hit aimed at the Right Leg; the PC saves at ♥7 + 0, rolls 8 and is crippled", () => {
    let s = run(createAttackState(setup({ ...red, declaration: { aim: "rightLeg" } })), ...windows, {
      kind: "rollDamage",
      dF: 0,
    });
    expect(s.result?.colour).toBe("red");
    s = run(s, {
      kind: "applyDamage",
      report: { hpBefore: 7, hpMax: 7, lost: 4, drainAdded: 0, becameUnconscious: false, grit: null },
    });
    expect(s.step).toBe("wound");
    expect(s.wound).toMatchObject({
      location: "rightLeg",
      target: 7,
      check: { wound: "legCrippled", saveModifier: 0 },
    });
    expect(currentRole(s)).toBe("defender");
    s = run(s, { kind: "woundSave", roll: 8 });
    expect(woundToApply(s)).toEqual({ wound: "legCrippled", location: "rightLeg" });
    // 4 × 2 > 7: Trauma, after the wound (SW-5 order).
    expect(s.step).toBe("injuryLocation");
  });

  it("EX-SW-1: an Enemy orc is crippled without a save, and a roll for it is refused", () => {
    let s = run(
      createAttackState(setup({ ...red, defender: { enemy: true }, declaration: { aim: "rightLeg" } })),
      ...windows,
      { kind: "rollDamage", dF: 0 },
    );
    s = run(s, {
      kind: "applyDamage",
      report: { hpBefore: 7, hpMax: 7, lost: 4, drainAdded: 0, becameUnconscious: false, grit: null },
    });
    expect(s.wound?.target).toBeNull();
    expect(advanceAttack(s, { kind: "woundSave", roll: 3 })).toEqual({ ok: false, code: "noSave" });
    s = run(s, { kind: "woundSave", roll: null });
    expect(woundToApply(s)?.wound).toBe("legCrippled");
    // Enemies take no injuries without injuriesForEnemies.
    expect(s.step).toBe("done");
  });

  it("EX-SW-2: an ordinary shortbow hit, m = 6, d100 55 lands on the Chest; ♥6 saves at 4 and a 3 avoids it", () => {
    const bow = setup({
      attacker: { side: { card: 14, offense: 2 } },
      defender: { hearts: 6 },
      declaration: { weaponName: "Shortbow", mode: "launcher", weaponValue: 2 },
    });
    let s = run(createAttackState(bow), ...windows);
    expect(s.result).toMatchObject({ margin: 6, colour: "red" });
    expect(advanceAttack(s, { kind: "rollDamage", dF: 0 })).toEqual({ ok: false, code: "badDice" });
    s = run(
      s,
      { kind: "rollDamage", dF: 0, d100: 55 },
      {
        kind: "applyDamage",
        report: { hpBefore: 6, hpMax: 6, lost: 3, drainAdded: 0, becameUnconscious: false, grit: null },
      },
    );
    expect(s.location).toBe("chest");
    expect(s.wound).toMatchObject({ target: 4, check: { wound: "deepChestWound" } });
    s = run(s, { kind: "woundSave", roll: 3 });
    expect(s.wound?.applies).toBe(false);
    expect(woundToApply(s)).toBeNull();
  });

  it("EX-SW-3: a called shot at the Head misses on Orange and hits on Red with a −5 check", () => {
    const called = (card: number) =>
      setup({
        attacker: { side: { card, offense: 2 } },
        declaration: { mode: "launcher", calledShot: true, aim: "head", weaponValue: 2 },
      });
    const orange = run(createAttackState(called(12)), ...windows);
    expect(orange.result).toMatchObject({ hit: false, missReason: "calledShotNotRed" });
    expect(orange.step).toBe("done");
    let s = run(createAttackState(called(13)), ...windows, { kind: "rollDamage", dF: 0 });
    s = run(s, {
      kind: "applyDamage",
      report: { hpBefore: 7, hpMax: 7, lost: 2, drainAdded: 0, becameUnconscious: false, grit: null },
    });
    expect(s.wound).toMatchObject({
      location: "head",
      target: 2,
      check: { wound: "skullWound", saveModifier: -5 },
    });
  });

  it("SW-1, DMG-4: a Red hit that armour reduces below 0 is still checked, and the GM steps through", () => {
    let s = run(createAttackState(setup({ ...red, defender: { dr: 9 } })), ...windows, {
      kind: "rollDamage",
      dF: -1,
    });
    expect(s.damage?.result.outcome).toBe("none");
    expect(s.step).toBe("apply");
    s = run(s, { kind: "applyDamage", report: null });
    expect(s.step).toBe("wound");
  });

  it("EX-SW-4 / SW-6: a Red knock-out punch is all temporary, rolls 1d10 minutes and checks no wound", () => {
    const punch = setup({
      attacker: { side: { card: 15, offense: 2 } },
      declaration: { weaponName: "Unarmed", knockout: true, brawling: true, weaponValue: 1, temporary: true },
    });
    let s = run(createAttackState(punch), ...windows);
    expect(s.result).toMatchObject({ margin: 7, colour: "red", marginBonus: 1 });
    expect(advanceAttack(s, { kind: "rollDamage", dF: 1 })).toEqual({ ok: false, code: "badDice" });
    s = run(s, { kind: "rollDamage", dF: 1, d10: 4 });
    expect(s.damage).toMatchObject({ temporary: true, result: { base: 3 } });
    expect(s.knockoutMinutes).toBe(4);
    s = run(s, {
      kind: "applyDamage",
      report: { hpBefore: 7, hpMax: 7, lost: 3, drainAdded: 0, becameUnconscious: false, grit: null },
    });
    expect(s.wound).toBeNull();
    expect(s.step).toBe("done");
  });
});

describe("attack card state machine: grievous injuries (INJ)", () => {
  /** A PC with ♥6 at 6/6 takes `final` (weapon value + dF 0, no margin bonus: 12 against 10). */
  function hitFor(final: number, report: { lost: number; drainAdded: number }): AttackState {
    const s = run(
      createAttackState(setup({ defender: { hearts: 6 }, declaration: { weaponValue: final } })),
      ...windows,
      { kind: "rollDamage", dF: 0 },
    );
    expect(s.damage?.result.final).toBe(final);
    return run(s, {
      kind: "applyDamage",
      report: { hpBefore: 6, hpMax: 6, becameUnconscious: report.lost === 6, grit: null, ...report },
    });
  }

  it("EX-INJ-4: 4 is Trauma, one roll, no +1; 4,4,4,6 allows the shift to Chest; a 4 there is a Fracture", () => {
    let s = hitFor(4, { lost: 4, drainAdded: 0 });
    expect(s.injury?.trigger).toMatchObject({ roll: true, killingBlow: false, triggers: ["trauma"] });
    expect(currentRole(s)).toBe("attacker");
    s = run(s, { kind: "rollLocation", dice: [4, 4, 4, 6] });
    expect(s.step).toBe("injuryShift");
    expect(s.injury?.rolled).toMatchObject({
      location: "rightArm",
      shifts: 1,
      reachable: ["chest", "rightArm"],
    });
    expect(advanceAttack(s, { kind: "chooseLocation", location: "head" })).toEqual({
      ok: false,
      code: "badLocation",
    });
    s = run(s, { kind: "chooseLocation", location: "chest" }, { kind: "rollEffect", d6: 4 });
    expect(s.injury?.cell).toEqual({ effect: "fracture", modifier: 0 });
    expect(s.injury?.injury).toMatchObject({
      kind: "grievousInjury",
      location: "chest",
      effect: "fracture",
      daysRemaining: 14,
    });
    expect(s.step).toBe("done");
  });

  it("EX-INJ-4: 6 from full is (a) and (d), a Killing Blow: a 6 becomes 7, Kill", () => {
    let s = hitFor(6, { lost: 6, drainAdded: 0 });
    expect(s.injury?.trigger).toMatchObject({
      roll: true,
      killingBlow: true,
      triggers: ["outOfAction", "trauma", "massive"],
    });
    s = run(s, { kind: "rollLocation", dice: [1, 2, 3, 6] });
    expect(s.step).toBe("injuryEffect");
    s = run(s, { kind: "rollEffect", d6: 6 });
    expect(s.injury?.cell?.effect).toBe("kill");
  });

  it("EX-INJ-4: 3 from full calls for no roll; overflow into ♥ drain (b) is a Killing Blow", () => {
    expect(hitFor(3, { lost: 3, drainAdded: 0 }).step).toBe("done");
    const drained = run(
      createAttackState(setup({ defender: { hearts: 6 } })),
      ...windows,
      { kind: "rollDamage", dF: 1 },
      {
        kind: "applyDamage",
        report: { hpBefore: 1, hpMax: 6, lost: 1, drainAdded: 3, becameUnconscious: true, grit: null },
      },
    );
    expect(drained.injury?.trigger.killingBlow).toBe(true);
  });

  it("the setting grievousInjuries off calls for no roll", () => {
    const s = run(
      createAttackState(
        setup({
          defender: { hearts: 6 },
          declaration: { weaponValue: 6 },
          settings: { grievousInjuries: false },
        }),
      ),
      ...windows,
      { kind: "rollDamage", dF: 0 },
      {
        kind: "applyDamage",
        report: { hpBefore: 6, hpMax: 6, lost: 6, drainAdded: 0, becameUnconscious: true, grit: null },
      },
    );
    expect(s.step).toBe("done");
  });
});

describe("attack card permissions (CH-7, HP-2): each side only for its owner, damage only by the GM", () => {
  const attackerOwner = ATTACKER_VIEW;
  const defenderOwner = DEFENDER_VIEW;
  const gm = GM_VIEW;

  it("refuses a player opening the defender window of someone else's target, and the attacker's of another's attack", () => {
    let s = createAttackState(setup());
    expect(mayAct(s, "commitAttacker", defenderOwner)).toEqual({ ok: false, code: "notAttacker" });
    expect(mayAct(s, "commitAttacker", attackerOwner)).toEqual({ ok: true });
    s = run(s, windows[0]);
    expect(mayAct(s, "commitDefender", attackerOwner)).toEqual({ ok: false, code: "notDefender" });
    expect(mayAct(s, "commitDefender", defenderOwner)).toEqual({ ok: true });
    expect(mayAct(s, "commitDefender", gm)).toEqual({ ok: true });
  });

  it("refuses a player applying damage, even the attacker's or the target's owner", () => {
    const s = run(createAttackState(setup()), ...windows, { kind: "rollDamage", dF: 1 });
    expect(mayAct(s, "applyDamage", attackerOwner)).toEqual({ ok: false, code: "gmOnly" });
    expect(mayAct(s, "applyDamage", { isGM: false, ownsAttacker: true, ownsDefender: true })).toEqual({
      ok: false,
      code: "gmOnly",
    });
    expect(mayAct(s, "applyDamage", gm)).toEqual({ ok: true });
  });

  it("refuses any action out of the current step, even for the GM", () => {
    const s = createAttackState(setup());
    expect(mayAct(s, "applyDamage", gm)).toEqual({ ok: false, code: "wrongStep" });
  });
});

describe("RNG-3 cover choices and the AT-4 detailed fixed value", () => {
  it("maps each cover choice to its defence bonus; total cover makes the attack illegal", () => {
    expect(coverOf("none")).toEqual({ cover: 0, total: false });
    expect(coverOf("light")).toEqual({ cover: 1, total: false });
    expect(coverOf("half")).toEqual({ cover: 2, total: false });
    expect(coverOf("heavy")).toEqual({ cover: 4, total: false });
    expect(coverOf("total")).toEqual({ cover: 0, total: true });
    expect(coverOf("bogus")).toEqual({ cover: 0, total: false });
    expect(
      attackIllegalReasons({ conditions: [], inReachOrRange: true, totalCover: coverOf("total").total }),
    ).toEqual(["totalCover"]);
  });

  it("takes 0 for a Paralysed, Helpless or Unconscious target, else the movement row (default: has not moved)", () => {
    for (const c of ["paralysed", "helpless", "unconscious"] as const)
      expect(defenselessFixed([c], "sprinted")).toBe(0);
    expect(defenselessFixed([])).toBe(1);
    expect(defenselessFixed(["defenseless"], "moved")).toBe(2);
    expect(defenselessFixed([], "ran")).toBe(3);
    expect(defenselessFixed([], "sprinted")).toBe(4);
  });

  it("AT-4, MV-1: the row from the known movement: beyond Move ran, beyond the run sprinted (Move 7, run 10)", () => {
    const rates = { move: 7, run: 10 };
    const row = (squares: number, moveTaken = false) => movementOf({ squares, moveTaken, rates });
    expect([row(0), row(0, true), row(1), row(7), row(8), row(10), row(11)]).toEqual([
      "still",
      "moved",
      "moved",
      "moved",
      "ran",
      "ran",
      "sprinted",
    ]);
    expect([0, 1, 2, 3, 4, undefined].map(movementOfFixed)).toEqual([
      "still",
      "still",
      "moved",
      "ran",
      "sprinted",
      "still",
    ]);
  });
});

describe("CD-15 Soak on the attack card", () => {
  const report = (lost: number) => ({
    hpBefore: 7,
    hpMax: 7,
    lost,
    drainAdded: 0,
    becameUnconscious: false,
    grit: null,
  });
  /** EX-AT-1's Yellow hit: longsword +3, dF +1, no DR: final 4, waiting for the GM. */
  const atApply = (over: Parameters<typeof setup>[0] = {}) =>
    run(createAttackState(setup({ ...over, settings: { countdown: true, ...over.settings } })), ...windows, {
      kind: "rollDamage",
      dF: 1,
    });

  it("S takes 1 off, CS 2, F and CF nothing; the step stays the GM's apply, and the card records the test", () => {
    // ♥7: 5 is S, 1 is CS (≤ target − 5), 9 is F, 20 is CF.
    const cases: [number, string, number][] = [
      [5, "S", 3],
      [1, "CS", 2],
      [9, "F", 4],
      [20, "CF", 4],
    ];
    for (const [roll, dos, final] of cases) {
      const s = run(atApply(), { kind: "soak", payment: "one", roll });
      expect(s.step).toBe("apply");
      expect(s.damage?.result.final).toBe(final);
      expect(s.soak).toMatchObject({ payment: "one", target: 7, roll, dos, finalBefore: 4 });
      expect(currentRole(s)).toBe("gm");
    }
  });

  it("never below 0: a soak of 2 off a final 1 leaves 0, and the riders-only outcome (no HP report needed)", () => {
    const s0 = atApply({ declaration: { weaponValue: 0 } });
    expect(s0.damage?.result.final).toBe(1);
    const s = run(s0, { kind: "soak", payment: "burn", roll: 1 });
    expect(s.damage?.result).toMatchObject({ final: 0, outcome: "riders" });
    const applied = run(s, { kind: "applyDamage", report: null });
    expect(applied.applied).toBeNull();
  });

  it("once per damage instance, never for an Enemy, only in countdown mode, only while damage waits", () => {
    const once = run(atApply(), { kind: "soak", payment: "one", roll: 5 });
    expect(advanceAttack(once, { kind: "soak", payment: "one", roll: 5 })).toEqual({
      ok: false,
      code: "soakUsed",
    });
    expect(
      advanceAttack(atApply({ defender: { enemy: true } }), { kind: "soak", payment: "one", roll: 5 }),
    ).toEqual({ ok: false, code: "soakEnemy" });
    expect(
      advanceAttack(atApply({ settings: { countdown: false } }), { kind: "soak", payment: "one", roll: 5 }),
    ).toEqual({ ok: false, code: "soakCountdownOnly" });
    const applied = run(atApply(), { kind: "applyDamage", report: report(4) });
    expect(advanceAttack(applied, { kind: "soak", payment: "one", roll: 5 })).toEqual({
      ok: false,
      code: "wrongStep",
    });
    // A roll no 1d12(+1d8) can make is refused.
    expect(advanceAttack(atApply(), { kind: "soak", payment: "one", roll: 12 })).toEqual({
      ok: false,
      code: "badDice",
    });
  });

  it("the target's owner (or the GM) soaks; the attacker's owner cannot", () => {
    const s = atApply();
    const attackerOnly = ATTACKER_VIEW;
    const defenderOnly = DEFENDER_VIEW;
    expect(mayAct(s, "soak", attackerOnly)).toEqual({ ok: false, code: "notDefender" });
    expect(mayAct(s, "soak", defenderOnly)).toEqual({ ok: true });
    expect(mayAct(s, "applyDamage", defenderOnly)).toEqual({ ok: false, code: "gmOnly" });
  });

  it("the soaked final is what the injury trigger reads (INJ-1 after soak)", () => {
    // final 4 → 3 by S; 2 × 3 ≤ 7 after a report of 3 lost: no injury.
    const s = run(
      atApply(),
      { kind: "soak", payment: "one", roll: 5 },
      { kind: "applyDamage", report: report(3) },
    );
    expect(s.step).toBe("done");
  });
});

describe("AT-4 detailed rule: the GM sets a Defenseless target's movement", () => {
  const reckless = (fixed: number) => ({
    side: { spades: 9, defense: 0, cover: 2, defenseless: true, fixed },
  });

  it("EX-AT-4: the GM sets Ran (3) before the attacker commits; attack 9 against 3 + cover 2 is an Orange hit", () => {
    let s = createAttackState(
      setup({
        attacker: { side: { card: 7, offense: 2 } },
        defender: reckless(1),
        settings: { detailedDefenseless: true },
      }),
    );
    expect(currentTotals(s).defence).toBe(3);
    s = run(s, { kind: "setMovement", movement: "ran" });
    expect(s.movement).toBe("ran");
    expect(s.step).toBe("attacker");
    expect(currentTotals(s)).toEqual({ attack: 9, defence: 5 });
    s = run(s, { kind: "commitAttacker", ...noChips });
    expect(s.result).toMatchObject({ hit: true, margin: 4, colour: "orange" });
  });

  it("only the GM, only before the hit is decided, never for an immobile target or without the detailed rule", () => {
    const s = createAttackState(setup({ defender: reckless(1), settings: { detailedDefenseless: true } }));
    expect(mayAct(s, "setMovement", { isGM: false, ownsAttacker: true, ownsDefender: true })).toEqual({
      ok: false,
      code: "gmOnly",
    });
    const decided = run(s, { kind: "commitAttacker", ...noChips });
    expect(advanceAttack(decided, { kind: "setMovement", movement: "moved" })).toEqual({
      ok: false,
      code: "wrongStep",
    });
    const immobile = createAttackState(
      setup({
        defender: {
          side: {
            spades: 9,
            defense: 0,
            helpless: true,
            defenseless: true,
            fixed: defenselessFixed(["helpless"]),
          },
        },
        settings: { detailedDefenseless: true },
      }),
    );
    expect(advanceAttack(immobile, { kind: "setMovement", movement: "sprinted" })).toEqual({
      ok: false,
      code: "movementNotNeeded",
    });
    const basic = createAttackState(
      setup({ defender: { side: { spades: 9, defense: 0, defenseless: true } } }),
    );
    expect(advanceAttack(basic, { kind: "setMovement", movement: "ran" })).toEqual({
      ok: false,
      code: "movementNotNeeded",
    });
  });
});
