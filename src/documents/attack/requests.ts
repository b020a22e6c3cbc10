/**
 * The attack card's requests as a client sends them, checked for shape on the active GM's client
 * before anything is looked up (a console can send any payload). Only known fields of the
 * right kind pass; the rules then judge the values (AT-1 declaration problems, the card's step).
 */
import { ATTACK_MODES, type AttackMode } from "../../rules/attack/resolution";
import { VISIBILITIES, type Visibility } from "../../rules/range";
import { SPECIAL_ATTACK_KINDS, type SpecialAttackKind } from "../../rules/special";
import {
  AIMING_POINTS,
  LOCATIONS,
  SUITS,
  type AimingPoint,
  type Location,
  type Suit,
} from "../../rules/vocabulary";
import {
  ACTION_STEP,
  MOVEMENT_CHOICES,
  REACTIONS,
  type AttackActionKind,
  type MovementChoice,
  type ReactionKind,
  type SoakPayment,
  type SpecialRuling,
} from "../../rules/attack/index";
import { SNEAK_ATTACK_VALUE, STUNNING_FIST_VALUE } from "../../views/attack-card/actions";
import { isRecord } from "../../rules/records";

/** The request types of the attack card on the one channel (src/requests/channel.ts). */
export const ATTACK_DECLARE_REQUEST = "attackDeclare";
export const ATTACK_STEP_REQUEST = "attackStep";

/** AT-1: what the attacker declares in the dialog (or a macro passes to `startAttack`). */
export interface AttackDeclarationInput {
  readonly mode: AttackMode;
  readonly aim?: AimingPoint | null;
  readonly calledShot?: boolean;
  readonly knockout?: boolean;
  /** SW-2: the attacker says it fights from a mount, or that its target does (the system cannot know). */
  readonly attackerMounted?: boolean;
  readonly targetMounted?: boolean;
  /** GM or situational modifier to the attack total (AT-2). */
  readonly modifier?: number;
  /** RNG-3 cover bonus of the target: 0, 1, 2, 4. */
  readonly cover?: number;
  /** RNG-3: the target is behind total cover, so the attack is illegal (AT-1). */
  readonly totalCover?: boolean;
  /** SP-1: the kind a Special Attack announces. */
  readonly special?: SpecialAttackKind | null;
  /** AT-1, INJ-7, SW-7: the GM lets an attack with an unusable hand go ahead (honoured for a GM only). */
  readonly injuryOverride?: boolean;
  /** MAG-3: the GM lets a Cast through with too few ♦ chips (honoured for a GM only). */
  readonly chipOverride?: boolean;
  /** AC-4: the attack is a Charge (a move up to Move, then this attack), checked by the GM's client. */
  readonly charge?: boolean;
  /**
   * AC-3: the first attack of two-weapon fighting: the other weapon item (this one again for a
   * double-ended weapon or a shortbow) and the offensive pips this attack takes (the rest go to the second).
   */
  readonly twoWeapon?: TwoWeaponDeclaration | null;
  /** RNG-4: how well the attacker says the target can be seen (the GM's client adds Blind, Visually Impaired). */
  readonly visibility?: Visibility;
  /** RNG-4: the square struck at when the target is invisible, counted from the attacker's own square. */
  readonly square?: NamedSquare | null;
}

/** AC-3: the other weapon and this attack's share of the offensive pips. */
export interface TwoWeaponDeclaration {
  readonly partnerId: string;
  readonly firstShare: number;
}

/** RNG-4: a named square as squares right (negative: left) and down (negative: up) of the attacker's. */
export interface NamedSquare {
  readonly right: number;
  readonly down: number;
}

/**
 * AT-1, NPC-1: what the attack is made with: an owned weapon or spell item, or the attacker's
 * stat-block attack at that index of `system.attacks` (NPC-4 natural attack).
 */
export type AttackWeapon = Item.Implementation | { readonly natural: number };

/** The declaration request the GM's client receives: exactly one of `itemId` and `natural`. */
export interface AttackDeclareData {
  readonly attackerUuid: string;
  readonly itemId?: string;
  readonly natural?: number;
  readonly targetTokenUuid: string;
  readonly declaration: AttackDeclarationInput;
  /** GW-4: the open opportunity attack this attack takes (its id in the combat's flags). */
  readonly opportunity?: string;
}

/** A step request: the card and the action; dice are rolled by the GM's client, never sent. */
export interface AttackStepData {
  readonly messageId: string;
  readonly kind: AttackActionKind;
  readonly chips?: number;
  readonly boon?: boolean;
  readonly location?: Location;
  /** CD-15: how a Soak is paid for. */
  readonly payment?: SoakPayment;
  /** AT-4 detailed rule: the movement row the GM picks. */
  readonly movement?: MovementChoice;
  /** The card's step number the asker saw; a step is applied at most once. */
  readonly seq?: number;
  /** OPT-1: the results bought, one per full 5 points of margin ("" keeps that +1 damage). */
  readonly margin?: readonly string[];
  /** SP-1, SP-3: the card the defender or grappled victim tests. */
  readonly suit?: Suit;
  /** SP-1 step 4: the GM's ruling. */
  readonly ruling?: SpecialRuling;
  /** GW-4: the defender's Dodge or Block. */
  readonly reaction?: ReactionKind;
  /** KN-2: the attacker rolls damage with Sneak Attack (1 ♠ chip, +2). */
  readonly sneakAttack?: boolean;
  /** KN-2: the attacker rolls damage with Stunning Fist (1 ♣ chip, the target's ♥ save or Stunned). */
  readonly stunningFist?: boolean;
  /** KN-2: the value of the damage roll's knack control the user pressed. */
  readonly knack?: string;
  /** CD-15: the target's answer to a reactive defence. */
  readonly answer?: ReactiveDefenceChoice;
}

/** CD-15: the two answers a target gives when offered a reactive defence. */
export const REACTIVE_DEFENCE_CHOICES = ["take", "decline"] as const;
export type ReactiveDefenceChoice = (typeof REACTIVE_DEFENCE_CHOICES)[number];

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === "string" && (list as readonly string[]).includes(v);
const isKind = (v: unknown): v is AttackActionKind => typeof v === "string" && Object.hasOwn(ACTION_STEP, v);
const isMode = oneOf(ATTACK_MODES);
const isAim = oneOf(AIMING_POINTS);
const isSpecial = oneOf(SPECIAL_ATTACK_KINDS);
const isLocation = oneOf(LOCATIONS);
const isSuit = oneOf(SUITS);
const isMovement = oneOf(MOVEMENT_CHOICES);
const isOfferId = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f]{16}$/.test(v);
const isReaction = oneOf(REACTIONS);
const isPayment = oneOf(["one", "burn"] as const);
const isRuling = oneOf(["none", "win"] as const);
const isAnswer = oneOf(REACTIVE_DEFENCE_CHOICES);
const isVisibility = oneOf(VISIBILITIES);
const bool = (v: unknown): boolean => v === true;
/** AT-2 GM modifier and RNG-3 cover: whole numbers within what a table could mean. */
const bounded = (v: unknown, max: number): number =>
  typeof v === "number" && Number.isFinite(v) ? Math.max(-max, Math.min(max, Math.trunc(v))) : 0;

/**
 * AC-3: a two-weapon declaration names an item id and a whole share of 0 to 99 pips (the rules refuse a
 * share that leaves either attack without a pip); anything else is malformed.
 */
function twoWeaponOf(v: unknown): TwoWeaponDeclaration | null {
  if (!isRecord(v)) return null;
  const { partnerId, firstShare } = v;
  if (typeof partnerId !== "string" || partnerId.length === 0 || partnerId.length > 64) return null;
  if (typeof firstShare !== "number" || !Number.isInteger(firstShare) || firstShare < 0 || firstShare > 99)
    return null;
  return { partnerId, firstShare };
}

/** RNG-4: a named square of whole numbers within a scene's reach, or null when none was named. */
function namedSquare(v: unknown): NamedSquare | null {
  if (!isRecord(v)) return null;
  const whole = (n: unknown) => typeof n === "number" && Number.isInteger(n) && Math.abs(n) <= 999;
  return whole(v.right) && whole(v.down) ? { right: Number(v.right), down: Number(v.down) } : null;
}

/** AT-1: the declaration's own fields, or null when its mode is not one of the rules' modes. */
export function parseDeclaration(v: unknown): AttackDeclarationInput | null {
  if (!isRecord(v) || !isMode(v.mode)) return null;
  const twoWeapon = v.twoWeapon === undefined || v.twoWeapon === null ? null : twoWeaponOf(v.twoWeapon);
  if (v.twoWeapon && !twoWeapon) return null;
  return {
    mode: v.mode,
    aim: isAim(v.aim) ? v.aim : null,
    calledShot: bool(v.calledShot),
    knockout: bool(v.knockout),
    attackerMounted: bool(v.attackerMounted),
    targetMounted: bool(v.targetMounted),
    modifier: bounded(v.modifier, 99),
    cover: bounded(v.cover, 4),
    totalCover: bool(v.totalCover),
    special: isSpecial(v.special) ? v.special : null,
    injuryOverride: bool(v.injuryOverride),
    // MAG-3: honoured on the GM's client only when the declaring user is a GM.
    chipOverride: bool(v.chipOverride),
    charge: bool(v.charge),
    twoWeapon,
    visibility: isVisibility(v.visibility) ? v.visibility : "clear",
    square: namedSquare(v.square),
  };
}

/** A declaration request: who attacks with what at which token. */
export function parseDeclare(v: unknown): AttackDeclareData | null {
  if (!isRecord(v)) return null;
  const { attackerUuid, targetTokenUuid, itemId, natural } = v;
  const declaration = parseDeclaration(v.declaration);
  if (typeof attackerUuid !== "string" || typeof targetTokenUuid !== "string" || !declaration) return null;
  // GW-4: an offer's id is 16 hex digits (src/requests/applier.ts randomId); anything else is no offer.
  if (v.opportunity !== undefined && !isOfferId(v.opportunity)) return null;
  const opportunity = isOfferId(v.opportunity) ? { opportunity: v.opportunity } : {};
  if (typeof itemId === "string")
    return { attackerUuid, targetTokenUuid, itemId, declaration, ...opportunity };
  if (typeof natural === "number" && Number.isInteger(natural))
    return { attackerUuid, targetTokenUuid, natural, declaration, ...opportunity };
  return null;
}

/** A step request: the card, the action, and only the choices that action takes (never dice). */
export function parseStep(v: unknown): AttackStepData | null {
  if (!isRecord(v) || typeof v.messageId !== "string" || !isKind(v.kind)) return null;
  const margin = Array.isArray(v.margin) ? v.margin.filter((m) => typeof m === "string") : undefined;
  return {
    messageId: v.messageId,
    kind: v.kind,
    seq: typeof v.seq === "number" && Number.isInteger(v.seq) ? v.seq : undefined,
    chips: bounded(v.chips, 40),
    boon: bool(v.boon),
    location: isLocation(v.location) ? v.location : undefined,
    payment: isPayment(v.payment) ? v.payment : undefined,
    movement: isMovement(v.movement) ? v.movement : undefined,
    suit: isSuit(v.suit) ? v.suit : undefined,
    ruling: isRuling(v.ruling) ? v.ruling : undefined,
    reaction: isReaction(v.reaction) ? v.reaction : undefined,
    answer: isAnswer(v.answer) ? v.answer : undefined,
    // KN-2: true from a macro, or the Sneak Attack control's value from the card.
    sneakAttack:
      bool(v.sneakAttack) || v.sneakAttack === SNEAK_ATTACK_VALUE || v.knack === SNEAK_ATTACK_VALUE,
    stunningFist: bool(v.stunningFist) || v.knack === STUNNING_FIST_VALUE,
    margin: margin?.slice(0, 8),
  };
}
