import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/constants";
import { characterContext } from "../../src/applications/sheets/character-context";
import { recoveryView } from "../../src/applications/sheets/recovery";

/**
 * What a sheet shows in play that belongs elsewhere or nowhere: the Injuries tab's delete buttons
 * (edit mode only, as on every other tab), the Rally limit outside a combat, and the creation guide's
 * repeated "rules" links, which a screen reader must tell apart.
 */
const renderer = createRenderer();
const actions = (html: string, action: string) =>
  allElements(html).filter((el) => attr(el, "data-action") === action);

describe("the Injuries tab's delete buttons", () => {
  it("are offered in edit mode only, as on the other tabs; edit buttons stay in play", () => {
    const play = renderer.render(CHARACTER_PARTS.injuries, fx.fullCharacter(false));
    expect(actions(play, "deleteItem")).toEqual([]);
    expect(actions(play, "editItem")).toHaveLength(5);
    const edit = renderer.render(CHARACTER_PARTS.injuries, fx.fullCharacter(true));
    expect(actions(edit, "deleteItem")).toHaveLength(5);
  });
});

describe("the Rally limit (REC-1: once per encounter)", () => {
  const ready = "Rally available this encounter";

  it("says a Rally is available only in a combat; the Rally button stays for the breather after one", () => {
    const inCombat = renderer.render(CHARACTER_PARTS.combat, fx.fullCharacter(false));
    expect(inCombat).toContain(ready);
    const input = { ...fx.fullCharacterInput(false), combat: null };
    const outside = renderer.render(CHARACTER_PARTS.combat, characterContext(input));
    expect(outside).not.toContain(ready);
    expect(actions(outside, "rally")).toHaveLength(1);
  });

  it("a used Rally is said in or out of a combat, since it is why the button is off", () => {
    const used = { rallyUsed: true, restsToday: 0 };
    expect(recoveryView(used, { rally: true, editable: true, inCombat: false }).rallyLimit).toBe(true);
    expect(recoveryView(used, { rally: false, editable: true, inCombat: true }).rallyLimit).toBe(false);
    expect(recoveryView({ rallyUsed: false, restsToday: 0 }, { rally: true, editable: true }).rallyLimit).toBe(
      false,
    );
  });
});

describe("the creation guide's rules links", () => {
  it("each step's link is spoken with its step's name, so six links are not six 'rules'", () => {
    const html = renderer.render(CHARACTER_PARTS.suits, fx.emptyCharacter());
    const links = allElements(html).filter((el) => attr(el, "class")?.includes("zilch-rule-link"));
    const stepLinks = links.filter((el) => attr(el, "aria-label")?.startsWith("Rules: "));
    expect(stepLinks).toHaveLength(6);
    const names = stepLinks.map((el) => attr(el, "aria-label"));
    expect(new Set(names).size).toBe(6);
    expect(names).toContain("Rules: Choose classes");
  });
});
