/**
 * The card's rolled hit as it lands on another creature (apply to the selected
 * tokens). The same dice, margin and flat bonuses (DMG-1), with that creature's own size (DMG-2, SZ-3)
 * and DR or ER (DMG-3), so a token the GM picks instead of (or beside) the card's target takes what the
 * rules give it, not the numbers worked out for someone else. Pure: no Foundry, no DOM.
 */
import { resolveDamage, type DamageResult } from "../damage";
import { SPELL_DAMAGE_TYPE } from "../magic";
import { marginDamage } from "../options";
import type { Size } from "../vocabulary";
import type { AttackState } from "./types";

/** What DMG-2 and DMG-3 read of the creature the hit lands on. */
export interface HitTarget {
  readonly size: Size;
  readonly dr: number;
  readonly er: number;
}

/**
 * DMG-1..DMG-4: the card's weapon, Fudge roll `dF`, margin bonus and flat bonuses against `target`'s
 * size and DR or ER. The card's own damage step and "apply to selected tokens" both use it.
 */
export function damageFor(
  state: AttackState,
  dF: number,
  marginBonus: number,
  target: HitTarget,
): DamageResult {
  const d = state.declaration;
  const cast = d.mode === "cast";
  return resolveDamage({
    weapon: d.weaponValue,
    dF,
    marginBonus: marginDamage(marginBonus, state.margin?.choices ?? []),
    flat: d.flat,
    attackerSize: state.attacker.size,
    targetSize: target.size,
    halfSteps: state.settings.halfStepSizes,
    type: cast ? SPELL_DAMAGE_TYPE : d.damageType,
    cast,
    dr: target.dr,
    er: target.er,
  });
}

/** DMG-1..DMG-4 for `target`, or null before the card's damage is rolled. */
export function hitOn(
  state: AttackState,
  target: HitTarget,
): { result: DamageResult; temporary: boolean } | null {
  const dmg = state.damage;
  const r = state.result;
  if (!dmg || !r) return null;
  const result = damageFor(state, dmg.dF, r.marginBonus, target);
  // SW-6, HP-3: a knock-out blow's damage stays temporary on whoever takes it.
  return { result, temporary: dmg.temporary };
}

/** The damage `target` loses from the card's hit: DMG-4's final when above 0, else nothing. */
export function damageOn(
  state: AttackState,
  target: HitTarget,
): { amount: number; temporary: boolean } | null {
  const hit = hitOn(state, target);
  if (!hit) return null;
  const final = hit.result.final ?? 0;
  return { amount: hit.result.outcome === "damage" ? final : 0, temporary: hit.temporary };
}
