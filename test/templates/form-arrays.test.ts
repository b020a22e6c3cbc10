import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { withWholeArrays } from "../../src/applications/sheets/shared/document-arrays";
import { expandObject } from "../stand-in/data-model";

/**
 * v13 replaces a whole array on update (#10833): an NPC's edit-mode attack rows show only some
 * fields, so the sheet must submit each row whole (FOUNDRY-FACTS §7, "Arrays").
 */
const renderer = createRenderer();
type Element = ReturnType<typeof allElements>[number];

/** What the form submits: each named input's value and each select's selected option. */
function formFields(html: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const el of allElements(html)) {
    const name = attr(el, "name");
    if (!name || !name.startsWith("system.attacks")) continue;
    // v13's FormDataExtended reads a checkbox as its checked state (a boolean), a number input as a number.
    const type = attr(el, "type");
    if (el.tagName === "input")
      fields[name] = type === "checkbox" ? attr(el, "checked") !== undefined : type === "number" ? Number(attr(el, "value")) : (attr(el, "value") ?? "");
    if (el.tagName === "select") {
      const options = el.childNodes.filter((c): c is Element => "tagName" in c && c.tagName === "option");
      fields[name] = attr(options.find((o) => attr(o, "selected") !== undefined) ?? options[0]!, "value");
    }
  }
  return fields;
}

describe("editing an NPC's attacks keeps their other fields", () => {
  const input = fx.npcInput(true, true);
  const stored = { system: structuredClone(input.system) };
  const before = stored.system.attacks;
  const fields = formFields(renderer.render(NPC_PARTS.statblock, npcContext(input)));

  it("the edit form shows only some of an attack's fields (so an update of what it sends alone loses the rest)", () => {
    const sent = expandObject({ ...fields, "system.attacks.1.name": "Rake" });
    const row = (sent.system as { attacks: Record<string, Record<string, unknown>> }).attacks["1"]!;
    expect(row.name).toBe("Rake");
    expect(row).not.toHaveProperty("notes");
    expect(row).not.toHaveProperty("brawling");
  });

  it("the submitted attacks are every stored row, whole, with only the edited field changed", () => {
    const sent = withWholeArrays(expandObject({ ...fields, "system.attacks.1.name": "Rake" }), stored);
    const attacks = (sent.system as { attacks: unknown[] }).attacks;
    expect(Array.isArray(attacks)).toBe(true);
    expect(attacks).toEqual([before[0], { ...before[1], name: "Rake" }]);
    expect(attacks[1]).toMatchObject({ notes: "two at once", reach: 2 });
  });

  it("leaves fields outside arrays as sent and keeps nested arrays of a row", () => {
    const storedRows = { system: { dr: 1, attacks: [{ name: "Bite", riders: [{ kind: "energy", amount: 2 }] }] } };
    const sent = withWholeArrays({ system: { dr: 3, attacks: { 0: { name: "Gnaw" } } } }, storedRows);
    expect(sent).toEqual({ system: { dr: 3, attacks: [{ name: "Gnaw", riders: [{ kind: "energy", amount: 2 }] }] } });
  });
});

describe("a field that submits its whole array of plain values", () => {
  it("removes what the form no longer holds: unticking a class takes it off the character", () => {
    const stored = { system: { classes: ["fighter", "rogue"], name: "Ana" } };
    const sent = { system: { classes: ["fighter"], name: "Ana" } };
    expect(withWholeArrays(sent, stored)).toEqual({ system: { classes: ["fighter"], name: "Ana" } });
    expect(withWholeArrays({ system: { classes: [] } }, stored)).toEqual({ system: { classes: [] } });
  });

  it("still fills rows a form sends by index from what is stored", () => {
    const stored = { system: { languages: ["Common", "Elvish"] } };
    expect(withWholeArrays({ system: { languages: { 1: "Dwarvish" } } }, stored)).toEqual({
      system: { languages: ["Common", "Dwarvish"] },
    });
  });
});
