import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTakeStandard,
  forcedRevealStance,
  forcedStanceChange,
  shiftStance,
  stanceOptions,
  stancePips,
} from "../../src/rules/stances";
import { resolveAttack } from "../../src/rules/attack/resolution";
import { CONDITIONS, STANCES, type Condition, type Stance } from "../../src/rules/vocabulary";

describe("ST-2 stance table", () => {
  const d = { greater: 5, lesser: 2 };
  it("assigns the ends to offence and defence", () => {
    expect(stancePips("reckless", d)).toEqual({ offense: 7, defense: 0, defenseless: true });
    expect(stancePips("bold", d)).toEqual({ offense: 5, defense: 2, defenseless: false });
    expect(stancePips("cautious", d)).toEqual({ offense: 2, defense: 5, defenseless: false });
    expect(stancePips("guarded", d)).toEqual({ offense: 0, defense: 7, defenseless: false });
  });

  it("the d8+d4 greater end can be the smaller number (EX-DOM-1)", () => {
    expect(stancePips("bold", { greater: 2, lesser: 4 })).toMatchObject({ offense: 2, defense: 4 });
  });
});

describe("ST-6 pip adjustments", () => {
  it("Stunned zeroes offence and leaves defence", () => {
    expect(stancePips("cautious", { greater: 5, lesser: 3 }, { stunned: true })).toEqual({
      offense: 0,
      defense: 5,
      defenseless: false,
    });
  });

  it("Burn lowers offence by 1 per point, never below 0", () => {
    expect(stancePips("bold", { greater: 5, lesser: 2 }, { burn: 2 }).offense).toBe(3);
    expect(stancePips("bold", { greater: 2, lesser: 1 }, { burn: 3 }).offense).toBe(0);
    expect(stancePips("guarded", { greater: 3, lesser: 3 }, { burn: 1 })).toMatchObject({
      offense: 0,
      defense: 6,
    });
  });

  it("property: adjustments never raise offence nor touch defence", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STANCES),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        (stance, g, l, stunned, burn) => {
          const plain = stancePips(stance, { greater: g, lesser: l });
          const adjusted = stancePips(stance, { greater: g, lesser: l }, { stunned, burn });
          expect(adjusted.offense).toBeGreaterThanOrEqual(0);
          expect(adjusted.offense).toBeLessThanOrEqual(plain.offense);
          expect(adjusted.defense).toBe(plain.defense);
        },
      ),
    );
  });
});

describe("EX-ST-1", () => {
  it("♣7 Bold 5|2 against ♠6 Cautious 4|1: attack 12, defence 10", () => {
    const a = stancePips("bold", { greater: 5, lesser: 2 });
    const d = stancePips("cautious", { greater: 4, lesser: 1 });
    const r = resolveAttack({ card: 7, offense: a.offense }, { spades: 6, defense: d.defense });
    expect(r.attack).toBe(12);
    expect(r.defense).toBe(10);
  });
});

describe("EX-ST-2", () => {
  const pips = stancePips("guarded", { greater: 3, lesser: 2 });
  it("♠6 Guarded 3|2 with a Large shield: 15; Tower: 16; Large while Grappled: 11", () => {
    expect(pips.defense).toBe(5);
    const base = { spades: 6, defense: pips.defense, guarded: true };
    expect(resolveAttack({ card: 0, offense: 0 }, { ...base, shield: "large" }).defense).toBe(15);
    expect(resolveAttack({ card: 0, offense: 0 }, { ...base, shield: "tower" }).defense).toBe(16);
    expect(
      resolveAttack({ card: 0, offense: 0 }, { ...base, shield: "large", entangled: true }).defense,
    ).toBe(11);
  });
});

describe("EX-ST-3", () => {
  it("Threatened at round start picks Cautious; no longer Threatened, shifts to Bold and attacks with G", () => {
    const atStart = stanceOptions(["threatened"]);
    expect(atStart).toEqual(["cautious", "guarded"]);
    const onTurn = stanceOptions([]);
    const shift = shiftStance("cautious", "bold", {
      allowed: onTurn,
      defendTaken: false,
      standardAvailable: true,
    });
    expect(shift).toEqual({ ok: true, stance: "bold", mustDefend: false });
    expect(stancePips("bold", { greater: 6, lesser: 1 }).offense).toBe(6);
    // Still Threatened at the moment of the shift, Bold is refused.
    expect(
      shiftStance("cautious", "bold", { allowed: atStart, defendTaken: false, standardAvailable: true }),
    ).toEqual({ ok: false, reason: "notAllowed" });
  });
});

describe("ST-3 restrictions", () => {
  it("Threatened: Cautious or Guarded", () => {
    expect(stanceOptions(["threatened"])).toEqual(["cautious", "guarded"]);
    expect(stanceOptions(["prone"])).toEqual(["cautious", "guarded"]);
    expect(stanceOptions(["shaken"])).toEqual(["cautious", "guarded"]);
  });

  it("Stunned or Terrified: Cautious only, even Raging", () => {
    expect(stanceOptions(["stunned"])).toEqual(["cautious"]);
    expect(stanceOptions(["terrified"])).toEqual(["cautious"]);
    expect(stanceOptions(["stunned"], { raging: true })).toEqual(["cautious"]);
    expect(stanceOptions(["terrified"], { slipAway: true })).toEqual(["cautious"]);
  });

  it("no Standard action: not Guarded (Helpless, Pinned, or an effect)", () => {
    expect(stanceOptions(["helpless"])).toEqual(["reckless", "bold", "cautious"]);
    expect(stanceOptions(["pinned"])).toEqual(["cautious"]);
    expect(stanceOptions([], { standardDenied: true })).toEqual(["reckless", "bold", "cautious"]);
  });

  it("Raging: Reckless or Bold, ignoring Threatened", () => {
    expect(stanceOptions([], { raging: true })).toEqual(["reckless", "bold"]);
    expect(stanceOptions(["shaken"], { raging: true })).toEqual(["reckless", "bold"]);
  });

  it("Slip Away lifts only the Threatened restriction", () => {
    expect(stanceOptions(["threatened"], { slipAway: true })).toEqual(STANCES);
    expect(stanceOptions(["threatened", "helpless"], { slipAway: true })).toEqual([
      "reckless",
      "bold",
      "cautious",
    ]);
  });

  it("Unconscious (or Comatose, or dead) declares no stance", () => {
    expect(stanceOptions(["unconscious"])).toEqual([]);
    expect(stanceOptions(["comatose"], { raging: true })).toEqual([]);
    expect(stanceOptions(["dead"])).toEqual([]);
  });

  it("Hampered and Grappling leave every stance", () => {
    expect(stanceOptions(["hampered"])).toEqual(STANCES);
    expect(stanceOptions(["grappling"])).toEqual(STANCES);
  });

  it("property: options are always a subset of the stances, in ST-2 order", () => {
    fc.assert(
      fc.property(
        fc.subarray([...CONDITIONS]),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (conditions, raging, slipAway, standardDenied) => {
          const allowed = stanceOptions(conditions, { raging, slipAway, standardDenied });
          const indices = allowed.map((s) => STANCES.indexOf(s));
          expect(indices.every((i) => i >= 0)).toBe(true);
          expect(indices).toEqual([...indices].sort((a, b) => a - b));
          expect(new Set(allowed).size).toBe(allowed.length);
        },
      ),
    );
  });

  it("property: adding a condition never widens the options (without Raging)", () => {
    fc.assert(
      fc.property(fc.subarray([...CONDITIONS]), fc.constantFrom(...CONDITIONS), (conditions, extra) => {
        const before = stanceOptions(conditions);
        const after = stanceOptions([...conditions, extra]);
        expect(after.every((s) => before.includes(s))).toBe(true);
      }),
    );
  });
});

describe("ST-3, ST-4 canTakeStandard", () => {
  it("Stunned, Terrified, Helpless (and what implies it) or an effect deny it", () => {
    expect(canTakeStandard([])).toBe(true);
    expect(canTakeStandard(["hampered"])).toBe(true);
    expect(canTakeStandard(["terrified"])).toBe(false);
    expect(canTakeStandard(["paralysed"])).toBe(false);
    expect(canTakeStandard([], true)).toBe(false);
  });
});

describe("ST-1 forced reveal", () => {
  it("keeps the previous stance if still legal, else Cautious", () => {
    expect(forcedRevealStance("bold", STANCES)).toBe("bold");
    expect(forcedRevealStance("bold", ["cautious", "guarded"])).toBe("cautious");
    expect(forcedRevealStance(null, STANCES)).toBe("cautious");
  });

  it("[design] Raging (no Cautious): the legal stance nearest Cautious; none legal: null", () => {
    expect(forcedRevealStance("guarded", ["reckless", "bold"])).toBe("bold");
    expect(forcedRevealStance(null, ["reckless"])).toBe("reckless");
    expect(forcedRevealStance("bold", [])).toBeNull();
  });
});

describe("ST-5 Shift Stance", () => {
  const free = { allowed: [...STANCES], defendTaken: false, standardAvailable: true };

  it("moves one step only", () => {
    expect(shiftStance("reckless", "cautious", free)).toEqual({ ok: false, reason: "notOneStep" });
    expect(shiftStance("bold", "bold", free)).toEqual({ ok: false, reason: "notOneStep" });
    expect(shiftStance("bold", "reckless", free)).toMatchObject({ ok: true, stance: "reckless" });
  });

  it("property: a legal shift is always one step to an allowed stance", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STANCES),
        fc.constantFrom(...STANCES),
        fc.subarray([...STANCES]),
        fc.boolean(),
        fc.boolean(),
        (from, to, allowed, defendTaken, standardAvailable) => {
          const r = shiftStance(from, to, { allowed, defendTaken, standardAvailable });
          if (r.ok) {
            expect(Math.abs(STANCES.indexOf(from) - STANCES.indexOf(to))).toBe(1);
            expect(allowed).toContain(to);
          }
        },
      ),
    );
  });

  it("ST-4: no shifting out of Guarded before Defend", () => {
    expect(shiftStance("guarded", "cautious", free)).toEqual({ ok: false, reason: "mustDefendFirst" });
    expect(shiftStance("guarded", "cautious", { ...free, defendTaken: true })).toMatchObject({ ok: true });
  });

  it("shifting into Guarded creates the Defend obligation and needs the Standard action", () => {
    expect(shiftStance("cautious", "guarded", free)).toEqual({
      ok: true,
      stance: "guarded",
      mustDefend: true,
    });
    expect(shiftStance("cautious", "guarded", { ...free, standardAvailable: false })).toEqual({
      ok: false,
      reason: "noStandardForDefend",
    });
  });
});

describe("ST-4, ST-6 forced changes", () => {
  const change = (stance: Stance, before: Condition[], after: Condition[], turnTaken = false) =>
    forcedStanceChange(stance, { before, after, turnTaken });

  it("becoming Stunned (or Terrified) forces Cautious from any stance, before or after the turn", () => {
    expect(change("guarded", [], ["stunned"])).toBe("cautious");
    expect(change("bold", [], ["stunned"], true)).toBe("cautious");
    expect(change("reckless", [], ["terrified"])).toBe("cautious");
    expect(change("cautious", [], ["stunned"])).toBeNull();
  });

  it("already Stunned: nothing new happens", () => {
    expect(change("bold", ["stunned"], ["stunned", "prone"])).toBeNull();
  });

  it("Guarded losing its Standard action before its turn becomes Cautious; after its turn it stays", () => {
    expect(change("guarded", [], ["helpless"])).toBe("cautious");
    expect(change("guarded", [], ["unconscious"])).toBe("cautious");
    expect(change("guarded", [], ["helpless"], true)).toBeNull();
    expect(change("bold", [], ["helpless"])).toBeNull();
    expect(
      forcedStanceChange("guarded", { before: [], after: [], turnTaken: false, standardDeniedAfter: true }),
    ).toBe("cautious");
    expect(
      forcedStanceChange("guarded", {
        before: [],
        after: [],
        turnTaken: false,
        standardDeniedBefore: true,
        standardDeniedAfter: true,
      }),
    ).toBeNull();
  });

  it("becoming merely Threatened changes nothing (ST-3: checked at declaration)", () => {
    expect(change("reckless", [], ["threatened"])).toBeNull();
    expect(change("guarded", [], ["prone"])).toBeNull();
  });
});
