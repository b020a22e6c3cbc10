/**
 * Tests, saves and contests from a sheet: the pure request model decides the target and chance
 * (src/rules/roll-request.ts); the dialog (./roll-dialog-app.ts) asks; this module spends what the
 * request commits (chips, CH-7; a Boon, TL-6) and rolls through src/dice/test-roll.ts.
 */
import { actorSheetContext, combatFacts } from "../sheets/actor/actor-sheet-context";
import { defaultChoice, type RollChoice } from "./roll-dialog-context";
import { RollDialog } from "./roll-dialog-app";
import {
  cardRefOf,
  DEFAULT_REQUEST,
  requestTarget,
  saveChipSuit,
  summarizeRequest,
  testKindOfSkill,
  type CardKey,
  type RollFacts,
} from "../../rules/roll-request";
import { postContest, postTest } from "../../dice/test-roll";
import { creatureRollFacts, pendingOnesOfActor, raceOf, useTestOnes } from "../../documents/creature-test";
import { raceSaveTrait, raceSkillBonus } from "../../rules/races";
import { combatantOfCreature, opponentChoices } from "../../rules/round/creature";
import { saveRevealsDomino } from "../../rules/tests";
import { requestCombat } from "../../requests/combat";
import { ZilchCombat } from "../../documents/combat/zilch-combat";
import { chatRollMode } from "../../dice/roll-mode";
import { domIdOf } from "../dom-id";

/**
 * T-2: what the actor offers the dialog: the same facts the system's own tests read
 * (src/documents/creature-test.ts), plus the skill the user picks and what kind of test it makes.
 */
function factsFor(
  actor: Actor.Implementation,
  skillId?: string,
): { facts: RollFacts; skills: { id: string; label: string }[] } {
  const facts = creatureRollFacts(actor);
  const sheet = actorSheetContext(actor);
  if (sheet.type === "npc") return { facts, skills: [] };
  const skills = sheet.context.skills.map((s) => ({ id: s.id, label: `${s.name} (+${s.bonus})` }));
  const skill = skillId ? actor.items.get(skillId) : undefined;
  const skillKey = skill?.isOfType("skill") ? skill.system.key : undefined;
  const testKind = testKindOfSkill(skillKey);
  const skillBonus = sheet.context.skills.find((s) => s.id === skillId)?.bonus ?? 0;
  // RA-2, RA-3: the race's bonus is offered where the skill says what kind of test this is.
  const race = raceOf(actor);
  const raceBonus = race ? raceSkillBonus(race, skillKey) : 0;
  // RA-2, RA-3: a race's save bonus is offered on every save; the user ticks it when the save resists that.
  const raceSave = race ? (raceSaveTrait(race) ?? undefined) : undefined;
  return { facts: { ...facts, skillBonus, testKind, raceBonus, raceSave }, skills };
}

/**
 * The roller's own facts: its card values and the rest, plus CD-15 the Effort and Pressure waiting for
 * its next test (an opponent's are not, since this roll does not use them up).
 */
export function rollerFacts(actor: Actor.Implementation, skillId?: string) {
  const { facts, skills } = factsFor(actor, skillId);
  return { facts: { ...facts, ones: pendingOnesOfActor(actor) }, skills };
}

/** T-8: a targeted token's own actor (unlinked tokens included), then the observable world actors. */
function opponentsOf(actor: Actor.Implementation) {
  const user = game.user!;
  return opponentChoices(
    actor,
    [...user.targets].map((t) => t.document),
    (game.actors?.contents ?? []).filter((a) => a.testUserPermission(user, "OBSERVER")),
  );
}

/** CH-7, TL-6: chips and the Boon are spent before the d12 is rolled, and stay spent; false if refused. */
async function spendCommitted(actor: Actor.Implementation, choice: RollChoice): Promise<boolean> {
  const i18n = game.i18n;
  const { request } = choice;
  // Chips go through the document API (ZilchActor#spendChips), which refuses a spend the rules forbid.
  const chipSuit = request.save ? saveChipSuit(request.card) : null;
  const problem =
    chipSuit && request.chips > 0
      ? await actor.spendChips(chipSuit, request.chips, { kind: "save", suit: chipSuit })
      : null;
  const refusal = !problem && request.boon ? await actor.creature.spendBoon() : null;
  if (problem || refusal) ui.notifications?.warn(i18n.localize(`ZILCH.Roll.Problem.${problem ?? refusal}`));
  return !problem && !refusal;
}

const isActorUuid = (uuid: string): uuid is `Actor.${string}` | `Scene.${string}` =>
  uuid.startsWith("Actor.") || uuid.startsWith("Scene.");

/** The opponent the user chose, if it is one the dialog offered. */
function chosenOpponent(offered: readonly { id: string }[], uuid: string): Actor.Implementation | null {
  if (!offered.some((o) => o.id === uuid)) return null;
  // The offered ids are actor UUIDs: a world actor's, or an unlinked token's synthetic actor's.
  const document = isActorUuid(uuid) ? fromUuidSync(uuid) : null;
  return document instanceof CONFIG.Actor.documentClass ? document : null;
}

/**
 * T-7, DOM-5: a ♣- or ♠-based save by a creature holding a face-down domino reveals it first (on the
 * active GM's client, through the request channel), so the save's target reads its pips. Says
 * whether it revealed one.
 */
async function revealForSave(actor: Actor.Implementation, request: RollChoice["request"]): Promise<boolean> {
  const { suit } = cardRefOf(request.card);
  const faceDown = combatFacts(actor)?.domino.state === "faceDown";
  if (!request.save || !saveRevealsDomino(suit, faceDown) || (suit !== "clubs" && suit !== "spades"))
    return false;
  const combat = game.combat;
  const combatant = combat instanceof ZilchCombat ? combatantOfCreature(combat.combatants, actor) : undefined;
  if (!combat?.id || !combatant?.id) return false;
  return requestCombat({ kind: "revealForSave", combatId: combat.id, combatantId: combatant.id, suit });
}

/** Rolls what the user chose (the dialog's Roll button): a test, or T-8 a contest against the chosen opponent. */
export async function rollChoice(
  actor: Actor.Implementation,
  choice: RollChoice,
  opponent: Actor.Implementation | null,
) {
  const before = rollerFacts(actor, choice.skillId).facts;
  const summary = summarizeRequest(choice.request, before);
  if (summary.problems.length) {
    // Failures speak and change nothing (ARCHITECTURE §3).
    for (const p of summary.problems) ui.notifications?.warn(game.i18n.localize(`ZILCH.Roll.Problem.${p}`));
    return;
  }
  // CD-15: the active GM uses up the Effort and Pressure this test counted before anything is spent
  // or rolled; if another roll took them first, this one is refused and nothing happens.
  if (!(await useTestOnes(actor, summary.ones))) return;
  if (!(await spendCommitted(actor, choice))) return;
  // T-7: the pips count only once the domino is shown, so they are read again after the reveal (the
  // rest stays as summarised: CD-15's Effort and Pressure are used up by now).
  const revealed = await revealForSave(actor, choice.request);
  const current = revealed ? { ...before, pips: factsFor(actor, choice.skillId).facts.pips } : before;
  const { request } = choice;
  const test = {
    actor,
    card: request.card,
    target: requestTarget(request, current),
    save: request.save,
    untrained: request.untrained,
    boon: request.boon,
    ones: summary.ones,
    rollMode: choice.rollMode,
  };
  if (!opponent) return postTest(test);
  // T-8: the opponent tests the chosen card with its own value and the stated modifier.
  const theirs = { ...DEFAULT_REQUEST, card: choice.opponentCard, modifier: choice.opponentModifier };
  const target = requestTarget(theirs, factsFor(opponent).facts);
  await postContest(test, {
    actor: opponent,
    card: choice.opponentCard,
    target,
    save: false,
    untrained: false,
    rollMode: choice.rollMode,
  });
}

/**
 * Opens the dialog for a card (and optionally a skill), then rolls what the user asked for. With
 * `fastForward` (a shift-click, as dnd5e's "skip dialog" key defaults to Shift: dnd5e module/utils.mjs
 * `areKeysPressed(event, "skipDialogNormal")`) it rolls the dialog's defaults at once: no chips, no
 * Boon, no opponent, every injury penalty that applies (INJ-7, INJ-8).
 */
export async function openRollDialog(
  actor: Actor.Implementation,
  options: { card?: CardKey; skillId?: string; fastForward?: boolean } = {},
): Promise<void> {
  const { facts, skills } = rollerFacts(actor, options.skillId);
  const request = {
    ...DEFAULT_REQUEST,
    card: options.card ?? DEFAULT_REQUEST.card,
    skill: Boolean(options.skillId),
    // RA-3: the race's bonus is pre-ticked; it counts only where the skill shows the test's kind.
    raceBonus: true,
  };
  if (options.fastForward) {
    await rollChoice(actor, defaultChoice(request, options.skillId), null);
    return;
  }
  const opponents = opponentsOf(actor);
  const input = {
    id: domIdOf("zilch-roll", actor),
    request,
    facts,
    skills,
    skillId: options.skillId,
    opponents,
    rollMode: chatRollMode(),
  };
  const choice = await RollDialog.choose({
    actorName: actor.name ?? "",
    input,
    factsFor: (skillId) => rollerFacts(actor, skillId).facts,
  });
  if (choice) await rollChoice(actor, choice, chosenOpponent(opponents, choice.opponent));
}
