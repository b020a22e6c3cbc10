import { describe, expect, it } from "vitest";
import { canMakeMeleeAttack } from "../../src/rules/conditions";

describe("CON-1, AC-2: able to make a melee attack", () => {
  it("Stunned, Terrified, Helpless, Unconscious, Paralysed, Pinned and Dead cannot; Prone, Grappled, Hampered can", () => {
    for (const c of [
      "stunned",
      "terrified",
      "helpless",
      "unconscious",
      "paralysed",
      "pinned",
      "comatose",
      "dead",
    ] as const) {
      expect(canMakeMeleeAttack([c]), c).toBe(false);
    }
    for (const c of ["prone", "grappled", "hampered", "shaken", "blind", "entangled"] as const) {
      expect(canMakeMeleeAttack([c]), c).toBe(true);
    }
    expect(canMakeMeleeAttack([])).toBe(true);
  });
});
