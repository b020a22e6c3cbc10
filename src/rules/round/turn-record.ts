/**
 * AC-1, AC-4, AC-6, CD-7, CD-20: the record of what a combatant has done in its turn, kept in the
 * combat's GM-written flags beside its other round fields (stored.ts), so the active GM can refuse
 * what the turn's earlier actions forbid (a Move after a Charge, a step after a Move, a third Minor).
 * A Spades turn runs from the combatant's turn start to its end; in countdown mode "your turn" is one
 * Act (CD-20), so each Act starts a fresh record, holding what that Act paid (CD-7). Pure.
 */
import {
  ACTION_KEYS,
  actionRefusal,
  twoWeaponSplit,
  type ActionKey,
  type ActionRefusal,
  type BudgetedKind,
} from "../actions";
import type { CountdownEvent } from "../countdown/types";
import { FULL_ACTION_SPEED, SIMPLE_ACTION_SPEED } from "../countdown/speeds";
import type { CombatantFacts, CombatantRound, RoundState, SecondWeaponAttack, TurnRecord } from "./state";

export type { SecondWeaponAttack, TurnRecord };

/** AC-1: no legal turn holds more (two Minors and a handful of free actions); the stored list is bounded by it. */
export const MAX_TURN_ACTIONS = 12;

export const EMPTY_TURN: TurnRecord = { actions: [], paid: null };

const isActionKey = (v: unknown): v is ActionKey => ACTION_KEYS.some((k) => k === v);

/** A whole number from 1 to 99 (pips, a die's paid value), or null. */
const boundedCount = (v: unknown, min: number): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= 99 ? v : null;

/** AC-3: a stored second 2WF attack, kept only when it names an item id and 1 to 99 pips. */
function boundSecondAttack(v: unknown): SecondWeaponAttack | null {
  if (typeof v !== "object" || v === null) return null;
  const r = v as { itemId?: unknown; pips?: unknown };
  const pips = boundedCount(r.pips, 1);
  const itemId = typeof r.itemId === "string" && r.itemId.length <= 64 ? r.itemId : null;
  return pips === null || itemId === null ? null : { itemId, pips };
}

/** A record read from stored data a client could not write but an older build may have left: bounded and checked. */
export function boundTurnRecord(v: unknown): TurnRecord {
  if (typeof v !== "object" || v === null) return EMPTY_TURN;
  const r = v as Record<"actions" | "paid" | "twoWeapon" | "springAttack" | "dragged" | "matched", unknown>;
  const actions = Array.isArray(r.actions) ? r.actions.filter(isActionKey).slice(0, MAX_TURN_ACTIONS) : [];
  const paid = boundedCount(r.paid, 0);
  const twoWeapon = boundSecondAttack(r.twoWeapon);
  // AC-5: the drag counts never exceed the actions a turn can hold.
  const dragged = Math.min(boundedCount(r.dragged, 1) ?? 0, MAX_TURN_ACTIONS);
  const matched = Math.min(boundedCount(r.matched, 1) ?? 0, MAX_TURN_ACTIONS);
  return {
    actions,
    paid,
    ...(twoWeapon ? { twoWeapon } : {}),
    ...(r.springAttack === true ? { springAttack: true } : {}),
    ...(dragged > 0 ? { dragged } : {}),
    ...(matched > 0 ? { matched } : {}),
  };
}

/**
 * The actions a player's own tracker may record (attacks and casts are recorded by the GM's attack
 * check). AC-3: Ready and Retrieve are Full actions: the readied attack is made later, outside the
 * turn, and the retrieved item is moved to the hands on the sheet. AC-3, REC-1: a Rally in a started
 * combat is the turn's Full action too; the sheet's Rally button asks for it before its ♥ test is
 * rolled, so the tracker lists no Rally button of its own (turn-actions.ts). CON-4: resisting terror
 * is a Standard action asked the same way from the sheet's Terrified chip before its ♥ test. AC-4, REC-6:
 * so is a Use of a healing item, asked from the sheet's gear row before the item is spent.
 */
export const TRACKER_TURN_ACTIONS = [
  "move",
  "manipulate",
  "step",
  "stand",
  "defend",
  "diveProne",
  "ready",
  "retrieve",
  "rally",
  "resistTerror",
  "use",
] as const;
export type TrackerTurnAction = (typeof TRACKER_TURN_ACTIONS)[number];
export const isTrackerTurnAction = (v: unknown): v is TrackerTurnAction =>
  TRACKER_TURN_ACTIONS.some((k) => k === v);

/** CD-7: the Standard or Full actions an Act must have paid for; Minor and free actions need no speed. */
function speedNeeded(action: ActionKey, speed: number | undefined): number | null {
  if (action === "defend" || action === "use" || action === "resistTerror") return SIMPLE_ACTION_SPEED;
  if (action === "twoWeaponFighting" || action === "retrieve" || action === "rally") return FULL_ACTION_SPEED;
  if (action === "attack" || action === "charge" || action === "specialAttack" || action === "cast")
    return speed ?? null;
  return null;
}

/**
 * Why a turn action is refused: the rules' own reason, not in this combatant's turn, a die too low, a
 * 2WF split that leaves an attack without a pip, or no second 2WF attack waiting for that weapon.
 */
export type TurnActionRefusal =
  | ActionRefusal
  | "notInTurn"
  | "actionTooSlow"
  | "twoWeaponSplit"
  | "noSecondWeaponAttack"
  | "springAttackUsed";

/**
 * CB-4, CD-20: whether the combatant is in its turn now: the current Spades turn, or in countdown mode
 * its Act just made (the last Act, before the next call).
 */
export function inTurn(state: RoundState, id: string): boolean {
  if (state.mode === "spades") return state.current === id;
  const cd = state.countdown;
  return cd !== null && cd.current === null && cd.lastActor === id;
}

/**
 * AC-3, EQ-14: a two-weapon action as its first attack declares it: whether the attacker is a Fighter
 * or Rogue holding a legal pair (checked from its items on the GM's client), the pips the first attack
 * takes, and the weapon item of the second attack.
 */
export interface TwoWeaponStart {
  readonly pair: boolean;
  readonly firstShare: number;
  readonly secondItemId: string;
}

/**
 * What else the check reads: the action's CD-7 speed (attacks, casts), KN-2 Spring Attack, and for 2WF
 * the declaration and the offensive pips the combatant's revealed domino gives now (ST-2, ST-6).
 */
export interface TurnActionOptions {
  readonly speed?: number;
  readonly springAttack?: boolean;
  /** OPT-1, OPT-2: the Spades actions this turn has lost (lacksMinorNow, lacksStandardNow). */
  readonly lost?: readonly BudgetedKind[];
  readonly twoWeapon?: TwoWeaponStart;
  readonly offense?: number;
}

/** AC-3: the record after a 2WF's first attack: the second attack waits with the rest of the pips. */
function withSecondAttack(
  record: TurnRecord,
  options: TurnActionOptions,
): { ok: true; record: TurnRecord } | { ok: false; code: TurnActionRefusal } {
  const start = options.twoWeapon;
  const split = start ? twoWeaponSplit(options.offense ?? 0, start.firstShare) : null;
  if (!start || !split) return { ok: false, code: "twoWeaponSplit" };
  return { ok: true, record: { ...record, twoWeapon: { itemId: start.secondItemId, pips: split[1] } } };
}

/**
 * AC-1..AC-6, ST-4, CD-7, CD-20: record `action` in the combatant's turn, or say why it may not be
 * taken now. In countdown mode the Act's paid value must reach a Standard or Full action's speed.
 */
export function takeTurnAction(
  state: RoundState,
  c: CombatantRound,
  f: CombatantFacts,
  action: ActionKey,
  options: TurnActionOptions = {},
): { ok: true; record: TurnRecord } | { ok: false; code: TurnActionRefusal } {
  if (!inTurn(state, c.id)) return { ok: false, code: "notInTurn" };
  // AC-5: a movement taken from a button after a drag is the movement that drag made, not another one.
  const record = absorbDrag(c.turn ?? EMPTY_TURN, action);
  const refusal = actionRefusal(action, {
    conditions: f.conditions,
    stance: c.stance,
    taken: record.actions,
    mode: state.mode,
    // KN-2: Spring Attack used this turn (recorded by useSpringAttack) or named by the caller.
    springAttack: options.springAttack ?? record.springAttack === true,
    raging: f.stanceContext?.raging,
    twoWeaponPair: options.twoWeapon?.pair,
    offense: options.offense,
    lost: options.lost,
    // CD-7: Use and Defend (3) are the cheapest Standard actions; a lower paid value buys one Minor.
    minorOnly: record.paid !== null && record.paid < SIMPLE_ACTION_SPEED,
    handFree: f.handFree,
  });
  if (refusal) return { ok: false, code: refusal };
  const speed = speedNeeded(action, options.speed);
  if (record.paid !== null && speed !== null && record.paid < speed)
    return { ok: false, code: "actionTooSlow" };
  if (record.actions.length >= MAX_TURN_ACTIONS) return { ok: false, code: "budget" };
  const taken = { ...record, actions: [...record.actions, action] };
  return action === "twoWeaponFighting" ? withSecondAttack(taken, options) : { ok: true, record: taken };
}

/** AC-4, AC-5, AC-6: the actions that move the creature, which a drag of its token may stand for. */
const MOVEMENTS: readonly ActionKey[] = ["move", "step", "charge"];

/**
 * AC-5: a Move, step or Charge taken from a button or an attack after a drag of the token that was
 * counted as a Move of its own: the drag's Move is taken out again, and the drag is matched to this
 * action instead (a player who drags and then names the movement moved once).
 */
function absorbDrag(record: TurnRecord, action: ActionKey): TurnRecord {
  const dragged = record.dragged ?? 0;
  const at = record.actions.lastIndexOf("move");
  if (dragged === 0 || at < 0 || !MOVEMENTS.includes(action)) return record;
  return {
    ...record,
    actions: record.actions.filter((_, i) => i !== at),
    dragged: dragged - 1,
    matched: (record.matched ?? 0) + 1,
  };
}

/**
 * AC-5, CD-20: a drag of the token in the combatant's own turn. It is the movement a button or an
 * attack already took this turn (a Move, step or Charge no drag was counted as yet) or, when there is
 * none, a Move of its own, checked against the turn's budget like the tracker's Move. `counted` says
 * whether a Move was added.
 */
export function takeDraggedMove(
  state: RoundState,
  c: CombatantRound,
  f: CombatantFacts,
  options: Pick<TurnActionOptions, "lost"> = {},
): { ok: true; record: TurnRecord; counted: boolean } | { ok: false; code: TurnActionRefusal } {
  if (!inTurn(state, c.id)) return { ok: false, code: "notInTurn" };
  const record = c.turn ?? EMPTY_TURN;
  const dragged = record.dragged ?? 0;
  const matched = record.matched ?? 0;
  const movements = record.actions.filter((a) => MOVEMENTS.includes(a)).length;
  if (movements - dragged - matched > 0)
    return { ok: true, record: { ...record, matched: matched + 1 }, counted: false };
  // The drag is a Move of its own: checked on the record as it stands, never absorbed into itself.
  const r = takeTurnAction(state, { ...c, turn: { ...record, dragged: 0 } }, f, "move", options);
  if (!r.ok) return r;
  return { ok: true, record: { ...r.record, dragged: dragged + 1 }, counted: true };
}

/**
 * KN-2 Spring Attack: declared during the combatant's own turn (its Spades turn, or right after its
 * countdown Act, CD-20), once per turn: the record keeps it, so one Move of the turn is the extra
 * Minor action that counts against no budget (rules/actions.ts withoutExtraMove).
 */
export function useSpringAttack(
  state: RoundState,
  c: CombatantRound,
): { ok: true; record: TurnRecord } | { ok: false; code: TurnActionRefusal } {
  if (!inTurn(state, c.id)) return { ok: false, code: "notInTurn" };
  const record = c.turn ?? EMPTY_TURN;
  if (record.springAttack) return { ok: false, code: "springAttackUsed" };
  return { ok: true, record: { ...record, springAttack: true } };
}

/**
 * AC-3: the second attack of the turn's two-weapon action, with `itemId`: its pips (the rest of the
 * split), and the record with it made. Only in the combatant's own turn, only once, only with the
 * weapon the first attack named; it is part of the Full action already recorded, so no budget is spent.
 */
export function takeSecondWeaponAttack(
  state: RoundState,
  c: CombatantRound,
  itemId: string,
): { ok: true; pips: number; record: TurnRecord } | { ok: false; code: TurnActionRefusal } {
  if (!inTurn(state, c.id)) return { ok: false, code: "notInTurn" };
  const record = c.turn ?? EMPTY_TURN;
  const second = record.twoWeapon;
  if (!second || second.itemId !== itemId) return { ok: false, code: "noSecondWeaponAttack" };
  // The waiting attack is made; the rest of the record (Spring Attack, drags) stays as it was.
  return { ok: true, pips: second.pips, record: { ...record, twoWeapon: undefined } };
}

/**
 * AC-1, CD-20: the records after a round transition: every record clears at a new round; in Spades
 * mode the combatant whose turn begins starts a fresh one; in countdown mode each Act starts a fresh
 * one holding what it paid (CD-7).
 */
export function recordsAfter(
  before: RoundState,
  after: RoundState,
  combatants: readonly CombatantRound[],
  events: readonly CountdownEvent[],
): readonly CombatantRound[] {
  const fresh = new Map<string, TurnRecord>();
  if (after.round !== before.round) for (const c of combatants) fresh.set(c.id, EMPTY_TURN);
  if (after.mode === "spades" && after.current !== null && after.current !== before.current)
    fresh.set(after.current, EMPTY_TURN);
  for (const e of events) if (e.type === "acted") fresh.set(e.id, { actions: [], paid: e.value });
  if (fresh.size === 0) return combatants;
  return combatants.map((c) => (fresh.has(c.id) ? { ...c, turn: fresh.get(c.id) } : c));
}
