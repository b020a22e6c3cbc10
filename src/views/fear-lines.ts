/**
 * The words of a fear save (OPT-2) in chat: which i18n keys, with which data. The rules decide the
 * save and its effect (src/rules/round/fear-presence.ts, src/rules/fear.ts); this says them.
 */
import type { FearEffect, FearLevel } from "../rules/fear";

/** A fear save's public chat lines: the save, then what a failure did (i18n keys and their data). */
export function fearSaveLines(
  save: {
    name: string;
    source: string;
    level: FearLevel;
    roll: number;
    target: number;
    passed: boolean;
  },
  effect: FearEffect | null,
): { key: string; data: Readonly<Record<string, string>> }[] {
  const data = {
    name: save.name,
    source: save.source,
    level: `ZILCH.Fear.Level.${save.level}`,
    roll: String(save.roll),
    target: String(save.target),
  };
  const lines: { key: string; data: Readonly<Record<string, string>> }[] = [
    { key: save.passed ? "ZILCH.Fear.Chat.Saved" : "ZILCH.Fear.Chat.Failed", data },
  ];
  if (effect) lines.push({ key: `ZILCH.Fear.Chat.${effect}`, data: { name: save.name } });
  return lines;
}
