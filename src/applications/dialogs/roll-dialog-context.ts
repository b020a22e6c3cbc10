/**
 * The roll dialog's context as a pure function (T-2, T-5, CH-7, TL-6, SK-5, T-8): the choices it
 * offers and the summary (target, chance) the user sees before rolling.
 */
import { DIFFICULTIES } from "../../rules/tests";
import { CARD_KEYS, saveChipSuit, summarizeRequest, type RollFacts, type RollRequest } from "../../dice/roll-request";

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
}

export function rollDialogContext(input: RollDialogInput) {
  const summary = summarizeRequest(input.request, input.facts);
  const chipSuit = input.request.save ? saveChipSuit(input.request.card) : null;
  return {
    id: input.id,
    request: input.request,
    cardChoices: Object.fromEntries(CARD_KEYS.map((card) => [card, `ZILCH.Card.${card}`])),
    difficultyChoices: Object.fromEntries(Object.keys(DIFFICULTIES).map((d) => [d, `ZILCH.Roll.DifficultyChoice.${d}`])),
    skills: input.skills,
    skillId: input.skillId ?? "",
    skillBonus: input.facts.skillBonus,
    boons: input.facts.boons,
    chipsAvailable: chipSuit ? (input.facts.chips[chipSuit] ?? 0) : 0,
    opponents: input.opponents ?? [],
    opponent: input.opponent ?? "",
    opponentCard: input.opponentCard ?? input.request.card,
    opponentModifier: input.opponentModifier ?? 0,
    summary,
    problemKeys: summary.problems.map((p) => `ZILCH.Roll.Problem.${p}`),
  };
}
export type RollDialogContext = ReturnType<typeof rollDialogContext>;
