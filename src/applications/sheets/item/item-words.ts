/**
 * The words a player reads on an item sheet. A stored field's name is not always a
 * word of the game ("key", "kind", "tag", "riders"), so a field's label can depend on where it sits
 * (the item type at the top, the parent field below), and many fields carry a hint in players' words.
 * Labels are `ZILCH.Item.Field.<word>`, hints `ZILCH.Item.Hint.<word>`, the meaning of an empty
 * choice `ZILCH.Item.Blank.<word>` (test/templates/item-sheets.test.ts checks every one exists).
 */

/** The word for a field where its stored name is not one, by "<item type or parent field>.<field>". */
const WORD_AT: Readonly<Record<string, string>> = {
  "skill.key": "skill", // SK-3: a skill of the book's list, or none for a homebrew skill (SK-4)
  "knack.key": "knack", // KN-2: a knack the system knows, or none for a homebrew knack
  "race.key": "race", // RA-1: a race of the book, or none for a homebrew race
  "shield.kind": "shieldSize", // EQ-7
  "injury.kind": "injuryKind", // INJ-1, SW-1
  "riders.kind": "riderKind", // DMG-6
};

/** Words whose field has a hint (lang `ZILCH.Item.Hint.<word>`). */
export const HINTED_WORDS: ReadonlySet<string> = new Set([
  "skill",
  "knack",
  "race",
  "shieldSize",
  "injuryKind",
  "riderKind",
  "riders",
  "tag",
  "saveAgainst",
  "card",
  "scope",
  "steps",
  "free",
  "chipSuit",
  "chipCost",
  "trigger",
  "freeWhen",
  "slot",
  "hands",
  "modes",
  "reach",
  "rangeClass",
  "reload",
  "temporary",
  "tainted",
  "brawling",
  "doubleEnded",
  "reinforced",
  "drBonus",
  "strapped",
  "spikes",
  "focus",
  "healingItem",
  "isAttack",
  "runeCount",
  "caster",
  "daysRemaining",
  "ongoing",
  "choiceBonus",
  "traits",
]);

/** Words whose empty choice means something of its own (lang `ZILCH.Item.Blank.<word>`). */
const BLANK_WORDS: ReadonlySet<string> = new Set(["skill", "knack", "race"]);

/** The word a player reads for field `name` under `owner` (an item type, or the parent field's name). */
export function wordOf(owner: string, name: string): string {
  return WORD_AT[`${owner}.${name}`] ?? name;
}

export const labelKeyOf = (owner: string, name: string): string => `ZILCH.Item.Field.${wordOf(owner, name)}`;

export function hintKeyOf(owner: string, name: string): string | null {
  const word = wordOf(owner, name);
  return HINTED_WORDS.has(word) ? `ZILCH.Item.Hint.${word}` : null;
}

export function blankKeyOf(owner: string, name: string): string {
  const word = wordOf(owner, name);
  return BLANK_WORDS.has(word) ? `ZILCH.Item.Blank.${word}` : "ZILCH.Sheet.None";
}
