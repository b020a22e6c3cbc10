import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EIGHTHS_BY_STEP,
  FULL_SIZES,
  floorDiv,
  fullSize,
  fullSizeRank,
  grapplingSizeDifference,
  scaleBySize,
  sizeEighths,
  sizeStep,
} from "../../src/rules/size";
import { SIZES, type Size } from "../../src/rules/vocabulary";

describe("SZ-1 size scale", () => {
  it("gives the multiplier of each step in eighths", () => {
    expect(EIGHTHS_BY_STEP).toEqual([2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]);
    expect(sizeEighths("tiny")).toBe(2);
    expect(sizeEighths("medium")).toBe(8);
    expect(sizeEighths("tremendous")).toBe(64);
  });

  it("doubles every two steps, so each full size doubles the damage (SZ-3)", () => {
    for (let s = 0; s + 2 < EIGHTHS_BY_STEP.length; s++)
      expect(EIGHTHS_BY_STEP[s + 2]).toBe(2 * EIGHTHS_BY_STEP[s]);
  });
});

describe("SZ-2 half steps", () => {
  it("counts X− and X+ as the full size X while half steps are off", () => {
    expect(sizeStep("medium-")).toBe(4);
    expect(sizeStep("large+")).toBe(6);
    expect(sizeStep("tiny+")).toBe(0);
    expect(sizeStep("small-")).toBe(2);
    expect(fullSize("tremendous-")).toBe("tremendous");
  });

  it("uses the labels' own half step when on; X+ and (X+1)− share a step", () => {
    expect(sizeStep("medium-", true)).toBe(3);
    expect(sizeStep("small+", true)).toBe(3);
    expect(sizeStep("large+", true)).toBe(7);
    expect(sizeStep("huge-", true)).toBe(7);
    expect(sizeEighths("tiny+", true)).toBe(3);
    expect(sizeEighths("huge+", true)).toBe(48);
  });

  it("orders every label by its half step", () => {
    const steps = SIZES.map((s) => sizeStep(s, true));
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });
});

describe("SZ-3 ratio", () => {
  it("EX-DMG-3: Large against Medium doubles, Medium against Large halves, Huge quarters", () => {
    expect(scaleBySize(4, "large", "medium")).toBe(8);
    expect(scaleBySize(5, "medium", "large")).toBe(2);
    expect(scaleBySize(3, "medium", "huge")).toBe(0);
  });

  it("EX-DMG-4: a Medium− halfling scales by 6/8 only with half steps on", () => {
    expect(scaleBySize(4, "medium-", "medium", true)).toBe(3);
    expect(scaleBySize(4, "medium-", "medium", false)).toBe(4);
  });

  it("floorDiv is exact integer floor division, negatives included", () => {
    expect(floorDiv(7, 2)).toBe(3);
    expect(floorDiv(-7, 2)).toBe(-4);
    expect(floorDiv(6, 3)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 1, max: 100 }), (a, b) => {
        const q = floorDiv(a, b);
        return Number.isInteger(q) && q * b <= a && a < (q + 1) * b;
      }),
    );
  });

  it("same size never changes damage; a bigger attacker never deals less", () => {
    const size = fc.constantFrom(...SIZES);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), size, fc.boolean(), (base, s, half) => {
        return scaleBySize(base, s, s, half) === base;
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), size, size, size, fc.boolean(), (base, a, b, t, half) => {
        const [small, big] = sizeStep(a, half) <= sizeStep(b, half) ? [a, b] : [b, a];
        return scaleBySize(base, small, t, half) <= scaleBySize(base, big, t, half);
      }),
    );
  });
});

describe("SZ-4 grappling sizes", () => {
  it("ranks full sizes only", () => {
    expect(FULL_SIZES.map(fullSizeRank)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(fullSizeRank("medium-")).toBe(2);
    expect(fullSizeRank("large+")).toBe(3);
  });

  it("EX-SP-1: a goblin is one size below a Medium fighter, a rat two", () => {
    expect(grapplingSizeDifference("medium", "small")).toBe(-1);
    expect(grapplingSizeDifference("medium", "tiny")).toBe(-2);
    expect(grapplingSizeDifference("small", "medium")).toBe(1);
    const halfling: Size = "medium-";
    expect(grapplingSizeDifference("medium", halfling)).toBe(0);
  });
});
