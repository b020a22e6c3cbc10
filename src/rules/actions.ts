/**
 * §10 Actions (AC-1..AC-6): the action catalogue, the turn budget conditions leave, and whether an
 * action may be taken now.
 */
import { closeConditions } from "./conditions";
import type { InitiativeMode } from "./initiative";
import type { Condition, Stance } from "./vocabulary";

/** AC-1: the kinds of action, largest first. */
export const ACTION_KINDS = ["full", "standard", "minor", "free"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
/** The kinds a turn budget counts (free actions are allowed within reason). */
export type BudgetedKind = Exclude<ActionKind, "free">;

/** AC-3..AC-6: the action catalogue; `mental` marks what a Helpless creature may still do (AC-2). */
export const ACTIONS = {
  twoWeaponFighting: { kind: "full", mental: false },
  ready: { kind: "full", mental: false },
  retrieve: { kind: "full", mental: false },
  rally: { kind: "full", mental: false },
  attack: { kind: "standard", mental: false },
  charge: { kind: "standard", mental: false },
  specialAttack: { kind: "standard", mental: false },
  cast: { kind: "standard", mental: false },
  defend: { kind: "standard", mental: false },
  use: { kind: "standard", mental: false },
  resistTerror: { kind: "standard", mental: false },
  move: { kind: "minor", mental: false },
  manipulate: { kind: "minor", mental: false },
  shiftStance: { kind: "minor", mental: false },
  stand: { kind: "minor", mental: false },
  diveProne: { kind: "free", mental: false },
  dropItem: { kind: "free", mental: false },
  changeGrip: { kind: "free", mental: false },
  drawItem: { kind: "free", mental: false },
  speak: { kind: "free", mental: true },
  step: { kind: "free", mental: false },
} as const satisfies Record<string, { kind: ActionKind; mental: boolean }>;
export type ActionKey = keyof typeof ACTIONS;
export const ACTION_KEYS = Object.keys(ACTIONS) as ActionKey[];

/** AC-1: an action's kind. */
export function actionKind(action: ActionKey): ActionKind {
  return ACTIONS[action].kind;
}

/** AC-1, AC-2: what a turn may hold. */
export interface TurnBudget {
  /** The largest multisets of budgeted kinds one turn may hold; any sub-multiset fits too. */
  readonly plans: readonly (readonly BudgetedKind[])[];
  /** When not null, the only actions allowed at all, free ones included. */
  readonly only: readonly ActionKey[] | null;
}

/** AC-1: a Full action, or Standard + Minor, or two Minors (a Full converts down, a Standard into a Minor). */
const NORMAL_PLANS: readonly (readonly BudgetedKind[])[] = [
  ["full"],
  ["standard", "minor"],
  ["minor", "minor"],
];

/**
 * AC-2: the turn budget under a creature's conditions, the strictest applying. [design] A Stunned
 * creature may still speak; a Helpless one may only speak (the only mental action in the catalogue).
 */
export function turnBudget(conditions: Iterable<Condition>): TurnBudget {
  const c = closeConditions(conditions);
  if (c.has("unconscious") || c.has("dead")) return { plans: [], only: [] };
  if (c.has("helpless")) return { plans: [], only: ACTION_KEYS.filter((a) => ACTIONS[a].mental) };
  // CON-4 [design]: a Terrified creature (Stunned by it) may resist as a Standard action in place of
  // its single Move; the resist is the one exception to AC-2's "no other proactive action" (decisions.md).
  if (c.has("terrified"))
    return { plans: [["minor"], ["standard"]], only: ["move", "speak", "resistTerror"] };
  if (c.has("stunned")) return { plans: [["minor"]], only: ["move", "speak"] };
  if (c.has("hampered")) return { plans: [["standard"], ["minor"]], only: null };
  return { plans: NORMAL_PLANS, only: null };
}

/** AC-1: whether these budgeted kinds fit together in one turn of the budget. */
export function fitsBudget(budget: TurnBudget, kinds: readonly BudgetedKind[]): boolean {
  return budget.plans.some((plan) => {
    const left = [...plan];
    return kinds.every((k) => {
      const i = left.indexOf(k);
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  });
}

/** KN-2 Spring Attack: one Move of the turn is the extra one and counts against no budget. */
function withoutExtraMove(actions: ActionKey[], springAttack: boolean): ActionKey[] {
  const i = springAttack ? actions.indexOf("move") : -1;
  return i < 0 ? actions : actions.filter((_, j) => j !== i);
}

function budgeted(actions: readonly ActionKey[]): BudgetedKind[] {
  return actions.map(actionKind).filter((k): k is BudgetedKind => k !== "free");
}

/** Why an action is refused. */
export type ActionRefusal =
  | "condition" // AC-2 forbids this action
  | "budget" // AC-1: no room left this turn
  | "guardedMustDefend" // ST-4: the Standard action must be Defend
  | "chargeNeedsReckless" // AC-4
  | "chargeWhileSlowed" // AC-4, CON-4
  | "chargeWhileInjured" // INJ-8 leg Fracture, SW-7 Leg crippled
  | "anchored" // CON-4: no Move, Charge or step
  | "chargeAndMove" // AC-4: the Charge is the turn's movement
  | "stepAndMove" // AC-6: a step only in a turn with no Move and no Charge
  | "secondStep" // AC-6: one step per turn
  | "readyNeedsCautious" // AC-3
  | "readyInCountdown" // AC-3: countdown mode uses Held actions (CD-13)
  | "retrieveNeedsHand" // AC-3: Retrieve takes the item into an empty hand
  | "twoWeaponNotAllowed" // AC-3, EQ-14: Fighter or Rogue with a legal pair
  | "twoWeaponPips" // AC-3: 2WF needs at least 2 offensive pips
  | "notProne" // AC-5: Stand rises from Prone
  | "notTerrified" // CON-4: only a Terrified creature resists terror
  | "raging"; // KN-2: no Ready and no Cast while raging

/** The state of the turn an action is checked against. */
export interface TurnState {
  readonly conditions: Iterable<Condition>;
  readonly stance: Stance | null;
  /** Actions already taken this turn, in order. */
  readonly taken: readonly ActionKey[];
  readonly mode?: InitiativeMode;
  /** For 2WF: a Fighter or Rogue holding a legal pair (EQ-14). */
  readonly twoWeaponPair?: boolean;
  /** For 2WF: the current offensive pips (ST-2, ST-6). */
  readonly offense?: number;
  /** Raging (KN-2): no Ready and no Cast. */
  readonly raging?: boolean;
  /** Spring Attack spent this turn (KN-2): one extra Move (Minor). */
  readonly springAttack?: boolean;
  /** OPT-1 "Lose an action" (a Minor), OPT-2 Scary (a Standard): the actions this turn has lost. */
  readonly lost?: readonly BudgetedKind[];
  /** INJ-8, SW-7: an injury or wound that forbids the Charge while it lasts. */
  readonly noCharge?: boolean;
  /** CD-7: the Act was paid below every Standard action's speed, so it bought one Minor action only. */
  readonly minorOnly?: boolean;
  /** AC-3 Retrieve: whether one of the creature's hands is empty (EQ-1); unknown when absent. */
  readonly handFree?: boolean;
}

const MOVEMENT: readonly ActionKey[] = ["move", "charge"];

/** AC-1..AC-6, ST-4: why this action may not be taken now, or null when it may. */
export function actionRefusal(action: ActionKey, turn: TurnState): ActionRefusal | null {
  const c = closeConditions(turn.conditions);
  const budget = turn.minorOnly ? oneMinorOf(turnBudget(c)) : turnBudget(c);
  if (budget.only !== null && !budget.only.includes(action)) return "condition";

  const specific = specificRefusal(action, turn, c);
  if (specific) return specific;

  // OPT-1, OPT-2: a lost action fills its slot as if taken (a lost Minor leaves the Standard, which
  // converts into a Minor; a lost Standard leaves the Minor).
  const kinds = [
    ...(turn.lost ?? []),
    ...budgeted(
      withoutExtraMove([...turn.taken, action], turn.springAttack === true && budget.only === null),
    ),
  ];
  if (actionKind(action) !== "free" && !fitsBudget(budget, kinds)) return "budget";
  // ST-4: while Guarded and Defend not yet taken, a Standard slot stays reserved for it (none was bought
  // by an Act that paid for a Minor only, CD-7).
  const defendPending =
    turn.stance === "guarded" && !turn.minorOnly && !turn.taken.includes("defend") && action !== "defend";
  if (defendPending && actionKind(action) !== "free" && !fitsBudget(budget, [...kinds, "standard"])) {
    return "guardedMustDefend";
  }
  return null;
}

/** CD-7: what is left of a budget when the Act paid for one Minor action only. */
function oneMinorOf(budget: TurnBudget): TurnBudget {
  return { ...budget, plans: budget.plans.length > 0 ? [["minor"]] : [] };
}

function specificRefusal(
  action: ActionKey,
  turn: TurnState,
  c: ReadonlySet<Condition>,
): ActionRefusal | null {
  const moved = turn.taken.some((a) => MOVEMENT.includes(a));
  const stepped = turn.taken.includes("step");
  switch (action) {
    case "charge":
      if (c.has("anchored")) return "anchored";
      if (turn.stance !== "reckless") return "chargeNeedsReckless";
      if (c.has("slowed")) return "chargeWhileSlowed";
      if (turn.noCharge) return "chargeWhileInjured";
      if (moved) return "chargeAndMove";
      if (stepped) return "stepAndMove";
      return null;
    case "move":
      if (c.has("anchored")) return "anchored";
      if (turn.taken.includes("charge")) return "chargeAndMove";
      if (stepped) return "stepAndMove";
      return null;
    case "step":
      if (c.has("anchored")) return "anchored";
      if (stepped) return "secondStep";
      if (moved) return "stepAndMove";
      return null;
    case "ready":
      if (turn.raging) return "raging";
      if (turn.mode === "countdown") return "readyInCountdown";
      return turn.stance === "cautious" ? null : "readyNeedsCautious";
    case "retrieve":
      return turn.handFree === false ? "retrieveNeedsHand" : null;
    case "twoWeaponFighting":
      if (!turn.twoWeaponPair) return "twoWeaponNotAllowed";
      return canTwoWeaponFight(turn.offense ?? 0) ? null : "twoWeaponPips";
    case "cast":
      return turn.raging ? "raging" : null;
    case "stand":
      return c.has("prone") ? null : "notProne";
    case "resistTerror":
      return c.has("terrified") ? null : "notTerrified";
    default:
      return null;
  }
}

/** AC-3 [design]: 2WF splits the offensive pips with at least 1 for each attack. */
export function canTwoWeaponFight(offense: number): boolean {
  return offense >= 2;
}

/**
 * AC-3: the pips of the two 2WF attacks when the first takes `firstShare`; the rest goes to the
 * second. Null when the split leaves either attack without a pip.
 */
export function twoWeaponSplit(offense: number, firstShare: number): [number, number] | null {
  if (!Number.isInteger(firstShare) || firstShare < 1 || offense - firstShare < 1) return null;
  return [firstShare, offense - firstShare];
}
