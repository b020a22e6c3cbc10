/**
 * The character sheet's item tabs as pure functions of the prepared data: Skills (SK-1 to SK-3),
 * Equipment (EQ-1, EQ-4, REC-6) and Injuries (INJ-6 to INJ-9, SW-8). Numbers are the models'.
 */
import { SKILLS, type SkillEntry, type SkillKey } from "../../../rules/skills";
import { ENCUMBRANCE, SLOT_LIMITS, equippable, weaponDamage } from "../../../rules/equipment";
import { CONDITIONS, DISTANCES, WEAPON_CATEGORIES } from "../../../rules/vocabulary";
import { cardKeyOf } from "../../../rules/roll-request";
import { ATTACK_CARD_KNACKS } from "../../../rules/knacks";
import type { Suit } from "../../../rules/vocabulary";
import { bool, num, str, SUIT_SYMBOL, type PlainItem } from "../actor/sheet-common";
import {
  itemsOfType,
  sortedItems,
  warningsIn,
  type CharacterInput,
  type PreparedCharacter,
} from "./character-input";

/** EQ-1: the item types the Equipment tab's slots hold. */
export const CARRIED_TYPES: ReadonlySet<string> = new Set(["weapon", "armor", "shield", "gear"]);
const SLOTS = ["hands", "armor", "handy", "pack"] as const;

/** SK-3: the cards each use of a skill reads; the bonus is the item's prepared `bonus` (SK-1, SK-2). */
function skillView(item: PlainItem) {
  const key = (item.system.key as SkillKey | null | undefined) ?? null;
  const entry = key && key in SKILLS ? (SKILLS[key] as SkillEntry) : null;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    key,
    bonus: num(item.system.bonus),
    scope: str(item.system.scope),
    free: bool(item.system.free),
    uses: (entry?.uses ?? []).map((u) => ({
      use: u.key,
      useKey: `ZILCH.Item.Use.${u.key}`,
      cards: u.cards.map((ref) => ({ card: cardKeyOf(ref), cardKey: `ZILCH.Card.${cardKeyOf(ref)}` })),
    })),
  };
}

/** The Skills tab: skills, knacks and the Talent count. */
export function characterSkills(input: CharacterInput) {
  const { system } = input;
  return {
    skills: itemsOfType(input, "skill").map(skillView),
    knacks: itemsOfType(input, "knack").map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img,
      chipSuit: (item.system.chipSuit as string | null) ?? null,
      symbol: item.system.chipSuit ? SUIT_SYMBOL[item.system.chipSuit as Suit] : "",
      chipCost: num(item.system.chipCost),
      triggerKey: `ZILCH.Item.Choice.trigger.${str(item.system.trigger, "passive")}`,
      // KN-1: a passive knack is always on; any other has a Use button.
      // KN-2: a knack the attack card offers (Sneak Attack) is used there, not from the sheet.
      usable:
        str(item.system.trigger, "passive") !== "passive" &&
        !ATTACK_CARD_KNACKS.includes(str(item.system.key, "")),
      // KN-2: a Rage in progress is shown on its knack (the system ends it).
      raging: item.system.key === "rage" && input.raging === true,
    })),
    talents: {
      max: system.talents.max,
      used: system.talents.spent,
      allowance: system.talents.allowance,
      warnings: warningsIn(system, "skills"),
    },
  };
}

/** EQ-2, EQ-3: a weapon's numbers as its row shows them: damage, reach, and how far it shoots. */
function weaponNumbers(item: PlainItem) {
  if (item.type !== "weapon") return null;
  const category = WEAPON_CATEGORIES.find((c) => c === item.system.category) ?? "light";
  const range = typeof item.system.rangeClass === "string" ? item.system.rangeClass : null;
  return {
    damage: weaponDamage(category),
    reach: num(item.system.reach, 1),
    rangeKey: range ? `ZILCH.Item.Choice.rangeClass.${range}` : null,
  };
}

/** EQ-1, EQ-4, REC-6: a carried item's row. */
function carriedView(
  item: PlainItem,
  weapons: PreparedCharacter["equipment"]["weapons"],
  enriched: Readonly<Record<string, string>> = {},
) {
  const strength = item.type === "weapon" ? weapons[item.id] : undefined;
  const shortfall = Math.min(strength?.melee?.modifier ?? 0, strength?.ranged?.modifier ?? 0);
  const healing =
    item.type === "gear" && typeof item.system.healingItem === "string" ? item.system.healingItem : null;
  const inUse = item.system.slot === "hands" || item.system.slot === "armor";
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type: item.type,
    typeKey: `TYPES.Item.${item.type}`,
    quantity: num(item.system.quantity, 1),
    /** REC-6: a healing item is used one at a time; none left, nothing to use. */
    healing: healing
      ? {
          kindKey: `ZILCH.Recovery.Item.${healing}`,
          left: num(item.system.quantity, 1),
          disabled: num(item.system.quantity, 1) < 1,
        }
      : null,
    inUse,
    /** EQ-1: Equip is offered only on what can be put in use; Unequip on whatever is. */
    equip: inUse || equippable(item.type, { hands: num(item.system.hands, 1), healing: healing !== null }),
    weapon: item.type === "weapon",
    numbers: weaponNumbers(item),
    /**
     * Shown when the row is opened: the description enriched by the sheet (links, rolls; secrets for
     * owners), or else the stored HTML the server sanitised (system.json htmlFields).
     */
    description: enriched[item.id] ?? str(item.system.description),
    /** EQ-4: the attack modifier when Strength falls short (0 otherwise). */
    strengthModifier: shortfall < 0 ? shortfall : 0,
    /** The same, signed with a true minus for the row's warning. */
    strengthModifierText: shortfall < 0 ? `\u2212${-shortfall}` : "",
  };
}

/**
 * MAG-3 to MAG-6: a spell as its row reads: the ♦ chips it costs, how far it reaches and what it
 * does (an attack's energy damage, a non-attack's healing or condition, or else its description).
 */
function spellView(item: PlainItem) {
  const range = DISTANCES.find((d) => d === item.system.maxRange);
  const condition = CONDITIONS.find((c) => c === item.system.condition);
  const effect =
    item.system.isAttack !== false
      ? { key: "ZILCH.Sheet.SpellEffect.damage", n: num(item.system.damage) }
      : num(item.system.healing) > 0
        ? { key: "ZILCH.Sheet.SpellEffect.healing", n: num(item.system.healing) }
        : condition
          ? { key: "ZILCH.Sheet.SpellEffect.condition", conditionKey: `ZILCH.Condition.${condition}` }
          : { key: "ZILCH.Sheet.SpellEffect.described" };
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    chipCost: num(item.system.chipCost),
    symbol: SUIT_SYMBOL.diamonds,
    rangeKey: range ? `ZILCH.Item.Choice.maxRange.${range}` : null,
    effect,
  };
}

/** The Equipment tab: EQ-1 items grouped by the slot they are stored in; counts and overflow are the model's. */
export function characterEquipment(input: CharacterInput) {
  const { slots, load, weapons } = input.system.equipment;
  const carried = sortedItems(input).filter((i) => CARRIED_TYPES.has(i.type));
  const warnings = warningsIn(input.system, "equipment").map((key) => ({ key }));
  if (load !== "none") warnings.push({ key: `ZILCH.Sheet.Warning.Strength.${load}` });
  return {
    equipment: {
      /** A new character's list says where gear comes from, once, rather than "Empty" four times. */
      nothingCarried: carried.length === 0,
      slots: SLOTS.map((slot) => ({
        slot,
        labelKey: `ZILCH.Sheet.Slot.${slot}`,
        used: slot === "pack" ? null : slots.used[slot],
        limit: slot === "pack" ? null : SLOT_LIMITS[slot],
        over: slot !== "pack" && slots.over.includes(slot),
        items: carried
          .filter((i) => i.system.slot === slot)
          .map((i) => carriedView(i, weapons, input.enrichedDescriptions)),
      })),
      warnings,
      /** EQ-12: the load the table sets by hand (exceptional: Hampered; barely lifted: also Defenseless). */
      encumbrance: {
        value: input.system.encumbrance ?? "normal",
        choices: Object.fromEntries(ENCUMBRANCE.map((e) => [e, `ZILCH.Sheet.Encumbrance.${e}`])),
        disabled: !input.editable,
      },
      spells: itemsOfType(input, "spell").map(spellView),
    },
  };
}

/**
 * INJ-7, INJ-9, SW-8: an injury with effect, location, the cell's modifier and how it heals, read
 * from the healing the item model derived from its effect key (never a stored copy).
 */
function injuryView(item: PlainItem) {
  const heals = (item.system.heals ?? {}) as { kind?: unknown; permanent?: unknown };
  const kind = str(heals.kind, "days");
  const modifier = num(item.system.modifier);
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    kindKey: `ZILCH.Item.Choice.kind.${str(item.system.kind, "grievousInjury")}`,
    /** The rules page of its kind (src/data/rules-links.ts): grievous injuries or specific wounds. */
    kindRule: item.system.kind === "specificWound" ? "topic:wounds" : "topic:injuries",
    locationKey: `ZILCH.Item.Choice.location.${str(item.system.location, "chest")}`,
    effectKey: `ZILCH.Item.Choice.effect.${str(item.system.effect, "stun")}`,
    /** INJ-6: a "−2d" cell's −5, shown signed with a true minus. */
    modifier: modifier === 0 ? null : `${modifier < 0 ? "\u2212" : "+"}${Math.abs(modifier)}`,
    /** INJ-7: a lost limb stays lost after the wound has healed. */
    limbLost: heals.permanent === "limbLost",
    days: kind === "days" ? num(item.system.daysRemaining) : null,
    healsKey: `ZILCH.Sheet.Heals.${kind}`,
  };
}

/** The Injuries tab. */
export function characterInjuries(input: CharacterInput) {
  return { injuries: itemsOfType(input, "injury").map(injuryView) };
}
