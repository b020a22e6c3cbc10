/**
 * The parts each of the attack card's three numbers is made of, so a player reads at a glance why the
 * attack total, the defence total and the damage are what they are. Pure: the
 * state's own facts, added up as the rules add them; the parts of each number sum to that number.
 */
import { BOON_BONUS } from "../../rules/talents";
import { defenderShieldBonus, isDefenseless } from "../../rules/attack/resolution";
import { SPELL_DAMAGE_TYPE } from "../../rules/magic";
import { marginDamage } from "../../rules/options";
import type { AttackState } from "../../rules/attack/index";

/** One named part of a total; the first (the card) reads as a plain number, the rest signed. */
export interface TotalPartView {
  labelKey: string;
  value: number;
  /** The card's value the total starts from: shown without a sign. */
  lead: boolean;
  /** An injury modifier is named by its effect and place (AT-2). */
  effectKey: string | null;
  locationKey: string | null;
}

const part = (labelKey: string, value: number, lead = false): TotalPartView => ({
  labelKey,
  value,
  lead,
  effectKey: null,
  locationKey: null,
});

/** Only parts that change the total are listed, except the card the total starts from. */
const nonZero = (parts: TotalPartView[]): TotalPartView[] => parts.filter((p) => p.lead || p.value !== 0);

/** AT-2: eff(♣) (eff(♦) for a Cast, MAG-1) + offensive pips + Fighter chips + Boon; modifiers follow. */
export function attackBaseParts(state: AttackState): TotalPartView[] {
  const side = state.attacker.side;
  const commit = state.attackerCommit;
  const cast = state.declaration.mode === "cast";
  return nonZero([
    part(cast ? "ZILCH.Attack.Part.diamonds" : "ZILCH.Attack.Part.clubs", side.card, true),
    part("ZILCH.Attack.Part.offense", side.offense),
    part("ZILCH.Attack.Part.chips", commit?.chips ?? 0),
    part("ZILCH.Attack.Part.boon", commit?.boon ? BOON_BONUS : 0),
  ]);
}

/**
 * AT-3: eff(♠) + defensive pips + Rogue chips + Boon + shield; AT-4: a Defenseless target counts
 * eff(♠) alone (basic rule) or the fixed value of its movement (detailed rule). Cover and modifiers follow.
 */
export function defenceBaseParts(state: AttackState): TotalPartView[] {
  const side = state.defender.side;
  if (isDefenseless(side)) {
    if (state.settings.detailedDefenseless && side.fixed !== undefined)
      return [part("ZILCH.Attack.Part.fixed", side.fixed, true)];
    return [part("ZILCH.Attack.Part.spades", side.spades, true)];
  }
  const commit = state.defenderCommit;
  return nonZero([
    part("ZILCH.Attack.Part.spades", side.spades, true),
    part("ZILCH.Attack.Part.defense", side.defense),
    part("ZILCH.Attack.Part.chips", commit?.chips ?? 0),
    part("ZILCH.Attack.Part.boon", commit?.boon ? BOON_BONUS : 0),
    part("ZILCH.Attack.Part.shield", defenderShieldBonus(side)),
  ]);
}

/**
 * DMG-1..DMG-3, CD-15: weapon value (a Cast's spell value, MAG-4), 1dF, margin bonus (OPT-1: less
 * what was bought with it), flat bonuses; then the size multiplier's change, DR or ER, and a Soak.
 * Null before damage is rolled. Below base 0 (DMG-2) only the base parts are listed.
 */
export function damageParts(state: AttackState): TotalPartView[] | null {
  const dmg = state.damage;
  const result = state.result;
  if (!dmg || !result) return null;
  const d = state.declaration;
  const cast = d.mode === "cast";
  const base = nonZero([
    part(cast ? "ZILCH.Attack.Part.spell" : "ZILCH.Attack.Part.weapon", d.weaponValue, true),
    part("ZILCH.Attack.Part.fudge", dmg.dF),
    part("ZILCH.Attack.Part.marginBonus", marginDamage(result.marginBonus, state.margin?.choices ?? [])),
    part("ZILCH.Attack.Part.flat", d.flat),
  ]);
  const { scaled, final } = dmg.result;
  if (scaled === null || final === null) return base;
  const type = cast ? SPELL_DAMAGE_TYPE : d.damageType;
  const beforeSoak = state.soak ? state.soak.finalBefore : final;
  return [
    ...base,
    ...nonZero([
      part("ZILCH.Attack.Part.size", scaled - dmg.result.base),
      part(type === "physical" ? "ZILCH.Attack.Part.dr" : "ZILCH.Attack.Part.er", beforeSoak - scaled),
      part("ZILCH.Attack.Part.soak", final - beforeSoak),
    ]),
  ];
}
