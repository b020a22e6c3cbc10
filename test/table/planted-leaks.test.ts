/**
 * A test of the secrecy tests: each leak of ./leaks.ts is planted on the GM's client in turn (test code
 * only), and the secrecy checks (./secrecy-checks.ts) run until one tells the two runs apart. A leak
 * counts as caught only when a comparison caught it (`SecretLeaked`); a run that breaks for another
 * reason fails this test instead, so a leak cannot be "caught" by the game falling over. The first ten
 * are the 2026-11-28 security review's mutation check, the last two its extra ones.
 */
import { describe, expect, it } from "vitest";
import { LEAKS, withLeak, type Leak } from "./leaks";
import { SECRECY_CHECKS, SecretLeaked } from "./secrecy-checks";

/** The first check that catches `leak`, or null when every check passes with it planted. */
async function caughtBy(leak: Leak): Promise<string | null> {
  return withLeak(leak, async () => {
    for (const [name, check] of SECRECY_CHECKS) {
      try {
        await check();
      } catch (error) {
        if (error instanceof SecretLeaked) return name;
        throw error;
      }
    }
    return null;
  });
}

describe("planted leaks: every one makes a secrecy check fail", () => {
  const caught = new Map<Leak, string | null>();
  for (const [i, leak] of LEAKS.entries())
    it(`${i + 1}. ${leak}`, async () => {
      const by = await caughtBy(leak);
      caught.set(leak, by);
      expect(by, `${leak} reached a player's client unseen`).not.toBeNull();
    }, 300_000);

  it("the score: 10 of the review's 10, and 12 of 12 with its extra two", () => {
    const score = (leaks: readonly Leak[]) => leaks.filter((l) => (caught.get(l) ?? null) !== null).length;
    console.log(
      `planted leaks caught: ${score(LEAKS.slice(0, 10))}/10, ${score(LEAKS)}/12 —`,
      [...caught].map(([l, by]) => `${l}: ${by ?? "missed"}`).join("; "),
    );
    expect(caught.size).toBe(LEAKS.length);
    expect(score(LEAKS)).toBe(LEAKS.length);
  });
});
