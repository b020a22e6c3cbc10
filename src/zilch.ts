/**
 * Zilch for Foundry VTT: the system's entry module. It registers everything on `init`; nothing else
 * happens at import time.
 */
import { registerSettings } from "./setup/settings";
import { registerDataModels } from "./setup/data-models";
import { registerHandlebarsHelpers } from "./setup/handlebars";
import { registerSheets } from "./setup/sheets";
import { registerHotbar } from "./setup/hotbar";
import { registerCombat } from "./setup/combat";
import { registerDice } from "./setup/dice";
import { registerQuench } from "./quench/register";

declare const __ZILCH_VERSION__: string;

Hooks.once("init", () => {
  console.log(`Zilch | Initialising the Zilch game system, version ${__ZILCH_VERSION__}`);
  registerSettings();
  registerDataModels();
  registerDice();
  registerHandlebarsHelpers();
  registerSheets();
  registerHotbar();
  registerCombat();
  registerQuench();
});
