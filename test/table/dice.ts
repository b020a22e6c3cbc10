/**
 * Dice for the table's clients. Each client's `CONFIG.Dice.randomUniform` is a seeded source (how v13
 * seeds its own is UNKNOWN, FACTS §11.12), so a run repeats exactly. `Roll` models the members the
 * system uses (https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html): `new Roll(formula)`,
 * `evaluate()`, `total`, `dice[].results[].result`, `formula`, `toJSON()` (which names the roll's own
 * class, so a message's rolls rebuild as their subclass: foundryvtt/foundryvtt#7668); a formula is a sum of `NdM`
 * terms, `NdF` Fate dice (each -1, 0 or +1: systems read `4dF` results as those three, e.g. public Fate
 * systems' `roll.terms[0].results.map(r => r.result)`) and whole numbers; anything else throws.
 */
import { notImplemented } from "../stand-in/fields";

/**
 * The uniform draw in [0, 1) that a `faces`-sided die reads as `face`: the middle of the face's slice,
 * which TableRoll's `ceil(u * faces)` below and the secret die fed by `scriptSecrets` both read as
 * that face, so a scripted queue names its dice by face.
 */
export const uniformFor = (face: number, faces: number): number => (face - 0.5) / faces;

/** mulberry32: a small seeded uniform source in [0, 1). */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DieTerm {
  readonly faces: number;
  /** Added to each face: -2 for a Fate die (faces 1–3 read as -1, 0, +1). */
  readonly offset: number;
  readonly number: number;
  results: { result: number; active: boolean }[];
}

const TERM = /^([+-])?\s*(?:(\d*)d(\d+|F)|(\d+))\s*/;
/** A Fate die's three faces, -1, 0, +1, stored as faces 3 with an offset of -2. */
const FATE = "F";

export class TableRoll {
  readonly formula: string;
  readonly dice: DieTerm[] = [];
  private constant = 0;
  private signs: number[] = [];
  total: number | undefined;
  _evaluated = false;

  constructor(formula: string) {
    this.formula = formula;
    let rest = formula.trim();
    while (rest.length > 0) {
      const match = TERM.exec(rest);
      if (!match) return notImplemented(`Roll formula "${formula}"`);
      const sign = match[1] === "-" ? -1 : 1;
      if (match[3] !== undefined) {
        const fate = match[3] === FATE;
        this.dice.push({
          faces: fate ? 3 : Number(match[3]),
          offset: fate ? -2 : 0,
          number: Number(match[2] || 1),
          results: [],
        });
        this.signs.push(sign);
      } else this.constant += sign * Number(match[4]);
      rest = rest.slice(match[0].length);
    }
  }

  /** Die#roll: `ceil(randomUniform() * faces)` per die, from this client's CONFIG.Dice.randomUniform. */
  async evaluate(): Promise<this> {
    const uniform = (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform;
    let total = this.constant;
    this.dice.forEach((term, i) => {
      for (let n = 0; n < term.number; n++) {
        const result = Math.min(term.faces, Math.ceil(uniform() * term.faces) || 1) + term.offset;
        term.results.push({ result, active: true });
        total += this.signs[i]! * result;
      }
    });
    this.total = total;
    this._evaluated = true;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return {
      class: this.constructor.name,
      formula: this.formula,
      total: this.total,
      evaluated: this._evaluated,
      dice: this.dice.map((d) => ({ faces: d.faces, results: d.results.map((r) => r.result) })),
    };
  }
}
