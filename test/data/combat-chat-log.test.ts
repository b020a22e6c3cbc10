import { describe, expect, it } from "vitest";
import { COMBAT_LOG_TEMPLATE, combatLogContext, type LogLine } from "../../src/documents/combat/chat-log";
import { createRenderer } from "../templates/harness";

/** The combat log as Foundry renders it: the lines' context through templates/chat/combat-log.hbs. */
const renderer = createRenderer();
const combatLogHtml = (lines: readonly (string | LogLine)[]) =>
  renderer.render(COMBAT_LOG_TEMPLATE, combatLogContext(lines));

describe("combat chat log markup", () => {
  it("one list item per line, in order, inside the combat-log list", () => {
    expect(combatLogHtml(["Round 2", "Ana acts"])).toBe(
      '<ul class="zilch combat-log"><li>Round 2</li><li>Ana acts</li></ul>',
    );
  });

  it("escapes names and text so a creature called <b>Bob</b> cannot inject markup", () => {
    const html = combatLogHtml([`<img src=x onerror="a()"> & 'Bob'`]);
    // Handlebars' escaping (it also escapes = and the quotes as numeric entities).
    expect(html).toBe(
      '<ul class="zilch combat-log"><li>&lt;img src&#x3D;x onerror&#x3D;&quot;a()&quot;&gt; &amp; &#x27;Bob&#x27;</li></ul>',
    );
    expect(html).not.toContain("<img");
  });

  it("no lines give an empty list", () => {
    expect(combatLogHtml([])).toBe('<ul class="zilch combat-log"></ul>');
  });

  it("escaping leaves plain text untouched", () => {
    expect(combatLogHtml(["Ana: 5, 3 (2)"])).toBe('<ul class="zilch combat-log"><li>Ana: 5, 3 (2)</li></ul>');
  });
});
