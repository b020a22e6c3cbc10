/**
 * The attacks a creature can make and what each costs, as the character's Combat tab and the NPC's
 * stat block list them. Every number comes from src/rules or the prepared data: the
 * to-hit parts are AT-2's card and EQ-4's Strength shortfall (the rest, pips, chips, a Boon, range and
 * injuries, are added when the attack is declared); the price is CD-7's speed and, for a Cast, MAG-3's
 * ♦ chips. The rows carry the same actions as the Equipment tab's and stat block's Attack buttons
 * (`attackItem`, `attackNatural`), so a click starts the attack through the same document method.
 */
import { actionSpeed, speedWeapon, WEAPON_SPEEDS, type SpeedWeapon } from "../../../rules/countdown/speeds";
import { CAST_RULES, SPELL_DAMAGE_TYPE } from "../../../rules/magic";
import { naturalWeapon, type StatBlockAttack } from "../../../rules/attack/index";
import {
  shieldBashCategory,
  weaponDamage,
  weaponStrengthModifier,
  weaponStrengthRequirement,
} from "../../../rules/equipment";
import {
  DAMAGE_TYPES,
  DISTANCES,
  RANGE_CLASSES,
  SHIELDS,
  WEAPON_CATEGORIES,
  type Suit,
  type WeaponCategory,
} from "../../../rules/vocabulary";
import { cardForUse } from "../../../rules/suits";
import { bool, num, str, SUIT_SYMBOL, type PlainItem } from "../actor/sheet-common";
import type { WeaponStrengthView } from "../character/character-input";

/** One addend of a to-hit total, labelled as the attack card labels it. */
export interface AttackPart {
  labelKey: string;
  value: number;
  /** Signed with a true minus, except the card itself. */
  text: string;
}

/** AT-2: one way of making the attack (melee, thrown, launcher, Cast) and its total before the declaration's parts. */
export interface AttackModeView {
  mode: string;
  modeKey: string;
  total: number;
  parts: AttackPart[];
}

/** CD-7, MAG-3: what the attack costs. */
export interface AttackCost {
  /** CD-7: the lowest die (with any +1) that pays for it in countdown rounds. */
  speed: number;
  /** CD-7: a Special Attack with the weapon costs one more; null where none can be made (a Cast). */
  specialSpeed: number | null;
  /** MAG-3: the ♦ chips a Cast spends; 0 for a weapon. */
  chips: number;
  chipSymbol: string;
}

export interface AttackRow {
  key: string;
  name: string;
  img: string;
  /** An owned item's id (`attackItem`) or a stat-block row's index (`attackNatural`). */
  itemId: string | null;
  index: number | null;
  spell: boolean;
  modes: AttackModeView[];
  damage: number;
  damageTypeKey: string | null;
  reach: number | null;
  rangeKey: string | null;
  cost: AttackCost;
  /** AC-6: a weapon in a handy slot is drawn as a free action before the attack. */
  handy: boolean;
  /** EQ-9: the row is a shield's bash. */
  bash?: boolean;
}

const signed = (n: number) => (n < 0 ? `\u2212${Math.abs(n)}` : `+${n}`);

/** AT-2, EQ-4: the card, then the Strength shortfall when there is one. */
function modeView(
  mode: string,
  card: "clubs" | "diamonds",
  cardValue: number,
  shortfall: number,
): AttackModeView {
  const parts: AttackPart[] = [
    { labelKey: `ZILCH.Attack.Part.${card}`, value: cardValue, text: `${cardValue}` },
  ];
  if (shortfall < 0)
    parts.push({ labelKey: "ZILCH.Attack.Part.shortfall", value: shortfall, text: signed(shortfall) });
  return {
    mode,
    modeKey: `ZILCH.Attack.Mode.${mode}`,
    total: parts.reduce((sum, p) => sum + p.value, 0),
    parts,
  };
}

/** CD-7: a weapon attack's speed, and a Special Attack's (weapon speed + 1). */
function weaponCost(weapon: SpeedWeapon): AttackCost {
  return {
    speed: WEAPON_SPEEDS[weapon],
    specialSpeed: actionSpeed({ kind: "special", weapon }),
    chips: 0,
    chipSymbol: "",
  };
}

const categoryOf = (value: unknown): WeaponCategory => WEAPON_CATEGORIES.find((c) => c === value) ?? "light";
const modesOf = (system: Record<string, unknown>): Record<string, unknown> =>
  typeof system.modes === "object" && system.modes !== null ? { ...system.modes } : {};

/** EQ-2..EQ-4, CD-7: a character's weapon, with the shortfall the model prepared for each use. */
export function weaponAttack(item: PlainItem, attackCard: number, strength?: WeaponStrengthView): AttackRow {
  const category = categoryOf(item.system.category);
  const modes = modesOf(item.system);
  const ranged = (["thrown", "launcher"] as const).filter((m) => bool(modes[m]));
  const range = RANGE_CLASSES.find((r) => r === item.system.rangeClass);
  return {
    key: item.id,
    name: item.name,
    img: item.img,
    itemId: item.id,
    index: null,
    spell: false,
    modes: [
      ...(bool(modes.melee) ? [modeView("melee", "clubs", attackCard, strength?.melee?.modifier ?? 0)] : []),
      ...ranged.map((m) => modeView(m, "clubs", attackCard, strength?.ranged?.modifier ?? 0)),
    ],
    damage: weaponDamage(category),
    damageTypeKey: null,
    reach: bool(modes.melee) ? num(item.system.reach, 1) : null,
    rangeKey: ranged.length > 0 && range ? `ZILCH.Item.Choice.rangeClass.${range}` : null,
    cost: weaponCost(speedWeapon({ category, reload: str(item.system.reload, "none") })),
    handy: item.system.slot === "handy",
  };
}

/**
 * EQ-9, EQ-4, CD-7: an in-use shield's bash, a melee attack as a Tiny weapon (Light with spikes), with
 * its Strength shortfall; null for a buckler or tower shield, which cannot bash.
 */
export function shieldBashAttack(item: PlainItem, attackCard: number, strength: number): AttackRow | null {
  const kind = SHIELDS.find((k) => k === item.system.kind) ?? "none";
  const category = kind === "none" ? null : shieldBashCategory(kind, bool(item.system.spikes));
  if (!category) return null;
  return {
    key: `bash-${item.id}`,
    name: item.name,
    img: item.img,
    itemId: item.id,
    index: null,
    spell: false,
    modes: [modeView("melee", "clubs", attackCard, weaponStrengthModifier({ category }, strength))],
    damage: weaponDamage(category),
    damageTypeKey: null,
    reach: 1,
    rangeKey: null,
    cost: weaponCost(speedWeapon({ category, reload: "none" })),
    handy: false,
    bash: true,
  };
}

/** MAG-1, MAG-3, MAG-4, MAG-7: an attack spell: eff(♦) to hit, energy damage, 3 + runes, its ♦ chips. */
export function spellAttack(item: PlainItem, castCard: number): AttackRow {
  const range = DISTANCES.find((d) => d === item.system.maxRange);
  const runes = num(item.system.runeCount, 1);
  return {
    key: item.id,
    name: item.name,
    img: item.img,
    itemId: item.id,
    index: null,
    spell: true,
    modes: [modeView("cast", CAST_RULES.card, castCard, 0)],
    damage: num(item.system.damage),
    damageTypeKey: `ZILCH.Item.Choice.damageType.${SPELL_DAMAGE_TYPE}`,
    reach: null,
    rangeKey: range ? `ZILCH.Item.Choice.maxRange.${range}` : null,
    cost: {
      speed: actionSpeed({ kind: "cast", runes }) ?? 0,
      specialSpeed: null,
      chips: num(item.system.chipCost),
      chipSymbol: SUIT_SYMBOL.diamonds,
    },
    handy: false,
  };
}

/** NPC-1: a stored stat-block row as the rules read it (an unknown category or type falls back to the schema's initial). */
export function statBlockRow(row: {
  name: string;
  category: string;
  damageType: string;
  reach: number;
  brawling: boolean;
}): StatBlockAttack {
  return {
    name: row.name,
    category: categoryOf(row.category),
    damageType: DAMAGE_TYPES.find((t) => t === row.damageType) ?? "physical",
    reach: row.reach,
    brawling: row.brawling,
  };
}

/** NPC-4, EQ-4, CD-7: a stat-block attack: armed, melee, its category's damage and speed (SU-5 cards). */
export function naturalAttackRow(
  row: StatBlockAttack,
  index: number,
  suits: Readonly<Record<Suit, { readonly eff: number; readonly eff2: number }>>,
): AttackRow {
  const weapon = naturalWeapon(row);
  const attackCard = cardForUse("attack", suits);
  const shortfall = weaponStrengthModifier(
    { category: weapon.category },
    cardForUse("strengthRequirement", suits),
  );
  return {
    key: `natural-${index}`,
    name: row.name,
    img: "",
    itemId: null,
    index,
    spell: false,
    modes: [modeView("melee", "clubs", attackCard, shortfall)],
    damage: weapon.weaponValue,
    damageTypeKey: `ZILCH.Item.Choice.damageType.${weapon.damageType}`,
    reach: weapon.reach,
    rangeKey: null,
    cost: { ...weaponCost(weapon.category), speed: weapon.speed },
    handy: false,
  };
}

/**
 * EQ-1, AC-6, EQ-9: the character's attacks: the weapons in hand, the bash of a shield in hand, then
 * the weapons in handy slots (drawn as a free action), then its attack spells (MAG-1). A weapon in the
 * pack needs Retrieve first, so it is not listed; nor is a spell that is not an attack (it is cast
 * from the Equipment tab). `cards.strength` is eff2(♣), which a bash's Strength shortfall reads (EQ-4).
 */
export function characterAttacks(
  items: readonly PlainItem[],
  cards: { attack: number; cast: number; strength: number },
  strength: Readonly<Record<string, WeaponStrengthView>>,
): AttackRow[] {
  const weapons = (slot: string) =>
    items
      .filter((i) => i.type === "weapon" && i.system.slot === slot)
      .map((i) => weaponAttack(i, cards.attack, strength[i.id]));
  const spells = items
    .filter((i) => i.type === "spell" && i.system.isAttack !== false)
    .map((i) => spellAttack(i, cards.cast));
  const bashes = items
    .filter((i) => i.type === "shield" && i.system.slot === "hands")
    .flatMap((i) => shieldBashAttack(i, cards.attack, cards.strength) ?? []);
  return [...weapons("hands"), ...bashes, ...weapons("handy"), ...spells];
}

/** EQ-4: a held weapon's requirement and shortfall per use, against eff(♣) for an NPC (SU-2). */
function heldStrength(item: PlainItem, strength: number): WeaponStrengthView {
  const category = categoryOf(item.system.category);
  const winch = str(item.system.reload, "none") === "winch";
  const use = (ranged: boolean) => {
    const spec = { category, ranged, winch: ranged && winch };
    return { requirement: weaponStrengthRequirement(spec), modifier: weaponStrengthModifier(spec, strength) };
  };
  return { melee: use(false), ranged: use(true) };
}

/**
 * AT-1, EQ-4, MAG-1: the weapons and attack spells an NPC holds, with the same to-hit totals and price
 * as its stat-block rows, so its stat block lists every attack whatever its source. An NPC has no
 * slots (NPC-1), so every weapon it holds is listed.
 */
export function heldAttacks(
  items: readonly PlainItem[],
  suits: Readonly<Record<Suit, { readonly eff: number; readonly eff2: number }>>,
): AttackRow[] {
  const attack = cardForUse("attack", suits);
  const strength = cardForUse("strengthRequirement", suits);
  return [...items]
    .sort((a, b) => a.sort - b.sort)
    .flatMap((item) => {
      if (item.type === "weapon") return [weaponAttack(item, attack, heldStrength(item, strength))];
      if (item.type === "spell" && item.system.isAttack !== false)
        return [spellAttack(item, cardForUse("cast", suits))];
      return [];
    });
}
