import type { WeaponCategory } from "../vocabulary";
import type { Purchase } from "./types";

/** CD-7: what a weapon attack costs. A sling or a crossbow shot costs 6 whatever its category. */
export type SpeedWeapon = "unarmed" | WeaponCategory | "slingOrCrossbow";

export const WEAPON_SPEEDS: Readonly<Record<SpeedWeapon, number>> = {
  unarmed: 3,
  tiny: 3,
  light: 4,
  heavy: 5,
  great: 6,
  slingOrCrossbow: 6,
};

/**
 * CD-7: the speed kind of a weapon. Slings and crossbows are the weapons that reload (EQ-3 `slow` or
 * `winch`), and a shot with one costs 6 whatever its category (seed 000: "regardless of size").
 */
export function speedWeapon(weapon: { category: WeaponCategory; reload?: string }): SpeedWeapon {
  return weapon.reload && weapon.reload !== "none" ? "slingOrCrossbow" : weapon.category;
}

/** CD-7: Use and Defend. */
export const SIMPLE_ACTION_SPEED = 3;
/** CD-7, MAG-7: a Cast costs this plus its number of runes. */
export const CAST_BASE_SPEED = 3;
/** CD-7: Full actions (2WF, Retrieve, Rally); no single die reaches it. */
export const FULL_ACTION_SPEED = 8;

export type ActionSpec =
  | { readonly kind: "attack" | "charge" | "special"; readonly weapon: SpeedWeapon }
  | { readonly kind: "cast"; readonly runes: number }
  | { readonly kind: "use" | "defend" | "full" | "ready" };

/** CD-7: the speed of an action, or null for Ready, which countdown mode replaces with Held actions. */
export function actionSpeed(spec: ActionSpec): number | null {
  switch (spec.kind) {
    case "attack":
    case "charge":
      return WEAPON_SPEEDS[spec.weapon];
    case "special":
      return WEAPON_SPEEDS[spec.weapon] + 1;
    case "cast":
      return CAST_BASE_SPEED + spec.runes;
    case "use":
    case "defend":
      return SIMPLE_ACTION_SPEED;
    case "full":
      return FULL_ACTION_SPEED;
    case "ready":
      return null;
  }
}

export interface ActLimits {
  /** CD-17, AC-2: a Stunned participant's Act is a single Move. */
  readonly stunned?: boolean;
  /** CD-20, AC-2: a Hampered participant's Act buys one Standard action or one Minor. */
  readonly hampered?: boolean;
}

/**
 * CD-7: what a paying value (a die or completed pool, +1 included) buys toward an action of `speed`
 * (null when only a Minor is wanted): the Standard action plus a Minor when it reaches the speed,
 * otherwise one Minor.
 */
export function purchase(value: number, speed: number | null, limits: ActLimits = {}): Purchase {
  if (limits.stunned) return { standard: false, minor: true };
  if (speed !== null && value >= speed) return { standard: true, minor: !limits.hampered };
  return { standard: false, minor: true };
}
