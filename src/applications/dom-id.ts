/**
 * An element id for what a dialog or sheet shows of one actor. Built from the uuid, not the id: the
 * actors of two unlinked tokens made from one world actor share its id and differ only in their uuids
 * (`Scene.<s>.Token.<t>.Actor.<a>`: foundryvtt/foundryvtt#11544), so two open dialogs for two orcs
 * would otherwise hold the same element ids and a label would point into the other orc's dialog.
 * Dots become dashes so the id can be used in a CSS selector without escaping.
 */
export function domIdOf(prefix: string, actor: { uuid: string }): string {
  return `${prefix}-${actor.uuid.replaceAll(".", "-")}`;
}
