/**
 * MAG-3, MAG-5, RNG-2 on the active GM's client: whether an attack spell may be cast at its target
 * (the squares between the tokens come from src/documents/scene-grid.ts). The attack card's declaration calls
 * `castCheck`; the non-attack Cast (src/applications/combat/cast.ts) shares the refusal wording.
 */
import type { CastProblem } from "../../rules/magic";
import { castRefusal, spellFacts, type CastOptions, type SpellFacts } from "../spellcasting";
import { SpellData } from "../../data/item/spell";

/** A refusal, or what to pay with once every other check has passed. */
export type CastCheck =
  | { ok: true; spell: SpellFacts; options: CastOptions }
  | { ok: false; refused: { ok: false; code: "illegal"; data: { reasons: string } } };

/** Why a Cast or its effect is refused (lang keys ZILCH.Spell.Refused.*). */
export type SpellRefusal = CastProblem | "tooManyTargets" | "noTarget" | "notEnoughHealing" | "noSuchWound";

/** The reasons a Cast is refused, in players' words. */
export function refusalReasons(problems: readonly SpellRefusal[]): string {
  return problems.map((p) => game.i18n.localize(`ZILCH.Spell.Refused.${p}`)).join(", ");
}

/** MAG-7: the spell model's fields; an item whose model is not the spell model has none to cast. */
export function spellOf(item: Item.Implementation): SpellFacts {
  if (!(item.system instanceof SpellData)) throw new Error(`Zilch | ${item.name ?? ""} is not a spell`);
  return spellFacts(item.system);
}

/** MAG-3, MAG-5 for an attack spell, on the GM's client: refused, or the facts to pay with. */
export function castCheck(
  caster: Actor.Implementation,
  item: Item.Implementation,
  squares: number | null,
  gmOverride: boolean,
): CastCheck {
  const spell = spellOf(item);
  const options: CastOptions = { squares, gmOverride };
  const problems = castRefusal(caster, spell, options);
  if (problems.length === 0) return { ok: true, spell, options };
  return { ok: false, refused: { ok: false, code: "illegal", data: { reasons: refusalReasons(problems) } } };
}
