/**
 * §14 Threatened and conditions (CON-1..CON-5): the implication table, its closure, Threatened
 * detection from grid squares, and condition durations as plain data.
 */
import { CONDITIONS, type Condition, type DegreeOfSuccess } from "./vocabulary";

/** CON-4: the conditions each condition brings with it (its "Implies" column). */
export const CONDITION_IMPLIES: Readonly<Record<Condition, readonly Condition[]>> = {
  anchored: [],
  blind: ["slowed", "threatened"],
  visuallyImpaired: [],
  defenseless: [],
  entangled: ["hampered"],
  shaken: ["threatened"],
  terrified: ["stunned"],
  grappling: ["entangled"],
  grappled: ["entangled", "threatened"],
  pinned: ["grappled", "helpless"],
  hampered: ["slowed"],
  helpless: ["defenseless"],
  slowed: [],
  prone: ["threatened"],
  stunned: ["threatened"],
  threatened: [],
  unconscious: ["helpless", "prone"],
  paralysed: ["helpless"],
  comatose: ["unconscious"],
  deafened: [],
  dead: [],
};

/** A closed condition set: every implied condition is present (the only form rules read). */
export type ConditionSet = ReadonlySet<Condition>;

/** CON-4: the transitive closure of a list of conditions; rules always read this closed set. */
export function closeConditions(conditions: Iterable<Condition>): ConditionSet {
  const closed = new Set<Condition>();
  const pending = [...conditions];
  while (pending.length > 0) {
    const next = pending.pop() as Condition;
    if (closed.has(next)) continue;
    closed.add(next);
    pending.push(...CONDITION_IMPLIES[next]);
  }
  return closed;
}

/** CON-4: the closed set as a list in the CONDITIONS order, for storage and display. */
export function closedConditionList(conditions: Iterable<Condition>): Condition[] {
  const closed = closeConditions(conditions);
  return CONDITIONS.filter((c) => closed.has(c));
}

/**
 * CON-4, ST-6: a creature's closed conditions once an effect's status ids are gained: those it holds
 * (as last prepared) with the gained ones that are conditions. The gained ones count even when the
 * creature was not prepared with them yet, so whether it was does not decide a forced stance.
 */
export function conditionsAfterGain(held: Iterable<Condition>, gained: ReadonlySet<string>): Condition[] {
  return closedConditionList([...held, ...CONDITIONS.filter((c) => gained.has(c))]);
}

/**
 * CON-4, ST-6: a creature's closed conditions before an effect's status ids were gained: its other
 * statuses and what its state imposes (gear, drain), closed. The conditions the gained ones imply are
 * not held before unless something else gives them, so a Terrified creature becomes Stunned and a
 * Pinned one Helpless. `prepared` is its closed set as last prepared (with or without the gained ones);
 * `statuses` its status ids. A condition also given by another effect counts as gained again.
 */
export function conditionsBeforeGain(
  prepared: Iterable<Condition>,
  statuses: ReadonlySet<string>,
  gained: ReadonlySet<string>,
): Condition[] {
  const applied = CONDITIONS.filter((c) => statuses.has(c));
  const fromStatuses = closeConditions([...applied, ...CONDITIONS.filter((c) => gained.has(c))]);
  const imposed = [...prepared].filter((c) => !fromStatuses.has(c));
  return closedConditionList([...applied.filter((c) => !gained.has(c)), ...imposed]);
}

/** A square of the scene grid, in grid units (MV-2). */
export interface GridSquare {
  readonly x: number;
  readonly y: number;
}

/** An enemy as CON-1 sees it: where it stands, whether it can strike in melee, and how far. */
export interface ThreatSource {
  readonly square: GridSquare;
  /** Able to make a melee attack now (armed, or with natural weapons or fists). */
  readonly meleeCapable: boolean;
  /** Melee reach in squares: 1, or 2 with a reach weapon (EQ-3). */
  readonly reach: number;
}

/** The creature whose threat is in question. */
export interface ThreatTarget {
  readonly square: GridSquare;
  /** Wields a melee weapon; natural weapons count, unarmed strikes do not (CON-1 case 1). */
  readonly wieldsMeleeWeapon: boolean;
  readonly conditions: Iterable<Condition>;
}

/** Grid distance between two squares; the scene grid's rules decide it (MV-2). */
export type GridDistance = (a: GridSquare, b: GridSquare) => number;

/**
 * MV-2 [design]: the default measure counts a diagonal as one square, as Foundry's default
 * square-grid rule does; callers with another diagonal rule pass their own.
 */
export const chebyshevDistance: GridDistance = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** CON-1: the melee-capable enemies that have the target within their reach. */
export function reachingEnemies(
  target: GridSquare,
  enemies: readonly ThreatSource[],
  distance: GridDistance,
): ThreatSource[] {
  return enemies.filter((e) => e.meleeCapable && distance(e.square, target) <= e.reach);
}

/**
 * CON-1 [design]: two enemies are on opposite sides when the signs of their offsets from the
 * creature are negated on both axes. An enemy on the creature's own square has no side.
 */
export function areOpposite(centre: GridSquare, a: GridSquare, b: GridSquare): boolean {
  const ax = Math.sign(a.x - centre.x);
  const ay = Math.sign(a.y - centre.y);
  const bx = Math.sign(b.x - centre.x);
  const by = Math.sign(b.y - centre.y);
  if ((ax === 0 && ay === 0) || (bx === 0 && by === 0)) return false;
  return ax === -bx && ay === -by;
}

/** CON-1 case 2: flanked means two melee-capable enemies reach the creature from opposite sides. */
export function isFlanked(
  target: GridSquare,
  enemies: readonly ThreatSource[],
  distance: GridDistance = chebyshevDistance,
): boolean {
  const reaching = reachingEnemies(target, enemies, distance);
  for (let i = 0; i < reaching.length; i++) {
    for (let j = i + 1; j < reaching.length; j++) {
      if (areOpposite(target, reaching[i].square, reaching[j].square)) return true;
    }
  }
  return false;
}

/**
 * CON-1, AC-2 [design]: whether a creature's conditions leave it able to make a melee attack. Stunned
 * (and Terrified, which implies it) allows only a single Move; Helpless (Unconscious, Paralysed,
 * Pinned, Comatose) allows mental actions only; the Dead do nothing. Hampered, Grappled, Prone and the
 * rest still allow an attack, so such an enemy still threatens.
 */
export function canMakeMeleeAttack(conditions: Iterable<Condition>): boolean {
  const closed = closeConditions(conditions);
  return !closed.has("stunned") && !closed.has("helpless") && !closed.has("dead");
}

/** Which CON-1 case makes a creature Threatened, or null when none does. */
export type ThreatCause = "condition" | "unarmedInReach" | "flanked";

/** CON-1, CON-3: why the creature is Threatened (cases 3, 1, 2 in that order), or null. */
export function threatCause(
  target: ThreatTarget,
  enemies: readonly ThreatSource[],
  distance: GridDistance = chebyshevDistance,
): ThreatCause | null {
  if (closeConditions(target.conditions).has("threatened")) return "condition";
  if (!target.wieldsMeleeWeapon) {
    return reachingEnemies(target.square, enemies, distance).length > 0 ? "unarmedInReach" : null;
  }
  return isFlanked(target.square, enemies, distance) ? "flanked" : null;
}

/** CON-1: whether the creature is Threatened. */
export function isThreatened(
  target: ThreatTarget,
  enemies: readonly ThreatSource[],
  distance: GridDistance = chebyshevDistance,
): boolean {
  return threatCause(target, enemies, distance) !== null;
}

/** CON-5: how long an applied condition lasts. */
export type ConditionDuration =
  | { readonly kind: "rounds"; readonly rounds: number }
  /** CB-4: `turnEnds` is how many of the owner's turn ends must pass (2 when applied in its own turn). */
  | { readonly kind: "endOfNextTurn"; readonly turnEnds: number }
  | { readonly kind: "startOfNextTurn" }
  | { readonly kind: "endOfEncounter" }
  | { readonly kind: "untilHealed" }
  | { readonly kind: "indefinite" };

/** CON-5: one condition applied directly (implied conditions are never stored; the closure adds them). */
export interface AppliedCondition {
  readonly condition: Condition;
  /** Who or what applied it (an actor, item or effect id), for display and removal. */
  readonly source: string;
  readonly duration: ConditionDuration;
}

/**
 * CB-4: "until the end of your next turn"; applied during the owner's own turn, the current
 * turn's end does not count, so it lasts to the end of the following one.
 */
export function untilEndOfNextTurn(appliedDuringOwnTurn: boolean): ConditionDuration {
  return { kind: "endOfNextTurn", turnEnds: appliedDuringOwnTurn ? 2 : 1 };
}

/** The moments at which durations run out. Turn events are the owner's own turn (CB-4). */
export type DurationEvent = "turnStart" | "turnEnd" | "roundEnd" | "encounterEnd" | "healed";

/** CON-5, CB-4, CB-5: the duration left after an event, or null when the condition ends. */
export function advanceDuration(duration: ConditionDuration, event: DurationEvent): ConditionDuration | null {
  switch (duration.kind) {
    case "rounds":
      if (event === "encounterEnd") return null;
      if (event !== "roundEnd") return duration;
      return duration.rounds > 1 ? { kind: "rounds", rounds: duration.rounds - 1 } : null;
    case "endOfNextTurn":
      if (event === "encounterEnd") return null;
      if (event !== "turnEnd") return duration;
      return duration.turnEnds > 1 ? { kind: "endOfNextTurn", turnEnds: duration.turnEnds - 1 } : null;
    case "startOfNextTurn":
      return event === "turnStart" || event === "encounterEnd" ? null : duration;
    case "endOfEncounter":
      return event === "encounterEnd" ? null : duration;
    case "untilHealed":
      return event === "healed" ? null : duration;
    case "indefinite":
      return duration;
  }
}

/** CON-5: the applied conditions that remain after an event, and those that ended. */
export function advanceConditions(
  applied: readonly AppliedCondition[],
  event: DurationEvent,
): { kept: AppliedCondition[]; ended: AppliedCondition[] } {
  const kept: AppliedCondition[] = [];
  const ended: AppliedCondition[] = [];
  for (const a of applied) {
    const next = advanceDuration(a.duration, event);
    if (next === null) ended.push(a);
    else kept.push(next === a.duration ? a : { ...a, duration: next });
  }
  return { kept, ended };
}

/** CON-4, CON-5: the closed set of conditions a creature has from what was applied to it. */
export function activeConditions(applied: readonly AppliedCondition[]): ConditionSet {
  return closeConditions(applied.map((a) => a.condition));
}

/**
 * CON-4 [design]: a Terrified creature's resist, its ♥ test at S or better, turns the terror into
 * Shaken for what the Terrified had left (RULES.md gives Shaken no duration of its own); a terror set
 * by hand with no record lasts as long as it would have: until removed. Null when the terror holds.
 */
export function terrorResisted(
  applied: readonly AppliedCondition[],
  dos: DegreeOfSuccess,
): AppliedCondition | null {
  if (dos !== "S" && dos !== "CS") return null;
  const terror = applied.find((a) => a.condition === "terrified");
  return {
    condition: "shaken",
    source: terror?.source ?? "",
    duration: terror?.duration ?? { kind: "indefinite" },
  };
}
