/**
 * What a viewer with Limited permission sees of an actor: its portrait, name and public description,
 * never its numbers. v13 lets a LIMITED user open the sheet, and systems narrow it themselves by
 * returning fewer parts from `_configureRenderParts` when `document.limited` (FOUNDRY-FACTS §7,
 * "LIMITED viewers"; dnd5e module/applications/actor/api/base-actor-sheet.mjs `LIMITED_PARTS`).
 */
import { LIMITED_TEMPLATE } from "../shared/constants";

/** The one part a Limited viewer gets, in place of every other. */
export const LIMITED_PARTS = { limited: { template: LIMITED_TEMPLATE } } as const;

/** The sheet's parts for this viewer: all of them, or only the limited view. */
export function partsForViewer<Part>(
  parts: Record<string, Part>,
  limited: boolean,
): Record<string, Part | (typeof LIMITED_PARTS)["limited"]> {
  return limited ? { ...LIMITED_PARTS } : parts;
}

/** The limited view's context: who this is and what anyone may read of them (HTML already enriched). */
export function limitedView(input: { id: string; name: string; img: string; description: string }) {
  return { id: input.id, name: input.name, img: input.img, description: input.description };
}
