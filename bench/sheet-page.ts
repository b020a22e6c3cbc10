/**
 * What the sheet-render bench bundles into the page (as `window.ZilchSheet`): the character sheet's
 * part builders and the system's Handlebars helpers, from the source, so the page runs the same code
 * the sheet runs.
 */
export {
  CHARACTER_PART_CONTEXT,
  characterShared,
} from "../src/applications/sheets/character/character-context";
export { SYSTEM_HELPERS } from "../src/setup/handlebars";
