/**
 * Character generation from the sheet (GEN-1, GEN-3): the dice each rolled method needs, the eight
 * cards those dice give, the one actor update that writes them, and the chat card's lines, as pure
 * functions of the dice. The Foundry part (chargen-roll.ts) only rolls the formula, calls these and
 * posts; the tests feed the same functions plain dice.
 */
import {
  cardSetToList,
  cautiousRoll,
  cardSetFromList,
  QUICK_DRAW,
  quickDraw,
  recklessRoll,
  type ChargenMethod,
} from "../rules/generation";
import type { CardSet } from "../rules/suits";
import type { ChatLine } from "./chat-lines";
import { SECONDARY_CARD, SUITS, type PerSuit, type RollDie, type Suit } from "../rules/vocabulary";

/** GEN-1: the methods that roll or draw their cards; point buy is built by hand. */
export const ROLLED_METHODS = ["cautious", "reckless", "quickDraw"] as const;
export type RolledMethod = (typeof ROLLED_METHODS)[number];

export const isRolledMethod = (method: ChargenMethod): method is RolledMethod =>
  (ROLLED_METHODS as readonly string[]).includes(method);

/**
 * GEN-1: the dice of each method. Quick draw takes one card from the six cards (5–10) of each suit;
 * a d6 per suit picks that card with the same odds as a shuffled six-card deck.
 */
export const CHARGEN_DICE: Readonly<Record<RolledMethod, { count: number; faces: number }>> = {
  cautious: { count: 8, faces: 6 },
  reckless: { count: 16, faces: 6 },
  quickDraw: { count: SUITS.length, faces: QUICK_DRAW.standard.max - QUICK_DRAW.standard.min + 1 },
};

/** GEN-1: the Foundry `Roll` formula of a method, e.g. "16d6", so Dice So Nice shows every die. */
export function chargenFormula(method: RolledMethod): string {
  const { count, faces } = CHARGEN_DICE[method];
  return `${count}d${faces}`;
}

/** GEN-1 quick draw: the card each suit's die picks from the suit's 5–10 cards. */
export function quickDrawFromDice(dice: readonly number[]): PerSuit<number> {
  const { min } = QUICK_DRAW.standard;
  if (dice.length !== SUITS.length) throw new RangeError(`expected ${SUITS.length} dice, got ${dice.length}`);
  return {
    clubs: min - 1 + dice[0],
    spades: min - 1 + dice[1],
    diamonds: min - 1 + dice[2],
    hearts: min - 1 + dice[3],
  };
}

export interface ChargenResult {
  method: RolledMethod;
  dice: number[];
  cards: CardSet;
  /** GEN-1 quick draw: the four total 25 or less, so the player may redraw all four (once). */
  mayRedraw: boolean;
}

/** GEN-1: the eight cards a method's dice give (cautious: in the order rolled; reckless: two dice a card). */
export function cardsFromDice(method: RolledMethod, dice: readonly number[]): ChargenResult {
  switch (method) {
    case "cautious":
      return { method, dice: [...dice], cards: cardSetFromList(cautiousRoll(dice)), mayRedraw: false };
    case "reckless":
      return { method, dice: [...dice], cards: recklessRoll(dice), mayRedraw: false };
    case "quickDraw": {
      const { cards, mayRedraw } = quickDraw(quickDrawFromDice(dice));
      return { method, dice: [...dice], cards, mayRedraw };
    }
  }
}

/** GEN-1: roll a method's dice with an injected die (tests, or any source other than Foundry's Roll). */
export function rollChargenDice(method: RolledMethod, rollDie: RollDie): ChargenResult {
  const { count, faces } = CHARGEN_DICE[method];
  return cardsFromDice(
    method,
    Array.from({ length: count }, () => rollDie(faces)),
  );
}

/** The single actor update that writes all eight base cards (one update: one re-render, one undo). */
export function cardsUpdate(cards: CardSet): Record<string, number> {
  const update: Record<string, number> = {};
  for (const suit of SUITS) {
    update[`system.suits.${suit}.primary`] = cards.primary[suit];
    update[`system.suits.${suit}.secondary`] = cards.secondary[suit];
  }
  return update;
}

/**
 * Whether nothing has been built yet: a fresh character holds the same starting value on all eight
 * cards, and rolling over it loses nothing, so the sheet asks for confirmation only otherwise.
 */
export function isUnbuilt(cards: CardSet): boolean {
  const values = cardSetToList(cards);
  return values.every((v) => v === values[0]);
}

/** GEN-1: the same test on a character's stored suits (each suit's two base cards). */
export function suitsUnbuilt(suits: PerSuit<{ primary: number; secondary: number }>): boolean {
  const card = (key: "primary" | "secondary") =>
    Object.fromEntries(SUITS.map((s) => [s, suits[s][key]])) as PerSuit<number>;
  return isUnbuilt({ primary: card("primary"), secondary: card("secondary") });
}

/** GEN-1 quick draw: the redraw stays on offer while the cards are still exactly the first draw. */
export function redrawOffered(draw: CardSet | null, cards: CardSet): boolean {
  if (!draw) return false;
  const a = cardSetToList(draw);
  const b = cardSetToList(cards);
  return a.every((v, i) => v === b[i]);
}

/** One line of the card generation chat card (templates/chat/lines-card.hbs). */
export type ChargenLine = ChatLine;

const cardKey = (suit: Suit, role: "primary" | "secondary") =>
  `ZILCH.Card.${role === "primary" ? suit : SECONDARY_CARD[suit]}`;

/** The chat card: the method, the dice in the order rolled, then the eight cards they gave. */
export function chargenLines(result: ChargenResult, redraw = false): ChargenLine[] {
  const lines: ChargenLine[] = [
    {
      key: redraw ? "ZILCH.Chargen.Chat.Redrawn" : "ZILCH.Chargen.Chat.Title",
      data: { method: `ZILCH.Chargen.Method.${result.method}` },
    },
    { key: "ZILCH.Chargen.Chat.Dice", data: { dice: result.dice.join(", ") } },
  ];
  for (const suit of SUITS)
    lines.push({
      key: "ZILCH.Chargen.Chat.Suit",
      data: {
        primary: cardKey(suit, "primary"),
        primaryValue: result.cards.primary[suit],
        secondary: cardKey(suit, "secondary"),
        secondaryValue: result.cards.secondary[suit],
      },
    });
  if (result.method === "cautious") lines.push({ key: "ZILCH.Chargen.Chat.InOrder", data: {} });
  if (result.mayRedraw)
    lines.push({
      key: "ZILCH.Chargen.Chat.MayRedraw",
      data: { total: SUITS.reduce((n, s) => n + result.cards.primary[s], 0) },
    });
  return lines;
}
