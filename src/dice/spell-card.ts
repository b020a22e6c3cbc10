/**
 * The chat card of a non-attack Cast (MAG-6): who cast what, the ♦ chips paid (MAG-3), the range
 * (MAG-5), the description, and what the automation did to the target, or, when the caster's user
 * could not change the target, the GM's buttons to apply it. The record lives in the message's flags
 * (flags.zilch.spell); this module turns it into the template's context and knows no Foundry API.
 */
import type { ConditionDuration } from "../rules/conditions";
import type { Condition, Distance } from "../rules/vocabulary";

export const SPELL_CARD_TEMPLATE = "systems/zilch/templates/chat/spell-card.hbs";
export const SPELL_FLAG = "spell";

/** What applying the spell did (REC-4 healing, SW-8 a wound ended, MAG-6 a condition). */
export type SpellOutcome =
  | { readonly kind: "healed"; readonly hp: number; readonly taint: number }
  | { readonly kind: "woundEnded"; readonly wound: string }
  | { readonly kind: "condition"; readonly replaced: boolean }
  | { readonly kind: "nothing" };

/** The card's stored record. */
export interface SpellCastRecord {
  readonly casterName: string;
  /**
   * The caster's uuid: an unlinked token's own actor shares its world actor's id (FOUNDRY-FACTS §7), so
   * only the uuid names the caster that holds the spell. Cards posted before this version have none.
   */
  readonly casterUuid?: string;
  readonly spellName: string;
  /** MAG-3: chips paid and left; `overridden` when the GM let a shortage through. */
  readonly paid: number;
  readonly left: number;
  readonly overridden: boolean;
  readonly range: Distance;
  readonly targetUuid: string | null;
  readonly targetName: string | null;
  readonly healing: number;
  readonly condition: Condition | null;
  readonly duration: ConditionDuration;
  /** SW-8: the target's armed wounds when cast, which 3 or more points of healing may end instead. */
  readonly wounds: readonly { readonly id: string; readonly name: string }[];
  /** null while the effect waits for the GM. */
  readonly outcome: SpellOutcome | null;
}

/** Whether the spell does anything the automation applies to its target. */
export function spellHasEffect(
  record: Pick<SpellCastRecord, "healing" | "condition" | "targetUuid">,
): boolean {
  return record.targetUuid !== null && (record.healing > 0 || record.condition !== null);
}

interface Line {
  key: string;
  data: Record<string, string | number>;
}

function durationLine(duration: ConditionDuration): Line {
  return duration.kind === "rounds"
    ? { key: "ZILCH.Spell.Duration.rounds", data: { n: duration.rounds } }
    : { key: `ZILCH.Spell.Duration.${duration.kind}`, data: {} };
}

function outcomeLine(record: SpellCastRecord, outcome: SpellOutcome, conditionName: string): Line {
  const target = record.targetName ?? "";
  switch (outcome.kind) {
    case "healed":
      return {
        key: outcome.taint > 0 ? "ZILCH.Spell.Outcome.healedTaint" : "ZILCH.Spell.Outcome.healed",
        data: { target, hp: outcome.hp, taint: outcome.taint },
      };
    case "woundEnded":
      return { key: "ZILCH.Spell.Outcome.woundEnded", data: { target, wound: outcome.wound } };
    case "condition":
      return {
        key: outcome.replaced ? "ZILCH.Spell.Outcome.conditionReplaced" : "ZILCH.Spell.Outcome.condition",
        data: { target, condition: conditionName },
      };
    case "nothing":
      return { key: "ZILCH.Spell.Outcome.nothing", data: {} };
  }
}

/** SW-8: healing of at least this many points may end an armed wound instead of healing HP. */
export function woundChoices(record: SpellCastRecord, threshold: number): SpellCastRecord["wounds"] {
  return record.healing >= threshold ? record.wounds : [];
}

/**
 * The template's context for one viewer. Only a GM gets the Apply buttons, and only while the effect
 * waits; every viewer of a healing card gets "heal the selected tokens" (the GM's
 * client decides which tokens the sender may heal, src/documents/apply/selected.ts). `conditionName`
 * is the localised condition (the caller localises, this module has no i18n).
 */
export function spellCardContext(
  record: SpellCastRecord,
  viewer: { isGM: boolean } | null,
  options: { conditionName: string; woundThreshold: number; description: string },
) {
  const waiting = record.outcome === null && spellHasEffect(record);
  return {
    title: { key: "ZILCH.Spell.Title", data: { caster: record.casterName, spell: record.spellName } },
    paid: {
      key: record.overridden ? "ZILCH.Spell.PaidOverride" : "ZILCH.Spell.Paid",
      data: { paid: record.paid, left: record.left },
    },
    rangeKey: `ZILCH.Item.Choice.maxRange.${record.range}`,
    targetName: record.targetName,
    description: options.description,
    healing: record.healing > 0 ? { key: "ZILCH.Spell.Effect.healing", data: { n: record.healing } } : null,
    condition: record.condition
      ? { key: record.condition, name: options.conditionName, duration: durationLine(record.duration) }
      : null,
    outcome: record.outcome ? outcomeLine(record, record.outcome, options.conditionName) : null,
    waiting,
    applySelected: viewer !== null && record.healing > 0,
    buttons:
      waiting && viewer?.isGM
        ? {
            apply: true,
            wounds: woundChoices(record, options.woundThreshold),
          }
        : null,
  };
}
export type SpellCardContext = ReturnType<typeof spellCardContext>;
