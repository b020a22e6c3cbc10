/**
 * The attack card's lines for what has happened: a Grit check, a contest, a grapple's history, the
 * named modifiers, the margin results bought. Each turns a stored fact into i18n keys and numbers.
 * View building, kept apart so it can leave the rules engine in one step.
 */
import {
  marginConditions,
  type AttackState,
  type ContestRoll,
  type GrappleEntry,
  type GritReport,
  type ModifierPart,
} from "../../rules/attack/index";
import { grappleMove } from "../../rules/special";
import type { Size } from "../../rules/vocabulary";
import { MARGIN_EFFECTS } from "../../rules/options";
import type { AttackCardView, ContestLine, GritView, ModifierPartView } from "./model";

export const LOCATION_KEY = (l: string) => `ZILCH.Item.Choice.location.${l}`;
export const EFFECT_KEY = (e: string) => `ZILCH.Item.Choice.effect.${e}`;

export function gritView(g: GritReport): GritView {
  return {
    lost: Math.max(0, g.gritBefore - g.grit),
    grit: g.grit,
    automaticWounds: g.automaticWounds,
    zeroGritWound: g.zeroGritWound,
    check: g.check && { target: g.check.target, roll: g.check.roll, dosKey: `ZILCH.DoS.${g.check.dos}` },
    woundsGained: g.woundsGained,
    wounds: g.wounds,
    woundLimit: g.woundLimit,
    atLimit: g.wounds >= g.woundLimit,
    dead: g.dead,
    unconsciousMinutes: g.unconsciousMinutes,
  };
}

const contestLine = (name: string, r: ContestRoll | null): ContestLine | null =>
  r && {
    name,
    suitKey: `ZILCH.Suit.${r.suit}`,
    roll: r.roll,
    target: r.target,
    dosKey: `ZILCH.DoS.${r.dos}`,
  };

/** SP-1, SP-2: the contest and its effect as card lines. */
export function specialContext(state: AttackState): AttackCardView["special"] {
  const sp = state.special;
  if (!sp) return null;
  const o = sp.outcome;
  return {
    rulingKey: sp.ruling ? `ZILCH.Attack.Ruling.${sp.ruling}` : null,
    attacker: contestLine(state.attacker.name, sp.attacker),
    defender: contestLine(state.defender.name, sp.defender),
    winnerKey: `ZILCH.Attack.ContestWinner.${sp.winner}`,
    effectKey:
      o.effect === "none"
        ? null
        : o.effect === "disarm" && sp.held.length === 0
          ? "ZILCH.Attack.SpecialEffect.disarmNothingHeld"
          : `ZILCH.Attack.SpecialEffect.${o.effect}`,
    squares: o.effect === "push" ? o.squares : 0,
    held: sp.held.join(", "),
  };
}

/** SP-3: each escape, pin and release, and whether the grapple still holds. */
export function grappleContext(state: AttackState): AttackCardView["grapple"] {
  const gs = state.grapple;
  if (!gs) return null;
  const a = state.attacker.name;
  const d = state.defender.name;
  const entry = (e: GrappleEntry) => {
    if (e.type === "escape") {
      return {
        leadKey: "ZILCH.Attack.Grapple.escapeLead",
        own: contestLine(d, e.own),
        other: contestLine(a, e.other),
        resultKey: e.succeeded ? "ZILCH.Attack.Grapple.escaped" : "ZILCH.Attack.Grapple.held",
      };
    }
    if (e.type === "pin") {
      return {
        leadKey: "ZILCH.Attack.Grapple.pinLead",
        own: contestLine(a, e.own),
        other: contestLine(d, e.other),
        resultKey: e.succeeded ? "ZILCH.Attack.Grapple.pinned" : "ZILCH.Attack.Grapple.notPinned",
      };
    }
    return {
      leadKey: "ZILCH.Attack.Grapple.released",
      own: null,
      other: null,
      resultKey: "ZILCH.Attack.Grapple.ended",
    };
  };
  const statusKey =
    gs.grapple === null
      ? "ZILCH.Attack.Grapple.ended"
      : gs.grapple.pinned
        ? "ZILCH.Attack.Grapple.statusPinned"
        : "ZILCH.Attack.Grapple.status";
  // SP-4, SZ-4: each side's movement from the full sizes: drag by contest, move freely, or Anchored.
  const moveKey = (mover: Size, other: Size) => `ZILCH.Attack.Grapple.move.${grappleMove(mover, other)}`;
  const { size: as } = state.attacker;
  const { size: ds } = state.defender;
  const moves =
    gs.grapple === null
      ? []
      : [
          { name: a, other: d, key: moveKey(as, ds) },
          { name: d, other: a, key: moveKey(ds, as) },
        ];
  return { entries: gs.log.map(entry), statusKey, moves };
}

function partView(p: ModifierPart): ModifierPartView {
  return {
    labelKey: `ZILCH.Attack.Part.${p.kind}`,
    lead: false,
    effectKey: p.kind === "injury" ? `ZILCH.Item.Choice.effect.${p.effect}` : null,
    locationKey: p.kind === "injury" ? LOCATION_KEY(p.location) : null,
    value: p.value,
  };
}

/** A card stored before the parts were: its modifier, if any, shown as one unnamed part. */
function storedParts(
  parts: readonly ModifierPart[] | undefined,
  modifier: number | undefined,
): ModifierPartView[] {
  if (parts) return parts.map(partView);
  return modifier
    ? [
        {
          labelKey: "ZILCH.Attack.Part.other",
          lead: false,
          effectKey: null,
          locationKey: null,
          value: modifier,
        },
      ]
    : [];
}

/** AT-2, AT-3: the named parts of both totals; cover and a reaction's bonus are named on the defence. */
export function modifierPartsView(state: AttackState): {
  attack: ModifierPartView[];
  defence: ModifierPartView[];
} {
  const extra = (labelKey: string, value: number): ModifierPartView[] =>
    value ? [{ labelKey, lead: false, effectKey: null, locationKey: null, value }] : [];
  return {
    attack: storedParts(state.attacker.modifiers, state.attacker.side.modifier),
    defence: [
      ...storedParts(state.defender.modifiers, state.defender.side.modifier),
      ...extra("ZILCH.Attack.Part.cover", state.defender.side.cover ?? 0),
      ...extra("ZILCH.Attack.Part.reaction", state.reaction?.bonus ?? 0),
    ],
  };
}

/** OPT-1: each bought result as a card line; what a failed save or Hamstring leaves is said in its line. */
export function marginContext(state: AttackState): NonNullable<AttackCardView["margin"]> {
  const m = state.margin!;
  const saves = [...m.saves];
  const failed = new Set(marginConditions(state).map((c) => c.special));
  const choices = m.choices.map((special) => {
    const save = MARGIN_EFFECTS[special].kind === "save" ? saves.shift() : undefined;
    return {
      resultKey: `ZILCH.Attack.MarginResult.${special}`,
      save: save
        ? {
            suitKey: `ZILCH.Suit.${save.suit}`,
            target: save.target,
            roll: save.roll,
            outcomeKey:
              failed.has(special) && !save.saved
                ? "ZILCH.Attack.MarginSaveFailed"
                : "ZILCH.Attack.MarginSaveMade",
          }
        : null,
    };
  });
  return { choices, keptBonus: Math.max(0, (state.result?.marginBonus ?? 0) - m.choices.length) };
}
