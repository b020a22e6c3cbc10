/**
 * The intended threat band of a creature, read from its challenge rating (CR): what the author means
 * by the rating, as the range of threat (characters' worth, measure.ts) the stat block must measure in.
 * The same table is on the rules reference's Creatures page ("Threat") and in docs/decisions.md.
 *
 * Why these ranges: one creature's strength is capped by the rules (HP is its ♥, at most 14, and size
 * already scales blows, SZ-3), so threat grows more slowly than the rating: the biggest creatures of
 * the bestiary measure 5 to 8 against four sample characters. Neighbouring bands overlap a little,
 * because a measured threat moves by a tenth or two between seeds.
 */
export interface Band {
  /** The highest CR of the band. */
  readonly upToCr: number;
  /** Its name on the Creatures page. */
  readonly name: string;
  readonly low: number;
  readonly high: number;
}

export const BANDS: readonly Band[] = [
  // A minion: a party of four beats eight or more of them; 0.3, the measure's floor, is one of these.
  { upToCr: 0.5, name: "minion", low: 0, high: 0.5 },
  { upToCr: 1, name: "rank and file", low: 0.4, high: 0.8 },
  { upToCr: 2, name: "tough", low: 0.6, high: 1.3 },
  { upToCr: 4, name: "leader", low: 0.9, high: 2 },
  { upToCr: 6, name: "brute", low: 1.4, high: 3 },
  { upToCr: 9, name: "terror", low: 2, high: 4.5 },
  { upToCr: 12, name: "legend", low: 3.5, high: 8 },
  { upToCr: 99, name: "ancient", low: 6, high: 16 },
];

/** The band a CR falls in (the first whose top CR it does not pass). */
export function bandOf(cr: number): Band {
  return BANDS.find((b) => cr <= b.upToCr) ?? BANDS[BANDS.length - 1];
}

/** Whether a threat lies in the creature's band, ends included. */
export function inBand(cr: number, threat: number): boolean {
  const b = bandOf(cr);
  return threat >= b.low && threat <= b.high;
}
