/**
 * §25 Optional rules: OPT-1 margin special results (setting `marginSpecialResults`). Each full 5 points
 * of margin (AT-7) buys either the default +1 damage or one special result; this module says what each
 * result does, as data the attack card and the GM's client read.
 */
import type { Condition, Suit } from "./vocabulary";

/** OPT-1: the special results, in the table's order. */
export const MARGIN_SPECIALS = [
  "extraDamage",
  "disarm",
  "loseAction",
  "stun",
  "breakWeapon",
  "expose",
  "knockDown",
  "push",
  "reduceDefence",
  "hamstring",
] as const;
export type MarginSpecial = (typeof MARGIN_SPECIALS)[number];

/**
 * OPT-1: how long a result's condition or modifier lasts. "Until its next turn" is until the start of
 * the target's next turn; "until the end of its next turn" follows CB-4; Prone lasts until it stands.
 */
export type MarginDuration = "endOfNextTurn" | "startOfNextTurn" | "thisRound" | "indefinite";

/** OPT-1: what one bought result does. */
export type MarginEffect =
  /** Added at DMG-1, like the margin bonus it replaces. */
  | { readonly kind: "damage"; readonly bonus: number }
  /** The target saves with this suit or takes the condition. */
  | {
      readonly kind: "save";
      readonly suit: Suit;
      readonly condition: Condition;
      readonly duration: MarginDuration;
    }
  /** The target takes the condition with no save. */
  | { readonly kind: "condition"; readonly condition: Condition; readonly duration: MarginDuration }
  /** A modifier on the target's defence (its own) or on the next attack against it. */
  | {
      readonly kind: "modifier";
      readonly applies: "defence" | "nextAttack";
      readonly amount: number;
      readonly duration: MarginDuration;
    }
  /** Countdown: Burn this many; Spades: the target loses its Minor action next turn. */
  | { readonly kind: "loseAction"; readonly burn: number }
  /** SP-2: the Disarm contest is resolved. */
  | { readonly kind: "contest"; readonly special: "disarm" }
  /** The target moves this many squares out of the attacker's reach. */
  | { readonly kind: "push"; readonly squares: number }
  /** Adjudicated at the table. */
  | { readonly kind: "gm" };

/** OPT-1: the table of results as data. */
export const MARGIN_EFFECTS: Readonly<Record<MarginSpecial, MarginEffect>> = {
  extraDamage: { kind: "damage", bonus: 2 },
  disarm: { kind: "contest", special: "disarm" },
  loseAction: { kind: "loseAction", burn: 1 },
  stun: { kind: "save", suit: "hearts", condition: "stunned", duration: "endOfNextTurn" },
  breakWeapon: { kind: "gm" },
  expose: { kind: "modifier", applies: "nextAttack", amount: 2, duration: "thisRound" },
  knockDown: { kind: "save", suit: "spades", condition: "prone", duration: "indefinite" },
  push: { kind: "push", squares: 1 },
  reduceDefence: { kind: "modifier", applies: "defence", amount: -2, duration: "startOfNextTurn" },
  hamstring: { kind: "condition", condition: "slowed", duration: "endOfNextTurn" },
};

export const isMarginSpecial = (value: unknown): value is MarginSpecial =>
  typeof value === "string" && (MARGIN_SPECIALS as readonly string[]).includes(value);

/** Why a set of bought results is refused. */
export type MarginChoiceProblem = "unknownSpecial" | "tooManySpecials";

/** OPT-1: at most one result per full 5 points of margin (the margin bonus), each a known result. */
export function marginChoiceProblem(
  choices: readonly unknown[],
  marginBonus: number,
): MarginChoiceProblem | null {
  if (!choices.every(isMarginSpecial)) return "unknownSpecial";
  if (choices.length > Math.max(0, marginBonus)) return "tooManySpecials";
  return null;
}

/** OPT-1, DMG-1: the margin's damage: +1 for each point not spent, plus each bought "+2 damage". */
export function marginDamage(marginBonus: number, choices: readonly MarginSpecial[]): number {
  const kept = Math.max(0, marginBonus - choices.length);
  const bought = choices.reduce((sum, c) => {
    const effect = MARGIN_EFFECTS[c];
    return sum + (effect.kind === "damage" ? effect.bonus : 0);
  }, 0);
  return kept + bought;
}
