/**
 * SET-1: the world settings of RULES.md §25, all world-scoped and GM-only. One table drives
 * registration, i18n keys (ZILCH.Setting.<key>.Name / .Hint, choices ZILCH.Setting.<key>.Choice.<value>)
 * and the typed reader, so a setting's name is the same everywhere.
 *
 * The table and its typed readers live in data/ (below documents/, dice/, requests/ and applications/,
 * which all read settings); registration with Foundry, and what a change refreshes, stay in
 * src/setup/settings.ts, which only setup-time code imports.
 */
import { CHARGEN_METHODS } from "../rules/generation";
import { INITIATIVE_MODES, SPADES_RANDOMIZERS } from "../rules/initiative";
import { SKILL_TALENT_MODES } from "../rules/skills";
import { TALENT_FORMULAS } from "../rules/talents";
import { DOMINO_SOURCES } from "../rules/vocabulary";
import { AUTO_ROLLS } from "../rules/attack/automatic";

export const SYSTEM_ID = "zilch";

/** What goes with a cue's notification: a sound on the person's own device, a whisper to them, or nothing. */
export const CUE_KINDS = ["sound", "whisper", "notification"] as const;

/**
 * Where a setting is stored: the world's (SET-1: the GM's, one value for the table) or each browser's
 * own ("client": a person's preference, never synchronised, as dnd5e's "autoCollapseItemCards" and
 * "autoCollapseChatTrays" are registered with `scope: "client"` beside its world settings in
 * module/settings.mjs). Absent: the world's.
 */
type SettingScope = "world" | "client";
interface ChoiceSetting {
  readonly kind: "choice";
  readonly choices: readonly string[];
  readonly rule: string;
  readonly scope?: SettingScope;
}
interface ToggleSetting {
  readonly kind: "toggle";
  readonly default: boolean;
  readonly rule: string;
  readonly scope?: SettingScope;
}
export type SettingSpec = ChoiceSetting | ToggleSetting;

/** A choice setting over a rules table, so the stored value has the table's type and spelling. */
const choice = <const C extends readonly string[]>(rule: string, choices: C) => ({
  kind: "choice" as const,
  choices,
  rule,
});
const toggle = (rule: string, defaultValue = false): ToggleSetting => ({
  kind: "toggle",
  default: defaultValue,
  rule,
});

/** The first choice is the default (SET-1 lists defaults first). */
export const SETTINGS = {
  chargenMethod: choice("GEN-1", CHARGEN_METHODS),
  // GEN-1's POINT_BUY_BASES, as the strings a choice setting stores.
  pointBuyBase: choice("GEN-1", ["4", "5", "6"]),
  talentFormula: choice("TL-2", TALENT_FORMULAS),
  slowStart: toggle("TL-5"),
  skillTalentMode: choice("SK-2", SKILL_TALENT_MODES),
  initiativeMode: choice("INI-1", INITIATIVE_MODES),
  spadesRandomizer: choice("INI-3", SPADES_RANDOMIZERS),
  dominoSource: choice("DOM-1", DOMINO_SOURCES),
  cdBidding: toggle("CD-18"),
  cdNoRepeat: toggle("CD-18"),
  cdRoundTable: toggle("CD-18"),
  cdLowerClosing: toggle("CD-18"),
  cdCombine: toggle("CD-18"),
  cdShowClosing: toggle("CD-19"),
  detailedDefenseless: toggle("AT-4"),
  halfStepSizes: toggle("SZ-2"),
  threatAutoDetect: toggle("CON-3"),
  grappleEscapeContest: toggle("SP-3"),
  grievousInjuries: toggle("INJ-1", true),
  neckGroin: toggle("INJ-5"),
  injuriesForEnemies: toggle("INJ-1"),
  specificWounds: toggle("SW-1", true),
  gritWounds: toggle("GW-1"),
  marginSpecialResults: toggle("OPT-1"),
  fearAbilities: toggle("OPT-2"),
  // The table's pace on the attack card, no rule of its own (SET-1: world-scoped, GM-only): the GM's
  // NPCs skip their chip windows, and how many single-outcome rolls roll themselves.
  npcsNeverCommit: toggle("SET-1"),
  attackAutoRolls: choice("SET-1", AUTO_ROLLS),
  // Each person's own pace, on their own device (not a SET-1 rule, so not the world's): a click on a
  // card, a skill or Attack takes its dialog's usual choices at once (T-5's normal difficulty, AT-1's
  // defaults), and Shift-click opens the dialog.
  rollAtOnce: { ...toggle("T-5"), scope: "client" },
  // Cues, no rule of their own: how the player whose turn (CB-2) or call (CD-5) it is, who must
  // declare (ST-1) or whose window on an attack card waits (AT-5) is told, beside a notification: the
  // table's choice (the world's), and each person's own mute for the sound (their device's).
  cueKind: choice("SET-1", CUE_KINDS),
  cueSoundMuted: { ...toggle("SET-1"), scope: "client" },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;

/** The stored value of a setting: a choice's string, or a toggle's boolean. */
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K] extends ChoiceSetting
  ? (typeof SETTINGS)[K]["choices"][number]
  : boolean;

/** Declares our settings to the type package so `game.settings` calls are checked. */
type ZilchSettingConfig = { [K in SettingKey as `zilch.${K}`]: SettingValue<K> };
declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SettingConfig extends ZilchSettingConfig {}
}

/** The default of a setting (SET-1: the first value listed). */
export function settingDefault<K extends SettingKey>(key: K): SettingValue<K> {
  const spec: SettingSpec = SETTINGS[key];
  return (spec.kind === "choice" ? spec.choices[0] : spec.default) as SettingValue<K>;
}

/** The i18n keys of a setting, used by registration and checked by the template tests. */
export function settingLabels(key: SettingKey): {
  name: string;
  hint: string;
  choices: Record<string, string>;
} {
  const spec: SettingSpec = SETTINGS[key];
  const base = `ZILCH.Setting.${key}`;
  const choices: Record<string, string> = {};
  if (spec.kind === "choice") for (const value of spec.choices) choices[value] = `${base}.Choice.${value}`;
  return { name: `${base}.Name`, hint: `${base}.Hint`, choices };
}

/** Where a setting is stored (the world's unless its table entry says otherwise). */
export function settingScope(key: SettingKey): SettingScope {
  const spec: SettingSpec = SETTINGS[key];
  return spec.scope ?? "world";
}

/** Reads a setting with its declared type. */
export function getSetting<K extends SettingKey>(key: K): SettingValue<K> {
  return game.settings.get(SYSTEM_ID, key) as SettingValue<K>;
}
