/**
 * The attack card's template context (templates/chat/attack-card.hbs) as a pure function of the stored
 * state and who is looking. Past steps are plain text so the chat log stays readable; the current
 * step's controls appear only for the viewer whose role it is (CH-7), and the stored message content is
 * rendered with no viewer, so it holds no controls at all. The card's links to the rules reference
 * (a data/ table) are added by src/dice/attack-card.ts.
 */
import {
  ACTION_STEP,
  attackerChipsAvailable,
  currentRole,
  currentTotals,
  defaultSpecialSuit,
  defenderHasWindow,
  specialDefenderSuits,
  marginConditions,
  movementChoosable,
  MOVEMENT_CHOICES,
  soakProblem,
  SOAK_PAYMENTS,
  REACTIONS,
  reactionFollowUp,
  reactionProblem,
  type AttackActionKind,
  type AttackRequester,
  type AttackState,
  type ChipCommit,
  type ContestRoll,
  type GrappleEntry,
  type GritReport,
  type ModifierPart,
  SPECIAL_RULINGS,
} from "./index";
import { FOLLOW_UP_ATTACK_BONUS } from "../grit";
import { REACTIVE_DEFENCE_PIPS } from "../countdown/effects";
import { grappleMove } from "../special";
import type { Size } from "../vocabulary";
import { INJURY_TRIGGERS } from "../injury/trigger";
import { MARGIN_EFFECTS, MARGIN_SPECIALS } from "../options";
import { attackBaseParts, damageParts, defenceBaseParts, type TotalPartView } from "./card-totals";
import { movementOfFixed } from "./declaration";

/** The card's `data-action` names, one per state-machine action; attack-flow.ts handles each. */
export const ATTACK_CARD_ACTIONS = {
  commitAttacker: "zilchAttackCommit",
  commitDefender: "zilchAttackCommit",
  rollDamage: "zilchAttackRollDamage",
  applyDamage: "zilchAttackApply",
  woundSave: "zilchAttackWoundSave",
  rollLocation: "zilchAttackRollLocation",
  chooseLocation: "zilchAttackChooseLocation",
  rollEffect: "zilchAttackRollEffect",
  soak: "zilchAttackSoak",
  setMovement: "zilchAttackSetMovement",
  chooseMargin: "zilchAttackChooseMargin",
  specialContest: "zilchAttackSpecialContest",
  specialRuling: "zilchAttackSpecialRuling",
  escape: "zilchAttackEscape",
  pin: "zilchAttackPin",
  release: "zilchAttackRelease",
  react: "zilchAttackReact",
  reactiveDefence: "zilchAttackReactiveDefence",
} as const satisfies Record<AttackActionKind, string>;
export type AttackCardAction = (typeof ATTACK_CARD_ACTIONS)[AttackActionKind];
/** The card's damage applied to the viewer's selected tokens (not a card step). */
export const APPLY_SELECTED_ACTION = "zilchApplySelected";

const LOCATION_KEY = (l: string) => `ZILCH.Item.Choice.location.${l}`;
const EFFECT_KEY = (e: string) => `ZILCH.Item.Choice.effect.${e}`;

export interface AttackControl {
  action: AttackCardAction;
  kind: AttackActionKind;
  labelKey: string;
  /** For a location, Soak payment or movement choice: the value it picks. */
  value?: string;
  valueKey?: string;
  /** A choice in a group (rendered with aria-pressed), and whether it is the current one. */
  toggle?: boolean;
  pressed?: boolean;
}

/** T-8: one side's test as a card line. */
/** GW-5, GW-6, GW-7, GW-10: the lines of a hit on a target that uses Grit and Wounds. */
export interface GritView {
  /** GW-5: Grit lost by a successful wound check (or all of it when it fell short). */
  lost: number;
  grit: number;
  automaticWounds: number;
  zeroGritWound: boolean;
  check: { target: number; roll: number; dosKey: string } | null;
  woundsGained: number;
  wounds: number;
  woundLimit: number;
  /** GW-7: the Wounds reached the limit, so the card says so instead of "now 4 of 3". */
  atLimit: boolean;
  dead: boolean;
  unconsciousMinutes: number | null;
}

function gritView(g: GritReport): GritView {
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

export interface ContestLine {
  name: string;
  suitKey: string;
  roll: number;
  target: number;
  dosKey: string;
}

export interface AttackCardView {
  /** SP-1: the announced kind of a Special Attack. */
  specialKindKey: string | null;
  /** SP-1, SP-2: the contest (or the GM's ruling) and its effect. */
  special: {
    rulingKey: string | null;
    attacker: ContestLine | null;
    defender: ContestLine | null;
    winnerKey: string;
    effectKey: string | null;
    squares: number;
    held: string;
  } | null;
  /** SP-3: the grapple's history and where it stands. */
  grapple: {
    entries: { leadKey: string; own: ContestLine | null; other: ContestLine | null; resultKey: string }[];
    statusKey: string;
    /** SP-4: how each grappler may move while the grapple holds (empty once it is over). */
    moves: { name: string; other: string; key: string }[];
  } | null;
  attackerName: string;
  defenderName: string;
  weaponName: string;
  modeKey: string;
  aimKey: string | null;
  calledShot: boolean;
  knockout: boolean;
  step: string;
  /** The current step's prompt, only for a viewer who acts on it (CH-7); others read `waitingKey`. */
  stepKey: string | null;
  done: boolean;
  totals: { attack: number; defence: number };
  /** AT-2, AT-3: the named parts under each total, card first; they add up to the total. */
  parts: { attack: TotalPartView[]; defence: TotalPartView[] };
  /** Which steps are still open on the card: finished ones are folded. */
  open: { hit: boolean; damage: boolean; injury: boolean };
  defenseless: boolean;
  attackerCommit: { chips: number; boon: boolean } | null;
  defenderCommit: { chips: number; boon: boolean } | null;
  result: {
    hit: boolean;
    automatic: boolean;
    margin: number;
    marginBonus: number;
    colour: string;
    colourKey: string;
    missKey: string | null;
  } | null;
  damage: {
    dF: number;
    base: number;
    scaled: number | null;
    final: number | null;
    /** DMG-1..DMG-3, CD-15: the parts of the damage, weapon first; they add up to `final` (or `base`). */
    parts: TotalPartView[];
    /** What no HP loss means (DMG-4); null for a hit that deals damage, which the applied line says. */
    outcomeKey: string | null;
    /** Lines beyond the numbers (a missile's d100, a knock-out's minutes, a Soak, a Grit check) to fold. */
    details: boolean;
    temporary: boolean;
    /** DMG-5, DRN-5: the damage adds ♥ taint. */
    tainted: boolean;
    locationKey: string | null;
    d100: number | null;
    knockoutMinutes: number | null;
  } | null;
  applied: { lost: number; drainAdded: number; unconscious: boolean; grit: GritView | null } | null;
  appliedNothing: boolean;
  wound: {
    woundKey: string;
    locationKey: string;
    target: number | null;
    roll: number | null;
    outcomeKey: string | null;
  } | null;
  injury: {
    killingBlow: boolean;
    triggerKeys: string[];
    dice: string | null;
    rolledKey: string | null;
    shifts: number;
    locationKey: string | null;
    d6: number | null;
    effectKey: string | null;
    modifier: number;
  } | null;
  /** CD-15: the Soak made against this damage. */
  soak: {
    paidKey: string;
    target: number;
    roll: number;
    dosKey: string;
    reduction: number;
    finalBefore: number;
    final: number;
  } | null;
  /** GW-4: the defender's Dodge or Block, and the Slip or Parry it earned. */
  reaction: {
    reactionKey: string;
    suitKey: string;
    roll: number;
    target: number;
    dosKey: string;
    bonus: number;
  } | null;
  /** CD-15: the target's answer to its reactive defence, once given. */
  reactiveDefence: { taken: boolean; pips: number } | null;
  /** CD-15, AT-5 steps 1-3: the reactive defence is unanswered, so no total is shown yet. */
  reacting: boolean;
  followUpKey: string | null;
  /** GW-4: the bonus on the Slip or Parry attack. */
  followUpBonus: number;
  /** AT-4 detailed rule: the target's movement row and its fixed value, when it is Defenseless. */
  movement: { valueKey: string; fixed: number; set: boolean } | null;
  /** OPT-1: the results bought, one line each, with a save's roll and outcome. */
  margin: {
    choices: {
      resultKey: string;
      save: { suitKey: string; target: number; roll: number; outcomeKey: string } | null;
    }[];
    keptBonus: number;
  } | null;
  /** OPT-1: the attacker's choice, one select per full 5 points of margin, when it is open for the viewer. */
  marginWindow: {
    slots: { labelKey: string; n: number }[];
    options: { value: string; labelKey: string }[];
  } | null;
  /** The viewer's chip window (CH-7), when it is open for them. */
  chipWindow: {
    side: "attacker" | "defender";
    max: number;
    /** CH-7: a window with no chips to commit shows no chip field, only the Boon and the button. */
    chips: boolean;
    boon: boolean;
    legendKey: string;
  } | null;
  controls: AttackControl[];
  waitingKey: string | null;
  /** Once damage is rolled, a viewer may apply it to the tokens they select. */
  applySelected: boolean;
}

/** KN-2: the value the damage roll's Sneak Attack control carries (read as `sneakAttack` on the step). */
export const SNEAK_ATTACK_VALUE = "sneakAttack";
/** KN-2: the value the damage roll's Stunning Fist control carries (read as `stunningFist` on the step). */
export const STUNNING_FIST_VALUE = "stunningFist";

/**
 * AT-5 step 1, for the target's owner (or the GM): a CD-15 reactive defence while it is offered, a
 * GW-4 Dodge or Block while one may be made, and "no (more) reaction", which ends the step.
 */
function stepOneControls(state: AttackState): AttackControl[] {
  const out: AttackControl[] = [];
  const control = (action: AttackCardAction, kind: AttackActionKind, labelKey: string, value: string) =>
    out.push({ action, kind, labelKey, value });
  if (state.reactiveDefence === "offered")
    control(
      ATTACK_CARD_ACTIONS.reactiveDefence,
      "reactiveDefence",
      "ZILCH.Attack.Action.reactiveDefence.take",
      "take",
    );
  for (const r of REACTIONS) {
    if (reactionProblem(state, r) === null)
      control(ATTACK_CARD_ACTIONS.react, "react", `ZILCH.Attack.Action.react.${r}`, r);
  }
  const done = state.reaction !== null || state.reactiveDefence === "taken" ? "done" : "decline";
  control(
    ATTACK_CARD_ACTIONS.reactiveDefence,
    "reactiveDefence",
    `ZILCH.Attack.Action.reactiveDefence.${done}`,
    "decline",
  );
  return out;
}

/** The controls of the current step's main action, for a viewer allowed to take it (none without a viewer). */
function mainControls(state: AttackState, viewer: AttackRequester | null): AttackControl[] {
  const role = currentRole(state);
  if (role === null || viewer === null) return [];
  const allowed =
    viewer.isGM ||
    (role === "attacker" && viewer.ownsAttacker) ||
    (role === "defender" && viewer.ownsDefender);
  if (!allowed) return [];
  const kind = (Object.keys(ACTION_STEP) as AttackActionKind[]).find(
    (k) => ACTION_STEP[k].step === state.step,
  );
  if (!kind) return [];
  if (kind === "chooseLocation") {
    return (state.injury?.rolled?.reachable ?? []).map((l) => ({
      action: ATTACK_CARD_ACTIONS.chooseLocation,
      kind,
      labelKey: "ZILCH.Attack.Action.chooseLocation",
      value: l,
      valueKey: LOCATION_KEY(l),
    }));
  }
  if (kind === "specialContest") {
    // SP-1 step 2: the defender's choice, its better card first.
    const best = defaultSpecialSuit(state);
    const suits = [best, ...specialDefenderSuits(state).filter((s) => s !== best)];
    return suits.map((s) => ({
      action: ATTACK_CARD_ACTIONS.specialContest,
      kind,
      labelKey: s === best ? "ZILCH.Attack.Action.specialContestBest" : "ZILCH.Attack.Action.specialContest",
      value: s,
      valueKey: `ZILCH.Suit.${s}`,
    }));
  }
  if (kind === "rollDamage") {
    // KN-2: Sneak Attack and Stunning Fist are chosen with the damage roll, after the hit.
    const roll = { action: ATTACK_CARD_ACTIONS.rollDamage, kind, labelKey: "ZILCH.Attack.Action.rollDamage" };
    const { sneakAttack, stunningFist } = state.declaration;
    return [
      roll,
      ...(sneakAttack === "offered"
        ? [{ ...roll, labelKey: "ZILCH.Attack.Action.rollDamageSneakAttack", value: SNEAK_ATTACK_VALUE }]
        : []),
      ...(stunningFist === "offered"
        ? [{ ...roll, labelKey: "ZILCH.Attack.Action.rollDamageStunningFist", value: STUNNING_FIST_VALUE }]
        : []),
    ];
  }
  if (kind === "reactiveDefence") return stepOneControls(state);
  if (kind === "woundSave" && state.wound?.target === null) {
    return [{ action: ATTACK_CARD_ACTIONS.woundSave, kind, labelKey: "ZILCH.Wound.Suffer" }];
  }
  return [{ action: ATTACK_CARD_ACTIONS[kind], kind, labelKey: `ZILCH.Attack.Action.${kind}` }];
}

/**
 * The controls beside the step's main action: the GM's AT-4 movement row before the hit is decided,
 * and the target owner's CD-15 Soak while the damage waits to be applied.
 */
function sideControls(state: AttackState, viewer: AttackRequester | null): AttackControl[] {
  if (viewer === null) return [];
  const out: AttackControl[] = [];
  if (viewer.isGM && movementChoosable(state)) {
    // AT-4: the row the card started from (what the system knew of the target's movement) until the GM picks.
    const current = state.movement ?? movementOfFixed(state.defender.side.fixed);
    for (const m of MOVEMENT_CHOICES) {
      out.push({
        action: ATTACK_CARD_ACTIONS.setMovement,
        kind: "setMovement",
        labelKey: "ZILCH.Attack.Action.setMovement",
        value: m,
        valueKey: `ZILCH.Attack.Movement.${m}`,
        toggle: true,
        pressed: m === current,
      });
    }
  }
  if ((viewer.isGM || viewer.ownsDefender) && soakProblem(state) === null) {
    for (const p of SOAK_PAYMENTS) {
      out.push({
        action: ATTACK_CARD_ACTIONS.soak,
        kind: "soak",
        labelKey: `ZILCH.Attack.Action.soak.${p}`,
        value: p,
      });
    }
  }
  // SP-1 step 4: the GM may rule before the roll.
  if (viewer.isGM && state.step === "special") {
    for (const r of SPECIAL_RULINGS) {
      out.push({
        action: ATTACK_CARD_ACTIONS.specialRuling,
        kind: "specialRuling",
        labelKey: `ZILCH.Attack.Action.specialRuling.${r}`,
        value: r,
      });
    }
  }
  return [...out, ...grappleControls(state, viewer)];
}

/** SP-3: the victim's owner may try to escape (♣ or ♠); the controller's owner may pin or let go. */
function grappleControls(state: AttackState, viewer: AttackRequester): AttackControl[] {
  const g = state.grapple?.grapple;
  if (state.step !== "grapple" || !g) return [];
  const out: AttackControl[] = [];
  if (viewer.isGM || viewer.ownsDefender) {
    for (const s of specialDefenderSuits(state)) {
      out.push({
        action: ATTACK_CARD_ACTIONS.escape,
        kind: "escape",
        labelKey: g.pinned ? "ZILCH.Attack.Action.escapePinned" : "ZILCH.Attack.Action.escape",
        value: s,
        valueKey: `ZILCH.Suit.${s}`,
      });
    }
  }
  if (viewer.isGM || viewer.ownsAttacker) {
    if (!g.pinned)
      out.push({ action: ATTACK_CARD_ACTIONS.pin, kind: "pin", labelKey: "ZILCH.Attack.Action.pin" });
    out.push({
      action: ATTACK_CARD_ACTIONS.release,
      kind: "release",
      labelKey: "ZILCH.Attack.Action.release",
    });
  }
  return out;
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
function specialContext(state: AttackState): AttackCardView["special"] {
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
function grappleContext(state: AttackState): AttackCardView["grapple"] {
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

/** Every control the viewer has on the card now. */
function controlsFor(state: AttackState, viewer: AttackRequester | null): AttackControl[] {
  return [...sideControls(state, viewer), ...mainControls(state, viewer)];
}

/** AT-2, AT-3: one named modifier as the card shows it; an injury is named by its effect and place. */
export type ModifierPartView = TotalPartView;

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

/** The declaration's lines: who attacks whom, with what and how (AT-1, SP-1, SP-3, INJ-3 aims). */
function declarationView(state: AttackState) {
  const d = state.declaration;
  return {
    specialKindKey: d.mode === "special" && d.special ? `ZILCH.Attack.SpecialKind.${d.special}` : null,
    special: specialContext(state),
    grapple: grappleContext(state),
    attackerName: state.attacker.name,
    defenderName: state.defender.name,
    weaponName: d.weaponName,
    modeKey: `ZILCH.Attack.Mode.${d.mode}`,
    aimKey: d.aim ? LOCATION_KEY(d.aim) : null,
    calledShot: d.calledShot,
    knockout: d.knockout,
  } satisfies Partial<AttackCardView>;
}

/** AT-2, AT-3: each total's parts, the card and pips first, then the named modifiers. */
function totalPartsView(state: AttackState): AttackCardView["parts"] {
  const modifiers = modifierPartsView(state);
  return {
    attack: [...attackBaseParts(state), ...modifiers.attack],
    defence: [...defenceBaseParts(state), ...modifiers.defence],
  };
}

/**
 * Which groups of steps are still being played: the hit (windows, result, margin, contests) until
 * damage is rolled, the damage until it is applied, the wound and injury until the card is done.
 * A finished group is folded so the card shows where it stands, not a log.
 */
function openSteps(state: AttackState): AttackCardView["open"] {
  const done = state.step === "done";
  const afterDamage = AFTER_DAMAGE.includes(state.step);
  return {
    hit: !done && state.damage === null,
    damage: !done && state.damage !== null && !afterDamage,
    injury: !done,
  };
}

/** CH-7, TL-6: a window's line only when it spent something; "commits 0 chips" says nothing. */
const spent = (commit: ChipCommit | null): ChipCommit | null =>
  commit && (commit.chips > 0 || commit.boon) ? commit : null;

/** AT-2..AT-5: the step, the totals with their parts, the chips committed and the result. */
function contestView(state: AttackState) {
  const r = state.result;
  return {
    step: state.step,
    done: state.step === "done",
    totals: currentTotals(state),
    parts: totalPartsView(state),
    open: openSteps(state),
    defenseless: !defenderHasWindow(state),
    attackerCommit: spent(state.attackerCommit),
    defenderCommit: spent(state.defenderCommit),
    result: r && {
      hit: r.hit,
      automatic: r.automatic,
      margin: r.margin,
      marginBonus: r.marginBonus,
      colour: r.colour,
      colourKey: `ZILCH.Attack.Colour.${r.colour}`,
      missKey: r.missReason ? `ZILCH.Attack.Miss.${r.missReason}` : null,
    },
  } satisfies Partial<AttackCardView>;
}

/** Steps that come after damage: a card there with nothing applied says the hit did no damage. */
const AFTER_DAMAGE: readonly string[] = ["wound", "injuryLocation", "injuryShift", "injuryEffect", "done"];

/** SW-3, SW-6, CD-15, GW-5, GW-6: whether the damage has lines beyond its parts and outcome. */
function damageDetails(state: AttackState): boolean {
  const g = state.applied?.grit;
  const gritLines = Boolean(g && (g.automaticWounds > 0 || g.zeroGritWound || g.check));
  return Boolean(state.d100 || state.knockoutMinutes || state.soak || gritLines);
}

/** DM-1..DM-4, AT-8, GW-5..GW-10: the damage rolled and what it did to the target. */
function damageView(state: AttackState) {
  const dmg = state.damage;
  return {
    damage: dmg && {
      dF: dmg.dF,
      base: dmg.result.base,
      scaled: dmg.result.scaled,
      final: dmg.result.final,
      parts: damageParts(state) ?? [],
      // HP-2: "damage taken" is said by the applied line once the GM applies it, never before.
      outcomeKey: dmg.result.outcome === "damage" ? null : `ZILCH.Attack.Outcome.${dmg.result.outcome}`,
      temporary: dmg.temporary,
      tainted: state.declaration.tainted === true,
      locationKey: state.location ? LOCATION_KEY(state.location) : null,
      d100: state.d100,
      knockoutMinutes: state.knockoutMinutes,
      details: damageDetails(state),
    },
    applied: state.applied && {
      lost: state.applied.lost,
      drainAdded: state.applied.drainAdded,
      unconscious: state.applied.becameUnconscious,
      grit: state.applied.grit ? gritView(state.applied.grit) : null,
    },
    appliedNothing:
      state.applied === null &&
      AFTER_DAMAGE.includes(state.step) &&
      dmg !== null &&
      dmg.result.outcome !== "damage",
  } satisfies Partial<AttackCardView>;
}

/** SW-1..SW-3, INJ-1, INJ-2: the wound save and the injury rolled. */
function injuryView(state: AttackState) {
  const w = state.wound;
  const inj = state.injury;
  return {
    wound: w && {
      woundKey: EFFECT_KEY(w.check.wound ?? ""),
      locationKey: LOCATION_KEY(w.location),
      target: w.target,
      roll: w.roll,
      outcomeKey: w.applies === null ? null : w.applies ? "ZILCH.Wound.Applied" : "ZILCH.Wound.Avoided",
    },
    injury: inj && {
      killingBlow: inj.trigger.killingBlow,
      triggerKeys: INJURY_TRIGGERS.filter((t) => inj.trigger.triggers.includes(t)).map(
        (t) => `ZILCH.Injury.Trigger.${t}`,
      ),
      dice: inj.dice ? inj.dice.join(", ") : null,
      rolledKey: inj.rolled ? LOCATION_KEY(inj.rolled.location) : null,
      shifts: inj.rolled?.shifts ?? 0,
      locationKey: inj.location ? LOCATION_KEY(inj.location) : null,
      d6: inj.d6,
      effectKey: inj.cell ? EFFECT_KEY(inj.cell.effect) : null,
      modifier: inj.cell?.modifier ?? 0,
    },
  } satisfies Partial<AttackCardView>;
}

/** GW-4, CD-15: the defender's Dodge or Block, its follow-up, and a Soak against the damage. */
function reactionView(state: AttackState) {
  const followUp = reactionFollowUp(state);
  return {
    reaction: state.reaction
      ? {
          reactionKey: `ZILCH.Attack.Reaction.${state.reaction.kind}`,
          suitKey: `ZILCH.Suit.${state.reaction.suit}`,
          roll: state.reaction.roll,
          target: state.reaction.target,
          dosKey: `ZILCH.DoS.${state.reaction.dos}`,
          bonus: state.reaction.bonus,
        }
      : null,
    reactiveDefence:
      state.reactiveDefence === "taken" || state.reactiveDefence === "declined"
        ? { taken: state.reactiveDefence === "taken", pips: REACTIVE_DEFENCE_PIPS }
        : null,
    reacting: state.step === "react",
    followUpKey: followUp ? `ZILCH.Attack.Reaction.${followUp}` : null,
    followUpBonus: FOLLOW_UP_ATTACK_BONUS,
    soak: state.soak
      ? {
          paidKey: `ZILCH.Attack.Soak.Paid.${state.soak.payment}`,
          target: state.soak.target,
          roll: state.soak.roll,
          dosKey: `ZILCH.DoS.${state.soak.dos}`,
          reduction: state.soak.reduction,
          finalBefore: state.soak.finalBefore,
          final: state.damage?.result.final ?? 0,
        }
      : null,
  } satisfies Partial<AttackCardView>;
}

/** AT-4 detailed rule: the Defenseless target's movement row and its fixed value. */
function movementView(state: AttackState): AttackCardView["movement"] {
  const fixed = state.defender.side.fixed;
  if (!state.settings.detailedDefenseless || defenderHasWindow(state) || fixed === undefined) return null;
  return {
    valueKey:
      fixed === 0 && !state.movement
        ? "ZILCH.Attack.Movement.immobile"
        : `ZILCH.Attack.Movement.${state.movement ?? movementOfFixed(fixed)}`,
    fixed,
    set: Boolean(state.movement),
  };
}

/** CH-7: the viewer's chip window, when the current step is theirs to commit. */
function chipWindowView(state: AttackState, main: readonly AttackControl[]): AttackCardView["chipWindow"] {
  const side = state.step === "attacker" || state.step === "defender" ? state.step : null;
  if (!side || main.length === 0) return null;
  const max = side === "attacker" ? attackerChipsAvailable(state) : state.defender.chips;
  return {
    side,
    max,
    chips: max > 0,
    boon: state[side].boon,
    legendKey: `ZILCH.Attack.Window.${side}`,
  };
}

/** OPT-1: the attacker's choice of margin results, one select per full 5 points, when it is theirs. */
function marginWindowView(
  state: AttackState,
  main: readonly AttackControl[],
): AttackCardView["marginWindow"] {
  const r = state.result;
  if (state.step !== "margin" || main.length === 0 || !r) return null;
  return {
    slots: Array.from({ length: r.marginBonus }, (_, i) => ({
      labelKey: "ZILCH.Attack.MarginSlot",
      n: i + 1,
    })),
    options: [
      { value: "", labelKey: "ZILCH.Attack.MarginSpecial.plusOne" },
      ...MARGIN_SPECIALS.map((m) => ({ value: m, labelKey: `ZILCH.Attack.MarginSpecial.${m}` })),
    ],
  };
}

/** CH-7: what the viewer may do now, or whom the card waits for. */
function windowsView(state: AttackState, viewer: AttackRequester | null) {
  const main = mainControls(state, viewer);
  const role = currentRole(state);
  return {
    movement: movementView(state),
    margin: state.margin ? marginContext(state) : null,
    marginWindow: marginWindowView(state, main),
    chipWindow: chipWindowView(state, main),
    controls: controlsFor(state, viewer),
    // CH-7: the prompt only for whoever acts now; everyone else reads whom the card waits for.
    stepKey: main.length > 0 ? `ZILCH.Attack.Step.${state.step}` : null,
    waitingKey: role === null || main.length > 0 ? null : `ZILCH.Attack.Waiting.${role}`,
    // DMG-2: a hit whose base fell below 0 has no damage to apply to anyone.
    applySelected: viewer !== null && state.damage !== null && state.damage.result.scaled !== null,
  } satisfies Partial<AttackCardView>;
}

/**
 * CH-7: whether this viewer's card shows anything the stored one (rendered for no viewer) does not:
 * a control, the prompt that goes with one, or the damage to apply to selected tokens. Everything
 * else on the card reads the same for every viewer, so a viewer it adds nothing for is shown the
 * stored content as it is. A viewer with every role (GM, and owner of both sides) is offered all that
 * any viewer is, so nothing added for it means nothing added for anyone.
 */
export function viewerAddsTo(state: AttackState, viewer: AttackRequester): boolean {
  const view = windowsView(state, viewer);
  return view.controls.length > 0 || view.stepKey !== null || view.applySelected;
}

/** AT-5..INJ-2: the card as text for every step reached, and the viewer's controls for the current one. */
export function attackCardView(state: AttackState, viewer: AttackRequester | null): AttackCardView {
  return {
    ...declarationView(state),
    ...contestView(state),
    ...damageView(state),
    ...injuryView(state),
    ...reactionView(state),
    ...windowsView(state, viewer),
  };
}

/** OPT-1: each bought result as a card line; what a failed save or Hamstring leaves is said in its line. */
function marginContext(state: AttackState): NonNullable<AttackCardView["margin"]> {
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
