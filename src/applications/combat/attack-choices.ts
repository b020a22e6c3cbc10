/**
 * AT-1, CD-7, NPC-1, NPC-4: the weapons and stat-block attacks a row may attack with, the Standard
 * action its die pays for by default, and how an Attack button names its weapon (`data-weapon`).
 */
import { naturalWeapon, type StatBlockAttack } from "../../rules/attack/index";
import { actionSpeed, speedWeapon, WEAPON_SPEEDS } from "../../rules/countdown/speeds";
import type { WeaponCategory } from "../../rules/vocabulary";
import { control } from "./control";
import type { Control, TurnInput, WeaponChoice } from "./turn-types";

/** How an Attack button's `data-weapon` names a stat-block attack; no item id has a colon. */
const NATURAL_PREFIX = "natural:";

/** AT-1: what an Attack button's `data-weapon` names: an owned item's id or a stat-block attack's index. */
export function weaponOfButton(value: string | undefined): { itemId: string } | { natural: number } | null {
  if (!value) return null;
  if (!value.startsWith(NATURAL_PREFIX)) return { itemId: value };
  const digits = value.slice(NATURAL_PREFIX.length);
  return /^\d+$/.test(digits) ? { natural: Number(digits) } : null;
}

const buttonWeapon = (w: WeaponChoice): string =>
  w.natural === undefined ? w.id : `${NATURAL_PREFIX}${w.natural}`;

/**
 * CD-7, AT-1, NPC-4: a row's Attack choices (its weapons in hand, then an NPC's stat-block attacks) and
 * the Standard action its die pays for: the first weapon's attack, else the first stat-block attack at
 * its category's speed, else an unarmed attack.
 */
export function attackChoices(
  weapons: readonly {
    readonly id: string;
    readonly name: string;
    readonly category?: WeaponCategory;
    /** EQ-3: a sling or crossbow reloads, and its shot costs 6 (CD-7). */
    readonly reload?: string;
  }[],
  attacks: readonly StatBlockAttack[],
): Pick<TurnInput, "action" | "weapons"> {
  const first = weapons[0];
  const natural = first ? undefined : attacks[0];
  const choices: WeaponChoice[] = [
    ...weapons.map((w) => ({ id: w.id, name: w.name })),
    ...attacks.map((a, index) => ({ id: `${NATURAL_PREFIX}${index}`, name: a.name, natural: index })),
  ];
  if (natural)
    return {
      action: { action: `attack:${NATURAL_PREFIX}0`, speed: naturalWeapon(natural).speed },
      weapons: choices,
    };
  const speed =
    actionSpeed({
      kind: "attack",
      weapon: first?.category ? speedWeapon({ ...first, category: first.category }) : "unarmed",
    }) ?? WEAPON_SPEEDS.unarmed;
  return { action: { action: `attack:${first?.id ?? "unarmed"}`, speed }, weapons: choices };
}

/**
 * AT-1: one Attack button per equipped weapon and stat-block attack (NPC-1); the name is shown when
 * there are several, and always for a stat-block attack, which has no item to recognise it by.
 */
export function attackControls(t: TurnInput): Control[] {
  const weapons = t.weapons ?? [];
  if (weapons.length === 1 && weapons[0].natural === undefined)
    return [control("zilchAttack", "ZILCH.Combat.Attack", { id: t.id, weapon: weapons[0].id })];
  return weapons.map((w) =>
    control(
      "zilchAttack",
      "ZILCH.Combat.AttackWith",
      { id: t.id, weapon: buttonWeapon(w) },
      { text: w.name },
    ),
  );
}
