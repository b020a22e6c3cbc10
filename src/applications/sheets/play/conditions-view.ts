/**
 * Conditions as the sheets show them (CON-4, CON-5): each active condition with what is left of its
 * duration, whether it can be switched off here (a status of its own, not one implied by another or
 * imposed by the creature's state), and the picker of conditions not yet on the creature. Pure: the
 * sheets pass the prepared closed set, the actor's statuses and its stored condition records.
 */
import { CONDITIONS, type Condition } from "../../../rules/vocabulary";

/** A stored CON-5 record as the data model keeps it (src/data/fields.ts `appliedConditions`). */
export interface StoredConditionLike {
  condition: string;
  duration: string;
  count: number;
}

export interface ConditionsInput {
  /** CON-4: the closed set of active conditions the model prepared. */
  active: Iterable<Condition>;
  /** The actor's own status effects: the conditions applied directly. */
  statuses: Iterable<string>;
  /** CON-5: the stored durations (several records may hold one condition). */
  records: readonly StoredConditionLike[];
}

/** One line of how long a condition lasts, as an i18n key and its count. */
export interface DurationView {
  key: string;
  n: number;
}

/** CON-5: the text of one record; "indefinite" says nothing (a condition lasts until removed). */
function durationOf(record: StoredConditionLike): DurationView | null {
  switch (record.duration) {
    case "rounds":
      return { key: "ZILCH.Sheet.ConditionLasts.rounds", n: Math.max(1, record.count) };
    // CB-4: applied during its own turn, that turn's end does not count: still "the next turn's end".
    case "endOfNextTurn":
    case "startOfNextTurn":
    case "endOfEncounter":
    case "untilHealed":
      return { key: `ZILCH.Sheet.ConditionLasts.${record.duration}`, n: 0 };
    default:
      return null;
  }
}

/** CON-4, CON-5: the active conditions in the book's order, and the ones that can be added. */
export function conditionsView(input: ConditionsInput) {
  const active = new Set(input.active);
  const statuses = new Set(input.statuses);
  const list = CONDITIONS.filter((c) => active.has(c)).map((condition) => {
    const lasts = input.records
      .filter((r) => r.condition === condition)
      .map(durationOf)
      .filter((d): d is DurationView => d !== null);
    // Distinct lines only: two "until healed" records read as one.
    const unique = lasts.filter((d, i) => lasts.findIndex((o) => o.key === d.key && o.n === d.n) === i);
    return {
      condition,
      labelKey: `ZILCH.Condition.${condition}`,
      lasts: unique,
      /** A condition implied by another (CON-4) or imposed by the creature's state goes with its cause. */
      removable: statuses.has(condition),
    };
  });
  return {
    conditions: list,
    conditionChoices: CONDITIONS.filter((c) => !active.has(c)).map((condition) => ({
      condition,
      labelKey: `ZILCH.Condition.${condition}`,
    })),
  };
}
