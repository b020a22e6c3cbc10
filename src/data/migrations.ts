/**
 * Schema versions of the system's data, and the steps that upgrade an older source to the current
 * shape. Each model's `static migrateData` runs its steps every time a source is built (Foundry calls
 * it for stored documents, pack entries and imports), so a step must be idempotent and must only
 * act when the old shape is present. No step drops information the new shape can hold.
 *
 * Version history:
 * 1. first schemas (0.1.0 development): character `load`; skill `bonus` and `uses`; injury `severe`,
 *    `healing`, `burn`, `permanent`.
 * 2. character `load` → `encumbrance`; skill `bonus` → `steps` (uses come from the SK-3 table);
 *    injury `severe` → `modifier` −5 (INJ-6), its healing and Burn derived from the INJ-7 catalogue,
 *    `daysRemaining` null when it does not heal by days.
 * 3. knack `freeWhen` (KN-2: when a knack may be used as a free action instead of its trigger); a
 *    stored Rage gets "afterDamage", any other knack null.
 */
import { MINUS_TWO_DICE } from "../rules/injury/effect-table";
import { CARD_KEYS } from "../rules/roll-request";
import { SKILL_KEYS, SKILLS, type SkillUse } from "../rules/skills";

export const SCHEMA_VERSION = 3;

type Source = Record<string, unknown>;

function has(source: Source, key: string): boolean {
  return Object.hasOwn(source, key);
}

/** Moves `from` to `to` when only the old key is present. */
function rename(source: Source, from: string, to: string): void {
  if (has(source, from) && !has(source, to)) source[to] = source[from];
  delete source[from];
}

/** 1 → 2: the character's EQ-12 toggle takes the rules' name, `encumbrance`. */
export function migrateCharacter(source: Source): Source {
  rename(source, "load", "encumbrance");
  return source;
}

/** The names of a version 1 skill's uses (`{ use, card }[]`), in order; none when the shape is not that. */
function v1UseNames(uses: unknown): string[] {
  if (!Array.isArray(uses)) return [];
  return uses.flatMap((u: unknown) =>
    typeof u === "object" && u !== null && "use" in u && typeof u.use === "string" ? [u.use] : [],
  );
}

/** The first use's card of a version 1 skill, when it is one the roll dialog knows. */
function v1FirstCard(uses: unknown): string | null {
  const first: unknown = Array.isArray(uses) ? uses[0] : undefined;
  if (typeof first !== "object" || first === null || !("card" in first)) return null;
  return CARD_KEYS.find((key) => key === first.card) ?? null;
}

/** SK-3: the one listed skill whose uses include every named use; null when none or several do. */
function listedSkillWith(useNames: readonly string[]): string | null {
  if (!useNames.length) return null;
  const matches = SKILL_KEYS.filter((key) => {
    const listed = (SKILLS[key].uses as readonly SkillUse[]).map((u) => u.key);
    return useNames.every((name) => listed.includes(name));
  });
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/**
 * 1 → 2: a skill's `bonus` becomes its SK-2 `steps` (a plusFive skill held 5 either way). Version 1
 * had no `key`: a skill was its list of uses. The uses now come from the SK-3 table by key, so the key
 * is read from them; uses shared by several listed skills (the knowledges' "recall") or found in none
 * make a custom skill (SK-4) that keeps its first use's card, so the roll it offers stays the same.
 */
export function migrateSkill(source: Source): Source {
  rename(source, "bonus", "steps");
  if (has(source, "uses") && !has(source, "key")) {
    const key = listedSkillWith(v1UseNames(source.uses));
    source.key = key;
    if (!key && !has(source, "card")) source.card = v1FirstCard(source.uses);
  }
  delete source.uses;
  return source;
}

/**
 * 1 → 2: a "−2d" injury kept a `severe` flag; the cell modifier now says −5 (INJ-6). Healing and
 * Burn are read from the catalogue by effect key, so the stored copies go; an injury that did not
 * heal by days had a meaningless day count, which is now null.
 */
export function migrateInjury(source: Source): Source {
  if (has(source, "severe")) {
    if (source.severe === true && (source.modifier === undefined || source.modifier === 0))
      source.modifier = MINUS_TWO_DICE;
    delete source.severe;
  }
  if (has(source, "healing")) {
    if (source.healing !== "days" && has(source, "daysRemaining")) source.daysRemaining = null;
    delete source.healing;
  }
  delete source.burn;
  delete source.permanent;
  return source;
}

/**
 * 2 → 3: KN-2 Rage is a free action right after its user takes damage, otherwise a Minor action; a
 * Rage stored before `freeWhen` existed gets that second trigger. Other knacks take the field's null.
 */
export function migrateKnack(source: Source): Source {
  if (!has(source, "freeWhen") && source.key === "rage") source.freeWhen = "afterDamage";
  return source;
}
