import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";

/**
 * An equipment row opens to its item's description as the sheet enriched it (links,
 * rolls; ./description-cache.ts), and to the stored, server-sanitised HTML when none was enriched.
 */
const renderer = createRenderer();

describe("equipment rows' descriptions", () => {
  it("show the enriched description the sheet passed in, in place of the stored text", () => {
    const input = fx.armedInput();
    const bow = input.items.find((i) => i.name === "Longbow")!;
    const enriched = '<p>Yew, from <a class="content-link" data-uuid="Item.yew">the old grove</a>.</p>';
    const html = renderer.render(CHARACTER_PARTS.equipment, characterContext({ ...input, enrichedDescriptions: { [bow.id]: enriched } }));
    expect(html).toContain(enriched);
    expect(html).not.toContain("Yew, taller than its archer.");
  });

  it("fall back to the stored description when the sheet enriched none", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, characterContext(fx.armedInput()));
    expect(html).toContain("<p>Yew, taller than its archer.</p>");
  });

  it("say a Strength shortfall with a true minus", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, characterContext(fx.armedInput()));
    expect(html).toContain("Strength short: \u22123 to attack");
  });
});
