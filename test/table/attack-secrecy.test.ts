/**
 * Secrecy by indistinguishability for the attack card (./secrecy-checks.ts): Ana attacks the orc while
 * the declarations are still secret (Alice and the GM have declared, Bob not yet). The same public
 * history is played with different secrets — the orc's declared stance (Guarded changes the defence,
 * Reckless skips the DOM-5 reveal of its domino) — and everything Alice's and Bob's clients hold or
 * were sent must be identical at every step of the card. Played twice: with a Boon for Ana and a ♠
 * chip for the orc, so both windows wait for a click, and with neither, where the GM's client closes
 * both and rolls what nobody decides by itself (what it does unasked must not tell the stance either).
 */
import { describe, expect, it } from "vitest";
import { attackSecrecy } from "./secrecy-checks";

describe("secrecy by indistinguishability: the attack card", () => {
  for (const [choices, looks] of [
    [true, 4],
    [false, 2],
  ] as const)
    it(`an attack before the stances are shown, ${choices ? "both windows waiting" : "both windows closed by the GM's client"}: the orc's secret stance leaves no trace on a player's client`, async () => {
      expect(await attackSecrecy(choices)).toBeGreaterThanOrEqual(looks);
    });
});
