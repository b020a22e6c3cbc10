import { describe, expect, it } from "vitest";
import { readSwallowRecord, swallowDamage, swallowRefusal } from "../../src/rules/swallow";

describe("NPC-1 SA swallow: who can be swallowed", () => {
  const held = { size: "medium", grappled: true, swallowed: false } as const;
  it("a Grappled creature no larger than the stored size, once", () => {
    expect(swallowRefusal(held, "medium")).toBeNull();
    expect(swallowRefusal({ ...held, size: "small" }, "medium")).toBeNull();
    expect(swallowRefusal({ ...held, grappled: false }, "huge")).toBe("notGrappled");
    expect(swallowRefusal(held, "small")).toBe("tooBig");
    expect(swallowRefusal({ ...held, swallowed: true }, "huge")).toBe("alreadySwallowed");
  });

  it("half steps count as their full size (SZ-1)", () => {
    expect(swallowRefusal({ ...held, size: "medium+" }, "medium")).toBeNull();
  });
});

describe("NPC-1 SA swallow: the damage inside (DMG-3, never scaled by size)", () => {
  it("energy less ER, physical less DR, never below 0", () => {
    expect(swallowDamage(4, "energy", { dr: 3, er: 1 })).toBe(3);
    expect(swallowDamage(2, "physical", { dr: 1, er: 5 })).toBe(1);
    expect(swallowDamage(1, "physical", { dr: 2, er: 0 })).toBe(0);
  });

  it("the stored list keeps well-formed entries, one swallower per creature", () => {
    const stored = [
      { victim: "a", by: "x", index: 0 },
      { victim: "a", by: "y", index: 0 },
      { victim: "b", by: "", index: 0 },
      { victim: "c", by: "x", index: -1 },
      null,
    ];
    expect(readSwallowRecord(stored)).toEqual([{ victim: "a", by: "x", index: 0 }]);
    expect(readSwallowRecord({ a: 1 })).toEqual([]);
  });
});
