/**
 * AT-1: the declaration dialog's context (templates/dialogs/attack-declaration.hbs) and the reading of
 * its answer. Pure: the template localizes the keys, the caller opens the dialog.
 */
import type { AttackMode } from "../../rules/attack/resolution";
import { ATTACK_MODES } from "../../rules/attack/resolution";
import { SPECIAL_ATTACK_KINDS, type SpecialAttackKind } from "../../rules/special";
import { AIMING_POINTS, type AimingPoint } from "../../rules/vocabulary";
import { COVER_CHOICES, coverOf } from "../../rules/attack/index";
import { VISIBILITIES } from "../../rules/range";
import type {
  AttackDeclarationInput,
  NamedSquare,
  TwoWeaponDeclaration,
} from "../../documents/attack/requests";

export const ATTACK_DIALOG_TEMPLATE = "systems/zilch/templates/dialogs/attack-declaration.hbs";

/**
 * The dialog's width, the roll dialog's, so its label column and controls fit. `DialogV2.input` takes
 * ApplicationV2's `position` as other systems pass it (mgt2's actor configuration and darpg's roll
 * dialog: `DialogV2.input({ position: { width } })`).
 */
export const ATTACK_DIALOG_WIDTH = 420;

type Option = { value: string; labelKey: string; selected: boolean };
type Select = {
  name: string;
  labelKey: string;
  options: Option[];
  /** The attack mode this select applies to; it shows only while that mode is chosen (CSS `:has`). */
  onlyWithMode?: AttackMode;
};
const select = (
  name: string,
  labelKey: string,
  values: readonly string[],
  prefix: string,
  chosen = "",
): Select => ({
  name,
  labelKey,
  options: values.map((value) => ({ value, labelKey: `${prefix}${value}`, selected: value === chosen })),
});

/** AC-3: a held weapon that makes a legal pair with the one attacking, as the dialog lists it. */
export interface TwoWeaponChoice {
  readonly id: string;
  readonly name: string;
}

/**
 * What the dialog offers: the weapon's modes, the Special Attack kinds, the aiming points, cover, the
 * GM's overrides, and (AC-3) two-weapon fighting when the attacker holds a legal pair with this weapon.
 */
export function attackDialogContext(
  modes: readonly AttackMode[],
  injuryOverride: boolean,
  chipOverride: boolean,
  partners: readonly TwoWeaponChoice[] = [],
  secondAttackPips: number | null = null,
) {
  return {
    selects: [
      select("mode", "ZILCH.Attack.Dialog.Mode", modes, "ZILCH.Attack.Mode."),
      // SP-1: the kind of Special Attack matters only in that mode; a weapon or spell without it gets no select.
      ...(modes.includes("special")
        ? [
            {
              ...select(
                "special",
                "ZILCH.Attack.Dialog.SpecialKind",
                SPECIAL_ATTACK_KINDS,
                "ZILCH.Attack.SpecialKind.",
              ),
              onlyWithMode: "special" as const,
            },
          ]
        : []),
      select("aim", "ZILCH.Attack.Dialog.Aim", AIMING_POINTS, "ZILCH.Item.Choice.location.", "chest"),
    ],
    afterChecks: [
      select("cover", "ZILCH.Attack.Dialog.Cover", Object.keys(COVER_CHOICES), "ZILCH.Attack.Cover."),
      // RNG-4: how well the target can be seen; Blind or Visually Impaired is added by the GM's client.
      select(
        "visibility",
        "ZILCH.Attack.Dialog.Visibility",
        VISIBILITIES,
        "ZILCH.Attack.Visibility.",
        "clear",
      ),
    ],
    injuryOverride,
    chipOverride,
    // AC-4: Charge is offered with every weapon attack; the GM's client checks its stance and conditions.
    charge: !modes.includes("cast"),
    // AC-3, EQ-14: the other weapons of a legal pair; the first attack's share of pips, at least 1.
    twoWeapon:
      partners.length > 0 && secondAttackPips === null
        ? { partners: partners.map((p, i) => ({ ...p, selected: i === 0 })) }
        : null,
    // AC-3: this weapon's attack is the second of the turn's two-weapon action, with the rest of the pips.
    secondAttack: secondAttackPips === null ? null : { pips: secondAttackPips },
  };
}
export type AttackDialogContext = ReturnType<typeof attackDialogContext>;

/**
 * AT-1: the answer the dialog gives when nothing in it is touched (Shift-click on Attack): each select
 * at its preselected option (else its first), every box unticked, no modifier and no named square.
 */
export function declarationDefaults(context: AttackDialogContext): Record<string, unknown> {
  const form: Record<string, unknown> = { modifier: 0 };
  for (const s of [...context.selects, ...context.afterChecks])
    form[s.name] = (s.options.find((o) => o.selected) ?? s.options[0])?.value;
  return form;
}

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (v: unknown): T | undefined =>
    list.find((x) => x === v);

/** AC-3: the two-weapon choice of the answer, for a weapon attack (never with a Charge, a Cast or a Special Attack). */
function twoWeaponFromForm(form: Record<string, unknown>, mode: AttackMode): TwoWeaponDeclaration | null {
  const weaponMode = mode === "melee" || mode === "thrown" || mode === "launcher";
  if (!form.twoWeapon || !weaponMode || typeof form.partner !== "string" || form.partner === "") return null;
  const share = Math.trunc(Number(form.firstShare));
  return {
    partnerId: form.partner,
    firstShare: Number.isFinite(share) ? Math.max(0, Math.min(99, share)) : 0,
  };
}

/** RNG-4: the named square's two counts; both must be whole numbers, or no square was named. */
function squareFromForm(form: Record<string, unknown>): NamedSquare | null {
  const count = (v: unknown) => (v === "" || v === null || v === undefined ? NaN : Number(v));
  const right = count(form.squareRight);
  const down = count(form.squareDown);
  return Number.isInteger(right) && Number.isInteger(down) ? { right, down } : null;
}

/** AT-1, RNG-3, SP-1: the declaration the dialog's answer makes (what a mode does not use is dropped). */
export function declarationFromForm(
  form: Record<string, unknown>,
  offered: { injuryOverride: boolean; chipOverride: boolean },
): AttackDeclarationInput | null {
  const mode = oneOf(ATTACK_MODES)(form.mode);
  if (!mode) return null;
  const calledShot = Boolean(form.calledShot) && (mode === "thrown" || mode === "launcher");
  const aim: AimingPoint | null =
    mode === "melee" || calledShot ? (oneOf(AIMING_POINTS)(form.aim) ?? null) : null;
  const cover = coverOf(String(form.cover));
  const special: SpecialAttackKind | null =
    mode === "special" ? (oneOf(SPECIAL_ATTACK_KINDS)(form.special) ?? null) : null;
  const twoWeapon = twoWeaponFromForm(form, mode);
  return {
    mode,
    aim,
    calledShot,
    knockout: Boolean(form.knockout) && mode === "melee",
    // SW-2: who is mounted limits a melee aim; the GM's client checks the aim against it.
    attackerMounted: Boolean(form.attackerMounted) && mode === "melee",
    targetMounted: Boolean(form.targetMounted) && mode === "melee",
    special,
    modifier: Math.trunc(Number(form.modifier) || 0),
    injuryOverride: offered.injuryOverride && Boolean(form.injuryOverride),
    chipOverride: offered.chipOverride && Boolean(form.chipOverride),
    // AC-4: a Charge ends in one attack; a Cast is a Standard action of its own (MAG-1).
    charge: Boolean(form.charge) && mode !== "cast" && !twoWeapon,
    ...(twoWeapon ? { twoWeapon } : {}),
    // RNG-3: total cover makes the attack illegal (AT-1), which the GM's check refuses.
    cover: cover.cover,
    totalCover: cover.total,
    // RNG-4: the GM's client reads the square only when the target is invisible to the attacker.
    visibility: oneOf(VISIBILITIES)(form.visibility) ?? "clear",
    square: squareFromForm(form),
  };
}
