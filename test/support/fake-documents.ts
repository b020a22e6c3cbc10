/**
 * For hand-made stand-ins of ZilchActor and ZilchItem (combat and pack-drop tests): their `isOfType`, which
 * narrows by `type` exactly as src/documents/actor.ts and item.ts define it.
 */
export function isOfType(this: { type: string }, ...types: string[]): boolean {
  return types.includes(this.type);
}

type SuitName = "clubs" | "spades" | "diamonds" | "hearts";

/**
 * A stand-in creature's four suits as its prepared data holds them (SU-4: `eff` and `eff2` on each),
 * for the system's test path (src/documents/creature-test.ts); a suit not given holds `fill`.
 */
export function fakeSuits(
  given: Partial<Record<SuitName, { eff: number; eff2?: number }>>,
  fill = 5,
): Record<SuitName, { eff: number; eff2: number }> {
  const suit = (s: SuitName) => ({
    eff: given[s]?.eff ?? fill,
    eff2: given[s]?.eff2 ?? given[s]?.eff ?? fill,
  });
  return { clubs: suit("clubs"), spades: suit("spades"), diamonds: suit("diamonds"), hearts: suit("hearts") };
}

/** What a stand-in character holds that a test reads besides its cards: no chips, no Boons. */
export const NO_CHIPS = { chips: { clubs: 0, spades: 0, diamonds: 0 }, boons: 0 } as const;
