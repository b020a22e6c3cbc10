/**
 * Grit and Wounds (§23, GW-2 to GW-10) on one creature: the optional rule that replaces HP for a PC
 * or a Foe. Each function reads the prepared model, asks src/rules, and writes once, as ZilchActor's
 * own methods do; `Actor.Implementation` is ZilchActor (DocumentClassConfig, src/types/data-models.ts).
 */
import {
  afterCombat,
  applyGritHit,
  gritHitCheck,
  REACTION_GRIT_COST,
  roundStartGrit,
  type GritHitResult,
  type GritState,
} from "../rules/grit";
import { postGritLine, rollGritDie, rollUnconsciousMinutes, rollWoundCheck } from "../dice/grit";
import { creatureTestTarget } from "./creature-test";

/** GW-5, GW-6, GW-8, GW-10: what one amount of damage did under Grit and Wounds. */
export interface GritApplied extends GritHitResult {
  damage: number;
  /** GW-10: minutes of unconsciousness (1d10) when temporary damage would have wounded. */
  unconsciousMinutes: number | null;
  /** The Foundry rolls made (the wound check, the GW-10 minutes), for a chat card. */
  rolls: Roll[];
}

/** GW-2, GW-8: a change of Grit at a combat step. */
export interface GritGained {
  /** GW-2: the Grit die's result, or null for GW-8 adrenaline. */
  rolled: number | null;
  gained: number;
  grit: number;
}

/** GW-9: why bandaging was refused. */
export type BandageRefusal = "noGrit" | "noneUnbandaged";

/**
 * GW-5, GW-6, GW-8, GW-10: n points of damage under Grit and Wounds, written in one update. The
 * ♥ wound check is rolled here when the rules need one and `roll` is not given. Reaching the
 * wound limit kills (GW-7); temporary damage that would wound knocks out for 1d10 minutes.
 */
export async function applyGritDamage(
  actor: Actor.Implementation,
  n: number,
  options: { temporary?: boolean; roll?: number } = {},
): Promise<GritApplied> {
  const system = actor.creature;
  const stored = system.grit;
  const state: GritState = { grit: stored.value, wounds: stored.wounds, adrenaline: stored.adrenaline };
  const heartsEff = system.suits.hearts.eff;
  // DRN-4: at eff(♥) 0 the creature is already dead; there is nothing left to wound.
  if (n <= 0 || heartsEff <= 0) return untouched(state, n, heartsEff <= 0);
  // T-2: the ♥ test's lasting modifiers, as the system's one test path reads them.
  const testModifier = creatureTestTarget(actor, { card: "hearts", save: false }) - heartsEff;
  const { temporary } = options;
  const input = { heartsEff, damage: n, temporary, unbandaged: stored.unbandaged > 0, testModifier };
  const rolls: Roll[] = [];
  let roll = options.roll;
  if (roll === undefined && gritHitCheck(state, input) !== null) {
    const check = await rollWoundCheck();
    roll = check.roll;
    rolls.push(...check.rolls);
  }
  const result = applyGritHit(state, { ...input, roll });
  const { wounds, adrenaline } = result;
  const unbandaged = stored.unbandaged + result.woundsGained;
  await actor.update({ system: { grit: { value: result.grit, wounds, adrenaline, unbandaged } } });
  let unconsciousMinutes: number | null = null;
  if (result.unconscious) {
    const minutes = await rollUnconsciousMinutes();
    unconsciousMinutes = minutes.total;
    rolls.push(...minutes.rolls);
    await actor.setCondition("unconscious", true);
  }
  if (result.dead) await actor.setCondition("dead", true);
  return { ...result, damage: n, unconsciousMinutes, rolls };
}

/** GW-5: the report of damage that wounded nobody (none dealt, or the creature already dead). */
function untouched(state: GritState, n: number, dead: boolean): GritApplied {
  return {
    ...state,
    woundsGained: 0,
    check: null,
    unconscious: false,
    dead,
    damage: Math.max(0, n),
    unconsciousMinutes: null,
    rolls: [],
  };
}

/**
 * GW-2: at the start of combat (or, surprised, of the next round) roll the Grit die into Grit.
 * Null when Grit and Wounds do not apply to this creature. `roll` stands in for the die.
 */
export async function rollGritAtStart(
  actor: Actor.Implementation,
  options: { roll?: number; announce?: boolean } = {},
): Promise<GritGained | null> {
  if (!actor.usesGrit) return null;
  const { grit } = actor.creature;
  let rolled = options.roll;
  let rolls: Roll[] = [];
  if (rolled === undefined) ({ total: rolled, rolls } = await rollGritDie(grit.die));
  const next = grit.value + rolled;
  await actor.update({ system: { grit: { value: next } } });
  if (options.announce ?? true)
    await postGritLine(actor, "Rolled", { die: `d${grit.die}`, n: rolled }, { rolls });
  return { rolled, gained: rolled, grit: next };
}

/**
 * GW-4: pay a reaction's Grit (REACTION_GRIT_COST). False, with nothing spent, when Grit and Wounds
 * does not apply to this creature or it holds too little Grit.
 */
export async function spendGrit(
  actor: Actor.Implementation,
  n: number = REACTION_GRIT_COST,
): Promise<boolean> {
  if (!actor.usesGrit || !Number.isInteger(n) || n < 0) return false;
  const { grit } = actor.creature;
  if (grit.value < n) return false;
  await actor.update({ system: { grit: { value: grit.value - n } } });
  return true;
}

/**
 * GW-9: ten minutes of bandaging lift the −2 that new Wounds put on wound checks. Returns how many
 * Wounds were bandaged, or why nothing was.
 */
export async function bandageWounds(
  actor: Actor.Implementation,
): Promise<{ ok: true; n: number } | { ok: false; problem: BandageRefusal }> {
  if (!actor.usesGrit) return { ok: false, problem: "noGrit" };
  const n = actor.creature.grit.unbandaged;
  if (n <= 0) return { ok: false, problem: "noneUnbandaged" };
  await actor.update({ system: { grit: { unbandaged: 0 } } });
  return { ok: true, n };
}

/** GW-9: bandage the creature's new Wounds and tell the table, or warn why not. */
export async function bandageAndAnnounce(actor: Actor.Implementation): Promise<boolean> {
  const outcome = await bandageWounds(actor);
  if (!outcome.ok) {
    ui.notifications?.warn(game.i18n.localize(`ZILCH.Grit.BandageRefused.${outcome.problem}`));
    return false;
  }
  await postGritLine(actor, "Bandaged", { n: outcome.n });
  return true;
}

/** GW-8: at each round start gain Grit equal to adrenaline; null when there is none to gain. */
export async function gainAdrenalineGrit(actor: Actor.Implementation): Promise<GritGained | null> {
  if (!actor.usesGrit) return null;
  const { grit } = actor.creature;
  if (grit.adrenaline <= 0) return null;
  const next = roundStartGrit({ grit: grit.value, wounds: grit.wounds, adrenaline: grit.adrenaline });
  await actor.update({ system: { grit: { value: next.grit } } });
  return { rolled: null, gained: grit.adrenaline, grit: next.grit };
}

/**
 * GW-9 on its own (the encounter's end does the same within its update): Grit is lost, adrenaline
 * resets, and the GM is told how many grievous injuries to roll. Returns that number.
 */
export async function endGritEncounter(actor: Actor.Implementation): Promise<number> {
  const end = gritEncounterEnd(actor);
  if (!end) return 0;
  await actor.update({ system: end.changes });
  await announceInjuryRolls(actor, end.injuryRolls);
  return end.injuryRolls;
}

/** GW-9: the source changes of the end of combat, or null when Grit and Wounds do not apply. */
export function gritEncounterEnd(actor: Actor.Implementation): {
  changes: { grit: { value: number; adrenaline: number } };
  injuryRolls: number;
} | null {
  if (!actor.usesGrit) return null;
  const { grit } = actor.creature;
  const end = afterCombat({ grit: grit.value, wounds: grit.wounds, adrenaline: grit.adrenaline });
  return {
    changes: { grit: { value: end.state.grit, adrenaline: end.state.adrenaline } },
    injuryRolls: end.injuryRolls,
  };
}

/** GW-9: a line to the GM: one grievous injury (INJ-2, no Killing Blow) per adrenaline point lost. */
export async function announceInjuryRolls(actor: Actor.Implementation, n: number): Promise<void> {
  if (n > 0) await postGritLine(actor, "InjuryRolls", { n }, { gmOnly: true });
}
