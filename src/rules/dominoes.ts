/**
 * §8 Dominoes (DOM-1..DOM-6). A face-down domino is a marker with no value (DOM-4): the only way
 * to obtain a value is `revealDomino`, which draws or rolls at that moment.
 */
import { actsThisRound, type Activity } from "./initiative";
import type { DominoSource, RollDie, Suit } from "./vocabulary";

/** DOM-2: a domino's two ends; the stance (ST-2) assigns them to offence and defence. */
export interface Domino {
  readonly greater: number;
  readonly lesser: number;
}

/** DOM-1: the sources that are rolled rather than drawn. */
export type RolledDominoSource = Exclude<DominoSource, "deck">;

/**
 * DOM-1: the domino two dice make. For 2d6 the higher die is the greater end; for d8+d4 the d8 is
 * the greater end whatever it shows, so `greater` may be the smaller number.
 */
export function dominoFromDice(source: RolledDominoSource, first: number, second: number): Domino {
  if (source === "d8+d4") return { greater: first, lesser: second };
  return { greater: Math.max(first, second), lesser: Math.min(first, second) };
}

/** DOM-1: the faces of the two dice each rolled source uses, in the order `dominoFromDice` takes them. */
export const DOMINO_DICE: Readonly<Record<RolledDominoSource, readonly [number, number]>> = {
  "2d6": [6, 6],
  "d8+d4": [8, 4],
};

/** DOM-1: the 21 tiles of a double-six set without blank ends, {a|b : 1 ≤ b ≤ a ≤ 6}, 6|6 first. */
export const DOMINO_TILES: readonly Domino[] = Object.freeze(
  [6, 5, 4, 3, 2, 1].flatMap((greater) =>
    [6, 5, 4, 3, 2, 1]
      .filter((lesser) => lesser <= greater)
      .map((lesser) => Object.freeze({ greater, lesser })),
  ),
);

/** DOM-3: the round's deck, the multiset of tiles not yet revealed this round (plain data, storable). */
export interface DominoDeck {
  readonly remaining: readonly Domino[];
}

/** DOM-3: the deck at round start: all 21 tiles. */
export function fullDeck(): DominoDeck {
  return { remaining: DOMINO_TILES.map((t) => ({ ...t })) };
}

/**
 * DOM-4: what a participant holds. A face-down domino records only that it is held; it has no
 * field that could carry a value.
 */
export type HeldDomino =
  { readonly state: "faceDown" } | { readonly state: "revealed"; readonly domino: Domino };

/** DOM-4: the face-down domino dealt at stance declaration. */
export function faceDownDomino(): HeldDomino {
  return { state: "faceDown" };
}

/** The outcome of a reveal: the value, the deck after it, and whether the 2d6 fallback made it. */
export interface Reveal {
  readonly domino: Domino;
  readonly deck: DominoDeck;
  readonly fallback: boolean;
}

/**
 * DOM-1, DOM-3, DOM-4: determine a domino's value now. `deck` draws uniformly from the tiles left
 * (falling back to 2d6 when none remain) and removes the tile; the rolled sources leave the deck alone.
 */
export function revealDomino(source: DominoSource, deck: DominoDeck, rollDie: RollDie): Reveal {
  if (source === "deck" && deck.remaining.length > 0) {
    const index = rollDie(deck.remaining.length) - 1;
    if (!Number.isInteger(index) || index < 0 || index >= deck.remaining.length) {
      throw new RangeError(`rollDie(${deck.remaining.length}) returned ${index + 1}`);
    }
    const domino = deck.remaining[index];
    const remaining = deck.remaining.filter((_, i) => i !== index);
    return { domino: { ...domino }, deck: { remaining }, fallback: false };
  }
  const rolled: RolledDominoSource = source === "deck" ? "2d6" : source;
  const [a, b] = DOMINO_DICE[rolled];
  return { domino: dominoFromDice(rolled, rollDie(a), rollDie(b)), deck, fallback: source === "deck" };
}

/**
 * DOM-4, DOM-5: reveal a held domino. Revealing one already revealed changes nothing, since it stays
 * revealed for the rest of the round.
 */
export function revealHeld(
  held: HeldDomino,
  source: DominoSource,
  deck: DominoDeck,
  rollDie: RollDie,
): { held: HeldDomino; deck: DominoDeck } {
  if (held.state === "revealed") return { held, deck };
  const reveal = revealDomino(source, deck, rollDie);
  return { held: { state: "revealed", domino: reveal.domino }, deck: reveal.deck };
}

/** DOM-5: the moments that may reveal a face-down domino. */
export type RevealTrigger =
  /** Start of the owner's turn; in countdown mode, its first call in the round (CD-20). */
  | { readonly kind: "turnStart" }
  /** A save by the owner on the named suit (T-7). */
  | { readonly kind: "save"; readonly suit: Suit }
  /** A defence by the owner; pips do not count when it is Defenseless (a Reckless stance makes it so). */
  | { readonly kind: "defence"; readonly defenseless: boolean }
  /** An attack by the owner before its turn, e.g. a GW-4 opportunity attack. */
  | { readonly kind: "attack" };

/** DOM-5: whether this moment reveals the owner's face-down domino. */
export function revealsDomino(trigger: RevealTrigger): boolean {
  switch (trigger.kind) {
    case "turnStart":
    case "attack":
      return true;
    case "save":
      return trigger.suit === "clubs" || trigger.suit === "spades";
    case "defence":
      return !trigger.defenseless;
  }
}

/** DOM-6: every participant able to act at round start receives one, Helpless ones too (CB-1, CB-3). */
export function receivesDomino(p: Activity): boolean {
  return actsThisRound(p);
}

/**
 * DOM-6 [design]: mid-round, a participant that holds no domino and has become eligible (it woke)
 * receives a face-down one at once, and declares a stance.
 */
export function receivesDominoMidRound(held: HeldDomino | null, p: Activity): boolean {
  return held === null && receivesDomino(p);
}
