/**
 * What a hit leaves besides its damage, applied as the GM's client applies it in play: riders
 * (DMG-6), the immediate and lasting effects of a specific wound (SW-7) or a grievous injury (INJ-7),
 * saves against them (T-6, T-7) and Ongoing Damage at the end of a turn (OD-2).
 */
import { riderEnergyDamage, type Rider } from "../../src/rules/damage";
import { addTaint } from "../../src/rules/drain";
import type { ConditionDuration } from "../../src/rules/conditions";
import { applyExtraDamage } from "../../src/rules/damage";
import { mentalRankCondition } from "../../src/rules/injury/effects";
import type { ResolvedImmediateHarm } from "../../src/rules/injury/grievous-injury";
import { toConditionDuration, type HarmDuration, type LastingHarm } from "../../src/rules/injury/harm";
import { addOngoing, applyOngoingTick, ongoingTestTarget } from "../../src/rules/ongoing";
import {
  combatSavePips,
  degreeOfSuccess,
  rollTestDice,
  saveSucceeds,
  testTarget,
} from "../../src/rules/tests";
import type { Condition, Suit } from "../../src/rules/vocabulary";
import { drain, eff, hurt, pips, type Combatant } from "./combatant";
import type { Dice } from "./dice";

/** T-6, T-7: a save on `suit` with a modifier; combat saves add the domino's pips (♣ offence, ♠ defence). */
export function save(c: Combatant, suit: Suit, modifier: number, dice: Dice): boolean {
  const p = pips(c);
  const target = testTarget({
    card: eff(c, suit),
    modifiers: [modifier],
    save: true,
    pips: combatSavePips(suit, c.held?.state === "revealed" ? p : null),
  });
  return saveSucceeds(rollTestDice(dice.rollDie).roll, target);
}

function addCondition(c: Combatant, condition: Condition, duration: ConditionDuration, source: string): void {
  c.applied.push({ condition, source, duration });
}

/** DMG-6: the riders of a hit whose final damage is 0 or more; none is scaled by size. */
export function applyRiders(target: Combatant, riders: readonly Rider[], by: Combatant, dice: Dice): void {
  for (const r of riders) {
    switch (r.kind) {
      case "energy":
        hurt(target, riderEnergyDamage(r.amount, target.t.er), by);
        break;
      case "drain":
        drain(target, r.suit, r.amount, r.tainted, by);
        break;
      case "taint":
        target.vitals = addTaint(target.vitals, r.suit, r.amount);
        break;
      case "condition":
        if (!r.save || !save(target, r.save.suit, r.save.modifier, dice))
          addCondition(target, r.condition, r.duration, by.id);
        break;
      case "ongoing":
        target.ongoing = addOngoing(target.ongoing, r.effect).effects;
        break;
    }
  }
}

function durationOf(d: HarmDuration, dice: Dice): ConditionDuration {
  return toConditionDuration(d, { rolled: d.kind === "roundsDie" ? dice.rollDie(d.die) : undefined });
}

/** SW-7, INJ-7: the immediate effects of a wound or injury, and the lasting ones it keeps. */
export function applyHarms(
  target: Combatant,
  immediate: readonly ResolvedImmediateHarm[],
  lasting: readonly LastingHarm[],
  by: Combatant,
  dice: Dice,
): void {
  target.lasting.push(...lasting);
  for (const h of immediate) {
    switch (h.kind) {
      case "condition":
        if (!h.save || !save(target, h.save.suit, h.save.modifier, dice))
          for (const condition of h.conditions)
            addCondition(target, condition, durationOf(h.duration, dice), by.id);
        break;
      case "extraDamage": {
        // DMG-7: straight to HP-2, never another injury roll.
        const r = applyExtraDamage(target.vitals, h.amount, { enemy: target.t.tier === "enemy" });
        const lost = r.lost;
        target.vitals = r.vitals;
        target.tally.taken += lost;
        by.tally.dealt += lost;
        if (target.vitals.value <= 0) target.dropped = true;
        if (r.killed) target.dead = true;
        break;
      }
      case "ongoing":
        target.ongoing = addOngoing(target.ongoing, h.effect).effects;
        break;
      case "dropToZero":
        if (!h.save || !save(target, h.save.suit, h.save.modifier, dice)) {
          hurt(target, target.vitals.value, by);
          for (const condition of h.conditions)
            addCondition(target, condition, { kind: "indefinite" }, by.id);
        }
        break;
      case "drain":
        drain(target, h.suit, h.amount, h.tainted, by);
        break;
      case "loseRoundActions":
        target.loseActions = true;
        break;
      case "mentalRankLoss": {
        target.mentalRanks += h.ranks;
        const condition = mentalRankCondition(target.mentalRanks);
        if (condition) addCondition(target, condition, { kind: "endOfEncounter" }, by.id);
        break;
      }
      case "dropHeld":
      case "limbLost":
        // Picking a weapon back up and fighting one-handed are left to the table; not modelled.
        break;
    }
  }
}

/** OD-2: each ongoing effect's test at the end of its victim's turn; S or better ends it. */
export function ongoingTicks(c: Combatant, dice: Dice): void {
  const kept = [];
  for (const effect of c.ongoing) {
    const target = ongoingTestTarget(effect, { kind: "suit", value: eff(c, effect.suit) });
    const dos = degreeOfSuccess(rollTestDice(dice.rollDie).roll, target);
    const before = c.vitals.value;
    const r = applyOngoingTick(c.vitals, effect, dos, {
      enemy: c.t.tier === "enemy",
      fromInjury: effect.origin !== null,
    });
    c.vitals = r.vitals;
    c.tally.taken += before - c.vitals.value;
    if (c.vitals.value <= 0) c.dropped = true;
    if (r.damage?.killed) c.dead = true;
    if (!r.tick.ends) kept.push(effect);
  }
  c.ongoing = kept;
}
