/**
 * The roll dialog's model as plain data (T-2, T-5, CH-7, TL-6, SK-5): what the user chose, what the
 * actor can offer, and the target and chance of success that follow. The dialog and the tests call
 * these functions; rolling itself lives in src/dice/test-roll.ts.
 */
import {
  chancePercent,
  DIFFICULTIES,
  NO_ROLL_NEEDED_AT,
  successChance,
  targetHasPlateau,
  testTarget,
  type Difficulty,
} from "./tests";
import { SECONDARY_CARD, SUITS, type Suit } from "./vocabulary";
import {
  lastingModifiers,
  type InjuryRecord,
  type LastingModifier,
  type RollUse,
} from "./injury/lasting-modifiers";
import type { CardRef } from "./suits";
import { rageSaveBonus } from "./knacks";
import type { SaveAgainst } from "./races";

/** SU-1: the eight cards a test can read, by the name the data models store (data/constants CARDS). */
export type CardKey = Suit | (typeof SECONDARY_CARD)[Suit];

/** SU-1: a card key as its suit and role. */
export function cardRefOf(card: CardKey): CardRef {
  if ((SUITS as readonly string[]).includes(card)) return { suit: card as Suit, card: "primary" };
  const suit = SUITS.find((s) => SECONDARY_CARD[s] === card);
  if (!suit) throw new RangeError(`unknown card ${card}`);
  return { suit, card: "secondary" };
}

/** SU-1: the key of a suit's primary or secondary card. */
export function cardKeyOf(ref: CardRef): CardKey {
  return ref.card === "primary" ? ref.suit : (SECONDARY_CARD[ref.suit] as CardKey);
}

/** Every card key, primaries first, in SUITS order. */
export const CARD_KEYS: readonly CardKey[] = [...SUITS, ...SUITS.map((s) => SECONDARY_CARD[s] as CardKey)];

/** What the user chose in the dialog. */
export interface RollRequest {
  card: CardKey;
  difficulty: Difficulty;
  /** T-2: a free GM or situational modifier. */
  modifier: number;
  /** SK-1: apply the best applicable skill bonus. */
  skill: boolean;
  /** T-6: a save is binary; chips and pips count only on saves. */
  save: boolean;
  /** CH-3, CH-4: chips committed to a ♣ or ♠ save before the roll (CH-7). */
  chips: number;
  /** TL-6: spend one Boon for +2. */
  boon: boolean;
  /** SK-5: "untrained: cap at F". */
  untrained: boolean;
  /** INJ-8: injury modifiers (by source) the user unticked; every other applicable one is applied. */
  injuriesOff?: readonly string[];
  /** EQ-13: the test is a swim, so the gear's swimming penalty applies. */
  swimming?: boolean;
  /** RA-3: the race's bonus the facts offer for this kind of test is taken. */
  raceBonus?: boolean;
  /** RA-2, RA-3: the save resists what the race's save bonus covers (the user says so: a charm, a poison). */
  raceSave?: boolean;
}

/** What the actor offers the dialog: card values, skill bonus, chips, Boons, held pips. */
export interface RollFacts {
  /** SU-4: effective value of each card. */
  cards: Readonly<Record<CardKey, number>>;
  /** SK-1: the highest applicable skill bonus (0 when none). */
  skillBonus: number;
  /** CH-1: class chips held on ♣ and ♠ (other suits never pay for saves). */
  chips: Readonly<Partial<Record<Suit, number>>>;
  /** TL-6: Boon tokens held. */
  boons: number;
  /** T-7: the current domino pips when in a combat, else null. */
  pips: { offense: number; defense: number } | null;
  /** INJ-7, INJ-8, SW-7: the actor's lasting injuries and wounds. */
  injuries?: readonly InjuryRecord[];
  /** INJ-7, INJ-8: what kind of test this is (movement, stamina, sight, mental casting). */
  testKind?: Omit<Extract<RollUse, { kind: "test" }>, "kind" | "suit" | "card">;
  /** EQ-13: what the worn armour and shield take off a swimming test (0 or less; absent for none). */
  swimPenalty?: number;
  /**
   * CD-15: the Effort (+2) and Pressure (−2) pending on the roller's next test this round, from the
   * countdown (absent or 0 when none); the test takes them whatever else it is.
   */
  ones?: PendingOnes;
  /** KN-2: the roller rages now, so a ♣-based save is +2. */
  raging?: boolean;
  /** RA-2, RA-3: the race's bonus on this kind of test, where the kind is known (absent or 0: none). */
  raceBonus?: number;
  /** RA-2, RA-3: the race's bonus on saves against some effects, and what they are (absent: none). */
  raceSave?: { readonly against: readonly SaveAgainst[]; readonly bonus: number };
}

/** CD-15: Effort's and Pressure's modifiers waiting for a creature's next test or attack. */
export interface PendingOnes {
  readonly effort: number;
  readonly pressure: number;
}

/** CD-15: the pending Effort and Pressure a test takes (0 and 0 without any). */
export function onesOfTest(facts: Pick<RollFacts, "ones">): PendingOnes {
  return { effort: facts.ones?.effort ?? 0, pressure: facts.ones?.pressure ?? 0 };
}

/** EQ-13: the gear's penalty when the user says the test is a swim, else 0. */
export function swimmingModifier(
  request: Pick<RollRequest, "swimming">,
  facts: Pick<RollFacts, "swimPenalty">,
): number {
  return request.swimming ? (facts.swimPenalty ?? 0) : 0;
}

/** INJ-8: an injury modifier as the dialog offers it: pre-ticked unless the user unticked it. */
export interface OfferedInjuryModifier extends LastingModifier {
  applied: boolean;
}

/** T-2, INJ-7, INJ-8, SW-7: the injury modifiers that apply to a request's card and kind of test. */
export function requestInjuryModifiers(
  request: Pick<RollRequest, "card" | "injuriesOff">,
  facts: Pick<RollFacts, "injuries" | "testKind">,
): OfferedInjuryModifier[] {
  const use: RollUse = { kind: "test", ...cardRefOf(request.card), ...facts.testKind };
  const off = request.injuriesOff ?? [];
  return lastingModifiers(facts.injuries ?? [], use).modifiers.map((m) => ({
    ...m,
    applied: !off.includes(m.source),
  }));
}

/**
 * INJ-8: which tests "involve movement" (Athletics, Acrobatics) or stamina (Athletics on ♥), read
 * from the skill the test uses; a test without one of these skills is neither.
 */
export function testKindOfSkill(skillKey: string | undefined): RollFacts["testKind"] {
  if (skillKey === "athletics") return { movement: true, stamina: true };
  if (skillKey === "acrobatics") return { movement: true };
  return undefined;
}

export const DEFAULT_REQUEST: Readonly<RollRequest> = {
  card: "clubs",
  difficulty: "normal",
  modifier: 0,
  skill: false,
  save: false,
  chips: 0,
  boon: false,
  untrained: false,
  injuriesOff: [],
  swimming: false,
  raceBonus: false,
  raceSave: false,
};

/** CH-3, CH-4, CH-7: the suit whose chips a save on this card may spend, or null (♦, ♥ never). */
export function saveChipSuit(card: CardKey): Suit | null {
  const { suit } = cardRefOf(card);
  return suit === "clubs" || suit === "spades" ? suit : null;
}

/** T-7: pips a combat save on this card adds (offensive on ♣, defensive on ♠). */
export function savePips(
  request: Pick<RollRequest, "card" | "save">,
  facts: Pick<RollFacts, "pips">,
): number {
  if (!request.save || !facts.pips) return 0;
  const { suit } = cardRefOf(request.card);
  if (suit === "clubs") return facts.pips.offense;
  if (suit === "spades") return facts.pips.defense;
  return 0;
}

export type RequestProblem =
  "chipsNotOnSave" | "chipsWrongSuit" | "notEnoughChips" | "noBoon" | "badModifier";

/** CH-3, CH-4, CH-7, TL-6: why a request cannot be rolled as asked, or an empty list. */
export function requestProblems(request: RollRequest, facts: RollFacts): RequestProblem[] {
  const problems: RequestProblem[] = [];
  if (!Number.isInteger(request.modifier)) problems.push("badModifier");
  if (request.chips !== 0) {
    const suit = saveChipSuit(request.card);
    if (!request.save) problems.push("chipsNotOnSave");
    else if (!suit) problems.push("chipsWrongSuit");
    else if (
      !Number.isInteger(request.chips) ||
      request.chips < 0 ||
      request.chips > (facts.chips[suit] ?? 0)
    )
      problems.push("notEnoughChips");
  }
  if (request.boon && facts.boons < 1) problems.push("noBoon");
  return problems;
}

/** What the dialog shows before rolling. */
export interface RequestSummary {
  target: number;
  /** B-1: chance of success in percent with one decimal; 0 when untrained caps every success. */
  chance: number;
  /** T-4: targets 11 and 12 succeed equally often (shown as a hint). */
  plateau: boolean;
  /** T-5: a total modifier of +5 or more suggests no roll is needed. */
  noRollNeeded: boolean;
  pips: number;
  /** CD-15: the pending Effort and Pressure this test takes (and uses up). */
  ones: PendingOnes;
  problems: RequestProblem[];
}

/** T-2, CD-15: the target of a request: card + skill + modifiers (Effort and Pressure among them) + chips + pips + Boon. */
export function requestTarget(request: RollRequest, facts: RollFacts): number {
  const chips = request.save && saveChipSuit(request.card) ? Math.max(0, request.chips) : 0;
  return testTarget({
    card: facts.cards[request.card],
    skill: request.skill ? facts.skillBonus : 0,
    modifiers: [
      DIFFICULTIES[request.difficulty],
      request.modifier,
      swimmingModifier(request, facts),
      // RA-3: a race trait bonus is a modifier, so it stacks with a skill's +5.
      request.raceBonus ? (facts.raceBonus ?? 0) : 0,
      // RA-3: so is a race's bonus on a save against what it resists, when the user says the save is one.
      request.save && request.raceSave ? (facts.raceSave?.bonus ?? 0) : 0,
      // CD-15: "+2 / −2 to your next test target".
      onesOfTest(facts).effort,
      onesOfTest(facts).pressure,
      // KN-2 Rage: +2 on ♣-based saves (Strength and Cunning included, CH-3).
      request.save ? rageSaveBonus(facts.raging === true, cardRefOf(request.card).suit) : 0,
      ...requestInjuryModifiers(request, facts)
        .filter((m) => m.applied)
        .map((m) => m.value),
    ],
    save: request.save,
    chips,
    pips: savePips(request, facts),
    boon: request.boon,
  });
}

/** T-2, T-4, T-5, B-1, SK-5: target, chance and hints for the dialog. */
export function summarizeRequest(request: RollRequest, facts: RollFacts): RequestSummary {
  const target = requestTarget(request, facts);
  return {
    target,
    chance: request.untrained ? 0 : chancePercent(successChance(target)),
    plateau: targetHasPlateau(target),
    noRollNeeded: DIFFICULTIES[request.difficulty] + request.modifier >= NO_ROLL_NEEDED_AT,
    pips: savePips(request, facts),
    ones: onesOfTest(facts),
    problems: requestProblems(request, facts),
  };
}

/**
 * Reads the dialog's form values (strings, "on", absent checkboxes) into a request; anything
 * unreadable falls back to the default, so a bad field never rolls a surprising test.
 */
export function requestFromForm(form: Readonly<Record<string, unknown>>): RollRequest {
  const card = CARD_KEYS.includes(form.card as CardKey) ? (form.card as CardKey) : DEFAULT_REQUEST.card;
  const difficulty = (Object.keys(DIFFICULTIES) as Difficulty[]).includes(form.difficulty as Difficulty)
    ? (form.difficulty as Difficulty)
    : "normal";
  const int = (value: unknown): number => {
    const n = Number(value ?? 0);
    return Number.isFinite(n) ? Math.trunc(n) : 0;
  };
  const on = (value: unknown): boolean => value === true || value === "on" || value === "true";
  return {
    card,
    difficulty,
    modifier: int(form.modifier),
    skill: on(form.skill),
    save: on(form.save),
    chips: int(form.chips),
    boon: on(form.boon),
    untrained: on(form.untrained),
    swimming: on(form.swimming),
    raceBonus: on(form.raceBonus),
    raceSave: on(form.raceSave),
    injuriesOff: String(form.injuriesOffered ?? "")
      .split(",")
      .filter((source) => source !== "" && !on(form[`injury-${source}`])),
  };
}
