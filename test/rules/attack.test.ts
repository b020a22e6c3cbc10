import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aimingPoint,
  ATTACK_WINDOWS,
  attackIllegalReasons,
  attackTotal,
  declarationProblems,
  defenceTotal,
  defenderShieldBonus,
  DEFENSELESS_FIXED,
  fixedDefence,
  hitColour,
  marginBonus,
  nextAttackWindow,
  resolveAttack,
} from "../../src/rules/attack/resolution";
import { SHIELDS } from "../../src/rules/vocabulary";

describe("EX-AT-1", () => {
  it("attack 12 against defence 10: a hit, m = 2, Yellow, margin bonus 0", () => {
    const r = resolveAttack({ card: 7, offense: 5 }, { spades: 6, defense: 4 });
    expect(r).toMatchObject({
      attack: 12,
      defense: 10,
      hit: true,
      margin: 2,
      colour: "yellow",
      marginBonus: 0,
    });
  });
});

describe("EX-AT-2", () => {
  it("attack 17 against defence 7: m = 10, Red, +2", () => {
    const r = resolveAttack({ card: 12, offense: 5 }, { spades: 5, defense: 2 });
    expect(r).toMatchObject({ hit: true, margin: 10, colour: "red", marginBonus: 2 });
  });
  it("attack 9 against defence 10: a miss (White)", () => {
    const r = resolveAttack({ card: 6, offense: 3 }, { spades: 7, defense: 3 });
    expect(r).toMatchObject({ hit: false, colour: "white", missReason: "defence", marginBonus: 0 });
  });
});

describe("EX-AT-3", () => {
  const reckless = { spades: 6, defense: 0, defenseless: true, cover: 1 };
  it("basic rule: 13 against a Reckless ♠6 behind light cover hits automatically, m = 6, Red, +1", () => {
    const r = resolveAttack({ card: 8, offense: 5 }, reckless);
    expect(r).toMatchObject({ attack: 13, defense: 7, hit: true, automatic: true, margin: 6, colour: "red" });
    expect(r.marginBonus).toBe(1);
  });
  it("the same attack of 5 hits with m = −2: Green, bonus 0", () => {
    const r = resolveAttack({ card: 4, offense: 1 }, reckless);
    expect(r).toMatchObject({
      attack: 5,
      hit: true,
      automatic: true,
      margin: -2,
      colour: "green",
      marginBonus: 0,
    });
  });
});

describe("EX-AT-4", () => {
  it("detailed rule: 9 against a Reckless orc that ran (3) behind half cover (+2): defence 5, hit, m = 4, Orange", () => {
    const r = resolveAttack(
      { card: 7, offense: 2 },
      { spades: 5, defense: 0, defenseless: true, fixed: fixedDefence("ran"), cover: 2 },
      { detailedDefenseless: true },
    );
    expect(r).toMatchObject({ defense: 5, hit: true, automatic: false, margin: 4, colour: "orange" });
  });
});

describe("AT-2, AT-3 totals", () => {
  it("the attack adds card, pips, Fighter chips, Boon and modifiers", () => {
    expect(attackTotal({ card: 7, offense: 4, chips: 2, boon: true, modifier: -3 })).toBe(12);
  });

  it("the defence adds Spades, pips, Rogue chips, Boon, shield, cover and modifiers", () => {
    expect(
      defenceTotal({ spades: 6, defense: 3, chips: 1, boon: true, shield: "small", cover: 2, modifier: -1 }),
    ).toBe(14);
  });

  it("EQ-8: the shield gives its Guarded value in Guarded, nothing while Entangled, Helpless or Defenseless", () => {
    expect(defenderShieldBonus({ spades: 0, defense: 0, shield: "tower", guarded: true })).toBe(5);
    expect(defenderShieldBonus({ spades: 0, defense: 0, shield: "tower" })).toBe(2);
    expect(defenderShieldBonus({ spades: 0, defense: 0, shield: "large", entangled: true })).toBe(0);
    expect(defenderShieldBonus({ spades: 0, defense: 0, shield: "large", helpless: true })).toBe(0);
    expect(defenderShieldBonus({ spades: 0, defense: 0, shield: "large", defenseless: true })).toBe(0);
    expect(defenderShieldBonus({ spades: 0, defense: 0 })).toBe(0);
  });

  it("property: a shield never lowers the defence, and Guarded never gives less than normal", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHIELDS), fc.boolean(), (shield, guarded) => {
        const base = { spades: 6, defense: 2, guarded };
        const bare = defenceTotal(base);
        expect(defenceTotal({ ...base, shield })).toBeGreaterThanOrEqual(bare);
        expect(defenderShieldBonus({ ...base, shield, guarded: true })).toBeGreaterThanOrEqual(
          defenderShieldBonus({ ...base, shield, guarded: false }),
        );
      }),
    );
  });
});

describe("AT-4 Defenseless", () => {
  it("basic rule: no pips, shield, chips or Boon; cover and modifiers still count", () => {
    const d = {
      spades: 7,
      defense: 5,
      shield: "tower" as const,
      chips: 3,
      boon: true,
      cover: 2,
      modifier: -1,
    };
    expect(defenceTotal({ ...d, defenseless: true })).toBe(8);
    expect(defenceTotal({ ...d, helpless: true })).toBe(8);
  });

  it("detailed rule: the fixed value + cover + modifiers, compared normally", () => {
    expect(
      defenceTotal({ spades: 9, defense: 4, defenseless: true, fixed: 1, cover: 4, modifier: 1 }, true),
    ).toBe(6);
    const miss = resolveAttack(
      { card: 3, offense: 0 },
      { spades: 7, defense: 0, defenseless: true, fixed: 4 },
      {
        detailedDefenseless: true,
      },
    );
    expect(miss).toMatchObject({ hit: false, margin: -1, colour: "white" });
  });

  it("detailed rule without the fixed value is an error", () => {
    expect(() => defenceTotal({ spades: 7, defense: 0, defenseless: true }, true)).toThrow(RangeError);
  });

  it("the fixed value table", () => {
    expect(DEFENSELESS_FIXED).toEqual({ immobile: 0, still: 1, moved: 2, ran: 3, sprinted: 4 });
    expect(fixedDefence("sprinted")).toBe(4);
  });
});

describe("AT-6 hit rule", () => {
  it("a tie hits", () => {
    expect(resolveAttack({ card: 6, offense: 4 }, { spades: 7, defense: 3 })).toMatchObject({
      hit: true,
      margin: 0,
      colour: "green",
    });
  });

  it("a called shot misses unless Red, even on an automatic hit", () => {
    const d = { spades: 6, defense: 0 };
    expect(resolveAttack({ card: 10, offense: 0 }, d, { calledShot: true })).toMatchObject({
      hit: false,
      missReason: "calledShotNotRed",
      colour: "white",
    });
    expect(resolveAttack({ card: 11, offense: 0 }, d, { calledShot: true })).toMatchObject({
      hit: true,
      colour: "red",
    });
    expect(
      resolveAttack({ card: 2, offense: 0 }, { ...d, defenseless: true }, { calledShot: true }),
    ).toMatchObject({ hit: false, automatic: false, missReason: "calledShotNotRed" });
  });

  it("a wrong square against an invisible target misses, whatever the totals", () => {
    expect(
      resolveAttack({ card: 20, offense: 9 }, { spades: 1, defense: 0 }, { wrongSquare: true }),
    ).toMatchObject({
      hit: false,
      missReason: "wrongSquare",
      marginBonus: 0,
      colour: "white",
    });
  });

  it("property: when not Defenseless (and no special miss), hit iff attack ≥ defence", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(...SHIELDS),
        fc.constantFrom(0, 1, 2, 4),
        fc.boolean(),
        (card, offense, chips, spades, defense, shield, cover, guarded) => {
          const r = resolveAttack({ card, offense, chips }, { spades, defense, shield, cover, guarded });
          expect(r.hit).toBe(r.attack >= r.defense);
          expect(r.margin).toBe(r.attack - r.defense);
          expect(r.colour === "white").toBe(!r.hit);
          expect(r.automatic).toBe(false);
        },
      ),
    );
  });

  it("property: under the basic rule a Defenseless target is always hit", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), fc.integer({ min: 0, max: 20 }), (card, spades) => {
        const r = resolveAttack({ card, offense: 0 }, { spades, defense: 9, defenseless: true });
        expect(r.hit).toBe(true);
        expect(r.colour).not.toBe("white");
      }),
    );
  });
});

describe("AT-7 margin and colour", () => {
  it("margin bonus is +1 per full 5 points, never negative", () => {
    expect([-3, 0, 4, 5, 9, 10, 14, 15].map(marginBonus)).toEqual([0, 0, 0, 1, 1, 2, 2, 3]);
  });

  it("colour bands", () => {
    expect(hitColour(-1, false)).toBe("white");
    expect(hitColour(3, false)).toBe("white");
    expect(hitColour(-4, true)).toBe("green");
    expect([0, 1, 2, 3, 4, 5, 12].map((m) => hitColour(m, true))).toEqual([
      "green",
      "green",
      "yellow",
      "yellow",
      "orange",
      "red",
      "red",
    ]);
  });
});

describe("AT-1 declaration and legality", () => {
  it("a melee attack aims at Chest by default; a missile's location is rolled unless it is a called shot", () => {
    expect(aimingPoint({ mode: "melee" })).toBe("chest");
    expect(aimingPoint({ mode: "melee", aim: "head" })).toBe("head");
    expect(aimingPoint({ mode: "launcher" })).toBeNull();
    expect(aimingPoint({ mode: "thrown", calledShot: true, aim: "leftArm" })).toBe("leftArm");
    expect(aimingPoint({ mode: "thrown", calledShot: true })).toBeNull();
    expect(aimingPoint({ mode: "cast" })).toBeNull();
  });

  it("called shots are for missiles, knock-outs for melee", () => {
    expect(declarationProblems({ mode: "melee", aim: "head" })).toEqual([]);
    expect(declarationProblems({ mode: "melee", calledShot: true })).toEqual(["calledShotNeedsMissile"]);
    expect(declarationProblems({ mode: "launcher", calledShot: true })).toEqual(["calledShotNeedsAim"]);
    expect(declarationProblems({ mode: "thrown", knockout: true })).toEqual(["knockoutNeedsMelee"]);
    expect(declarationProblems({ mode: "melee", knockout: true })).toEqual([]);
  });

  it("illegal when out of reach or range, behind total cover, or the attacker is incapacitated", () => {
    expect(attackIllegalReasons({ conditions: [], inReachOrRange: true, totalCover: false })).toEqual([]);
    expect(
      attackIllegalReasons({ conditions: ["stunned"], inReachOrRange: false, totalCover: true }),
    ).toEqual(["outOfRange", "totalCover", "incapacitated"]);
    for (const c of ["terrified", "helpless", "unconscious", "paralysed", "pinned"] as const) {
      expect(attackIllegalReasons({ conditions: [c], inReachOrRange: true, totalCover: false })).toEqual([
        "incapacitated",
      ]);
    }
    expect(
      attackIllegalReasons({ conditions: ["prone", "grappled"], inReachOrRange: true, totalCover: false }),
    ).toEqual([]);
  });
});

describe("AT-5 windows", () => {
  it("run declaration, reveal, totals, attacker, defender, decide", () => {
    expect(ATTACK_WINDOWS).toEqual(["declaration", "reveal", "totals", "attacker", "defender", "decide"]);
    expect(nextAttackWindow("totals")).toBe("attacker");
    expect(nextAttackWindow("attacker")).toBe("defender");
    expect(nextAttackWindow("decide")).toBeNull();
  });
});
