/**
 * The `init` members of Foundry v13 that src/zilch.ts touches, for a smoke test of the built module
 * (on the v13 profile of ./profile.ts; what v14 changed among them is in docs/foundry-versions.md)
 * (test/manifest/init.test.ts). It extends the data stand-in (./index.ts) with recorders only: every
 * registration call is kept so the test can compare what zilch.ts registers with system.json.
 * Anything else throws `not implemented by the stand-in: <member>`, as the rest of the stand-in does.
 * Members and the v13 API each mirrors:
 * - Hooks.once / Hooks.on                      https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html
 * - game.settings.register                      https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html
 * - Handlebars.registerHelper                   (the Handlebars library Foundry exposes as a global)
 * - foundry.applications.api.HandlebarsApplicationMixin, ApplicationV2, DialogV2
 *                                               https://foundryvtt.com/api/v13/modules/foundry.applications.api.html
 * - foundry.applications.sheets.ActorSheetV2, ItemSheetV2
 *                                               https://foundryvtt.com/api/v13/modules/foundry.applications.sheets.html
 * - foundry.applications.apps.DocumentSheetConfig.registerSheet
 *                                               https://foundryvtt.com/api/v13/classes/foundry.applications.apps.DocumentSheetConfig.html
 * - foundry.applications.handlebars.loadTemplates
 *                                               https://foundryvtt.com/api/v13/modules/foundry.applications.handlebars.html
 * - foundry.applications.sidebar.tabs.CombatTracker
 *                                               https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.CombatTracker.html
 * - Combat, Combatant (document base classes)   https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html
 * - CONFIG.Combat/Combatant/ui/queries/statusEffects  https://foundryvtt.com/api/v13/interfaces/CONFIG.html
 */
import { installStandIn, standInFoundry, strictNamespace } from "./index";

export interface Registrations {
  hooks: { event: string; once: boolean; fn: (...args: unknown[]) => unknown }[];
  settings: { namespace: string; key: string; config: Record<string, unknown> }[];
  helpers: string[];
  sheets: {
    documentClass: unknown;
    scope: string;
    sheetClass: unknown;
    options: { types?: string[]; makeDefault?: boolean };
  }[];
  templates: string[];
}

/** A stand-in base class: a class a module-level `extends` can name; constructing one is not implemented. */
const baseClass = (name: string) =>
  class {
    static readonly standInName = name;
  };

/** Installs the data stand-in plus recorders for what `init` registers; returns the records. */
export function installInitStandIn(): Registrations {
  installStandIn();
  const records: Registrations = { hooks: [], settings: [], helpers: [], sheets: [], templates: [] };
  const applications = strictNamespace("foundry.applications", {
    api: strictNamespace("foundry.applications.api", {
      ApplicationV2: baseClass("ApplicationV2"),
      DialogV2: baseClass("DialogV2"),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin pattern requires any[].
      HandlebarsApplicationMixin: <T extends new (...args: any[]) => object>(Base: T) =>
        class extends Base {},
    }),
    sheets: strictNamespace("foundry.applications.sheets", {
      ActorSheetV2: baseClass("ActorSheetV2"),
      ItemSheetV2: baseClass("ItemSheetV2"),
    }),
    apps: strictNamespace("foundry.applications.apps", {
      DocumentSheetConfig: strictNamespace("DocumentSheetConfig", {
        registerSheet: (
          documentClass: unknown,
          scope: string,
          sheetClass: unknown,
          options: Registrations["sheets"][number]["options"],
        ) => {
          records.sheets.push({ documentClass, scope, sheetClass, options });
        },
      }),
    }),
    handlebars: strictNamespace("foundry.applications.handlebars", {
      loadTemplates: async (paths: string[]) => {
        records.templates.push(...paths);
        return [];
      },
    }),
    sidebar: strictNamespace("foundry.applications.sidebar", {
      tabs: strictNamespace("foundry.applications.sidebar.tabs", {
        CombatTracker: baseClass("CombatTracker"),
      }),
    }),
  });
  Reflect.set(
    globalThis,
    "foundry",
    strictNamespace("foundry", {
      data: standInFoundry.data,
      abstract: standInFoundry.abstract,
      applications,
    }),
  );
  Reflect.set(globalThis, "Combat", baseClass("Combat"));
  Reflect.set(globalThis, "Combatant", baseClass("Combatant"));
  const config = (globalThis as unknown as { CONFIG: Record<string, unknown> }).CONFIG;
  // CONFIG.Dice.rolls starts with core's Roll; systems add their subclasses [dnd5e dnd5e.mjs].
  Object.assign(config, { Combat: {}, ui: {}, queries: {}, Dice: { rolls: [globalThis.Roll] } });
  Reflect.set(globalThis, "CONFIG", strictNamespace("CONFIG", config));
  Reflect.set(
    globalThis,
    "Hooks",
    strictNamespace("Hooks", {
      once: (event: string, fn: (...args: unknown[]) => unknown) =>
        records.hooks.push({ event, once: true, fn }),
      on: (event: string, fn: (...args: unknown[]) => unknown) =>
        records.hooks.push({ event, once: false, fn }),
    }),
  );
  Reflect.set(
    globalThis,
    "Handlebars",
    strictNamespace("Handlebars", { registerHelper: (name: string) => void records.helpers.push(name) }),
  );
  const game = (globalThis as unknown as { game: Record<string, unknown> }).game;
  game.settings = strictNamespace("game.settings", {
    register: (namespace: string, key: string, settingConfig: Record<string, unknown>) =>
      void records.settings.push({ namespace, key, config: settingConfig }),
  });
  return records;
}
