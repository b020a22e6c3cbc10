/**
 * Shared fixtures for the combat tests: a scripted dice source, the combatants of the RULES.md
 * examples (EX-INI-1, EX-CD-3), the two initiative settings, and a combat's snapshot before round 1.
 */
import type { RollDie } from "../../src/rules/vocabulary";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import type { StoredCombatants } from "../../src/rules/round/stored";
import type { Requester } from "../../src/rules/round/authority";
import { dispatch } from "../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../src/rules/round/request-step";
import type { LogEntry } from "../../src/rules/round/dispatch-words";
import { createRound } from "../../src/rules/round/round-start";
import { enterRound, newCombatantRound } from "../../src/rules/round/joining";
import type { CombatantFacts, CombatantRound, RoundSettings, RoundState } from "../../src/rules/round/state";

/**
 * A RollDie that answers each die size from its own queue, so a test scripts the d6s of a countdown
 * without caring how many deck draws or tiebreak draws happen between them. When a queue runs dry it
 * counts 1, 2, 3… for that size (distinct values, so INI-4 tiebreak draws terminate).
 */
export function scriptedDice(
  queues: Record<number, number[]> = {},
): RollDie & { left: (faces: number) => number } {
  const pending = new Map(Object.entries(queues).map(([f, q]) => [Number(f), [...q]]));
  const counters = new Map<number, number>();
  const roll = ((faces: number) => {
    const q = pending.get(faces);
    if (q && q.length > 0) return q.shift() as number;
    const n = (counters.get(faces) ?? 0) + 1;
    counters.set(faces, n);
    return ((n - 1) % faces) + 1;
  }) as RollDie & { left: (faces: number) => number };
  roll.left = (faces) => pending.get(faces)?.length ?? 0;
  return roll;
}

export function facts(id: string, over: Partial<CombatantFacts> = {}): CombatantFacts {
  return {
    id,
    pc: false,
    friendly: false,
    playerOwned: false,
    spades: 7,
    cunning: 7,
    conditions: [],
    alert: false,
    burn: 0,
    ...over,
  };
}

/** EX-INI-1: Ana (PC ♠7, Cunning 8), Bo (PC ♠7, Cunning 6) and an orc (NPC ♠7). */
export const EX_INI_1 = [
  facts("ana", { pc: true, playerOwned: true, cunning: 8 }),
  facts("bo", { pc: true, playerOwned: true, cunning: 6 }),
  facts("orc"),
];

/**
 * EX-CD-3: pool sizes from CD-2 (♠13 gives 6 dice, ♠10 gives 5, ♠7 gives 4, a GM −1 gives 3), and the
 * dice each rolls, in the order the participants roll them.
 */
export const EX_CD_3 = {
  facts: [
    facts("P1", { pc: true, playerOwned: true, spades: 13 }),
    facts("P2", { pc: true, playerOwned: true, spades: 10 }),
    facts("P3", { pc: true, playerOwned: true }),
    facts("P4", { pc: true, playerOwned: true }),
    facts("M1"),
    facts("M2", { poolModifier: -1 }),
    facts("M3", { poolModifier: -1 }),
    facts("M4", { poolModifier: -1 }),
  ],
  dice: [
    [6, 5, 2, 2, 1, 1],
    [6, 4, 2, 1, 1],
    [6, 5, 4, 3],
    [5, 3, 2, 1],
    [6, 4, 2, 1],
    [5, 2, 1],
    [4, 2, 2],
    [3, 1, 1],
  ],
  calls: ["P1", "P2", "P3", "M1", "P1", "P4", "P3", "M2", "P2", "M1", "M3", "P3", "P4", "M4", "P3"],
};

/** INI-1 Spades mode with a shuffled deck and no randomizer; COUNTDOWN is the same in CD mode. */
export const SPADES: RoundSettings = {
  mode: "spades",
  dominoSource: "deck",
  randomizer: "none",
  countdown: {},
};
export const COUNTDOWN: RoundSettings = { ...SPADES, mode: "countdown" };

/** The active GM: may make every request. */
export const GM_REQUESTER: Requester = { isGM: true, owns: () => true };

/**
 * The combatants entering a combat, each with its INI-3/INI-4 draws. `byIndex` replaces the drawn
 * tiebreakers so an earlier combatant wins exact ties ("GM choice by index", as in EX-CD-3);
 * `aware` names the combatants who are not surprised (all when empty).
 */
export function enterCombatants(
  settings: RoundSettings,
  all: readonly CombatantFacts[],
  dice: RollDie,
  { byIndex = true, aware = [] as readonly string[] } = {},
): CombatantRound[] {
  let combatants: CombatantRound[] = [];
  for (const f of all) {
    // INI-4: the tiebreaker is each entrant's first draw, never taken from the script (its die has
    // n + 1 faces, which a script's queue may hold): each entrant goes above the ones before it
    // (`byIndex` then replaces the places so the earlier wins).
    let tiebreakDrawn = false;
    const die: RollDie = (faces) => (tiebreakDrawn ? dice(faces) : ((tiebreakDrawn = true), faces));
    const isAware = !aware.length || aware.includes(f.id);
    combatants = enterRound(
      combatants,
      newCombatantRound(f.id, combatants, settings.randomizer, die, isAware),
    );
  }
  return byIndex ? combatants.map((c, i) => ({ ...c, tiebreak: 1000 - i })) : combatants;
}

/** A combat of `all` before its first round, as the GM's dispatch receives it. */
export function combatSnapshot(
  settings: RoundSettings,
  all: readonly CombatantFacts[],
  dice: RollDie = scriptedDice(),
  options: { byIndex?: boolean } = {},
): CombatSnapshot {
  const combatants = enterCombatants(settings, all, dice, options);
  return { state: createRound(settings, false, dice), combatants, facts: all, ballot: {} };
}

/** A combat of `all` once the GM has started round 1 (INI-1), before anyone declares. */
export function roundOne(
  settings: RoundSettings,
  all: readonly CombatantFacts[],
  dice: RollDie = scriptedDice(),
  options: { byIndex?: boolean } = {},
): CombatSnapshot {
  const before = combatSnapshot(settings, all, dice, options);
  return applied(dispatch(before, { kind: "nextRound", combatId: "x" }, GM_REQUESTER, dice));
}

/** Round 1 of `all` with the stances shown by the GM's Force reveal, before the first call (ST-1). */
export function revealedRound(
  settings: RoundSettings,
  all: readonly CombatantFacts[],
  dice: RollDie = scriptedDice(),
): CombatSnapshot {
  const s = roundOne(settings, all, dice);
  return applied(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM_REQUESTER, dice));
}

/** The snapshot after a request the test expects to be applied (its log lines pushed onto `log`). */
export function applied(r: ReturnType<typeof dispatch>, log?: LogEntry[]): CombatSnapshot {
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  log?.push(...r.log);
  return r.snapshot;
}

/**
 * A ZilchCombat without Foundry: a plain object with the class's prototype (the caller imports the
 * class once its globals stand), its round and its combatants' round fields kept in `flags` (the
 * combat's `flags.zilch`), which its update writes back to, merging the combatants' map by id as
 * Foundry merges an update into flags. An update without flags (a turn change) leaves them alone.
 */
export function fakeCombat(
  combatClass: typeof ZilchCombat,
  combatants: Map<string, object>,
  flags: { round?: RoundState; combatants?: StoredCombatants },
): ZilchCombat {
  const combat = Object.create(combatClass.prototype) as ZilchCombat;
  Object.assign(combat, {
    id: `combat-${Math.random()}`,
    combatants: {
      get: (id: string) => combatants.get(id),
      [Symbol.iterator]: () => [...combatants.values()][Symbol.iterator](),
    },
    // Combat#turns: the combatants in turn order, an array on every Combat (foundryvtt#11238).
    turns: [...combatants.values()],
    getFlag: (scope: string, key: string) =>
      scope === "zilch" && (key === "round" || key === "combatants") ? flags[key] : undefined,
    update: async (changes: {
      flags?: { zilch?: { round?: RoundState; combatants?: StoredCombatants } };
    }) => {
      const zilch = changes.flags?.zilch;
      if (zilch?.round) flags.round = zilch.round;
      if (zilch?.combatants) flags.combatants = { ...flags.combatants, ...zilch.combatants };
    },
  });
  return combat;
}
