/**
 * Suits and cards (RULES.md §1, SU-1 to SU-6): effective and inherent card values, and which card
 * each use reads. Every other module asks here for a card value, so the arithmetic lives once.
 */
import type { PerSuit, Suit } from "./vocabulary";

/** SU-2: a PC has a primary and a secondary card per suit; an NPC only a primary. */
export type CardRole = "primary" | "secondary";

/** SU-5: a reference to one card: its suit and whether it is the primary or secondary. */
export interface CardRef {
  suit: Suit;
  card: CardRole;
}

/** A pair of card values per suit (base cards as bought, or effective values). */
export interface CardSet {
  primary: PerSuit<number>;
  secondary: PerSuit<number>;
}

/**
 * SU-4: what a creature's card values are made of. `secondary` is absent for an NPC (SU-2).
 * Race, mods and drain apply to both cards of a suit; `secondaryMods` carries the rare
 * "secondary only" effects.
 */
export interface CardInputs {
  primary: PerSuit<number>;
  secondary?: PerSuit<number>;
  race?: Partial<PerSuit<number>>;
  mods?: Partial<PerSuit<number>>;
  secondaryMods?: Partial<PerSuit<number>>;
  drain?: Partial<PerSuit<number>>;
}

/** SU-1: a record over the four suits, from one value or one function of the suit. */
export function perSuit<T>(value: T | ((suit: Suit) => T)): PerSuit<T> {
  const make = typeof value === "function" ? (value as (suit: Suit) => T) : () => value;
  return { clubs: make("clubs"), spades: make("spades"), diamonds: make("diamonds"), hearts: make("hearts") };
}

/** SU-2: the base value of a card; an NPC's secondary reads its primary. */
function baseValue(cards: CardInputs, suit: Suit, card: CardRole): number {
  return card === "secondary" && cards.secondary ? cards.secondary[suit] : cards.primary[suit];
}

/** SU-4: effective value of one card: base + race + mods − drain, never below 0. */
export function effectiveValue(cards: CardInputs, suit: Suit, card: CardRole = "primary"): number {
  const secondaryOnly = card === "secondary" ? (cards.secondaryMods?.[suit] ?? 0) : 0;
  const value =
    baseValue(cards, suit, card) +
    (cards.race?.[suit] ?? 0) +
    (cards.mods?.[suit] ?? 0) +
    secondaryOnly -
    (cards.drain?.[suit] ?? 0);
  return Math.max(0, value);
}

/** SU-4: eff(S), the effective primary. */
export function eff(cards: CardInputs, suit: Suit): number {
  return effectiveValue(cards, suit, "primary");
}

/** SU-4: eff2(S), the effective secondary (the primary for an NPC, SU-2). */
export function eff2(cards: CardInputs, suit: Suit): number {
  return effectiveValue(cards, suit, "secondary");
}

/** SU-4: every effective card at once, for derived data and the sheet. */
export function effectiveCards(cards: CardInputs): CardSet {
  return { primary: perSuit((s) => eff(cards, s)), secondary: perSuit((s) => eff2(cards, s)) };
}

/** SU-6: inherent value: base + race only; drain, spells, items and temporary effects are ignored. */
export function inherentValue(cards: CardInputs, suit: Suit, card: CardRole = "primary"): number {
  return baseValue(cards, suit, card) + (cards.race?.[suit] ?? 0);
}

/** SU-3: the usual range of a card; values outside it are legal results of effects. */
export const CARD_MIN = 2;
export const CARD_MAX = 14;

/** SU-3: the face cards, by value. */
export const FACE_CARDS = { 11: "jack", 12: "queen", 13: "king", 14: "ace" } as const;
export type FaceCard = (typeof FACE_CARDS)[keyof typeof FACE_CARDS];

/** SU-3: the face card a value shows as (its letter is localised), or null for a plain number. */
export function faceCard(value: number): FaceCard | null {
  return value in FACE_CARDS ? FACE_CARDS[value as keyof typeof FACE_CARDS] : null;
}

/** SU-3: the label of a card value, given the localised letters of the face cards. */
export function cardLabel(value: number, letters: Readonly<Record<FaceCard, string>>): string {
  const face = faceCard(value);
  return face ? letters[face] : String(value);
}

/** SU-2: the sheet may show a single card when primary and secondary are equal. */
export function showsOneCard(cards: CardSet, suit: Suit): boolean {
  return cards.primary[suit] === cards.secondary[suit];
}

/** SU-5: the uses whose card is fixed by the rules. */
export const CARD_USES = [
  "attack",
  "cast",
  "defence",
  "initiative",
  "move",
  "actionDice",
  "hitPoints",
  "strengthRequirement",
  "talentMaximum",
] as const;
export type CardUse = (typeof CARD_USES)[number];

const primary = (suit: Suit): CardRef => ({ suit, card: "primary" });

/**
 * SU-5: which card each use reads. Chip capacity reads the class suit (CH-2, chips.ts); tests read
 * the card the task names (SK-3, skills.ts); drained-to-zero (DRN-4) reads each suit's primary. The talent maximum reads the inherent, not the
 * effective, Knowledge (SU-6).
 */
export const CARD_FOR_USE: Readonly<Record<CardUse, CardRef>> = {
  attack: primary("clubs"),
  cast: primary("diamonds"),
  defence: primary("spades"),
  initiative: primary("spades"),
  move: primary("spades"),
  actionDice: primary("spades"),
  hitPoints: primary("hearts"),
  strengthRequirement: { suit: "clubs", card: "secondary" },
  talentMaximum: { suit: "diamonds", card: "secondary" },
};

/**
 * SU-5: the value of the card a use reads, from a creature's effective cards (an NPC's eff2 is its
 * eff, SU-2).
 */
export function cardForUse(
  use: CardUse,
  suits: Readonly<Record<Suit, { readonly eff: number; readonly eff2: number }>>,
): number {
  const ref = CARD_FOR_USE[use];
  return ref.card === "primary" ? suits[ref.suit].eff : suits[ref.suit].eff2;
}

/** SU-5: a test that names only a suit reads its primary. */
export function cardForTest(suit: Suit, card?: CardRole): CardRef {
  return { suit, card: card ?? "primary" };
}
