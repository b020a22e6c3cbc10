/**
 * CD-1, CD-19: the countdown hands rolled at round start are public, so they are posted as chat rolls
 * that Dice So Nice animates. The dice come from the round logic's source (src/dice/secret-dice.ts); this
 * turns one hand into the serialised form of a `${n}d6` Roll (the shape a ChatMessage stores its rolls
 * in), so the message shows exactly the dice the round uses.
 */

/** A serialised, evaluated `${n}d6` Roll holding these results. */
export interface HandRollData {
  readonly class: "Roll";
  readonly formula: string;
  readonly terms: readonly {
    readonly class: "Die";
    readonly number: number;
    readonly faces: 6;
    readonly modifiers: readonly string[];
    readonly results: readonly { readonly result: number; readonly active: true }[];
    readonly evaluated: true;
    readonly options: Readonly<Record<string, never>>;
  }[];
  readonly total: number;
  readonly evaluated: true;
  readonly options: Readonly<Record<string, never>>;
  readonly dice: readonly never[];
}

/** CD-2: one hand of d6 as a Roll's data; a hand of no dice has none. */
export function handRollData(dice: readonly number[]): HandRollData | null {
  if (dice.length === 0) return null;
  if (dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6))
    throw new RangeError(`a d6 cannot show [${dice.join(", ")}]`);
  return {
    class: "Roll",
    formula: `${dice.length}d6`,
    terms: [
      {
        class: "Die",
        number: dice.length,
        faces: 6,
        modifiers: [],
        results: dice.map((result) => ({ result, active: true as const })),
        evaluated: true,
        options: {},
      },
    ],
    total: dice.reduce((a, b) => a + b, 0),
    evaluated: true,
    options: {},
    dice: [],
  };
}

/** The hands a round-start log announces (HandRolled entries carry the kept dice as "5, 3, 1"). */
export function handsFromLog(
  log: readonly { key: string; data: Readonly<Record<string, string | number>> }[],
): number[][] {
  return log
    .filter((l) => l.key === "HandRolled")
    .map((l) =>
      String(l.data.dice)
        .split(",")
        .map((d) => Number(d.trim()))
        .filter((d) => d > 0),
    );
}
