/**
 * §13 Special attacks and grappling (SP-1..SP-4). Contest results come in from the caller (T-8,
 * `contest` in tests.ts), with the attacker or controller as side `a`.
 */
import { grapplingSizeDifference } from "./size";
import type { Condition, Size, Suit } from "./vocabulary";

/** SP-2: the kinds of Special Attack. */
export const SPECIAL_ATTACK_KINDS = ["bullrush", "disarm", "grapple", "trip"] as const;
export type SpecialAttackKind = (typeof SPECIAL_ATTACK_KINDS)[number];

/** T-8, T-10: the part of a contest result these rules read; `a` is the attacker / controller. */
export interface ContestOutcome {
  readonly winner: "a" | "b" | "draw" | "reroll";
  /** T-10: present when there is a winner. */
  readonly pointsWonBy?: number;
}

/** SP-1 step 2: the suits each side may test in the contest (pips never apply, step 5). */
export const SPECIAL_CONTEST_SUITS: Readonly<{ attacker: readonly Suit[]; defender: readonly Suit[] }> = {
  attacker: ["clubs"],
  defender: ["clubs", "spades"],
};

/** SP-2: what a Special Attack does. */
export type SpecialOutcome =
  | { readonly effect: "none" }
  /** Bullrush: pushed directly away from the attacker. */
  | { readonly effect: "push"; readonly squares: number }
  /** Disarm: drops one held weapon or item of the attacker's choice. */
  | { readonly effect: "disarm" }
  /** Grapple: the attacker is Grappling and the target Grappled (SP-3). */
  | { readonly effect: "grapple"; readonly attacker: Condition; readonly target: Condition }
  /** Trip: falls Prone, or is pulled from its mount. */
  | { readonly effect: "trip"; readonly target: Condition };

/**
 * SP-1, SP-2: the outcome of a Special Attack: nothing on a miss; on a hit, the effect of its kind
 * only when the attacker wins the contest (a draw or a defender win does nothing).
 */
export function specialAttackOutcome(
  kind: SpecialAttackKind,
  hit: boolean,
  contest: ContestOutcome | null,
): SpecialOutcome {
  if (!hit) return { effect: "none" };
  if (contest === null) throw new RangeError("SP-1: a hit Special Attack needs its contest result");
  if (contest.winner !== "a") return { effect: "none" };
  switch (kind) {
    case "bullrush":
      if (contest.pointsWonBy === undefined) throw new RangeError("SP-2: a Bullrush win needs pointsWonBy");
      return { effect: "push", squares: 1 + contest.pointsWonBy };
    case "disarm":
      return { effect: "disarm" };
    case "grapple":
      return { effect: "grapple", attacker: "grappling", target: "grappled" };
    case "trip":
      return { effect: "trip", target: "prone" };
  }
}

/** SP-3: one grapple between a controller and its victim (plain data). */
export interface Grapple {
  readonly controller: string;
  readonly victim: string;
  readonly pinned: boolean;
}

/** SP-2, SP-3: the grapple a won Grapple attack starts. */
export function startGrapple(controller: string, victim: string): Grapple {
  return { controller, victim, pinned: false };
}

/** SP-3: the conditions each side holds (Entangled and the rest follow by CON-4). */
export function grappleConditions(g: Grapple): { controller: Condition[]; victim: Condition[] } {
  return { controller: ["grappling"], victim: [g.pinned ? "pinned" : "grappled"] };
}

/** SP-3: the modifier of a Pinned creature's escape. */
export const PINNED_ESCAPE_MODIFIER = -5;

/** SP-3: what the victim rolls to escape, as a Standard action. */
export interface EscapeRoll {
  /** A test, or (setting `grappleEscapeContest`) a contest against the controller's ♣. */
  readonly kind: "test" | "contest";
  /** The victim chooses one of these. */
  readonly suits: readonly Suit[];
  readonly modifier: number;
  /** The controller's suit in a contest. */
  readonly against: Suit | null;
}

/** SP-3: the escape roll for this grapple under the `grappleEscapeContest` setting. */
export function escapeRoll(g: Grapple, escapeContest = false): EscapeRoll {
  return {
    kind: escapeContest ? "contest" : "test",
    suits: ["clubs", "spades"],
    modifier: g.pinned ? PINNED_ESCAPE_MODIFIER : 0,
    against: escapeContest ? "clubs" : null,
  };
}

/** SP-3: what can happen to a grapple. */
export type GrappleEvent =
  /** The victim's escape: `succeeded` is S or better on the test, or a contest won by the victim. */
  | { readonly type: "escape"; readonly succeeded: boolean }
  /** The controller's pin attempt: a ♣ contest with the controller as side `a`. */
  | { readonly type: "pin"; readonly contest: ContestOutcome }
  /** The controller lets go (a free action). */
  | { readonly type: "release" };

/** SP-3: the grapple after an event, or null when it has ended. */
export function grappleAfter(g: Grapple, event: GrappleEvent): Grapple | null {
  switch (event.type) {
    case "escape":
      return event.succeeded ? null : g;
    case "pin":
      return event.contest.winner === "a" ? { ...g, pinned: true } : g;
    case "release":
      return null;
  }
}

/** SP-4: how a grappler may move. */
export type GrappleMove =
  /** A Minor action ♣ contest; on a win, a Slowed Move dragging the other. */
  | "contest"
  /** Moves freely, still grappling. */
  | "free"
  /** The mover is Anchored. */
  | "anchored";

/**
 * SP-4: movement in a grapple from how many full sizes (SZ-4) the other creature is above the
 * mover: larger → Anchored; same or one smaller → contest; two or more smaller → free.
 */
export function grappleMoveBySteps(otherAboveMover: number): GrappleMove {
  if (otherAboveMover > 0) return "anchored";
  return otherAboveMover >= -1 ? "contest" : "free";
}

/** SP-4, SZ-4: movement in a grapple from the two creatures' sizes (full sizes only). */
export function grappleMove(mover: Size, other: Size): GrappleMove {
  return grappleMoveBySteps(grapplingSizeDifference(mover, other));
}
