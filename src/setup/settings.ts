/**
 * SET-1 registration: each setting of the table in src/data/settings.ts is declared to Foundry on
 * `init`, and a change refreshes what read it (./reprepare). Only setup-time code imports this module;
 * everything else reads settings through src/data/settings.ts.
 */
import {
  SETTINGS,
  SYSTEM_ID,
  settingDefault,
  settingLabels,
  settingScope,
  type SettingKey,
  type SettingSpec,
} from "../data/settings";
import { clientDocuments, refreshForSetting } from "./reprepare";

/**
 * Settings of SET-1 whose rules exist in src/rules but that nothing in the Foundry layer reads yet.
 * They are registered, so a world keeps a value across releases, but hidden from the settings menu,
 * so no GM switches on an option that would do nothing. Wiring one up means removing it here; a
 * test checks that every shown setting is read by the system and no hidden one is.
 */
export const NOT_YET_AUTOMATED: ReadonlySet<SettingKey> = new Set<SettingKey>([]);

/** Registers every SET-1 setting; called on `init`. */
export function registerSettings(): void {
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    const spec: SettingSpec = SETTINGS[key];
    const labels = settingLabels(key);
    // A client setting is each person's own, so every user sees it; a world setting is the GM's.
    const scope = settingScope(key);
    const common = {
      name: labels.name,
      hint: labels.hint,
      scope,
      config: !NOT_YET_AUTOMATED.has(key),
      restricted: scope === "world",
    } as const;
    // Runs on every client when the GM changes the setting: the tracker shows a mode switch at
    // once, and documents whose prepared data or sheets read the setting are refreshed (./reprepare).
    const onChange = (): void => {
      refreshForSetting(key, clientDocuments());
      ui.combat?.render();
    };
    if (spec.kind === "choice") {
      game.settings.register(SYSTEM_ID, key, {
        ...common,
        type: String,
        choices: labels.choices,
        default: settingDefault(key),
        onChange,
      });
    } else {
      game.settings.register(SYSTEM_ID, key, {
        ...common,
        type: Boolean,
        default: settingDefault(key),
        onChange,
      });
    }
  }
}
