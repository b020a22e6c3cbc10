import { describe, expect, it } from "vitest";
import { combatLogHtml, escapeText } from "../../src/documents/combat/chat-log";

describe("combat chat log markup", () => {
  it("one list item per line, in order, inside the combat-log list", () => {
    expect(combatLogHtml(["Round 2", "Ana acts"])).toBe(
      '<ul class="zilch combat-log"><li>Round 2</li><li>Ana acts</li></ul>',
    );
  });

  it("escapes names and text so a creature called <b>Bob</b> cannot inject markup", () => {
    const html = combatLogHtml([`<img src=x onerror="a()"> & 'Bob'`]);
    expect(html).toBe(
      '<ul class="zilch combat-log"><li>&lt;img src=x onerror=&quot;a()&quot;&gt; &amp; &#39;Bob&#39;</li></ul>',
    );
    expect(html).not.toContain("<img");
  });

  it("no lines give an empty list", () => {
    expect(combatLogHtml([])).toBe('<ul class="zilch combat-log"></ul>');
  });

  it("escaping leaves plain text untouched", () => {
    expect(escapeText("Ana: 5, 3 (2)")).toBe("Ana: 5, 3 (2)");
  });
});
