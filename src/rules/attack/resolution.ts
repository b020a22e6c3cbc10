/**
 * §11 Attack resolution (AT-1..AT-7), with the shield (EQ-7, EQ-8) and cover (RNG-3) parts of the
 * defence. An attack is a comparison of totals, never a test (T-11).
 */
import { closeConditions } from "../conditions";
import { shieldBonus } from "../equipment";
import type { AimingPoint, Colour, Condition, ShieldKind } from "../vocabulary";

/** TL-6: what one Boon adds to an attack or a defence total. */
export const BOON_BONUS = 2;

/** AT-2: the attacker's side. `card` is eff(♣), or eff(♦) for a Cast (MAG-1). */
export interface AttackerSide {
  readonly card: number;
  /** Offensive pips after ST-6. */
  readonly offense: number;
  /** Fighter chips spent (CH-3). */
  readonly chips?: number;
  readonly boon?: boolean;
  /** Σ modifiers: Strength shortfall, range, visibility, injuries, Pressure and Effort, GM. */
  readonly modifier?: number;
}

/** AT-3, AT-4: the defender's side. */
export interface DefenderSide {
  /** eff(♠). */
  readonly spades: number;
  /** Defensive pips of its stance. */
  readonly defense: number;
  /** Rogue chips spent (CH-4). */
  readonly chips?: number;
  readonly boon?: boolean;
  readonly shield?: ShieldKind;
  /** Holds the Guarded stance (EQ-8: the shield's Guarded value). */
  readonly guarded?: boolean;
  /** Entangled, Grappling, Grappled or Pinned: no shield (EQ-8). */
  readonly entangled?: boolean;
  /** Helpless: no shield, and Defenseless (CON-4). */
  readonly helpless?: boolean;
  /** Cover bonus: 0, +1 light, +2 half, +4 heavy (RNG-3). */
  readonly cover?: number;
  /** Σ modifiers. */
  readonly modifier?: number;
  /** Defenseless (AT-4): a Reckless stance, surprise, Helpless… */
  readonly defenseless?: boolean;
  /** AT-4 detailed rule: the fixed value (`fixedDefence`). */
  readonly fixed?: number;
}

/** The world setting and the declaration facts that change the outcome. */
export interface AttackOptions {
  /** Setting `detailedDefenseless` (AT-4). */
  readonly detailedDefenseless?: boolean;
  /** Declared as a called shot (SW-3): it misses unless Red. */
  readonly calledShot?: boolean;
  /** An invisible target's named square was wrong (RNG-4): a miss. */
  readonly wrongSquare?: boolean;
}

/** AT-4: the target's movement since the start of its own most recent turn, for the detailed rule. */
export const DEFENSELESS_FIXED = {
  immobile: 0, // Paralysed, Helpless or Unconscious
  still: 1, // able to move its body, has not moved
  moved: 2,
  ran: 3,
  sprinted: 4,
} as const;
export type DefenselessMovement = keyof typeof DEFENSELESS_FIXED;

/** AT-4: the fixed value of a Defenseless target under the detailed rule. */
export function fixedDefence(movement: DefenselessMovement): number {
  return DEFENSELESS_FIXED[movement];
}

/** AT-4, CON-4: Helpless implies Defenseless. */
export function isDefenseless(defender: DefenderSide): boolean {
  return Boolean(defender.defenseless || defender.helpless);
}

/** EQ-7, EQ-8: the shield's part of the defence; nothing while Entangled, Helpless or Defenseless. */
export function defenderShieldBonus(defender: DefenderSide): number {
  const conditions: Condition[] = [];
  if (defender.entangled) conditions.push("entangled");
  if (isDefenseless(defender)) conditions.push("defenseless");
  return shieldBonus(defender.shield ?? "none", defender.guarded ? "guarded" : null, conditions);
}

/** AT-2: the attack total. */
export function attackTotal(attacker: AttackerSide): number {
  return (
    attacker.card +
    attacker.offense +
    (attacker.chips ?? 0) +
    (attacker.boon ? BOON_BONUS : 0) +
    (attacker.modifier ?? 0)
  );
}

/**
 * AT-3, AT-4: the defence total. A Defenseless target counts no pips, shield, chips or Boon: under
 * the basic rule its defence (for the margin only) is eff(♠) + cover + modifiers; under the detailed
 * rule it is the fixed value + cover + modifiers.
 */
export function defenceTotal(defender: DefenderSide, detailedDefenseless = false): number {
  const cover = defender.cover ?? 0;
  const modifier = defender.modifier ?? 0;
  if (isDefenseless(defender)) {
    if (!detailedDefenseless) return defender.spades + cover + modifier;
    if (defender.fixed === undefined) throw new RangeError("AT-4: the detailed rule needs the fixed value");
    return defender.fixed + cover + modifier;
  }
  return (
    defender.spades +
    defender.defense +
    (defender.chips ?? 0) +
    (defender.boon ? BOON_BONUS : 0) +
    defenderShieldBonus(defender) +
    cover +
    modifier
  );
}

/** AT-7: +1 damage per full 5 points of margin. */
export function marginBonus(margin: number): number {
  return Math.floor(Math.max(margin, 0) / 5);
}

/**
 * AT-7 [design]: the colour band of a margin. Every miss is White; an automatic hit with a negative
 * margin is Green.
 */
export function hitColour(margin: number, hit: boolean): Colour {
  if (!hit) return "white";
  if (margin <= 1) return "green";
  if (margin <= 3) return "yellow";
  if (margin === 4) return "orange";
  return "red";
}

/** AT-6: why an attack missed. */
export type MissReason = "defence" | "calledShotNotRed" | "wrongSquare";

/** AT-6, AT-7: a resolved attack. */
export interface AttackResult {
  readonly attack: number;
  readonly defense: number;
  readonly hit: boolean;
  /** Hit automatically (AT-4 basic rule). */
  readonly automatic: boolean;
  readonly margin: number;
  readonly marginBonus: number;
  readonly colour: Colour;
  readonly missReason: MissReason | null;
}

/** AT-2..AT-7: totals, hit, margin, margin bonus and colour of one attack. */
export function resolveAttack(
  attacker: AttackerSide,
  defender: DefenderSide,
  options: AttackOptions = {},
): AttackResult {
  const attack = attackTotal(attacker);
  const defense = defenceTotal(defender, options.detailedDefenseless);
  const margin = attack - defense;
  const automatic = isDefenseless(defender) && !options.detailedDefenseless;
  let missReason: MissReason | null = null;
  if (options.wrongSquare) missReason = "wrongSquare";
  else if (!automatic && margin < 0) missReason = "defence";
  else if (options.calledShot && hitColour(margin, true) !== "red") missReason = "calledShotNotRed";
  const hit = missReason === null;
  return {
    attack,
    defense,
    hit,
    automatic: hit && automatic,
    margin,
    marginBonus: hit ? marginBonus(margin) : 0,
    colour: hitColour(margin, hit),
    missReason,
  };
}

/** AT-1: the attack modes a declaration names. */
export const ATTACK_MODES = ["melee", "thrown", "launcher", "cast", "special"] as const;
export type AttackMode = (typeof ATTACK_MODES)[number];

/** AT-1: what the attacker declares besides weapon and target. */
export interface AttackDeclaration {
  readonly mode: AttackMode;
  /** Melee: the aiming point (default Chest, SW-2). Missile: the point of a called shot (SW-3). */
  readonly aim?: AimingPoint;
  readonly calledShot?: boolean;
  /** A knock-out attempt (SW-6). */
  readonly knockout?: boolean;
}

/** AT-1: what is wrong with a declaration. */
export type DeclarationProblem = "calledShotNeedsMissile" | "calledShotNeedsAim" | "knockoutNeedsMelee";

/** AT-1: the problems of a declaration (empty when it is sound). */
export function declarationProblems(d: AttackDeclaration): DeclarationProblem[] {
  const problems: DeclarationProblem[] = [];
  const missile = d.mode === "thrown" || d.mode === "launcher";
  if (d.calledShot && !missile) problems.push("calledShotNeedsMissile");
  if (d.calledShot && missile && d.aim === undefined) problems.push("calledShotNeedsAim");
  if (d.knockout && d.mode !== "melee") problems.push("knockoutNeedsMelee");
  return problems;
}

/**
 * AT-1, SW-2, SW-3: the point the attack aims at: a melee attack's named point or Chest, a called
 * shot's point; null when the location is rolled (ordinary missiles) or not used (Cast, Special).
 */
export function aimingPoint(d: AttackDeclaration): AimingPoint | null {
  if (d.mode === "melee") return d.aim ?? "chest";
  if ((d.mode === "thrown" || d.mode === "launcher") && d.calledShot) return d.aim ?? null;
  return null;
}

/** AT-1: why an attack may not be made; nothing is rolled or spent. */
export type AttackIllegal = "outOfRange" | "totalCover" | "incapacitated" | "aimNotAllowed";

/** AT-1: the facts an attack's legality turns on. */
export interface AttackLegality {
  /** The attacker's conditions. */
  readonly conditions: Iterable<Condition>;
  /** The target is within reach, or within range (RNG-2 gives a modifier, not "—"). */
  readonly inReachOrRange: boolean;
  /** The target is behind total cover (RNG-3). */
  readonly totalCover: boolean;
  /** SW-2: the melee aim is one the attacker can reach past a mount (`allowedAimingPoints`); true if unsaid. */
  readonly aimAllowed?: boolean;
}

/** AT-1: every reason the attack is illegal (empty when it may be made). */
export function attackIllegalReasons(l: AttackLegality): AttackIllegal[] {
  const reasons: AttackIllegal[] = [];
  if (!l.inReachOrRange) reasons.push("outOfRange");
  if (l.totalCover) reasons.push("totalCover");
  // Terrified brings Stunned, and Unconscious and Paralysed bring Helpless (CON-4).
  const c = closeConditions(l.conditions);
  if (c.has("stunned") || c.has("helpless")) reasons.push("incapacitated");
  if (l.aimAllowed === false) reasons.push("aimNotAllowed");
  return reasons;
}

/** AT-5: the resolution windows, in the order they run. */
export const ATTACK_WINDOWS = [
  "declaration", // AT-1; countdown reactions (CD-15), GW-4 reactions
  "reveal", // DOM-5: the target's domino, and an off-turn attacker's
  "totals", // AT-2, AT-3, shown to both sides
  "attacker", // Fighter chips and Boon (CH-7)
  "defender", // Rogue chips and Boon (CH-7)
  "decide", // AT-6, AT-7
] as const;
export type AttackWindow = (typeof ATTACK_WINDOWS)[number];

/** AT-5: the window after this one, or null after the decision. */
export function nextAttackWindow(window: AttackWindow): AttackWindow | null {
  return ATTACK_WINDOWS[ATTACK_WINDOWS.indexOf(window) + 1] ?? null;
}
