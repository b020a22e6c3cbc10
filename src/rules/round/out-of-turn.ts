/**
 * ST-1, DOM-5, AC-1, AC-3, GW-4: which attacks a combatant may declare outside its own turn, and the
 * count the combat keeps of them. Pure.
 *
 * - ST-1: while the stances are secret nobody attacks: an attack reveals dominoes (DOM-5) and its
 *   pips would tell the table the stances before they are shown.
 * - AC-1: a creature attacks in its own turn. Outside it, the rules give a player these attacks only:
 *   a GW-4 opportunity attack (one per offer, which the offer itself counts), the readied action of
 *   AC-3 Ready (one, until the round's records clear), and each Slip or Parry a GW-4 reaction earned
 *   on an attack card (one per card). Every other out-of-turn attack by a player is refused.
 * - The GM rules on what the system does not see (a trigger it does not model), so the GM's
 *   out-of-turn attacks are taken, and counted with the rest.
 */

/** A combatant's out-of-turn attacks this round: those made, and the Slip or Parry attacks earned. */
export interface OutOfTurnTally {
  readonly round: number;
  readonly made: number;
  readonly earned: number;
}

export type OutOfTurnRefusal = "stancesHidden" | "notYourTurn";

/** AC-1: far more than any round gives, so a stored count stays bounded. */
export const MAX_OUT_OF_TURN = 99;

/** What the check reads, all of it from the combat's GM-written state and the sender's proven role. */
export interface OutOfTurnInput {
  /** ST-1: the round's stances are shown. */
  readonly stancesShown: boolean;
  /** AC-1, CD-20: it is the attacker's own turn (or its countdown Act). */
  readonly inTurn: boolean;
  /** GW-4: the attack takes an opportunity offer (checked and used up by the offer). */
  readonly opportunity: boolean;
  readonly byGM: boolean;
  /** AC-3: the attacker's turn this round took Ready. */
  readonly readied: boolean;
  /** This round's tally (a zero one when none is stored for this round). */
  readonly tally: OutOfTurnTally;
}

/** ST-1, AC-1, AC-3, GW-4: why the attack may not be declared now, or null (it may). */
export function outOfTurnProblem(i: OutOfTurnInput): OutOfTurnRefusal | null {
  if (!i.stancesShown) return "stancesHidden";
  if (i.inTurn || i.opportunity || i.byGM) return null;
  const allowed = (i.readied ? 1 : 0) + i.tally.earned;
  return i.tally.made < allowed ? null : "notYourTurn";
}

/** Whether the attack is one the tally counts: outside the turn, and no opportunity attack. */
export const countedOutOfTurn = (i: Pick<OutOfTurnInput, "inTurn" | "opportunity">): boolean =>
  !i.inTurn && !i.opportunity;

const bounded = (v: unknown): number =>
  typeof v === "number" && Number.isInteger(v) ? Math.min(MAX_OUT_OF_TURN, Math.max(0, v)) : 0;

/** A stored tally as the check may trust it: this round's, bounded; anything else is a fresh one. */
export function tallyOf(stored: unknown, round: number): OutOfTurnTally {
  const fresh = { round, made: 0, earned: 0 };
  if (typeof stored !== "object" || stored === null) return fresh;
  const s = stored as Record<string, unknown>;
  if (s.round !== round) return fresh;
  return { round, made: bounded(s.made), earned: bounded(s.earned) };
}

/** AC-1: the tally after one more out-of-turn attack. */
export const afterAttack = (t: OutOfTurnTally): OutOfTurnTally => ({
  ...t,
  made: Math.min(MAX_OUT_OF_TURN, t.made + 1),
});

/** GW-4: the tally after a reaction earned a Slip or Parry attack. */
export const afterEarned = (t: OutOfTurnTally): OutOfTurnTally => ({
  ...t,
  earned: Math.min(MAX_OUT_OF_TURN, t.earned + 1),
});
