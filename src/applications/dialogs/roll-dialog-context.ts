/**
 * The roll dialog's context as a pure function (T-2, T-5, CH-7, TL-6, SK-5, T-8): the choices it
 * offers and the summary (target, chance) the user sees before rolling.
 */
import { DIFFICULTIES } from "../../rules/tests";
import {
  CARD_KEYS,
  requestFromForm,
  requestInjuryModifiers,
  saveChipSuit,
  summarizeRequest,
  type CardKey,
  type RollFacts,
  type RequestSummary,
  type RollRequest,
} from "../../rules/roll-request";
import type { RollMode } from "../../dice/roll-mode";

/**
 * The message modes the dialog offers, in the order the chat log lists them. dnd5e's roll dialog
 * offers the same choice (module/applications/dice/roll-configuration-dialog.mjs
 * `_prepareConfigurationContext`: a `rollMode` select defaulting to the chat log's mode, copied to the
 * message on submit).
 */
export const ROLL_MODES: readonly RollMode[] = ["public", "gm", "blind", "self"];
const isRollMode = (value: unknown): value is RollMode => ROLL_MODES.some((mode) => mode === value);

export interface RollDialogInput {
  id: string;
  request: RollRequest;
  facts: RollFacts;
  skills: readonly { id: string; label: string }[];
  skillId?: string;
  /** T-8: other actors the user may contest. */
  opponents?: readonly { id: string; name: string }[];
  opponent?: string;
  opponentCard?: string;
  opponentModifier?: number;
  /** Who sees the card: the chat log's mode when the dialog opens. */
  rollMode?: RollMode;
}

/** CH-3, CH-4, CH-7: chips a request may commit: those held on the card's suit, on a ♣/♠ save only. */
export function chipsAllowed(
  request: Pick<RollRequest, "card" | "save">,
  facts: Pick<RollFacts, "chips">,
): number {
  const suit = request.save ? saveChipSuit(request.card) : null;
  return suit ? (facts.chips[suit] ?? 0) : 0;
}

/** A modifier as a player reads it: +2, or −2 with a true minus sign. */
const signed = (value: number): string => (value > 0 ? `+${value}` : `\u2212${Math.abs(value)}`);

/** CD-15: the pending Effort and Pressure as the summary words them ("+2", "−2"). */
export function onesText(summary: RequestSummary): { effort: string; pressure: string } {
  return { effort: signed(summary.ones.effort), pressure: signed(summary.ones.pressure) };
}

/** INJ-8: the injury modifiers the dialog lists as checkboxes, each named by its effect and location. */
export function injuryModifierChoices(request: RollRequest, facts: RollFacts) {
  return requestInjuryModifiers(request, facts).map((m) => ({
    source: m.source,
    rule: m.rule,
    value: m.value,
    valueText: signed(m.value),
    applied: m.applied,
    effectKey: `ZILCH.Item.Choice.effect.${m.effect}`,
    locationKey: `ZILCH.Item.Choice.location.${m.location}`,
  }));
}

/** INJ-8: the sources the dialog offers, so an unticked box is read as "off" rather than absent. */
export function offeredSources(request: RollRequest, facts: RollFacts): string {
  return [...new Set(requestInjuryModifiers(request, facts).map((m) => m.source))].join(",");
}

/** RA-3: the race's bonus the chosen skill's test takes, as the dialog shows it ("" for none). */
export function raceBonusText(facts: RollFacts): string {
  return (facts.raceBonus ?? 0) > 0 ? `+${facts.raceBonus}` : "";
}

/**
 * RA-2, RA-3: the race's save box as the dialog shows it ("Against charm or sleep (+2)"), shown only
 * while the request is a save; null for a race with no save bonus. Left unticked: only the user knows
 * what the save resists.
 */
export function raceSaveView(request: Pick<RollRequest, "save">, facts: RollFacts) {
  const trait = facts.raceSave;
  if (!trait || trait.bonus === 0) return null;
  return {
    key: `ZILCH.Roll.RaceSave.${trait.against.join("_")}`,
    value: `+${trait.bonus}`,
    shown: request.save,
  };
}

/** What the open dialog updates as the user changes it: the chip limit of the chosen card, target and chance. */
export function liveRollView(request: RollRequest, facts: RollFacts) {
  const chipsMax = chipsAllowed(request, facts);
  // A chip count left from another card or a test is dropped rather than reported: the field follows the card.
  const chips = Math.min(Math.max(0, request.chips), chipsMax);
  const summary = summarizeRequest({ ...request, chips }, facts);
  return {
    chipsMax,
    chips,
    summary,
    injuryModifiers: injuryModifierChoices(request, facts),
    raceBonus: raceBonusText(facts),
    raceSave: raceSaveView(request, facts),
    problemKeys: summary.problems.map((p) => `ZILCH.Roll.Problem.${p}`),
  };
}

export function rollDialogContext(input: RollDialogInput) {
  const summary = summarizeRequest(input.request, input.facts);
  return {
    id: input.id,
    request: input.request,
    cardChoices: Object.fromEntries(CARD_KEYS.map((card) => [card, `ZILCH.Card.${card}`])),
    difficultyChoices: Object.fromEntries(
      Object.keys(DIFFICULTIES).map((d) => [d, `ZILCH.Roll.DifficultyChoice.${d}`]),
    ),
    skills: input.skills,
    skillId: input.skillId ?? "",
    skillBonus: input.facts.skillBonus,
    rollModes: Object.fromEntries(ROLL_MODES.map((mode) => [mode, `ZILCH.Roll.Mode.${mode}`])),
    rollMode: input.rollMode ?? "public",
    boons: input.facts.boons,
    chipsAvailable: chipsAllowed(input.request, input.facts),
    // EQ-13: a swimming box only where armour or a shield would weigh on a swim.
    swimPenalty: (input.facts.swimPenalty ?? 0) < 0 ? `\u2212${Math.abs(input.facts.swimPenalty ?? 0)}` : "",
    raceBonus: raceBonusText(input.facts),
    raceSave: raceSaveView(input.request, input.facts),
    opponents: input.opponents ?? [],
    opponent: input.opponent ?? "",
    opponentCard: input.opponentCard ?? input.request.card,
    opponentModifier: input.opponentModifier ?? 0,
    summary,
    onesText: onesText(summary),
    injuryModifiers: injuryModifierChoices(input.request, input.facts),
    injuriesOffered: offeredSources(input.request, input.facts),
    problemKeys: summary.problems.map((p) => `ZILCH.Roll.Problem.${p}`),
  };
}
export type RollDialogContext = ReturnType<typeof rollDialogContext>;

/** The summary part (T-2, T-5, B-1): target and chance of the request as the form stands now. */
export function rollSummaryContext(request: RollRequest, facts: RollFacts) {
  const view = liveRollView(request, facts);
  return { summary: view.summary, onesText: onesText(view.summary), problemKeys: view.problemKeys };
}

/** What the user chose: the request, the skill and, for a contest (T-8), the opponent's test. */
export interface RollChoice {
  request: RollRequest;
  skillId: string | undefined;
  /** The opponent's UUID, or "" for a plain test. */
  opponent: string;
  opponentCard: CardKey;
  opponentModifier: number;
  /** Who sees the card; absent, the chat log's mode when it is posted. */
  rollMode?: RollMode;
}

/** The choice the dialog starts with, untouched: a plain test of the card (and skill) at its defaults. */
export function defaultChoice(request: RollRequest, skillId: string | undefined): RollChoice {
  return { request, skillId, opponent: "", opponentCard: request.card, opponentModifier: 0 };
}

/** The skill a form names, if any. */
export const skillIdOf = (form: Readonly<Record<string, unknown>>): string | undefined =>
  typeof form.skillId === "string" && form.skillId !== "" ? form.skillId : undefined;

/** Reads the dialog's form values (FormDataExtended#object) as the user's choice. */
export function rollChoiceFromForm(form: Readonly<Record<string, unknown>>): RollChoice {
  const modifier = Number(form.opponentModifier ?? 0);
  return {
    request: requestFromForm(form),
    skillId: skillIdOf(form),
    opponent: typeof form.opponent === "string" ? form.opponent : "",
    opponentCard: requestFromForm({ card: form.opponentCard }).card,
    opponentModifier: Number.isFinite(modifier) ? Math.trunc(modifier) : 0,
    ...(isRollMode(form.rollMode) ? { rollMode: form.rollMode } : {}),
  };
}
