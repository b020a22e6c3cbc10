/**
 * T-2 for every roll: one reading of what a creature's documents offer a test (its effective cards,
 * lasting injuries and wounds, Rage, held chips and Boons, the domino's pips, the countdown's pending
 * Effort and Pressure), and one path for the tests the system rolls on a creature's behalf (saves
 * against riders, injuries and wounds, a Move's save, Ongoing Damage, Stun recovery, fear, Alert, a
 * challenge, a Rally's or rest's ♥ test, First Aid, the attack card's saves and contests, read at
 * declaration, and a wound check's modifier). The roll dialog reads the same facts (src/applications/dialogs/roll-dialog.ts), and both
 * compute the target with the request model's `requestTarget` (src/rules/roll-request.ts), so a test
 * the GM's client rolls and one the owner rolls from the sheet cannot disagree on the same creature.
 *
 * What only a person chooses is not part of a system roll: no skill, no difficulty, no chips and no
 * Boon (CH-7, TL-6 commit them before the roll, from the dialog).
 */
import {
  cardRefOf,
  DEFAULT_REQUEST,
  requestTarget,
  type CardKey,
  type PendingOnes,
  type RollFacts,
} from "../rules/roll-request";
import { degreeOfSuccess, isSuccess, saveRevealsDomino } from "../rules/tests";
import { pipsOf } from "../rules/round/domino-reveal";
import { combatantOfCreature } from "../rules/round/creature";
import type { InjuryRecord } from "../rules/injury/lasting-modifiers";
import { FIRST_AID_BONUS, type OngoingEffect } from "../rules/ongoing";
import { victimTickTarget } from "../rules/round/turn-hooks";
import { raceSaveBonus, type SaveAgainst } from "../rules/races";
import { SECONDARY_CARD, SUITS, type DegreeOfSuccess, type RaceKey, type Suit } from "../rules/vocabulary";
import { ZilchTestRoll } from "../dice/zilch-test-roll";
import { isApplier } from "../requests/applier";
import { requestCombat } from "../requests/combat";
import { roundRunning } from "./combat/zilch-round";
// `Combat.Implementation` is ZilchCombat and `CONFIG.Combat.documentClass` its class (DocumentClassConfig,
// src/types/data-models.ts); the combat document rolls through this module, so it is not imported here.

/** CH-1, NPC-2: the class chips a creature holds in a suit (an npc holds only those it was granted). */
export function chipsHeld(actor: Actor.Implementation, suit: "clubs" | "spades"): number {
  if (actor.isOfType("character")) return actor.system.chips[suit];
  if (actor.isOfType("npc")) return actor.system.chips[suit].value;
  return 0;
}

/** TL-6: the Boons a creature holds (only characters hold any). */
export const boonsHeld = (actor: Actor.Implementation): number =>
  actor.isOfType("character") ? actor.system.boons : 0;

/** INJ-7, INJ-8, SW-7: the creature's injury items as the injury rules read them. */
export function injuriesOf(actor: Actor.Implementation): InjuryRecord[] {
  return actor.items.contents.flatMap((item) =>
    item.isOfType("injury")
      ? [
          {
            source: item.id ?? "",
            effect: item.system.effect,
            location: item.system.location,
            lasting: item.system.lasting,
          },
        ]
      : [],
  );
}

/** RA-2: the race of a character's race item (none for a homebrew race or a stat block). */
export function raceOf(actor: Actor.Implementation): RaceKey | null {
  const race = actor.items.contents.find((item) => item.isOfType("race"));
  return race?.isOfType("race") ? (race.system.key ?? null) : null;
}

/** The creature's combatant in the viewed combat (an unlinked token's own), with the combat. */
function combatantHere(actor: Actor.Implementation) {
  const combat = game.combat;
  const combatant = combat ? combatantOfCreature(combat.combatants, actor) : undefined;
  return combat?.id && combatant?.id ? { combat, combatantId: combatant.id, combatant } : null;
}

/** ST-2, ST-6, T-7: the creature's pips now in the viewed combat, or null (no domino shown, no stance). */
export function pipsHeld(actor: Actor.Implementation): { offense: number; defense: number } | null {
  const found = combatantHere(actor);
  if (!found) return null;
  const { combat, combatantId, combatant } = found;
  const facts = CONFIG.Combat.documentClass.factsOf(combatant);
  return pipsOf(combat.zilchRoundOf(combatantId), facts, combat.zilchState.mode);
}

/** CD-15: the Effort and Pressure pending on the creature in a started combat (none outside one). */
export function pendingOnesOfActor(actor: Actor.Implementation): PendingOnes {
  const found = combatantHere(actor);
  return found && roundRunning(found.combat)
    ? found.combat.zilchPendingOnes(found.combatantId)
    : { effort: 0, pressure: 0 };
}

/**
 * CD-15: a test took the creature's pending Effort and/or Pressure: the active GM uses up exactly
 * those (through the request channel, so a player's test works too). Resolves false when refused
 * (another roll took them first; the user is told why), true when used or nothing was pending.
 */
export async function useTestOnes(actor: Actor.Implementation, ones: PendingOnes): Promise<boolean> {
  const found = combatantHere(actor);
  if (!found || !roundRunning(found.combat) || (ones.effort === 0 && ones.pressure === 0)) return true;
  return requestCombat({
    kind: "usePendingOnes",
    combatId: found.combat.id!,
    combatantId: found.combatantId,
    effort: ones.effort !== 0,
    pressure: ones.pressure !== 0,
  });
}

/**
 * SU-4, SU-2, CH-1, TL-6, T-7, INJ-7, INJ-8, SW-7, KN-2, EQ-13: what a creature's documents offer any
 * test of it, from the sheet or the system (an NPC's secondary cards read its primaries, SU-2, which
 * its prepared `eff2` already is). No skill: the dialog adds the one its user picks.
 */
export function creatureRollFacts(actor: Actor.Implementation): RollFacts {
  const suits = actor.creature.suits;
  const cards = {} as Record<CardKey, number>;
  for (const suit of SUITS) {
    cards[suit] = suits[suit].eff;
    cards[SECONDARY_CARD[suit] as CardKey] = suits[suit].eff2;
  }
  return {
    cards,
    skillBonus: 0,
    chips: { clubs: chipsHeld(actor, "clubs"), spades: chipsHeld(actor, "spades") },
    boons: boonsHeld(actor),
    pips: pipsHeld(actor),
    injuries: injuriesOf(actor),
    // EQ-13: the worn gear's swimming penalty (characters only; a stat block's numbers hold its own).
    swimPenalty: actor.isOfType("character") ? actor.system.equipment.swimPenalty : 0,
    raging: actor.raging,
  };
}

/** A test the system rolls for a creature: its card, save or test, and the effect's own modifier. */
export interface CreatureTest {
  readonly card: CardKey;
  /** T-6, T-7: a save (binary; pips on ♣ and ♠) or a plain test (degree of success). */
  readonly save: boolean;
  /** The modifier the effect names (a save's −5, a fear level's, an Ongoing effect's). */
  readonly modifier?: number;
  /** INJ-7, INJ-8: what kind of test it is, for the injury modifiers that cover only some tests. */
  readonly testKind?: RollFacts["testKind"];
  /** RA-2, RA-3: what the save resists, so a race's bonus against it applies (a Dwarf's against poison). */
  readonly against?: SaveAgainst;
}

/** A save on a suit's primary card with the effect's modifier (T-6). */
export const saveOn = (suit: Suit, modifier = 0): CreatureTest => ({ card: suit, save: true, modifier });

/** T-2: the target of a creature's test as its documents stand now, with `ones` pending on it (CD-15). */
export function creatureTestTarget(
  actor: Actor.Implementation,
  test: CreatureTest,
  ones: PendingOnes = { effort: 0, pressure: 0 },
): number {
  const request = { ...DEFAULT_REQUEST, card: test.card, save: test.save, modifier: test.modifier ?? 0 };
  const race = raceOf(actor);
  const raceBonus = race && test.against ? raceSaveBonus(race, test.against) : 0;
  return requestTarget(
    { ...request, raceBonus: raceBonus !== 0 },
    { ...creatureRollFacts(actor), testKind: test.testKind, ones, raceBonus },
  );
}

/**
 * T-7, DOM-5: a ♣- or ♠-based save reveals the creature's face-down domino first, on the active GM's
 * client (elsewhere, as at INJ-7's save in the creature's own turn, its domino is already shown).
 */
async function revealForSave(actor: Actor.Implementation, test: CreatureTest): Promise<void> {
  const found = combatantHere(actor);
  const { suit } = cardRefOf(test.card);
  if (!found || !roundRunning(found.combat) || !test.save || !saveRevealsDomino(suit, true) || !isApplier())
    return;
  const { combat, combatantId } = found;
  if (combat.zilchRoundOf(combatantId).domino?.state !== "faceDown") return;
  await combat.zilchApply({ kind: "revealDomino", combatId: combat.id!, combatantId }, game.user ?? null);
}

/**
 * CD-15: the Effort and Pressure pending on the creature's next test are this test's, used up through
 * the active GM (as a dialog test's are); if another roll took them first, this one goes without.
 * `inSlot` names a test rolled inside the combat's own request slot (Stun recovery): there the ones
 * are read and the caller uses them up once the slot is free, since asking now would wait for itself.
 */
async function takeOnes(actor: Actor.Implementation, inSlot: boolean): Promise<PendingOnes> {
  const ones = pendingOnesOfActor(actor);
  if (inSlot || (ones.effort === 0 && ones.pressure === 0)) return ones;
  return (await useTestOnes(actor, ones)) ? ones : { effort: 0, pressure: 0 };
}

/** What a system test rolled: the total, its target, the degree and, for a save, whether it held (T-6). */
export interface CreatureTestResult {
  readonly roll: number;
  readonly target: number;
  readonly dos: DegreeOfSuccess;
  readonly success: boolean;
  /** CD-15: the Effort and Pressure the test took. */
  readonly ones: PendingOnes;
}

/**
 * T-1, T-2, T-6, T-7, CD-15: the one path of a test the system rolls on a creature's behalf: the domino
 * revealed for a combat save, the pending Effort and Pressure taken, the target read from the
 * creature's documents as the roll dialog reads it, and the dice rolled as Foundry Rolls (pushed on
 * `rolls`, for the chat message that shows them).
 */
export async function rollCreatureTest(
  actor: Actor.Implementation,
  test: CreatureTest,
  rolls: Roll[],
  options: { inSlot?: boolean } = {},
): Promise<CreatureTestResult> {
  await revealForSave(actor, test);
  const ones = await takeOnes(actor, options.inSlot === true);
  const target = creatureTestTarget(actor, test, ones);
  const rolled = await ZilchTestRoll.rollTest();
  rolls.push(...rolled.rolls);
  const dos = degreeOfSuccess(rolled.roll, target);
  return { roll: rolled.roll, target, dos, success: isSuccess(dos), ones };
}

/** OD-3: whether the creature has First Aid (SK-2: a skill with no steps is not taken). */
export function hasFirstAid(actor: Actor.Implementation): boolean {
  return actor.items.contents.some(
    (item) =>
      item.isOfType("skill") && item.system.key === "firstAid" && (item.system.free || item.system.bonus > 0),
  );
}

/**
 * OD-2, OD-3: the Ongoing Damage test a victim makes: on the effect's suit with its modifier, or, with
 * First Aid, on Knowledge + 5 with the same modifier when that target is the higher (the rule lets
 * it choose; each side's target read through the same path as the roll).
 */
export function ongoingTickTest(
  actor: Actor.Implementation,
  effect: OngoingEffect,
): CreatureTest & { firstAid: boolean } {
  const against = ongoingAgainst(effect);
  const plain = (card: CardKey): number => creatureTestTarget(actor, { card, save: false, against });
  const knowledge = hasFirstAid(actor) ? plain("knowledge") : null;
  const chosen = victimTickTarget(effect, plain(effect.suit), knowledge);
  return chosen.firstAid
    ? { card: "knowledge", save: false, modifier: FIRST_AID_BONUS + effect.modifier, firstAid: true, against }
    : { card: effect.suit, save: false, modifier: effect.modifier, firstAid: false, against };
}

/**
 * RA-2: what an Ongoing effect's test resists: a poison, or drain (OD-1: an effect on any suit but ♥
 * drains that suit). A Dwarf's one +2 covers both, so a draining poison is still +2, not +4.
 */
export function ongoingAgainst(effect: OngoingEffect): SaveAgainst | undefined {
  if (effect.tag === "poison") return "poison";
  return effect.suit === "hearts" ? undefined : "drain";
}
