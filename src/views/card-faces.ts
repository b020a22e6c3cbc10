/**
 * The words of a card value (SU-3) on a sheet: the i18n key of a face card's letter. The rules say
 * which values are face cards (src/rules/suits.ts); this names the letter.
 */
import { faceCard, type FaceCard } from "../rules/suits";

/** SU-3: the language key of a value's face letter (J, Q, K, A), or null for a plain number. */
export function faceCardKey(value: number): `ZILCH.Sheet.Face.${FaceCard}` | null {
  const face = faceCard(value);
  return face ? `ZILCH.Sheet.Face.${face}` : null;
}
