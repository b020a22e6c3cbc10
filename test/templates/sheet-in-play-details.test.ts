import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { recoveryView } from "../../src/applications/sheets/play/recovery";

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

describe("the keyboard's way through the sheet", () => {
  const suits = () => renderer.render(CHARACTER_PARTS.suits, fx.fullCharacter(false));

  it("a card's name button is out of the tab order beside its Roll button", () => {
    const names = allElements(suits()).filter((el) => attr(el, "class")?.startsWith("card-name"));
    expect(names).toHaveLength(8);
    for (const el of names) expect(attr(el, "tabindex")).toBe("-1");
  });

  it("each chip track is a toolbar with one tab stop, the last chip held (the first when none is)", () => {
    const context = fx.fullCharacter(false);
    for (const suit of context.suits.filter((s) => s.chips)) {
      const stops = suit.chips!.track.filter((c) => c.tabStop);
      expect(stops, suit.suit).toHaveLength(1);
      expect(stops[0]!.index).toBe(Math.max(0, suit.chips!.value - 1));
    }
    const html = suits();
    const tracks = allElements(html).filter((el) => attr(el, "class") === "chip-track");
    expect(tracks.length).toBeGreaterThan(0);
    for (const track of tracks) expect(attr(track, "role")).toBe("toolbar");
    const chips = allElements(html).filter((el) => (attr(el, "class") ?? "").split(" ").includes("chip"));
    expect(chips.filter((el) => attr(el, "tabindex") === "0")).toHaveLength(tracks.length);
  });

  it("every tab panel starts with its own h2, over its h3 sections", () => {
    for (const tab of ["suits", "skills", "equipment", "injuries", "combat", "biography"] as const) {
      const html = renderer.render(CHARACTER_PARTS[tab], fx.fullCharacter(false));
      const headings = allElements(html).filter((el) => /^h[1-6]$/.test(el.tagName));
      expect(headings[0]?.tagName, tab).toBe("h2");
      expect(headings.filter((el) => el.tagName === "h2"), tab).toHaveLength(1);
    }
  });
});
