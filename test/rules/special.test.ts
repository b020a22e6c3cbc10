import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapeRoll,
  grappleAfter,
  grappleConditions,
  grappleMove,
  grappleMoveBySteps,
  SPECIAL_ATTACK_KINDS,
  SPECIAL_CONTEST_SUITS,
  specialAttackOutcome,
  startGrapple,
} from "../../src/rules/special";
import { contest } from "../../src/rules/tests";
import { closeConditions } from "../../src/rules/conditions";
import { SIZES } from "../../src/rules/vocabulary";

describe("EX-SP-1", () => {
  it("a Medium fighter grappling a Small goblin makes a ♣ contest to drag it", () => {
    expect(grappleMove("medium", "small")).toBe("contest");
  });
  it("grappling a Tiny rat, it moves freely", () => {
    expect(grappleMove("medium", "tiny")).toBe("free");
  });
  it("a goblin grappling the fighter is Anchored", () => {
    expect(grappleMove("small", "medium")).toBe("anchored");
  });
});

describe("SP-4 sizes in grappling use full sizes (SZ-4)", () => {
  it("half-step labels count as their full size", () => {
    expect(grappleMove("medium", "medium-")).toBe("contest");
    expect(grappleMove("medium+", "large-")).toBe("anchored");
    expect(grappleMove("large+", "small+")).toBe("free");
    expect(grappleMove("small-", "tiny+")).toBe("contest");
  });

  it("by steps: larger anchors, same or one smaller contests, two or more smaller is free", () => {
    expect([2, 1, 0, -1, -2, -5].map(grappleMoveBySteps)).toEqual([
      "anchored",
      "anchored",
      "contest",
      "contest",
      "free",
      "free",
    ]);
  });

  it("property: two grapplers are never both Anchored, and one that moves freely anchors the other", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIZES), fc.constantFrom(...SIZES), (a, b) => {
        const ab = grappleMove(a, b);
        const ba = grappleMove(b, a);
        if (ab === "anchored") expect(ba).not.toBe("anchored");
        if (ab === "free") expect(ba).toBe("anchored");
      }),
    );
  });
});

describe("SP-1, SP-2 Special Attacks", () => {
  const win = { winner: "a" as const, pointsWonBy: 5 };

  it("a miss does nothing, and needs no contest", () => {
    for (const kind of SPECIAL_ATTACK_KINDS)
      expect(specialAttackOutcome(kind, false, null)).toEqual({ effect: "none" });
  });

  it("a hit without the attacker winning the contest does nothing", () => {
    for (const winner of ["b", "draw", "reroll"] as const) {
      expect(specialAttackOutcome("trip", true, { winner })).toEqual({ effect: "none" });
    }
  });

  it("each kind's effect when the attacker wins", () => {
    expect(specialAttackOutcome("bullrush", true, win)).toEqual({ effect: "push", squares: 6 });
    expect(specialAttackOutcome("disarm", true, win)).toEqual({ effect: "disarm" });
    expect(specialAttackOutcome("grapple", true, win)).toEqual({
      effect: "grapple",
      attacker: "grappling",
      target: "grappled",
    });
    expect(specialAttackOutcome("trip", true, win)).toEqual({ effect: "trip", target: "prone" });
  });

  it("EX-T-3 bullrush: A (8) rolls 3 against B (6) rolling 9: pushed 1 + 5 = 6 squares", () => {
    const result = contest({ target: 8, roll: 3 }, { target: 6, roll: 9 });
    expect(specialAttackOutcome("bullrush", true, result)).toEqual({ effect: "push", squares: 6 });
    const variant = contest({ target: 8, roll: 2 }, { target: 7, roll: 5 });
    expect(specialAttackOutcome("bullrush", true, variant)).toEqual({ effect: "push", squares: 5 });
  });

  it("a hit needs its contest, and a Bullrush win its points", () => {
    expect(() => specialAttackOutcome("disarm", true, null)).toThrow(RangeError);
    expect(() => specialAttackOutcome("bullrush", true, { winner: "a" })).toThrow(RangeError);
  });

  it("the attacker tests ♣; the defender chooses ♣ or ♠", () => {
    expect(SPECIAL_CONTEST_SUITS).toEqual({ attacker: ["clubs"], defender: ["clubs", "spades"] });
  });
});

describe("SP-3 grapple state", () => {
  const g = startGrapple("fighter", "goblin");

  it("a grapple makes the controller Grappling and the victim Grappled, both Entangled (so Hampered)", () => {
    const c = grappleConditions(g);
    expect(c).toEqual({ controller: ["grappling"], victim: ["grappled"] });
    const controller = closeConditions(c.controller);
    const victim = closeConditions(c.victim);
    for (const s of [controller, victim]) {
      expect(s.has("entangled")).toBe(true);
      expect(s.has("hampered")).toBe(true);
    }
    expect(victim.has("threatened")).toBe(true);
  });

  it("a pin won by the controller makes the victim Pinned, i.e. Helpless", () => {
    const pinned = grappleAfter(g, { type: "pin", contest: { winner: "a" } });
    expect(pinned).toEqual({ ...g, pinned: true });
    expect(closeConditions(grappleConditions(pinned!).victim).has("helpless")).toBe(true);
    expect(grappleAfter(g, { type: "pin", contest: { winner: "draw" } })).toBe(g);
    expect(grappleAfter(g, { type: "pin", contest: { winner: "b" } })).toBe(g);
  });

  it("an escape ends the grapple; a failed one does not; the controller may release at will", () => {
    expect(grappleAfter(g, { type: "escape", succeeded: true })).toBeNull();
    expect(grappleAfter(g, { type: "escape", succeeded: false })).toBe(g);
    expect(grappleAfter(g, { type: "release" })).toBeNull();
  });

  it("escape is a ♣ or ♠ test, at −5 when Pinned; or a contest against the controller's ♣", () => {
    expect(escapeRoll(g)).toEqual({ kind: "test", suits: ["clubs", "spades"], modifier: 0, against: null });
    expect(escapeRoll({ ...g, pinned: true })).toMatchObject({ kind: "test", modifier: -5 });
    expect(escapeRoll({ ...g, pinned: true }, true)).toEqual({
      kind: "contest",
      suits: ["clubs", "spades"],
      modifier: -5,
      against: "clubs",
    });
  });
});
