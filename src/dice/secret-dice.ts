/**
 * The round's hidden draws (DOM-2 face-down dominoes, CD-19 the Closing die, INI-4 tiebreakers) and
 * the other draws the round logic makes with them (CD-2 hands, INI-3 side and own dice), from the
 * browser's cryptographic source rather than Foundry's dice. Foundry's `CONFIG.Dice.randomUniform`
 * is a Mersenne Twister (fvtt-types `config.d.mts`, `foundry.dice.MersenneTwister.random`) that every
 * public roll of the GM's client also draws from; an unseeded twister "uses the current timestamp"
 * (Foundry's API docs, quoted in the 2026-11-28 security review, N4), so a player who reads enough
 * public results can recover its state and replay it. Web Crypto's `getRandomValues` is available on
 * every page, secure context or not (MDN, "Crypto: getRandomValues() method"), in every browser
 * Foundry supports and in Node; its output says nothing about its next output.
 * Public rolls (tests, attacks, damage, Grit, contests) stay Foundry Rolls on Foundry's dice.
 */
import type { RollDie } from "../rules/vocabulary";

const WORD = 2 ** 32;

/** One unpredictable 32-bit word from this client's Web Crypto source. */
function secretWord(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * An integer in [1, faces] with every face equally likely: a word in the largest multiple of
 * `faces` below 2³² is split into `faces` equal runs; a word above it is drawn again (at most
 * faces/2³² of words, so a redraw is rare).
 */
export const secretRollDie: RollDie = (faces) => {
  if (!Number.isInteger(faces) || faces < 1 || faces > WORD) throw new RangeError(`no die of ${faces} faces`);
  const run = Math.floor(WORD / faces);
  const limit = run * faces;
  for (;;) {
    const word = secretWord();
    if (word < limit) return Math.floor(word / run) + 1;
  }
};
