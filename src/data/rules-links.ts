/**
 * The one table from game words to the rules reference journal (packs/_source/rules): every condition
 * (CON-4), stance (ST-2) and a few rule topics map to a page of the "Rules Reference" entry and an
 * anchor on it, so sheets, the tracker, chat cards and status effects link a name to its rule.
 *
 * Evidence for the link form:
 * - Compendium UUIDs name the type of each level, `Compendium.<pack>.JournalEntry.<id>.JournalEntryPage.<id>`
 *   (dnd5e module/config.mjs `reference` values).
 * - An anchor is the slug of a heading's text, written after `#` (`@UUID[…JournalEntryPage.<id>#subheading]`,
 *   foundryvtt/foundryvtt#12545, #13692); the page headings' text slugifies to exactly these anchors, and
 *   each heading also carries it as its `id` (checked by test/packs/rules.test.ts).
 * - A link element is `<a class="content-link" data-link data-uuid=…>` (what enriched `@UUID` links look
 *   like in third-party v13 code), and the anchor travels as `data-hash` (ironmonk108/monks-enhanced-journal
 *   reads `target.dataset.hash` as the anchor when a content link is clicked). If core ignored `data-hash`,
 *   the link still opens the right page at its top (docs/status.md lists this as unconfirmed).
 */
import type { FearLevel } from "../rules/fear";
import type { Condition, Stance } from "../rules/vocabulary";

/** The rules compendium (system.json `packs`: name "rules", system "zilch"). */
export const RULES_PACK = "zilch.rules";

/** The "Rules Reference" JournalEntry: stable ids from scripts/packs.mjs `stableId("rules", …)`. */
export const RULES_ENTRY_ID = "oINMGrjKvwOEI9UT";

/**
 * One page per topic, by the page's slug. The character-building pages come first in the journal; the
 * rules each follows are named here because the pack's YAML must round-trip byte for byte (no comments).
 */
export const RULES_PAGES = {
  /** Building a Character: SU-1 to SU-3, GEN-1 to GEN-4, EX-GEN-1's arithmetic. */
  creation: "7VgbpavI5WqesmHd",
  /** Races: RA-1 to RA-3, GEN-3, SZ-1. */
  races: "fM9EnapdO5F4Tkkx",
  /** Classes: CL-1 to CL-3, CH-1 to CH-8, EQ-11, EX-CH-1, EX-CH-2. */
  classes: "TEVGYlyQygG5Ov57",
  /** Talents: TL-1 to TL-6, RA-2 (Human), EX-TL-1, EX-TL-2. */
  talents: "5IxNE1cie9gbpumc",
  /** Skills and Knacks: SK-1 to SK-5, KN-1, KN-2, RA-3. */
  skills: "SqjbZERAHOHYggTC",
  /** Equipment: EQ-1 to EQ-14, EQ-6 (DR, ER), RNG-2 range classes; money: the rules set none. */
  equipment: "1K4QsSUY8lXJAA4l",
  /** Spellcasting: CL-1 to CL-3 for casters, CH-2, CH-5, MAG-2, MAG-3, EQ-1 (hands). */
  spellcasting: "vDZo9O8s3nzfDRTo",
  tests: "0QUzTANCqffCY8LP",
  combatRound: "sLLv8fLw28uVR5ge",
  stances: "Vjw4Ej4eCVL9JslJ",
  actions: "nzfS2yNFZKaHgZKu",
  attacks: "5EuptTbFyiq44KNB",
  damage: "ADGTFVfwhxZpikK8",
  size: "RTiitRBCDwC5L6o1",
  conditions: "fs0Ncay0cxrpr4F7",
  injuries: "xAvezNIsaAlNJQAL",
  wounds: "NFqKBoDsgE5VRVUh",
  recovery: "PTNkLAd4S1kTEdJA",
  drain: "VWcfxfi2iFu7Qo6M",
  countdown: "4BgmrbVzBCgeVMva",
  magic: "q51rNVDFGfHCaevd",
  creatures: "7PHHZM3Z8QYy2PlI",
  grit: "9Qb3ZR2ePWL5zWEV",
  optional: "4Si4XF0DOQJW8nIm",
} as const;
export type RulesPage = keyof typeof RULES_PAGES;

/** A place in the rules reference: a page and, optionally, a heading on it. */
export interface RuleLink {
  readonly page: RulesPage;
  readonly anchor?: string;
}

const onConditions = (anchor: string): RuleLink => ({ page: "conditions", anchor });
const onStances = (anchor: string): RuleLink => ({ page: "stances", anchor });

/** CON-4: each condition's heading on the Conditions page. */
export const CONDITION_LINKS: Readonly<Record<Condition, RuleLink>> = {
  anchored: onConditions("anchored"),
  blind: onConditions("blind"),
  visuallyImpaired: onConditions("visually-impaired"),
  defenseless: onConditions("defenseless"),
  entangled: onConditions("entangled"),
  shaken: onConditions("shaken"),
  terrified: onConditions("terrified"),
  grappling: onConditions("grappling"),
  grappled: onConditions("grappled"),
  pinned: onConditions("pinned"),
  hampered: onConditions("hampered"),
  helpless: onConditions("helpless"),
  slowed: onConditions("slowed"),
  prone: onConditions("prone"),
  stunned: onConditions("stunned"),
  threatened: onConditions("threatened"),
  unconscious: onConditions("unconscious"),
  paralysed: onConditions("paralysed"),
  comatose: onConditions("comatose"),
  deafened: onConditions("deafened"),
  dead: onConditions("dead"),
};

/** ST-2: each stance's heading on the Stances page. */
export const STANCE_LINKS: Readonly<Record<Stance, RuleLink>> = {
  reckless: onStances("reckless"),
  bold: onStances("bold"),
  cautious: onStances("cautious"),
  guarded: onStances("guarded"),
};

/** OPT-2: each fear level's heading on the Optional Rules page. */
export const FEAR_LINKS: Readonly<Record<Exclude<FearLevel, "none">, RuleLink>> = {
  scary: { page: "optional", anchor: "scary" },
  fearsome: { page: "optional", anchor: "fearsome" },
  dread: { page: "optional", anchor: "dread" },
  terror: { page: "optional", anchor: "terror" },
  fell: { page: "optional", anchor: "fell" },
};

/** Rule topics the cards name besides conditions and stances. */
export const TOPIC_LINKS = {
  defenseless: { page: "attacks", anchor: "defenseless-targets" },
  margin: { page: "attacks", anchor: "hit-and-margin" },
  specialAttacks: { page: "attacks", anchor: "special-attacks" },
  grappling: { page: "attacks", anchor: "grappling" },
  injuries: { page: "injuries" },
  wounds: { page: "wounds" },
  knockOut: { page: "wounds", anchor: "knock-out" },
  marginSpecialResults: { page: "optional", anchor: "margin-special-results" },
  fear: { page: "optional", anchor: "fear" },
  grit: { page: "grit" },
  countdown: { page: "countdown" },
  ongoingDamage: { page: "drain", anchor: "ongoing-damage" },
  closing: { page: "countdown", anchor: "closing" },
  ones: { page: "countdown", anchor: "ones" },
  heldDice: { page: "countdown", anchor: "held-dice" },
  rally: { page: "recovery", anchor: "rally" },
  rest: { page: "recovery", anchor: "rest" },
  sleep: { page: "recovery", anchor: "sleep" },
  cast: { page: "magic", anchor: "casting" },
  creation: { page: "creation" },
  chargen: { page: "creation", anchor: "generating-cards" },
  races: { page: "races" },
  classes: { page: "classes" },
  talents: { page: "talents" },
  skills: { page: "skills", anchor: "skills" },
  knacks: { page: "skills", anchor: "knacks" },
  equipment: { page: "equipment" },
  carrying: { page: "equipment", anchor: "carrying-slots" },
  spellcasting: { page: "spellcasting" },
  threat: { page: "creatures", anchor: "threat" },
} as const satisfies Readonly<Record<string, RuleLink>>;

/** Every key a template may link: a condition, a stance, a fear level, or a topic (`topic:<name>`). */
export const RULE_LINKS: Readonly<Record<string, RuleLink>> = {
  ...CONDITION_LINKS,
  ...STANCE_LINKS,
  ...FEAR_LINKS,
  ...Object.fromEntries(Object.entries(TOPIC_LINKS).map(([key, link]) => [`topic:${key}`, link])),
};

/** The i18n key of a linked rule's name: the condition, stance or fear level, or `ZILCH.Rules.Topic.<name>`. */
export function ruleLabelKey(key: string): string {
  if (key.startsWith("topic:")) return `ZILCH.Rules.Topic.${key.slice("topic:".length)}`;
  if (key in CONDITION_LINKS) return `ZILCH.Condition.${key}`;
  if (key in STANCE_LINKS) return `ZILCH.Combat.Stance.${key}`;
  return `ZILCH.Fear.Level.${key}`;
}

/** The page's compendium UUID (no anchor), the form dnd5e stores as a status effect's `reference`. */
export function rulePageUuid(page: RulesPage): string {
  return `Compendium.${RULES_PACK}.JournalEntry.${RULES_ENTRY_ID}.JournalEntryPage.${RULES_PAGES[page]}`;
}

/** The enricher form, `@UUID[<page uuid>#<anchor>]{label}`, for pack texts that link a rule. */
export function ruleReference(link: RuleLink, label: string): string {
  const hash = link.anchor ? `#${link.anchor}` : "";
  return `@UUID[${rulePageUuid(link.page)}${hash}]{${label}}`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * The name as a content link to its rule, or the plain (escaped) name when the key has no rule, so a
 * missing entry never breaks a sheet (a packs-layer test keeps every key used by a template in the table).
 */
export function ruleLinkHtml(key: string, label: string, name?: string): string {
  const text = escapeHtml(label);
  const link = RULE_LINKS[key];
  if (!link) return text;
  const hash = link.anchor ? ` data-hash="${link.anchor}"` : "";
  // A short label repeated down a list ("rules") is told apart by a spoken name that starts with it.
  const spoken = name ? ` aria-label="${escapeHtml(name)}"` : "";
  return (
    `<a class="content-link zilch-rule-link" data-link data-type="JournalEntryPage"` +
    ` data-uuid="${rulePageUuid(link.page)}"${hash}${spoken}>${text}</a>`
  );
}
