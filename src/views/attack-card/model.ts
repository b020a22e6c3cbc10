/**
 * The shape of the attack card's template context (templates/chat/attack-card.hbs): what
 * card-view.ts builds from the stored state. View building, kept apart so it can leave the rules engine
 * in one step.
 */
import type { AttackActionKind } from "../../rules/attack/index";
import type { TotalPartView } from "./totals";
import type { AttackCardAction } from "./actions";

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

/** T-8: one side's test as a card line. */
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

/** AT-2, AT-3: one named modifier as the card shows it; an injury is named by its effect and place. */
export type ModifierPartView = TotalPartView;
