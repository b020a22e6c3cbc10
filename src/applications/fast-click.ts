/**
 * Whether a click on a roll or an Attack button skips its dialog and takes the usual choices. Shift
 * does (dnd5e's "skip dialog" key is Shift by default: module/settings.mjs `skipDialogNormal`); a
 * person whose own "Roll and attack at once" is on gets that from a plain click, and Shift-click then
 * opens the dialog. Read on the clicking client, where its client setting lives.
 */
import { getSetting } from "../data/settings";

export function skipsDialog(event: Pick<MouseEvent, "shiftKey">): boolean {
  return event.shiftKey !== getSetting("rollAtOnce");
}
