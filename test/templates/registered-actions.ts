/**
 * The actions each sheet registers, read from the sheet classes themselves: core merges every
 * class's own `DEFAULT_OPTIONS.actions` with its parents' (FOUNDRY-FACTS §7; draw-steel
 * document-sheet.mjs), so the union along the class chain is what a `data-action` can call, plus
 * the actions core registers itself (CORE_ACTIONS). The sheet modules load over the `init` stand-in,
 * which provides the base classes they extend.
 */
import { installInitStandIn } from "../stand-in/init";
import { CORE_ACTIONS } from "../../src/applications/sheets/shared/constants";

// The globals the init stand-in replaces, put back once the classes are defined, so a test file's
// own stand-in (and the data models it registered in CONFIG) is left as it was.
const REPLACED = ["foundry", "Actor", "Item", "CONFIG", "game", "Combat", "Combatant", "Hooks", "Handlebars"];
const saved = REPLACED.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)] as const);
installInitStandIn();
const sheets = await Promise.all([
  import("../../src/applications/sheets/character/character-sheet"),
  import("../../src/applications/sheets/npc/npc-sheet"),
  import("../../src/applications/sheets/item/item-sheet"),
  import("../../src/applications/dialogs/roll-dialog-app"),
]).finally(() => {
  for (const [key, descriptor] of saved)
    if (descriptor) Object.defineProperty(globalThis, key, descriptor);
    else Reflect.deleteProperty(globalThis, key);
});
const [{ CharacterSheet }, { NpcSheet }, { ZilchItemSheet }, { RollDialog }] = sheets;
/** The sheet classes as loaded here, for tests that call their actions as core does. */
export { CharacterSheet, NpcSheet, RollDialog };

/**
 * The handler core calls for a `data-action`: the first class along the chain whose own
 * DEFAULT_OPTIONS.actions names it (a subclass's entry overrides its parents', FOUNDRY-FACTS §7).
 */
export function actionHandler(sheetClass: object, name: string): (...args: unknown[]) => unknown {
  for (let cls: object | null = sheetClass; cls && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    const own: unknown = Object.getOwnPropertyDescriptor(cls, "DEFAULT_OPTIONS")?.value;
    const actions = own && typeof own === "object" && "actions" in own ? own.actions : undefined;
    const handler = actions && typeof actions === "object" ? (actions as Record<string, unknown>)[name] : undefined;
    if (typeof handler === "function") return handler as (...args: unknown[]) => unknown;
  }
  throw new Error(`no action "${name}" registered on ${String(sheetClass)}`);
}

/** The action names along a class chain, as core's merge of DEFAULT_OPTIONS sees them. */
export function registeredActions(sheetClass: object): string[] {
  const names = new Set<string>(CORE_ACTIONS);
  for (let cls: object | null = sheetClass; cls && cls !== Function.prototype; cls = Object.getPrototypeOf(cls)) {
    const own: unknown = Object.getOwnPropertyDescriptor(cls, "DEFAULT_OPTIONS")?.value;
    const actions = own && typeof own === "object" && "actions" in own ? own.actions : undefined;
    if (actions && typeof actions === "object") for (const name of Object.keys(actions)) names.add(name);
  }
  return [...names];
}

export const CHARACTER_ACTIONS = registeredActions(CharacterSheet);
export const NPC_ACTIONS = registeredActions(NpcSheet);
export const ITEM_ACTIONS = registeredActions(ZilchItemSheet);
export const ROLL_DIALOG_ACTIONS = registeredActions(RollDialog);
