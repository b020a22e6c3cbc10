/**
 * Casting on documents (MAG-2, MAG-3, MAG-5, MAG-6): whether a creature may Cast a spell now, paying
 * its ♦ chips, and what a non-attack spell does to its target (healing through REC-4, SW-8's magical
 * healing of an armed wound, or a condition that replaces an identical spell's). The chat card and the
 * targeting live in src/applications/combat/cast.ts; this module only reads and writes actors, so the
 * data layer tests it through the stand-in.
 */
import { castProblems, handFreeOrFocus, payForCast, type CastProblem } from "../rules/magic";
import { heldItems } from "./held-items";
import { distanceCategory } from "../rules/range";
import { magicEndsWound } from "../rules/wounds";
import type { Recovered } from "../rules/drain";
import type { Condition, Distance } from "../rules/vocabulary";
import { untilEndOfNextTurn, type ConditionDuration } from "../rules/conditions";
import { spellConditionDuration, type SpellData } from "../data/item/spell";
import type { ZilchActor } from "./actor";
import { heldConditionsOf } from "./combat/held-conditions";
import { rageWardsOff } from "../rules/knacks";
import { toStored } from "../data/actor/effects";

/** MAG-7 and the non-attack effect fields of a spell item, as the spell model stores them. */
export interface SpellFacts {
  readonly chipCost: number;
  readonly isAttack: boolean;
  readonly maxRange: Distance;
  /** REC-4, SW-8: points of magical healing a non-attack spell gives its target (0: none). */
  readonly healing: number;
  /** MAG-6: the condition a non-attack spell puts on its target, with its duration. */
  readonly condition: Condition | null;
  readonly duration: ConditionDuration;
}

/** The spell model's fields this module reads; the effect fields may be missing (none then). */
export type StoredSpell = Pick<SpellData, "chipCost" | "isAttack" | "maxRange"> &
  Partial<Pick<SpellData, "healing" | "condition" | "duration" | "rounds">>;

/** MAG-7: a spell item's stored fields as the Cast reads them (missing effect fields: none). */
export function spellFacts(system: StoredSpell): SpellFacts {
  return {
    chipCost: system.chipCost,
    isAttack: system.isAttack,
    maxRange: system.maxRange,
    healing: system.healing ?? 0,
    condition: system.condition ?? null,
    duration: spellConditionDuration(system.duration ?? "rounds", system.rounds ?? 1),
  };
}

/** What a Cast is checked with: the GM's override of a chip shortage and the distance, when known. */
export interface CastOptions {
  readonly squares?: number | null;
  readonly gmOverride?: boolean;
}

/** CH-5: the ♦ chips a creature holds (a character's count, an NPC's track value). */
export function diamondChips(caster: ZilchActor): number {
  return caster.creature.chipState().chips.diamonds;
}

/**
 * MAG-2, MAG-3, MAG-5: why this creature may not Cast the spell now (empty when it may). The hands are
 * read from its items (a free hand or a held focus) and Helpless from its closed conditions. RULES.md names
 * "gagged" and "able to move and speak" but defines no condition for them (CON-4): the GM marks a
 * gagged caster Helpless. Range is checked only when the distance is known.
 */
export function castRefusal(caster: ZilchActor, spell: SpellFacts, options: CastOptions = {}): CastProblem[] {
  const squares = options.squares;
  return castProblems({
    classes: caster.isOfType("character") ? caster.system.classList : null,
    chips: diamondChips(caster),
    spell,
    handFreeOrFocus: handFreeOrFocus(heldItems(caster)),
    canMoveAndSpeak: true,
    // CON-4: Helpless as the closed conditions hold it (Unconscious, Pinned and Paralysed bring it).
    helpless: heldConditionsOf(caster).has("helpless"),
    distance: typeof squares === "number" && squares >= 0 ? distanceCategory(Math.round(squares)) : undefined,
    gmOverride: options.gmOverride,
  });
}

export type CastPaid = { ok: true; paid: number; left: number } | { ok: false; problems: CastProblem[] };

/**
 * MAG-3, CH-5: pay the spell's ♦ chips before anything is resolved; a refused Cast changes nothing.
 * A GM's override of a shortage pays what there is (payForCast never goes below 0).
 */
export async function payCast(
  caster: ZilchActor,
  spell: SpellFacts,
  options: CastOptions = {},
): Promise<CastPaid> {
  const problems = castRefusal(caster, spell, options);
  if (problems.length > 0) return { ok: false, problems };
  const before = diamondChips(caster);
  const left = payForCast(before, spell.chipCost);
  if (left !== before) await setDiamondChips(caster, left);
  return { ok: true, paid: before - left, left };
}

/** The armed wounds (SW-8) that magical healing can end on this creature, by item id and name. */
export function woundsMagicHeals(target: ZilchActor): { id: string; name: string }[] {
  return target.items.contents
    .filter((item) => item.isOfType("injury") && item.system.heals.kind === "sleepOrMagic")
    .map((item) => ({ id: item.id ?? "", name: item.name ?? "" }));
}

export type SpellHealed =
  | { kind: "hp"; recovered: Recovered }
  | { kind: "wound"; name: string }
  | { kind: "refused"; problem: "notEnoughHealing" | "noSuchWound" };

/**
 * REC-4, DRN-6: a healing spell's points go to HP through recoverHP (♥ taint absorbs them first).
 * SW-8: spent on an armed wound instead, at least 3 points end it and heal no HP.
 * OD-4, OD-2a: either way it is magical healing, so every bleeding effect on the target ends.
 */
export async function receiveHealing(
  target: ZilchActor,
  points: number,
  woundId?: string,
): Promise<SpellHealed> {
  if (woundId === undefined) return { kind: "hp", recovered: await target.receiveMagicalHealing(points) };
  const wound = woundsMagicHeals(target).find((w) => w.id === woundId);
  if (!wound) return { kind: "refused", problem: "noSuchWound" };
  if (!magicEndsWound(points)) return { kind: "refused", problem: "notEnoughHealing" };
  await target.healInjury(wound.id);
  await target.endBleeding();
  return { kind: "wound", name: wound.name };
}

/**
 * MAG-6: a non-attack spell's condition on its target. Identical spells do not stack: the same spell's
 * earlier casting on this target is replaced, so only one (the newest, and in this release every
 * casting of a spell is equally strong) applies. Returns whether an earlier casting was replaced.
 * CB-4: "until the end of the target's next turn" landing during the target's own turn (a caster on
 * itself; the caller knows the combat) does not end with that turn, but with the one after.
 */
export async function receiveSpellCondition(
  target: ZilchActor,
  spellName: string,
  condition: Condition,
  duration: ConditionDuration,
  targetInOwnTurn = false,
): Promise<boolean> {
  const lasts = duration.kind === "endOfNextTurn" ? untilEndOfNextTurn(targetInOwnTurn) : duration;
  return replaceCondition(target, condition, lasts, spellSource(spellName));
}

/**
 * MAG-6: apply a condition in place of any earlier one from the same source, so a spell cast again
 * on this creature does not stack with itself; returns whether an earlier record was replaced.
 * KN-2: a raging creature is immune to Shaken.
 */
async function replaceCondition(
  target: ZilchActor,
  condition: Condition,
  duration: ConditionDuration,
  source: string,
): Promise<boolean> {
  if (rageWardsOff(target.rage(), condition)) return false;
  const live = target.creature.appliedConditions.filter((s) => target.statuses.has(s.condition));
  const kept = live.filter((s) => !(s.source === source && s.condition === condition));
  const records = [...kept.map((s) => ({ ...s })), toStored({ condition, source, duration })];
  await target.update({ system: { appliedConditions: records } });
  await target.setCondition(condition, true);
  return kept.length !== live.length;
}

/** MAG-3, CH-5: the ♦ chips left after a Cast (the models clamp to capacity, CH-2). */
async function setDiamondChips(caster: ZilchActor, n: number): Promise<void> {
  await caster.update({ system: caster.creature.chipsChange({ diamonds: Math.max(0, Math.trunc(n)) }) });
}

/** MAG-6: the source a spell's condition is recorded under; identical spells share it. */
export function spellSource(spellName: string): string {
  return `spell:${spellName.trim().toLowerCase()}`;
}
