/**
 * The first-use guide of a character sheet: what to do first and what is left
 * before the character is ready to play, read from the prepared data (never a stored flag). The
 * steps follow character creation: cards (GEN-1 to GEN-3), race (RA-1), classes (CL-1), Talents
 * (TL-1, TL-3), equipment (EQ-1) and "Ready to play" (GEN-4: full HP and chips, and play starts). It
 * is shown while a step is open and the viewer may edit, unless the user has hidden it; each step's
 * label is a button that goes where the step is done, and some steps open the compendiums to drag from.
 */
import type { TOPIC_LINKS } from "../../../data/rules-links";
import { isUnbuilt } from "../../../dice/chargen";
import { perSuit } from "../../../rules/suits";
import type { CharacterTab } from "../shared/constants";
import type { CharacterInput } from "./character-input";

/** The model warnings (src/data/actor/character.ts) that leave a step open. */
const STEP_WARNINGS: Readonly<Record<string, readonly string[]>> = {
  race: ["raceSuitNotChosen"],
  classes: ["duplicateClass", "multipleSpellcasters"],
  talents: ["tooManyTalents"],
};

export interface FirstStep {
  id: "cards" | "race" | "classes" | "talents" | "equipment" | "ready";
  labelKey: string;
  hintKey: string;
  /** The tab the step is done on (core's `tab` action switches to it). */
  tab: CharacterTab;
  /** The rules-reference page that explains the step (a src/data/rules-links.ts key). */
  rule: `topic:${StepTopic}`;
  /** The compendiums the step's items are dragged from (pack names of system.json). */
  packs: readonly StepPack[];
  done: boolean;
}

/** The compendiums a step offers to open. */
const STEP_PACKS = {
  race: ["races"],
  talents: ["skills", "knacks"],
  equipment: ["weapons", "armor", "gear"],
} as const satisfies Partial<Record<FirstStep["id"], readonly string[]>>;
type StepPack = (typeof STEP_PACKS)[keyof typeof STEP_PACKS][number];
/** Every pack a step may open, for the action to accept only these. */
export const STEP_PACK_NAMES: readonly StepPack[] = Object.values(STEP_PACKS).flat();

/** Each step's page of the rules reference. */
const STEP_TOPICS = {
  cards: "chargen",
  race: "races",
  classes: "classes",
  talents: "talents",
  equipment: "equipment",
  ready: "chargen",
} as const satisfies Readonly<Record<FirstStep["id"], keyof typeof TOPIC_LINKS>>;
type StepTopic = (typeof STEP_TOPICS)[FirstStep["id"]];

const open = (input: CharacterInput, step: string) =>
  (STEP_WARNINGS[step] ?? []).some((w) => input.system.warnings.includes(w));

/** GEN-1: the cards count as generated once they differ from the blank sheet's flat values. */
function cardsBuilt(input: CharacterInput): boolean {
  const { suits } = input.system;
  return !isUnbuilt({
    primary: perSuit((s) => suits[s].primary),
    secondary: perSuit((s) => suits[s].secondary),
  });
}

/** The steps, each done or not, in the order a new player takes them. */
export function firstSteps(input: CharacterInput): FirstStep[] {
  const { system } = input;
  const has = (type: string) => input.items.some((i) => i.type === type);
  const carried = input.items.some((i) => ["weapon", "armor", "shield", "gear"].includes(i.type));
  const step = (id: FirstStep["id"], tab: CharacterTab, done: boolean): FirstStep => ({
    id,
    labelKey: `ZILCH.Sheet.FirstSteps.${id}`,
    hintKey: `ZILCH.Sheet.FirstSteps.${id}Hint`,
    tab,
    rule: `topic:${STEP_TOPICS[id]}`,
    packs: id in STEP_PACKS ? STEP_PACKS[id as keyof typeof STEP_PACKS] : [],
    done: done && !open(input, id),
  });
  return [
    step("cards", "suits", cardsBuilt(input)),
    step("race", "suits", has("race")),
    step("classes", "suits", [...system.classes].length > 0),
    // TL-1, TL-5: every Talent the character may buy now is bought (a slow start allows fewer).
    step(
      "talents",
      "skills",
      system.talents.allowance > 0 && system.talents.spent >= system.talents.allowance,
    ),
    step("equipment", "equipment", carried),
    // GEN-4: play starts with this step's button; until then HP and chips wait for it to fill them.
    step("ready", "suits", input.system.started !== false),
  ];
}

/** The guide's context, or null once every step is done or for a viewer who cannot edit. */
export function firstStepsView(input: CharacterInput) {
  if (!input.editable) return null;
  const steps = firstSteps(input);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return {
    /** The user hid the guide (a user flag): one line with the count and a Show button instead. */
    hidden: input.guideHidden === true,
    steps: steps.map((s) => ({
      ...s,
      packs: s.packs.map((pack) => ({ pack, labelKey: `ZILCH.Sheet.FirstSteps.Pack.${pack}` })),
    })),
    done,
    total: steps.length,
    /** In play mode the first thing to do is to press Edit; in edit mode, the first open step. */
    needsEdit: !input.editMode,
    next: steps.find((s) => !s.done)?.id ?? null,
  };
}

/** A character with no cards yet opens in edit mode, where card generation starts (GEN-1). */
export const opensInEditMode = (input: CharacterInput): boolean => input.editable && !cardsBuilt(input);
