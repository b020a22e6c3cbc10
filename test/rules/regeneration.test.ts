import { describe, expect, it } from "vitest";
import { regenerationPoints, regenerationStopped } from "../../src/rules/regeneration";

const regen = (hpPerRound: number, stopped = false) => ({ kind: "regeneration", hpPerRound, stopped });

describe("NPC-1 SQ Regeneration: the GM's stopped mark", () => {
  it("a marked regeneration gives nothing at the next turn start; an unmarked one its HP", () => {
    expect(regenerationPoints([regen(2)], false)).toBe(2);
    expect(regenerationPoints([regen(2, true)], false)).toBe(0);
    expect(regenerationPoints([regen(2, true), regen(1)], false)).toBe(1);
  });

  it("only a regeneration's mark counts as stopped", () => {
    expect(regenerationStopped([regen(2, true)])).toBe(true);
    expect(regenerationStopped([regen(2)])).toBe(false);
    expect(regenerationStopped([{ kind: "breath", hpPerRound: 0, stopped: true }])).toBe(false);
  });
});
