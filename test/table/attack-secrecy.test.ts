/**
 * Secrecy by indistinguishability for the attack card (./secrecy-checks.ts): Ana tries to attack the
 * orc while the declarations are still secret (Alice and the GM have declared, Bob not yet). ST-1: the
 * attack waits for the stances to be shown, so it is refused and reveals no domino (the security
 * review's M1: it used to be played, revealing dominoes early). The same public history is played
 * with different secrets — the orc's declared stance (Guarded would change the defence, Reckless skip
 * the DOM-5 reveal of its domino) — and everything Alice's and Bob's clients hold or were sent must be
 * identical before and after the refusal. Played twice: with a Boon for Ana and a ♠ chip for the orc,
 * and with neither.
 */
import { describe, expect, it } from "vitest";
import { attackSecrecy } from "./secrecy-checks";

describe("secrecy by indistinguishability: the attack card", () => {
  for (const choices of [true, false])
    it(`an attack tried before the stances are shown, ${choices ? "with a Boon and a chip held" : "with neither"}: refused, and the orc's secret stance leaves no trace on a player's client`, async () => {
      expect(await attackSecrecy(choices)).toBe(2);
    });
});
