/**
 * What the sheets show and ask about recovery (REC-1 to REC-3, REC-6), as pure functions of prepared
 * data: the limits that apply now, and the Rally split dialog's default and validation. The rules
 * themselves (how many chips, what a Rest returns) stay in src/rules/recovery.ts and ZilchActor.
 */
import { classSuits } from "../../../rules/classes";
import {
  RALLY_CHIPS,
  RESTS_PER_DAY,
  rallySplitProblem,
  type ChipState,
  type RecoveryProblem,
} from "../../../rules/recovery";
import {
  SUITS,
  type ClassKey,
  type DegreeOfSuccess,
  type PerSuit,
  type Suit,
} from "../../../rules/vocabulary";
import { SUIT_SYMBOL } from "../actor/sheet-common";

/** The stored recovery track (src/data/fields.ts recoveryTrack). */
export interface RecoveryTrack {
  rallyUsed: boolean;
  restsToday: number;
}

/** REC-1, REC-2: whether a Rally is left this encounter and how many Rests are left today. */
export function recoveryView(
  track: RecoveryTrack | undefined,
  options: { rally: boolean; editable: boolean; inCombat?: boolean },
) {
  const rallyUsed = Boolean(track?.rallyUsed);
  const restsLeft = Math.max(0, RESTS_PER_DAY - (track?.restsToday ?? 0));
  return {
    /** An NPC holds no class suits (NPC-2), so a Rally would regain nothing: the button is left out. */
    rally: options.rally,
    /** Only the actor's owners recover it; others see the limits only. */
    controls: options.editable,
    rallyUsed,
    rallyKey: rallyUsed ? "ZILCH.Recovery.RallyUsed" : "ZILCH.Recovery.RallyReady",
    /**
     * REC-1: "available this encounter" says nothing outside a combat; a used Rally is always said,
     * since it is why the button is off (the breather right after a fight uses it too).
     */
    rallyLimit: options.rally && (rallyUsed || options.inCombat === true),
    restsLeft,
    restsMax: RESTS_PER_DAY,
    restDisabled: restsLeft === 0,
  };
}

const room = (state: ChipState, suit: Suit) => Math.max(0, state.capacity[suit] - state.chips[suit]);

/** REC-1: the class suits with room for a chip, in class order. */
export function suitsWithRoom(state: ChipState): Suit[] {
  return classSuits(state.classes).filter((suit) => suit !== "hearts" && room(state, suit) > 0);
}

/**
 * REC-1: whether the player has a choice to make: chips to place and two or more class suits with
 * room, yet not room enough for every chip everywhere (then every split is the same).
 */
export function rallyNeedsSplit(dos: DegreeOfSuccess, state: ChipState): boolean {
  const suits = suitsWithRoom(state);
  const total = suits.reduce((sum, suit) => sum + room(state, suit), 0);
  return RALLY_CHIPS[dos] > 0 && suits.length > 1 && RALLY_CHIPS[dos] < total;
}

/**
 * REC-1 [design]: the split offered first: the regained chips dealt one at a time round the class
 * suits with room, in class order, each capped at its room (so 3 chips on ♣/♠ give ♣ 2, ♠ 1).
 */
export function evenRallySplit(dos: DegreeOfSuccess, state: ChipState): Partial<PerSuit<number>> {
  const suits = suitsWithRoom(state);
  const split: Partial<PerSuit<number>> = Object.fromEntries(suits.map((suit) => [suit, 0]));
  let left = RALLY_CHIPS[dos];
  while (left > 0) {
    const open = suits.filter((suit) => (split[suit] ?? 0) < room(state, suit));
    if (!open.length) break;
    for (const suit of open) {
      if (left === 0) break;
      split[suit] = (split[suit] ?? 0) + 1;
      left -= 1;
    }
  }
  return split;
}

/** The Rally split dialog's context: one bounded number input per class suit with room. */
export function rallySplitContext(id: string, dos: DegreeOfSuccess, state: ChipState) {
  const split = evenRallySplit(dos, state);
  return {
    id,
    regained: RALLY_CHIPS[dos],
    dosKey: `ZILCH.DoS.${dos}`,
    suits: suitsWithRoom(state).map((suit) => ({
      suit,
      symbol: SUIT_SYMBOL[suit],
      labelKey: `ZILCH.Card.${suit}`,
      value: split[suit] ?? 0,
      room: room(state, suit),
      held: state.chips[suit],
      capacity: state.capacity[suit],
    })),
  };
}
export type RallySplitContext = ReturnType<typeof rallySplitContext>;

/** Reads the dialog's form (suit → count) as a split; blanks are 0, anything else is kept to be refused. */
export function rallySplitFromForm(
  form: Record<string, unknown>,
  state: ChipState,
): Partial<PerSuit<number>> {
  return Object.fromEntries(
    suitsWithRoom(state).map((suit) => [
      suit,
      form[suit] === "" || form[suit] == null ? 0 : Number(form[suit]),
    ]),
  );
}

/**
 * REC-1: why a chosen split is refused, or null. The rule's own check (rallySplitProblem), plus one
 * the dialog adds: every regained chip that has room must be placed, so no chip is lost by mistake.
 */
export function rallySplitRefusal(
  dos: DegreeOfSuccess,
  state: ChipState,
  split: Partial<PerSuit<number>>,
): RecoveryProblem | "chipsLeft" | null {
  const problem = rallySplitProblem(dos, state, split);
  if (problem) return problem;
  const placed = Object.values(split).reduce((sum, n) => sum + (n ?? 0), 0);
  const placeable = Math.min(
    RALLY_CHIPS[dos],
    suitsWithRoom(state).reduce((sum, suit) => sum + room(state, suit), 0),
  );
  return placed < placeable ? "chipsLeft" : null;
}

/** What recoveryChipState reads of a prepared character. */
export interface PreparedChips {
  classList: readonly ClassKey[];
  chips: Record<"clubs" | "spades" | "diamonds", number>;
  suits: PerSuit<{ capacity: number }>;
}

/** CH-2: a prepared character's chips and capacity, as the Rally rule reads them (♥ chips are HP). */
export function recoveryChipState(system: PreparedChips): ChipState {
  return {
    classes: system.classList,
    chips: Object.fromEntries(SUITS.map((s) => [s, s === "hearts" ? 0 : system.chips[s]])) as PerSuit<number>,
    capacity: Object.fromEntries(SUITS.map((s) => [s, system.suits[s].capacity])) as PerSuit<number>,
  };
}
