/**
 * An item sheet's read view, for a player who may not edit the item and for an
 * owner not editing it: each stored property as words and formatted numbers, no inputs. Built from
 * the same field views as the form (./item-context.ts), so it can never show a property the form
 * does not have. Unset and false properties are left out rather than shown as "None" or "No".
 */
import type { FieldView } from "./item-view";
import { RIDER_FIELDS, RIDER_KINDS, type RiderKind } from "../../../data/constants";
import {
  armorDR,
  gearStrengthRequirement,
  SHIELD_TABLE,
  weaponDamage,
  weaponStrengthRequirement,
} from "../../../rules/equipment";
import { castSpeed, MAX_RUNES, MIN_RUNES } from "../../../rules/magic";
import { ARMOR_CATEGORIES, SHIELDS, WEAPON_CATEGORIES } from "../../../rules/vocabulary";

/** One line of the read view: a label and its value, either text or a lang key. */
export interface ReadRow {
  labelKey: string;
  hintKey: string | null;
  /** The value as a player reads it (a number with its sign, free text), or "" when `valueKeys` says it. */
  text: string;
  /** Lang keys of the value's words (a choice, "Yes", or the ticked flags of a group). */
  valueKeys: string[];
  /** The entries of a list (a weapon's riders), each a line of its own rows. */
  entries: ReadRow[][];
  /** Whether the rules make this of the item (no stored field says it): read first, in bold. */
  derived?: boolean;
}

/** Numbers a player reads as modifiers: always with their sign. */
const SIGNED = new Set(["modifier", "saveModifier", "choiceBonus"]);
/** Groups whose numbers are all modifiers (a race's suit modifiers, RA-1). */
const SIGNED_GROUPS = new Set(["modifiers"]);

/** Numbers that add something only when above 0: at 0 there is nothing to read ("Healing 0"). */
const NONE_AT_ZERO = new Set(["healing", "drBonus", "extraTalents", "choiceBonus"]);

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");
const row = (v: FieldView, text: string, valueKeys: string[] = [], entries: ReadRow[][] = []): ReadRow => ({
  labelKey: v.labelKey,
  hintKey: v.hintKey,
  text,
  valueKeys,
  entries,
});

const isRiderKind = (value: string | null): value is RiderKind =>
  value !== null && (RIDER_KINDS as readonly string[]).includes(value);

/** DMG-6: a rider shows only the fields its kind uses (the others keep their initial values). */
function riderRows(fields: readonly FieldView[]): ReadRow[] {
  const kind = fields.find((f) => f.name === "kind");
  if (kind?.kind !== "select" || !isRiderKind(kind.value)) return readView(fields);
  const used = RIDER_FIELDS[kind.value];
  // A duration counts rounds only when it is a number of rounds.
  const duration = fields.find((f) => f.name === "duration");
  const counted = duration?.kind === "select" && duration.value === "rounds";
  return readView(
    fields.filter((f) => f === kind || (used.includes(f.name) && (f.name !== "rounds" || counted))),
  );
}

function groupRow(v: Extract<FieldView, { kind: "group" }>): ReadRow[] {
  const flags = v.fields.filter((f) => f.kind === "checkbox");
  if (flags.length === v.fields.length) {
    const ticked = flags.filter((f) => f.value).map((f) => f.labelKey);
    return ticked.length ? [row(v, "", ticked)] : [];
  }
  // A group switched off (an injury with no ongoing damage) has nothing for a player to read.
  const active = v.fields.find((f) => f.name === "active");
  if (active?.kind === "checkbox" && !active.value) return [];
  const children = readView(v.fields, SIGNED_GROUPS.has(v.name));
  return children.length ? [row(v, "", [], [children])] : [];
}

/** A list of plain values (a race's free skills) reads as one line; a list of records, one entry each. */
function arrayRows(v: Extract<FieldView, { kind: "array" }>): ReadRow[] {
  if (v.rows.length === 0) return [];
  const texts = v.rows.map((r) =>
    r.fields.length === 1 && r.fields[0]!.kind === "text" ? r.fields[0]!.value : null,
  );
  if (texts.every((t) => t !== null)) return [row(v, texts.join(", "))];
  return [
    row(
      v,
      "",
      [],
      v.rows.map((r) => (v.name === "riders" ? riderRows(r.fields) : readView(r.fields))),
    ),
  ];
}

function oneRow(v: FieldView, allSigned: boolean): ReadRow[] {
  switch (v.kind) {
    case "number":
      if (v.value === null || (v.value === 0 && NONE_AT_ZERO.has(v.name))) return [];
      return [row(v, allSigned || SIGNED.has(v.name) ? signed(v.value) : String(v.value))];
    case "select":
      // Unset, or set to the table's own "none" (a weapon that needs no reloading): nothing to read.
      return v.value === null || v.value === "none" ? [] : [row(v, "", [v.options[v.value] ?? v.blankKey])];
    case "checkbox":
      return v.value ? [row(v, "", ["ZILCH.Sheet.Yes"])] : [];
    case "text":
      return v.value.trim() === "" ? [] : [row(v, v.value)];
    case "group":
      return groupRow(v);
    case "array":
      return arrayRows(v);
  }
}

/** The read view of a list of field views, in schema order; `allSigned` for a group of modifiers. */
export function readView(views: readonly FieldView[], allSigned = false): ReadRow[] {
  return views.flatMap((v) => oneRow(v, allSigned));
}

const derived = (labelKey: string, text: string): ReadRow => ({
  labelKey,
  hintKey: null,
  text,
  valueKeys: [],
  entries: [],
  derived: true,
});

/**
 * EQ-2, EQ-4: what a weapon's category makes of it, which no stored field says: its damage and the
 * Strength it needs (in melee, or thrown or shot when it is only ranged).
 */
function weaponRows(system: Record<string, unknown>): ReadRow[] {
  const category = WEAPON_CATEGORIES.find((c) => c === system.category);
  if (!category) return [];
  const modes = (system.modes ?? {}) as Record<string, unknown>;
  const ranged = modes.melee !== true && (modes.thrown === true || modes.launcher === true);
  const winch = ranged && system.reload === "winch";
  // Reach and range as the Equipment row reads them, beside the damage rather than among the fields.
  const reach = modes.melee === true && typeof system.reach === "number" ? system.reach : null;
  const shoots = modes.thrown === true || modes.launcher === true;
  const range = shoots && typeof system.rangeClass === "string" ? system.rangeClass : null;
  return [
    derived("ZILCH.Sheet.Damage", String(weaponDamage(category))),
    ...(reach === null ? [] : [derived("ZILCH.Item.Derived.reach", String(reach))]),
    ...(range === null
      ? []
      : [
          {
            ...derived("ZILCH.Item.Derived.range", ""),
            valueKeys: [`ZILCH.Item.Choice.rangeClass.${range}`],
          },
        ]),
    derived("ZILCH.Item.Derived.strength", String(weaponStrengthRequirement({ category, ranged, winch }))),
  ];
}

/** EQ-5, EQ-6: the DR armour gives when worn (reinforcement and its own bonus included) and the Strength it needs. */
function armorRows(system: Record<string, unknown>): ReadRow[] {
  const category = ARMOR_CATEGORIES.find((c) => c === system.category);
  if (!category) return [];
  const reinforced = system.reinforced === true;
  const bonus = typeof system.drBonus === "number" ? system.drBonus : 0;
  return [
    derived("ZILCH.Item.Derived.dr", String(armorDR({ category, reinforced }) + bonus)),
    derived("ZILCH.Item.Derived.strength", String(gearStrengthRequirement({ category, reinforced }))),
  ];
}

/** EQ-7: what a shield adds to the defence total, and in the Guarded stance. */
function shieldRows(system: Record<string, unknown>): ReadRow[] {
  const kind = SHIELDS.find((k) => k === system.kind);
  if (!kind) return [];
  return [
    derived("ZILCH.Item.Derived.defence", signed(SHIELD_TABLE[kind].defence)),
    derived("ZILCH.Item.Derived.guarded", signed(SHIELD_TABLE[kind].guarded)),
  ];
}

/** MAG-7, CD-7: a Cast's countdown speed, 3 plus its runes. */
function spellRows(system: Record<string, unknown>): ReadRow[] {
  const runes = system.runeCount;
  if (typeof runes !== "number" || !Number.isInteger(runes) || runes < MIN_RUNES || runes > MAX_RUNES)
    return [];
  return [derived("ZILCH.Item.Derived.castSpeed", String(castSpeed(runes)))];
}

const DERIVED: Readonly<Record<string, (system: Record<string, unknown>) => ReadRow[]>> = {
  weapon: weaponRows,
  armor: armorRows,
  shield: shieldRows,
  spell: spellRows,
};

/** Stored fields a type's derived rows already read (a weapon's reach and range, beside its damage). */
export const READ_BY_DERIVED: Readonly<Record<string, ReadonlySet<string>>> = {
  weapon: new Set(["reach", "rangeClass"]),
};

/** What an item's stored fields make of it under the rules, read before the fields themselves. */
export function derivedRows(type: string, system: Record<string, unknown>): ReadRow[] {
  return DERIVED[type]?.(system) ?? [];
}
