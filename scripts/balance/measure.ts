/**
 * Series of seeded fights and what they measure: win rate, rounds, damage per round each way, the
 * chance that a character drops, and the threat rating.
 *
 * Threat: how many sample characters one creature is worth in a fight. A party of four sample
 * characters wins about half its fights against 4 ÷ threat of them (threat 0.5: eight of them;
 * threat 2: two; threat 8: one, for a party of eight). It is found where the party's win rate
 * crosses one half as the odds move: four characters against 1, 2, 3, 4, 6, 8, 12 or 16
 * creatures, or 8, 12 or 16 characters (the party two, three or four times over) against one.
 */
import { seedOf, seededDice, type Dice } from "./dice";
import { fight, type FightResult } from "./fight";
import type { Template } from "./roster";

export interface Figures {
  readonly fights: number;
  readonly winRate: number;
  /** Rounds to the end of the fight (won, lost or the round limit). */
  readonly rounds: number;
  /** HP per round the party takes off its enemies, and they off the party. */
  readonly partyDpr: number;
  readonly foesDpr: number;
  /** The chance that at least one character reaches 0 HP, and that one dies. */
  readonly dropChance: number;
  readonly deathChance: number;
}

export function summarise(results: readonly FightResult[]): Figures {
  const n = results.length;
  const sum = (f: (r: FightResult) => number) => results.reduce((s, r) => s + f(r), 0);
  const rounds = sum((r) => r.rounds);
  return {
    fights: n,
    winRate: sum((r) => (r.partyWon ? 1 : 0)) / n,
    rounds: rounds / n,
    partyDpr: sum((r) => r.partyDamage) / Math.max(1, rounds),
    foesDpr: sum((r) => r.foesDamage) / Math.max(1, rounds),
    dropChance: sum((r) => (r.dropped > 0 ? 1 : 0)) / n,
    deathChance: sum((r) => (r.died > 0 ? 1 : 0)) / n,
  };
}

/** Fights of each party in turn against `foes`, `fights` in all. */
export function series(
  parties: readonly (readonly Template[])[],
  foes: readonly Template[],
  fights: number,
  dice: Dice,
): FightResult[] {
  const out: FightResult[] = [];
  for (let i = 0; i < fights; i++) out.push(fight(parties[i % parties.length], foes, dice));
  return out;
}

/** One step of the odds: `copies` parties against `count` creatures; `ratio` characters per creature. */
interface Odds {
  readonly copies: number;
  readonly count: number;
  readonly ratio: number;
}

/**
 * The odds ladder, weakest party first: four characters against 16, 12, 8, 6, 4, 3, 2 and 1
 * creatures, then 8, 12 and 16 characters against one. Between two steps the threat is interpolated.
 */
export const COUNTS = [16, 12, 8, 6, 4, 3, 2, 1] as const;
export const MAX_COPIES = 4;
function ladder(partySize: number): Odds[] {
  const steps: Odds[] = COUNTS.map((count) => ({ copies: 1, count, ratio: partySize / count }));
  for (let copies = 2; copies <= MAX_COPIES; copies++)
    steps.push({ copies, count: 1, ratio: (partySize * copies) / 1 });
  return steps;
}

export interface ThreatMeasure {
  /** Characters one creature is worth; MAX (16) means it beats four parties at once. */
  readonly threat: number;
  /** The win rate at each step tried, for the report. */
  readonly tried: readonly { ratio: number; winRate: number }[];
}

/** Win rate of `copies` parties against `count` copies of the creature. */
export function winRateAt(
  parties: readonly (readonly Template[])[],
  creature: Template,
  odds: Odds,
  fights: number,
  seed: number,
): number {
  const merged = parties.map((p) => Array.from({ length: odds.copies }, () => p).flat());
  const foes = Array.from({ length: odds.count }, () => creature);
  const dice = seededDice(seedOf(`${creature.name}:${odds.copies}:${odds.count}`, seed));
  return summarise(series(merged, foes, fights, dice)).winRate;
}

/**
 * The threat: from one creature against one party (`oneOnOne`, already measured for the report),
 * more creatures while the party wins at least half, or more parties while it does not, doubling
 * until the win rate crosses 1/2; then a bisection between the two steps around the crossing, and
 * the ratio interpolated on a log scale between them.
 */
export function measureThreat(
  parties: readonly (readonly Template[])[],
  creature: Template,
  fights: number,
  seed: number,
  oneOnOne?: number,
): ThreatMeasure {
  const steps = ladder(parties[0].length);
  const known = new Map<number, number>();
  const at = (i: number): number => {
    if (!known.has(i)) known.set(i, winRateAt(parties, creature, steps[i], fights, seed));
    return known.get(i)!;
  };
  const one = steps.findIndex((s) => s.copies === 1 && s.count === 1);
  if (oneOnOne !== undefined) known.set(one, oneOnOne);
  const tried = () =>
    [...known.entries()].sort((a, b) => a[0] - b[0]).map(([i, w]) => ({ ratio: steps[i].ratio, winRate: w }));
  let lo = one;
  let hi = one;
  if (at(one) >= 0.5) {
    // Fewer characters per creature: counts 2, 4, 8, 16 (steps toward index 0).
    for (let gap = 1; ; gap *= 2) {
      const i = Math.max(0, one - gap);
      if (at(i) < 0.5) {
        lo = i;
        break;
      }
      hi = i;
      if (i === 0) return { threat: round(steps[0].ratio), tried: tried() };
    }
  } else {
    for (let i = one + 1; ; i++) {
      if (i >= steps.length) return { threat: round(steps[steps.length - 1].ratio), tried: tried() };
      if (at(i) >= 0.5) {
        hi = i;
        break;
      }
      lo = i;
    }
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (at(mid) >= 0.5) hi = mid;
    else lo = mid;
  }
  const [wl, wh] = [at(lo), at(hi)];
  const t = Math.min(1, Math.max(0, (0.5 - wl) / Math.max(1e-9, wh - wl)));
  const [rl, rh] = [Math.log(steps[lo].ratio), Math.log(steps[hi].ratio)];
  return { threat: round(Math.exp(rl + t * (rh - rl))), tried: tried() };
}

/** Threat is stored to one decimal. */
export function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/** One check of a stored threat: the odds tried, the party's win rate there, and what it should be. */
export interface ThreatCheck {
  readonly ratio: number;
  readonly winRate: number;
  readonly expected: "win" | "lose";
  readonly ok: boolean;
}

/**
 * A quick check of a stored threat: at the ladder's step `tolerance` times more characters per
 * creature than the threat, the party should win at least `margin` short of half its fights; at the
 * step `tolerance` times fewer, it should lose as often. A step off the ladder is not checked.
 */
export function checkThreat(
  parties: readonly (readonly Template[])[],
  creature: Template,
  threat: number,
  options: CheckOptions,
): ThreatCheck[] {
  return checkBetween(parties, creature, threat, threat, options);
}

/**
 * The same check against a band (bands.ts): the party should lose `tolerance` times below its low end
 * and win `tolerance` times above its high end, so a creature whose strength has left the band fails.
 */
export function checkBand(
  parties: readonly (readonly Template[])[],
  creature: Template,
  band: { readonly low: number; readonly high: number },
  options: CheckOptions,
): ThreatCheck[] {
  return checkBetween(parties, creature, band.low, band.high, options);
}

export interface CheckOptions {
  readonly fights: number;
  readonly seed: number;
  readonly tolerance: number;
  readonly margin: number;
}

function checkBetween(
  parties: readonly (readonly Template[])[],
  creature: Template,
  low: number,
  high: number,
  options: CheckOptions,
): ThreatCheck[] {
  const steps = ladder(parties[0].length);
  const above = steps.find((s) => s.ratio >= high * options.tolerance);
  const below = [...steps].reverse().find((s) => s.ratio <= low / options.tolerance);
  const checks: ThreatCheck[] = [];
  if (above) {
    const winRate = winRateAt(parties, creature, above, options.fights, options.seed);
    checks.push({ ratio: above.ratio, winRate, expected: "win", ok: winRate >= 0.5 - options.margin });
  }
  if (below) {
    const winRate = winRateAt(parties, creature, below, options.fights, options.seed);
    checks.push({ ratio: below.ratio, winRate, expected: "lose", ok: winRate <= 0.5 + options.margin });
  }
  return checks;
}
