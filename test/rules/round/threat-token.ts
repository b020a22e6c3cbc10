import type { ThreatToken } from "../../../src/rules/round/threat";

/** A Medium creature's token: one square, reach 1, armed and able to attack unless told otherwise. */
export const token = (
  id: string,
  x: number,
  y: number,
  side: ThreatToken["side"],
  extra: Partial<ThreatToken> = {},
): ThreatToken => ({
  id,
  square: { x, y },
  width: 1,
  height: 1,
  side,
  reach: 1,
  wieldsMelee: true,
  canMeleeAttack: true,
  ...extra,
});
