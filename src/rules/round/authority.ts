/**
 * ARCHITECTURE.md §3 "Authority": what a user may ask the active GM's client to do to a combat. The GM
 * validates every request with `validateRequest` before applying it, so a player's client can never
 * change another's combatant, call out of turn in the countdown, or apply damage. Pure, so tests ask
 * it directly.
 */
import type { Choice, ActDetails } from "../countdown/choices";
import type { Condition, Stance, Suit } from "../vocabulary";
import type { RoundState } from "./state";
import type { SoakPayment } from "../attack/index";
import type { ActionKey } from "../actions";
import type { NamedAction } from "../countdown/types";
import { isTrackerTurnAction, type TwoWeaponStart } from "./turn-record";

/** Everything a client may ask for; `combatId` names the combat, `combatantId` the one acting. */
/** The request type of every combat round request on the channel (ARCHITECTURE.md §3 "Authority"). */
export const COMBAT_REQUEST = "combat";

export type CombatRequest =
  | {
      readonly kind: "declareStance";
      readonly combatId: string;
      readonly combatantId: string;
      readonly stance: Stance;
      /** KN-2 Slip Away: the stance is declared despite Threatened, for 1 ♠ chip. */
      readonly slipAway?: true;
    }
  | {
      readonly kind: "shiftStance";
      readonly combatId: string;
      readonly combatantId: string;
      readonly stance: Stance;
    }
  | {
      readonly kind: "countdownChoice";
      readonly combatId: string;
      readonly combatantId: string;
      readonly choice: Choice;
    }
  | {
      readonly kind: "interrupt";
      readonly combatId: string;
      readonly combatantId: string;
      readonly details: ActDetails;
    }
  | {
      readonly kind: "spendOne";
      readonly combatId: string;
      readonly combatantId: string;
      readonly use: "pressure" | "effort";
      readonly target?: string;
    }
  /**
   * CD-15: a test rolled from the roll dialog took the combatant's pending Effort and Pressure; the
   * flags say which, as the roller's client counted them, and the GM uses up exactly those.
   */
  /**
   * CD-8: the owner declares it will not take the action its discard pool is for; the pool is lost. A
   * declaration, not a CD-6 choice: a call the combatant is answering stays open.
   */
  | { readonly kind: "abandonPool"; readonly combatId: string; readonly combatantId: string }
  | {
      readonly kind: "usePendingOnes";
      readonly combatId: string;
      readonly combatantId: string;
      readonly effort: boolean;
      readonly pressure: boolean;
    }
  /**
   * AC-1, AC-4..AC-6: record an action in the combatant's turn. A player may ask only for the tracker's
   * own actions (turn-record.ts TRACKER_TURN_ACTIONS); attacks, Charges and Casts are recorded by the
   * GM's client when it checks the attack, with `speed` the CD-7 speed of the weapon or spell used.
   * AC-3: a two-weapon action's first attack carries `twoWeapon`; its second names `secondWeapon`, the
   * weapon item the first attack left waiting. AC-4, MAG-6: a non-attack Cast from the sheet names its
   * spell in `named` ("cast:<item id>"); the GM's client prices a player's from its own copy of the
   * creature (request-shape.ts withPricedAction), never the speed the client wrote.
   */
  | {
      readonly kind: "takeAction";
      readonly combatId: string;
      readonly combatantId: string;
      readonly action: ActionKey;
      readonly speed?: number;
      readonly named?: NamedAction;
      readonly twoWeapon?: TwoWeaponStart;
      readonly secondWeapon?: string;
      /** AC-5: a Move made by dragging the token in its own turn (src/documents/drag-move.ts). */
      readonly dragged?: true;
    }
  | { readonly kind: "endTurn"; readonly combatId: string; readonly combatantId: string }
  /** KN-2 Spring Attack: its user (who paid the ♣ chip) asks for the turn's extra Move. */
  | { readonly kind: "springAttack"; readonly combatId: string; readonly combatantId: string }
  | { readonly kind: "revealDomino"; readonly combatId: string; readonly combatantId: string }
  /** T-7, DOM-5: the owner reveals its own face-down domino for a save on `suit` (♣ or ♠ only). */
  | {
      readonly kind: "revealForSave";
      readonly combatId: string;
      readonly combatantId: string;
      readonly suit: Extract<Suit, "clubs" | "spades">;
    }
  /** CD-13: `holderWins` is filled in by the GM's client from its own ♠ contest roll; a client's value is ignored. */
  | {
      readonly kind: "challenge";
      readonly combatId: string;
      readonly combatantId: string;
      readonly holderWins?: boolean;
    }
  | { readonly kind: "forceReveal"; readonly combatId: string }
  /** ST-1: the GM declares for every NPC still to declare: `stance` where allowed, else each one's usual. */
  | { readonly kind: "declareNpcStances"; readonly combatId: string; readonly stance: Stance | null }
  /** CD-3: before the first call, the owner keeps an unkept die instead of its lowest kept one. */
  | { readonly kind: "swapIn"; readonly combatId: string; readonly combatantId: string; readonly die: number }
  /** CD-14: until the next call after a default Burn, the owner burns `die` instead of a burned die. */
  | {
      readonly kind: "burnInstead";
      readonly combatId: string;
      readonly combatantId: string;
      readonly die: number;
    }
  /** CD-2: the GM raises or lowers a combatant's action dice by one, from its next roll on. */
  | {
      readonly kind: "adjustPool";
      readonly combatId: string;
      readonly combatantId: string;
      readonly by: 1 | -1;
    }
  /** CB-3, CD-16: before the combat starts, the GM marks a combatant aware or surprised. */
  | {
      readonly kind: "setAware";
      readonly combatId: string;
      readonly combatantId: string;
      readonly aware: boolean;
    }
  /** INI-4: the GM moves a combatant one place up or down the Spades order. */
  | {
      readonly kind: "reorder";
      readonly combatId: string;
      readonly combatantId: string;
      readonly direction: "up" | "down";
    }
  | { readonly kind: "nextCall"; readonly combatId: string }
  /** CD-18 (a): a player's secret bid for the coming call. */
  | { readonly kind: "bid"; readonly combatId: string; readonly combatantId: string; readonly die: number }
  /** CD-18 (c): one die spent to lower the Closing die, kept secret until the GM resolves the lowering. */
  | {
      readonly kind: "lowerClosing";
      readonly combatId: string;
      readonly combatantId: string;
      readonly die: number;
    }
  /** CD-18 (c): the GM closes the offers and the spends lower the Closing die (or it is reached). */
  | { readonly kind: "resolveLowering"; readonly combatId: string }
  /** CD-18 (d): two dice in hand become one die of their sum, once the round is Closing. */
  | {
      readonly kind: "combine";
      readonly combatId: string;
      readonly combatantId: string;
      readonly dice: readonly [number, number];
    }
  | { readonly kind: "nextRound"; readonly combatId: string }
  | { readonly kind: "applyDamage"; readonly messageId: string }
  /** INJ-7: a combatant loses the rest of this round's actions (applied by the attack card's GM step). */
  | { readonly kind: "loseRoundActions"; readonly combatId: string; readonly combatantId: string }
  /**
   * OPT-1: a bought "Lose an action" (asked by the attack card's GM step): Burn 1, or no Minor action
   * next turn. OPT-2: a failed Scary fear save (the GM's client): Burn 1, or no Standard action.
   */
  | {
      readonly kind: "loseAction";
      readonly combatId: string;
      readonly combatantId: string;
      readonly standard?: boolean;
      readonly thisTurn?: boolean;
    }
  /**
   * CD-14, INJ-7: an injury just gained mid-round burns `burn` dice at once (asked by the GM's own
   * client as the injury is added; round starts burn again through the creature's facts).
   */
  | {
      readonly kind: "injuryBurn";
      readonly combatId: string;
      readonly combatantId: string;
      readonly burn: number;
    }
  /** CD-15: pay for a target's Soak (asked by the attack card's GM step, which rolls the ♥ test). */
  | {
      readonly kind: "soak";
      readonly combatId: string;
      readonly combatantId: string;
      readonly payment: SoakPayment;
    }
  /** CD-15: pay for a target's reactive defence (asked by the attack card's GM step). */
  | {
      readonly kind: "reactiveDefence";
      readonly combatId: string;
      readonly combatantId: string;
      readonly defenseless: boolean;
    }
  /** CD-15, CD-17: spend a 1 on a Stun recovery save; `saved` is filled in by the GM's client from its own roll. */
  | {
      readonly kind: "recoverStun";
      readonly combatId: string;
      readonly combatantId: string;
      readonly saved?: boolean;
    }
  /**
   * ST-4, ST-6, CD-17: conditions were just set on or taken off a combatant's creature (asked by the GM's own client
   * when it sets them); `before` and `after` are its conditions either side of the change.
   */
  | {
      readonly kind: "conditionsChanged";
      readonly combatId: string;
      readonly combatantId: string;
      readonly before: readonly Condition[];
      readonly after: readonly Condition[];
    };

export type RequestKind = CombatRequest["kind"];

/** Why a request was refused; each has the key `ZILCH.Combat.Error.<code>`. */
export type AuthorityError = "notOwner" | "notYourCall" | "notYourTurn" | "gmOnly" | "unknownRequest";

/** Who is asking: the GM may do anything; a player only what concerns combatants it owns. */
export interface Requester {
  readonly isGM: boolean;
  /** Whether this user owns the combatant (its actor, at OWNER level). */
  readonly owns: (combatantId: string) => boolean;
}

/** Requests only the GM may make: they change the deck, the whole round, another creature, or damage. */
const GM_ONLY: ReadonlySet<RequestKind> = new Set<RequestKind>([
  "revealDomino",
  "forceReveal",
  "declareNpcStances",
  "setAware",
  "adjustPool",
  "reorder",
  "nextCall",
  "resolveLowering",
  "nextRound",
  "applyDamage",
  "loseRoundActions",
  "loseAction",
  "injuryBurn",
  "soak",
  "reactiveDefence",
  "conditionsChanged",
]);

const KINDS: ReadonlySet<string> = new Set<RequestKind>([
  ...GM_ONLY,
  "declareStance",
  "shiftStance",
  "countdownChoice",
  "interrupt",
  "spendOne",
  "abandonPool",
  "usePendingOnes",
  "endTurn",
  "challenge",
  "recoverStun",
  "bid",
  "lowerClosing",
  "combine",
  "swapIn",
  "burnInstead",
  "takeAction",
  "springAttack",
  "revealForSave",
]);

/** ST-5, CD-20: whether the combatant is taking its turn now (Spades) or is the one called (countdown). */
function actingNow(state: RoundState | null, combatantId: string): boolean {
  if (!state) return false;
  return state.mode === "countdown"
    ? state.countdown?.current === combatantId
    : state.current === combatantId;
}

/**
 * ST-1, ST-5, CD-6, CD-13, CD-15, CB-2: may this user make this request now? A player declares and
 * shifts only its own combatant's stance (and only in its turn), challenges only with its own held die, answers a countdown call only when its combatant is the one
 * called, interrupts or spends 1s only with its own dice
 * (and uses up only its own pending Effort and Pressure, CD-15), bids, lowers and combines (CD-18) only its own
 * dice, and ends only its own Spades turn.
 */
export function validateRequest(
  request: CombatRequest,
  who: Requester,
  state: RoundState | null,
): { ok: true } | { ok: false; code: AuthorityError } {
  if (!KINDS.has(request.kind)) return { ok: false, code: "unknownRequest" };
  if (who.isGM) return { ok: true };
  if (GM_ONLY.has(request.kind) || !("combatantId" in request)) return { ok: false, code: "gmOnly" };
  if (!who.owns(request.combatantId)) return { ok: false, code: "notOwner" };
  if (request.kind === "countdownChoice" && state?.countdown?.current !== request.combatantId) {
    return { ok: false, code: "notYourCall" };
  }
  // AC-4: a player's client never records an attack or a Charge itself; the GM's attack check does.
  // MAG-6: it may record its creature's non-attack Cast, naming the spell the GM's client prices.
  const namedCast = request.kind === "takeAction" && request.action === "cast" && request.named !== undefined;
  if (request.kind === "takeAction" && !isTrackerTurnAction(request.action) && !namedCast)
    return { ok: false, code: "gmOnly" };
  if (request.kind === "endTurn" && state?.current !== request.combatantId) {
    return { ok: false, code: "notYourTurn" };
  }
  // ST-5, AC-1: Shift Stance is a Minor action, taken in the combatant's own turn (Spades) or when it
  // is called to act (countdown, CD-20). The GM may still shift any stance (a ruling).
  if (request.kind === "shiftStance" && !actingNow(state, request.combatantId)) {
    return { ok: false, code: "notYourTurn" };
  }
  return { ok: true };
}
