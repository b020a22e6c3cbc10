/** INJ-8: the automatic −5 a fracture puts on the tests and attacks it hampers. */
import { injuryColumn, MINUS_TWO_DICE } from "./effect-table";
import type { Location, Suit } from "../vocabulary";

/** INJ-8: a test a fracture penalises; `only` narrows it to tests of that kind. */
export interface PenalisedTest {
  suit: Suit;
  card: "primary" | "secondary";
  only?: "movement" | "stamina";
}

export interface FracturePenalty {
  modifier: number;
  /** Attacks with a weapon or shield in that hand (two-handed weapons always). */
  attacksWithThatHand: boolean;
  tests: readonly PenalisedTest[];
  chargeAllowed: boolean;
}

/** INJ-8: the columns with a Fracture cell. */
export type FractureColumn = "arm" | "leg" | "chest" | "groin";

/** INJ-8: the automatic −5 of a fracture by location, pre-ticked in the roll dialog for these cards. */
export const FRACTURE_PENALTIES: Readonly<Record<FractureColumn, FracturePenalty>> = {
  arm: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: true,
    tests: [
      { suit: "clubs", card: "primary" },
      { suit: "clubs", card: "secondary" },
    ],
    chargeAllowed: true,
  },
  leg: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: false,
    tests: [
      { suit: "spades", card: "primary", only: "movement" },
      { suit: "clubs", card: "secondary", only: "movement" },
    ],
    chargeAllowed: false,
  },
  chest: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: false,
    tests: [
      { suit: "clubs", card: "primary" },
      { suit: "clubs", card: "secondary" },
      { suit: "hearts", card: "primary", only: "stamina" },
    ],
    chargeAllowed: true,
  },
  groin: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: false,
    tests: [
      { suit: "spades", card: "primary", only: "movement" },
      { suit: "clubs", card: "secondary", only: "movement" },
    ],
    chargeAllowed: true,
  },
};

/** INJ-8: the fracture penalty at a location (only arms, legs, chest and groin can fracture). */
export function fracturePenalty(location: Location): FracturePenalty {
  const column = injuryColumn(location);
  if (column === "arm" || column === "leg" || column === "chest" || column === "groin") {
    return FRACTURE_PENALTIES[column];
  }
  throw new RangeError(`no fracture at ${location}`);
}
