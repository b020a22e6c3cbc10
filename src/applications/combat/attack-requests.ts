/**
 * The attack card's requests as a client sends them, checked for shape on the active GM's client
 * before anything is looked up (issue 15: a console can send any payload). Only known fields of the
 * right kind pass; the rules then judge the values (AT-1 declaration problems, the card's step).
 */
import { ATTACK_MODES } from "../../rules/attack";
import { SPECIAL_ATTACK_KINDS } from "../../rules/special";
import { AIMING_POINTS, LOCATIONS, SUITS } from "../../rules/vocabulary";
import { ACTION_STEP, MOVEMENT_CHOICES, REACTIONS, type AttackActionKind } from "../../rules/attack/state";
import type { AttackDeclarationInput, AttackDeclareData, AttackStepData } from "./attack-flow";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
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
const isReaction = oneOf(REACTIONS);
const isPayment = oneOf(["one", "burn"] as const);
const isRuling = oneOf(["none", "win"] as const);
const bool = (v: unknown): boolean => v === true;
/** AT-2 GM modifier and RNG-3 cover: whole numbers within what a table could mean. */
const bounded = (v: unknown, max: number): number =>
  typeof v === "number" && Number.isFinite(v) ? Math.max(-max, Math.min(max, Math.trunc(v))) : 0;

/** AT-1: the declaration's own fields, or null when its mode is not one of the rules' modes. */
export function parseDeclaration(v: unknown): AttackDeclarationInput | null {
  if (!isRecord(v) || !isMode(v.mode)) return null;
  return {
    mode: v.mode,
    aim: isAim(v.aim) ? v.aim : null,
    calledShot: bool(v.calledShot),
    knockout: bool(v.knockout),
    modifier: bounded(v.modifier, 99),
    cover: bounded(v.cover, 4),
    totalCover: bool(v.totalCover),
    special: isSpecial(v.special) ? v.special : null,
    injuryOverride: bool(v.injuryOverride),
    // MAG-3: honoured on the GM's client only when the declaring user is a GM.
    chipOverride: bool(v.chipOverride),
  };
}

/** A declaration request: who attacks with what at which token. */
export function parseDeclare(v: unknown): AttackDeclareData | null {
  if (!isRecord(v)) return null;
  const { attackerUuid, targetTokenUuid, itemId, natural } = v;
  const declaration = parseDeclaration(v.declaration);
  if (typeof attackerUuid !== "string" || typeof targetTokenUuid !== "string" || !declaration) return null;
  if (typeof itemId === "string") return { attackerUuid, targetTokenUuid, itemId, declaration };
  if (typeof natural === "number" && Number.isInteger(natural))
    return { attackerUuid, targetTokenUuid, natural, declaration };
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
    margin: margin?.slice(0, 8),
  };
}
