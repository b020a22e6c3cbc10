/**
 * What a step of the attack card does to the creatures once the pure state machine has taken it, on
 * the active GM's client: wound and injury items with their immediate effects (SW-5, SW-7, INJ-2,
 * INJ-7), the bought margin results (OPT-1), and the conditions of a Special Attack (SP-2, SP-3).
 */
import { marginMarks, setMarginMarks } from "../margin-marks";
import type { ConditionDuration } from "../../rules/conditions";
import type { Rider } from "../../rules/damage";
import type { ResolvedImmediateHarm } from "../../rules/injury/grievous-injury";
import { toConditionDuration, type HarmDuration, type ImmediateHarm } from "../../rules/injury/harm";
import { addOngoing } from "../../rules/ongoing";
import { createWound } from "../../rules/wounds";
import {
  marginConditions,
  specialConditionChanges,
  woundToApply,
  type AttackState,
} from "../../rules/attack/index";
import { marginMarksBought } from "../../rules/round/margin";
import type { ResistedEffect } from "../../rules/races";
import type { Suit } from "../../rules/vocabulary";
import { inOwnTurn, loseActions, marginDuration } from "./actors";
import type { StepContext } from "./context";
import { rollCreatureTest, saveOn } from "../creature-test";

/**
 * CON-5, CB-4: how long an injury's or wound's condition lasts on this creature. A die duration
 * (Knocked out, 1d6 rounds) is rolled here with a Foundry Roll, on the GM's client that runs the step.
 */
async function harmDuration(
  actor: Actor.Implementation,
  duration: HarmDuration,
  rolls: Roll[],
): Promise<ConditionDuration> {
  if (duration.kind === "roundsDie") {
    const roll = await new Roll(`1d${duration.die}`).evaluate();
    rolls.push(roll);
    return toConditionDuration(duration, { rolled: roll.total });
  }
  return toConditionDuration(duration, { appliedDuringOwnTurn: inOwnTurn(actor) });
}

/**
 * T-6: a save against an effect, rolled on the GM's client through the one path of the system's
 * tests (../creature-test.ts): the target the roll dialog would show for the same save (lasting
 * injuries and wounds, Rage, the domino's pips, pending Effort and Pressure).
 */
async function savedAgainst(
  actor: Actor.Implementation,
  save: { suit: Suit; modifier: number; against?: ResistedEffect } | null | undefined,
  rolls: Roll[],
): Promise<boolean> {
  if (!save) return false;
  // RA-2, RA-3: a save against a tagged poison, charm or sleep takes the race's bonus against it.
  const test = { ...saveOn(save.suit, save.modifier), against: save.against };
  return (await rollCreatureTest(actor, test, rolls)).success;
}

/**
 * DMG-6: the riders a hit leaves to the GM's step (`ZilchActor#applyHit` applies energy, drain and
 * taint itself): a condition with its duration unless its save succeeds, and an ongoing effect (OD-1;
 * OD-4 ignores a second bleeder from one origin). `source` names the attack for the condition's record.
 */
export async function applyRiders(
  actor: Actor.Implementation,
  riders: readonly Rider[],
  rolls: Roll[],
  source: string,
): Promise<void> {
  for (const r of riders) {
    if (r.kind === "condition") {
      if (!(await savedAgainst(actor, r.save, rolls)))
        await actor.applyCondition(r.condition, r.duration, source);
    } else if (r.kind === "ongoing") await actor.addOngoing(r.effect);
  }
}

/**
 * KN-2 Stunning Fist: the target makes a ♥ save (rolled here, on the GM's client) or is Stunned until
 * the end of its next turn (CB-4: two turn ends when the hit lands in its own turn).
 */
export async function applyStunningFist(
  actor: Actor.Implementation,
  rolls: Roll[],
  source: string,
): Promise<void> {
  if (await savedAgainst(actor, { suit: "hearts", modifier: 0 }, rolls)) return;
  await actor.applyCondition("stunned", marginDuration("endOfNextTurn", actor), source);
}

/**
 * SW-7, INJ-7: the immediate effects that need no choice, with their saves rolled on the GM's client.
 * Conditions carry their durations (CON-5) and the injury's name as their source.
 */
export async function applyImmediate(
  actor: Actor.Implementation,
  harms: readonly (ImmediateHarm | ResolvedImmediateHarm)[],
  rolls: Roll[],
  source: string,
): Promise<void> {
  const saved = (save: { suit: Suit; modifier: number } | undefined) => savedAgainst(actor, save, rolls);
  for (const h of harms) {
    if (h.kind === "condition") {
      if (await saved(h.save)) continue;
      const duration = await harmDuration(actor, h.duration, rolls);
      for (const condition of h.conditions) await actor.applyCondition(condition, duration, source);
    } else if (h.kind === "extraDamage")
      // DMG-7: straight to HP, no reduction and no further injury roll.
      await actor.applyExtraDamage(h.amount);
    else if (h.kind === "drain") await actor.applyDrain(h.suit, h.amount, h.tainted);
    else if (h.kind === "dropToZero") {
      if (await saved(h.save)) continue;
      const value = actor.creature.hp.value;
      if (value > 0) await actor.applyDamage(value, { temporary: false });
      // Unconscious at 0 HP ends when HP is back to 1 or more (the actor's healing clears it).
      for (const condition of h.conditions) await actor.setCondition(condition, true);
    } else if (h.kind === "mentalRankLoss")
      // INJ-7: Shaken (Terrified for two ranks) until the encounter ends.
      await actor.applyCondition(h.ranks > 1 ? "terrified" : "shaken", { kind: "endOfEncounter" }, source);
    else if (h.kind === "loseRoundActions") await loseActions(actor, "loseRoundActions");
    // dropHeld and limbLost are left to the table; ongoing is stored on the injury item.
  }
}

/**
 * OD-1, INJ-7, SW-7: the ongoing effect an injury or wound item carries, from its immediate harms (a
 * "−2d" cell's modifier given). OD-4: a bleeder from a location that already bleeds is ignored, so the
 * item is created with its bleeder stopped.
 */
function itemBleeder(
  defender: Actor.Implementation,
  harms: readonly (ImmediateHarm | ResolvedImmediateHarm)[],
  modifier: number,
) {
  const harm = harms.find((h) => h.kind === "ongoing");
  if (harm?.kind !== "ongoing" || !("effect" in harm)) return undefined;
  const { rating, suit, tag } = harm.effect;
  const active = defender.ongoingEntries().map((e) => e.effect);
  const { added } = addOngoing(active, { ...harm.effect, modifier });
  return { active: added, rating, suit, modifier, tag };
}

const effectName = (effect: string) => game.i18n.localize(`ZILCH.Item.Choice.effect.${effect}`);

/** SW-5: the specific wound's item, then its immediate effects. */
async function woundItem(c: StepContext, defender: Actor.Implementation, next: AttackState): Promise<void> {
  const wound = woundToApply(next);
  if (!wound) return;
  // SW-9: the wound the check named (the GM's table may have put another key at this aim).
  const item = createWound(wound.location, c.state.declaration.brawling, wound.wound);
  await defender.addInjury(effectName(wound.wound), {
    kind: "specificWound",
    location: wound.location,
    effect: wound.wound,
    // SW-7: the Deep chest wound bleeds (N 1 on ♥, origin Chest) while the wound's item lasts.
    ongoing: itemBleeder(defender, item.immediate, 0),
  });
  await applyImmediate(defender, item.immediate, c.rolls, effectName(wound.wound));
}

/** INJ-2 step 4: the grievous injury's item (with its bleeder, OD-1), then its immediate effects. */
async function injuryItem(c: StepContext, defender: Actor.Implementation, next: AttackState): Promise<void> {
  const injury = next.injury?.injury;
  if (!injury) return;
  const ongoing = itemBleeder(defender, injury.immediate, injury.modifier);
  await defender.addInjury(effectName(injury.effect), {
    kind: "grievousInjury",
    location: injury.location,
    effect: injury.effect,
    modifier: injury.modifier,
    daysRemaining: injury.daysRemaining,
    ongoing,
  });
  await applyImmediate(defender, injury.immediate, c.rolls, effectName(injury.effect));
}

/**
 * OPT-1: the conditions of failed saves and Hamstring, a lost action on the round, and the Expose and
 * Reduce defence marks the target's next attacks read; the other results are lines for the GM.
 */
async function marginResults(defender: Actor.Implementation, next: AttackState): Promise<void> {
  const choices = next.margin?.choices ?? [];
  for (const special of choices) if (special === "loseAction") await loseActions(defender, "loseAction");
  const bought = marginMarksBought(choices);
  if (bought.length > 0) await setMarginMarks(defender, [...marginMarks(defender), ...bought]);
  for (const m of marginConditions(next)) {
    const source = game.i18n.localize(`ZILCH.Attack.MarginSpecial.${m.special}`);
    await defender.applyCondition(m.condition, marginDuration(m.duration, defender), source);
  }
}

/** SP-2, SP-3: Grappling/Grappled, Prone and Pinned set, or cleared when the grapple ends. */
async function specialConditions(c: StepContext, next: AttackState): Promise<void> {
  const changes = specialConditionChanges(c.state, next);
  const special = c.state.declaration.special;
  const source = special
    ? game.i18n.localize(`ZILCH.Attack.SpecialKind.${special}`)
    : c.state.declaration.weaponName;
  const sides = [
    [c.attacker, changes.attacker],
    [c.defender, changes.defender],
  ] as const;
  for (const [actor, list] of sides) {
    if (!actor) continue;
    for (const [condition, active] of list) {
      if (active) await actor.applyCondition(condition, { kind: "indefinite" }, source);
      else await actor.setCondition(condition, false);
    }
  }
}

/** Every effect of a step that the pure state has just taken, in the order the rules apply them. */
export async function stepEffects(c: StepContext, next: AttackState): Promise<void> {
  const defender = c.defender;
  if (defender && c.data.kind === "woundSave") await woundItem(c, defender, next);
  if (defender && c.data.kind === "chooseMargin") await marginResults(defender, next);
  await specialConditions(c, next);
  if (defender && c.data.kind === "rollEffect") await injuryItem(c, defender, next);
}
