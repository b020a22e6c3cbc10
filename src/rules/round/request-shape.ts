/**
 * A combat request as a client sent it, rebuilt field by field on the active GM's client before the
 * authority check (a console can send any payload). Unknown kinds and fields of the wrong
 * kind give null; only the fields each kind takes are kept, so a client's `holderWins` or `saved`
 * (CD-13, CD-15: the GM rolls those itself) never gets through. Pure, so tests call it directly.
 */
import type { ActDetails, Choice } from "../countdown/choices";
import type { NamedAction } from "../countdown/types";
import { STANCES, SUITS, type Stance, type Suit } from "../vocabulary";
import type { CombatRequest } from "./authority";
import { revealsDomino } from "../dominoes";
import { isTrackerTurnAction } from "./turn-record";
import { isRecord } from "../records";

type Fields = Record<string, unknown>;
const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 64;
const isStance = (v: unknown): v is Stance =>
  typeof v === "string" && (STANCES as readonly string[]).includes(v);
/** T-7, DOM-5: only a ♣- or ♠-based save reveals a domino. */
const isRevealingSuit = (v: unknown): v is "clubs" | "spades" =>
  typeof v === "string" &&
  (SUITS as readonly string[]).includes(v) &&
  revealsDomino({ kind: "save", suit: v as Suit });
/** CD-2: dice are d6s; CD-18 (d) combined dice reach 12 at most from two d6 (and again, 24). */
const isDie = (v: unknown): v is number => Number.isInteger(v) && Number(v) >= 1 && Number(v) <= 36;

function namedAction(v: unknown): NamedAction | null {
  if (!isRecord(v) || typeof v.action !== "string" || !Number.isInteger(v.speed)) return null;
  return { action: v.action.slice(0, 64), speed: Number(v.speed) };
}

/** AC-4, MAG-6: a non-attack Cast names one spell ("cast:<item id>"); the GM's client prices it. */
function namedCast(combatId: string, combatantId: string, v: unknown): ClientCombatRequest | null {
  const named = namedAction(v);
  if (!named?.action.startsWith("cast:")) return null;
  return { kind: "takeAction", combatId, combatantId, action: "cast", named };
}

/**
 * CD-7, CD-9: how an Act is paid; an action that is not well formed is refused. CD-20's Hampered is
 * the creature's condition, which the GM's client reads from its own facts (countdown-requests.ts): a
 * client's `hampered` is dropped, so a console cannot buy a Hampered creature its Minor action too.
 */
function actDetails(v: Fields): ActDetails | null {
  const action = v.action === undefined ? undefined : namedAction(v.action);
  if (action === null) return null;
  return { action, plusOne: v.plusOne === true };
}

/** CD-6, CD-13: the called participant's choice. */
function choice(v: unknown): Choice | null {
  if (!isRecord(v)) return null;
  const details = actDetails(v);
  switch (v.kind) {
    case "act":
    case "actHeld":
      return details && { kind: v.kind, ...details };
    case "pass":
    case "keepHolding":
      return isDie(v.die) ? { kind: v.kind, die: v.die } : null;
    case "hold":
      return { kind: "hold" };
    case "accumulate": {
      const action = namedAction(v.action);
      if (!action || !isDie(v.die) || !details) return null;
      return { kind: "accumulate", action, die: v.die, plusOne: details.plusOne };
    }
    default:
      return null;
  }
}

/** The kinds that name only the combat, and those that name the combat and one combatant. */
const COMBAT_ONLY = new Set(["forceReveal", "nextCall", "resolveLowering", "nextRound"] as const);
const WITH_COMBATANT = new Set([
  "endTurn",
  "revealDomino",
  "challenge",
  "loseRoundActions",
  "loseAction",
  "recoverStun",
  "springAttack",
  "abandonPool",
] as const);
type CombatOnly = typeof COMBAT_ONLY extends Set<infer K> ? K : never;
type WithCombatant = typeof WITH_COMBATANT extends Set<infer K> ? K : never;
const combatOnly = (k: unknown): k is CombatOnly => (COMBAT_ONLY as ReadonlySet<unknown>).has(k);
const withCombatant = (k: unknown): k is WithCombatant => (WITH_COMBATANT as ReadonlySet<unknown>).has(k);

/** The requests that name a combat (all but the attack card's damage, which never comes from a client). */
export type ClientCombatRequest = Extract<CombatRequest, { readonly combatId: string }>;

/** ST-1: a stance declaration; KN-2 Slip Away only when the client sent the literal true. */
function declaration(
  combatId: string,
  combatantId: string,
  stance: Stance,
  slipAway: boolean,
): ClientCombatRequest {
  return slipAway
    ? { kind: "declareStance", combatId, combatantId, stance, slipAway: true }
    : { kind: "declareStance", combatId, combatantId, stance };
}

/** ST-1: the GM's declaration for the NPCs names a stance, or null for each one's usual. */
function npcDeclaration(combatId: string, stance: unknown): ClientCombatRequest | null {
  if (stance !== null && !isStance(stance)) return null;
  return { kind: "declareNpcStances", combatId, stance };
}

/**
 * AC-1: a client names only an action of the tracker (AC-5: a Move may say its token was dragged), or
 * (MAG-6) the spell of a non-attack Cast; the GM's own client records the rest.
 */
function turnAction(
  combatId: string,
  combatantId: string,
  v: Record<string, unknown>,
): ClientCombatRequest | null {
  if (!isTrackerTurnAction(v.action))
    return v.action === "cast" ? namedCast(combatId, combatantId, v.named) : null;
  return v.action === "move" && v.dragged === true
    ? { kind: "takeAction", combatId, combatantId, action: v.action, dragged: true }
    : { kind: "takeAction", combatId, combatantId, action: v.action };
}

/** The request a client sent, or null when it is not one a client may send in that shape. */
export function parseCombatRequest(v: unknown): ClientCombatRequest | null {
  if (!isRecord(v) || !isId(v.combatId)) return null;
  const combatId = v.combatId;
  if (combatOnly(v.kind)) return { kind: v.kind, combatId };
  if (v.kind === "declareNpcStances") return npcDeclaration(combatId, v.stance);
  if (!isId(v.combatantId)) return null;
  const combatantId = v.combatantId;
  if (withCombatant(v.kind)) return { kind: v.kind, combatId, combatantId };
  switch (v.kind) {
    case "declareStance":
      return isStance(v.stance) ? declaration(combatId, combatantId, v.stance, v.slipAway === true) : null;
    case "shiftStance":
      return isStance(v.stance) ? { kind: v.kind, combatId, combatantId, stance: v.stance } : null;
    case "countdownChoice": {
      const c = choice(v.choice);
      return c && { kind: "countdownChoice", combatId, combatantId, choice: c };
    }
    case "interrupt": {
      const details = isRecord(v.details) ? actDetails(v.details) : null;
      return details && { kind: "interrupt", combatId, combatantId, details };
    }
    case "spendOne":
      if (v.use !== "pressure" && v.use !== "effort") return null;
      if (v.target !== undefined && !isId(v.target)) return null;
      return { kind: "spendOne", combatId, combatantId, use: v.use, target: v.target };
    case "usePendingOnes":
      // CD-15: only the two flags; anything but `true` is "not taken".
      return {
        kind: v.kind,
        combatId,
        combatantId,
        effort: v.effort === true,
        pressure: v.pressure === true,
      };
    case "takeAction":
      return turnAction(combatId, combatantId, v);
    case "reorder":
      return v.direction === "up" || v.direction === "down"
        ? { kind: "reorder", combatId, combatantId, direction: v.direction }
        : null;
    case "bid":
    case "lowerClosing":
    case "swapIn":
    case "burnInstead":
      return isDie(v.die) ? { kind: v.kind, combatId, combatantId, die: v.die } : null;
    case "combine": {
      const dice = Array.isArray(v.dice) ? v.dice : [];
      return dice.length === 2 && isDie(dice[0]) && isDie(dice[1])
        ? { kind: "combine", combatId, combatantId, dice: [dice[0], dice[1]] }
        : null;
    }
    case "revealForSave":
      return isRevealingSuit(v.suit) ? { kind: "revealForSave", combatId, combatantId, suit: v.suit } : null;
    case "adjustPool":
      return v.by === 1 || v.by === -1 ? { kind: "adjustPool", combatId, combatantId, by: v.by } : null;
    case "setAware":
      return typeof v.aware === "boolean"
        ? { kind: "setAware", combatId, combatantId, aware: v.aware }
        : null;
    case "injuryBurn":
      // CD-14: an injury burns 1 or 2 dice (INJ-7); more than a hand can hold is never meant.
      return Number.isInteger(v.burn) && Number(v.burn) >= 1 && Number(v.burn) <= 8
        ? { kind: "injuryBurn", combatId, combatantId, burn: Number(v.burn) }
        : null;
    case "soak":
      return v.payment === "one" || v.payment === "burn"
        ? { kind: "soak", combatId, combatantId, payment: v.payment }
        : null;
    case "reactiveDefence":
      return typeof v.defenseless === "boolean"
        ? { kind: "reactiveDefence", combatId, combatantId, defenseless: v.defenseless }
        : null;
    default:
      return null;
  }
}

/** The action a request's Act, held Act or Accumulate names, if any. */
function claimedAction(request: CombatRequest): NamedAction | undefined {
  if (request.kind === "interrupt") return request.details.action;
  if (request.kind === "takeAction") return request.named;
  if (request.kind !== "countdownChoice") return undefined;
  const c = request.choice;
  return c.kind === "act" || c.kind === "actHeld" || c.kind === "accumulate" ? c.action : undefined;
}

function repriced(request: CombatRequest, action: NamedAction): CombatRequest {
  if (request.kind === "interrupt") return { ...request, details: { ...request.details, action } };
  if (request.kind === "takeAction") return { ...request, named: action };
  if (request.kind !== "countdownChoice") return request;
  const c = request.choice;
  if (c.kind !== "act" && c.kind !== "actHeld" && c.kind !== "accumulate") return request;
  return { ...request, choice: { ...c, action } };
}

/**
 * CD-7, CD-8: a player's Act, held Act or Accumulate pays for the action it names, at the speed the
 * GM's client gives that name in `nameable` (the actions of the combatant's creature, from its own
 * copy of the actor), never a speed the client wrote (a console could otherwise claim a
 * cheaper action). A request naming an action the creature does not have is refused (null); one
 * naming none is unchanged.
 */
export function withPricedAction(
  request: CombatRequest,
  nameable: readonly NamedAction[],
): CombatRequest | null {
  const claimed = claimedAction(request);
  if (claimed === undefined) return request;
  const priced = nameable.find((n) => n.action === claimed.action);
  return priced ? repriced(request, priced) : null;
}
