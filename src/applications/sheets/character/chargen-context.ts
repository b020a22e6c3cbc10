/**
 * The Suits tab's "Card generation" panel (GEN-1 to GEN-3) as a pure function of the stored cards,
 * the race modifiers and the world's method. Point buy shows the points spent and each card's cost;
 * the rolled methods show their roll (and quick draw's redraw) buttons. Every method shows the GEN-3
 * bounds after race, since they apply to all of them. It is derived from the stored cards, so the
 * re-render after a submit-on-change keeps it current.
 */
import {
  pointBuy,
  pointBuyCost,
  raceBoundsProblems,
  CREATION_MAX,
  CREATION_MIN,
  POINT_BUY_BUDGET,
  POINT_BUY_MAX,
  type CardProblem,
  type ChargenMethod,
} from "../../../rules/generation";
import type { CardSet } from "../../../rules/suits";
import { SECONDARY_CARD, SUITS, type PerSuit } from "../../../rules/vocabulary";
import { CHARGEN_DICE, isRolledMethod, isUnbuilt, redrawOffered } from "../../../dice/chargen";

export interface ChargenInput {
  method: ChargenMethod;
  /** SET-1 `pointBuyBase`. */
  base: number;
  /** The stored base cards (before race, SU-4). */
  cards: CardSet;
  /** RA-1: the race modifier of each suit, as the model prepared it. */
  race: PerSuit<number>;
  /** GEN-1 quick draw: the draw whose redraw is still allowed, held by the sheet. */
  redrawOf?: CardSet | null;
}

/** A warning line: its i18n key and the data it is formatted with (`card` is an i18n key too). */
export interface ChargenWarning {
  key: string;
  card?: string;
  value?: number;
  limit?: number;
}

/** One message per kind of problem, naming every card it concerns (not one line per card). */
export interface ChargenProblem {
  key: string;
  value?: number;
  limit?: number;
  cards: { cardKey: string; value: number }[];
}

/** GEN-1 to GEN-3: the warnings grouped by kind and limit, in the order they were found. */
export function groupedProblems(warnings: readonly ChargenWarning[]): ChargenProblem[] {
  const groups: ChargenProblem[] = [];
  for (const w of warnings) {
    const key = w.key.replace("ZILCH.Chargen.Problem.", "ZILCH.Chargen.Problems.");
    const group = w.card ? groups.find((g) => g.key === key && g.limit === w.limit) : undefined;
    const card = w.card && w.value !== undefined ? [{ cardKey: w.card, value: w.value }] : [];
    if (group) group.cards.push(...card);
    else groups.push({ key, value: w.card ? undefined : w.value, limit: w.limit, cards: card });
  }
  return groups;
}

const cardKeyOf = (p: CardProblem) => `ZILCH.Card.${p.card === "primary" ? p.suit : SECONDARY_CARD[p.suit]}`;

/** GEN-3: the cards out of bounds after race, as warning lines (the panel's, and "Ready to play"'s refusal). */
export function boundsWarnings(problems: readonly CardProblem[]): ChargenWarning[] {
  return problems.map((p) => ({
    key: p.value < CREATION_MIN ? "ZILCH.Chargen.Problem.belowMin" : "ZILCH.Chargen.Problem.aboveCreationMax",
    card: cardKeyOf(p),
    value: p.value,
    limit: p.value < CREATION_MIN ? CREATION_MIN : CREATION_MAX,
  }));
}

/** GEN-1 to GEN-3: the panel's context for the world's method. */
export function chargenContext(input: ChargenInput) {
  const { method, base, cards } = input;
  const bounds = boundsWarnings(raceBoundsProblems(cards, input.race));
  const common = {
    method,
    methodKey: `ZILCH.Chargen.Method.${method}`,
    hintKey: `ZILCH.Chargen.Hint.${method}`,
  };

  if (!isRolledMethod(method)) {
    const result = pointBuy(cards, base, POINT_BUY_BUDGET);
    const warnings: ChargenWarning[] = [];
    if (result.overBudget)
      warnings.push({ key: "ZILCH.Chargen.Problem.overBudget", value: result.cost, limit: POINT_BUY_BUDGET });
    for (const p of result.aboveMax)
      warnings.push({
        key: "ZILCH.Chargen.Problem.aboveMax",
        card: cardKeyOf(p),
        value: p.value,
        limit: POINT_BUY_MAX,
      });
    for (const p of result.belowBase)
      warnings.push({
        key: "ZILCH.Chargen.Problem.belowBase",
        card: cardKeyOf(p),
        value: p.value,
        limit: base,
      });
    // GEN-2: priced as `pointBuy` totals them (below the base: 0, with a warning), so the costs add up to `spent`.
    const costOf = (value: number) => (value < base ? 0 : pointBuyCost(base, Math.ceil(value)));
    const costs = SUITS.map((suit) => ({
      suit,
      primary: {
        cardKey: `ZILCH.Card.${suit}`,
        value: cards.primary[suit],
        cost: costOf(cards.primary[suit]),
      },
      secondary: {
        cardKey: `ZILCH.Card.${SECONDARY_CARD[suit]}`,
        value: cards.secondary[suit],
        cost: costOf(cards.secondary[suit]),
      },
    }));
    return {
      ...common,
      pointBuy: {
        spent: result.cost,
        budget: POINT_BUY_BUDGET,
        left: Math.max(0, POINT_BUY_BUDGET - result.cost),
        base,
        costs,
        valid: result.valid && bounds.length === 0,
        /** A fresh character holds the model's starting value, which a base of 5 or 6 is above. */
        startAtBase: isUnbuilt(cards) && cards.primary.clubs !== base,
      },
      rolled: null,
      warnings: [...warnings, ...bounds],
      problems: groupedProblems([...warnings, ...bounds]),
    };
  }

  const { count, faces } = CHARGEN_DICE[method];
  return {
    ...common,
    pointBuy: null,
    rolled: {
      formula: `${count}d${faces}`,
      /** Rolling over built cards asks first (the sheet shows a confirmation dialog). */
      confirm: !isUnbuilt(cards),
      redraw: method === "quickDraw" && redrawOffered(input.redrawOf ?? null, cards),
    },
    warnings: bounds,
    problems: groupedProblems(bounds),
  };
}
export type ChargenContext = ReturnType<typeof chargenContext>;
