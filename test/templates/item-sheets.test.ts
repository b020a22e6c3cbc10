/**
 * Templates layer: item sheets read as a player reads them. A user who may not
 * edit the item, and an owner not editing it, get the read view (words and formatted numbers, no
 * inputs, the enriched description); labels are the game's words with hints, never a stored field
 * name ("Key", "Kind", "Tag", "Riders"); a homebrew skill, knack or race is a named empty choice.
 */
import { describe, expect, it } from "vitest";
import { parseFragment } from "parse5";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { ITEM_PARTS, ITEM_TYPES, type ItemType } from "../../src/applications/sheets/shared/constants";
import type { FieldView } from "../../src/applications/sheets/item/item-context";
import { HINTED_WORDS, wordOf } from "../../src/applications/sheets/item/item-words";
import { lookup } from "../support/i18n";

const renderer = createRenderer();
const sheet = (type: ItemType, view: { editable?: boolean; editMode?: boolean }, full = true) =>
  Object.values(ITEM_PARTS)
    .map((part) => renderer.render(part, fx.itemSheet(type, full, view)))
    .join("");

type Node = { nodeName: string; value?: string; childNodes?: Node[] };
const textOf = (node: Node): string =>
  node.nodeName === "#text" ? (node.value ?? "") : (node.childNodes ?? []).map(textOf).join("");
/** The text of one parsed element. */
const nodeText = (el: unknown) => textOf(el as Node).replace(/\s+/g, " ").trim();
const text = (html: string) => textOf(parseFragment(html) as unknown as Node).replace(/\s+/g, " ");

/** Every field view of a form, groups and list rows included. */
function allViews(views: readonly FieldView[]): FieldView[] {
  return views.flatMap((v) => [
    v,
    ...(v.kind === "group" ? allViews(v.fields) : v.kind === "array" ? v.rows.flatMap((r) => allViews(r.fields)) : []),
  ]);
}

const CONTROLS = new Set(["input", "select", "textarea", "prose-mirror"]);

describe("item sheet read view", () => {
  for (const type of ITEM_TYPES) {
    for (const [who, view] of [
      ["an observer", { editable: false, editMode: true }],
      ["an owner in play", { editable: true, editMode: false }],
    ] as const) {
      it(`${type}: ${who} reads it with no inputs`, () => {
        const html = sheet(type, view);
        const all = allElements(html);
        expect(all.filter((el) => CONTROLS.has(el.tagName)).map((el) => el.tagName)).toEqual([]);
        expect(all.filter((el) => attr(el, "name") !== undefined)).toEqual([]);
        expect(all.some((el) => attr(el, "data-action") === "editImage")).toBe(false);
        expect(text(html)).toContain(`A ${type}`);
        // The enriched description (links and all), not the raw source.
        expect(html).toContain('<p>Enriched <a class="content-link">text</a></p>');
      });
    }
  }

  it("offers Edit only to a user who may edit", () => {
    const toggle = (view: { editable: boolean; editMode: boolean }) =>
      allElements(sheet("weapon", view)).find((el) => attr(el, "data-action") === "toggleMode");
    expect(toggle({ editable: false, editMode: true })).toBeUndefined();
    const edit = toggle({ editable: true, editMode: false })!;
    expect([edit.tagName, attr(edit, "type"), attr(edit, "aria-pressed")]).toEqual(["button", "button", "false"]);
    expect(text(renderer.render(ITEM_PARTS.header, fx.itemSheet("weapon", true, { editMode: false })))).toContain(
      lookup("ZILCH.Sheet.EditMode"),
    );
    expect(attr(toggle({ editable: true, editMode: true })!, "aria-pressed")).toBe("true");
  });

  it("shows choices as words, modifiers with their sign, and leaves unset and false properties out", () => {
    const race = text(sheet("race", { editMode: false }));
    expect(race).toContain("Human");
    expect(race).toMatch(/Spades\s*−1/);
    expect(race).toMatch(/Diamonds\s*\+1/);
    const weapon = text(sheet("weapon", { editMode: false }));
    expect(weapon).toContain("Heavy");
    expect(weapon).not.toContain("Double-ended"); // false flags are not listed
    expect(weapon).not.toContain(lookup("ZILCH.Item.Field.rangeClass")); // unset: a melee weapon
    expect(weapon).not.toContain(lookup("ZILCH.Item.Field.reload")); // "none": nothing to read
    // An injury whose ongoing damage is off shows none of it.
    expect(text(sheet("injury", { editMode: false }))).not.toContain(lookup("ZILCH.Item.Field.ongoing"));
  });

  it("shows a weapon's effect on a hit with only the fields its kind uses", () => {
    const html = renderer.render(ITEM_PARTS.details, fx.itemSheet("weapon", true, { editMode: false }));
    const entries = allElements(html).filter((el) => el.tagName === "ul" && attr(el, "class") === "read-entries");
    expect(entries).toHaveLength(1);
    const entry = text(renderer.render(ITEM_PARTS.details, fx.itemSheet("weapon", true, { editMode: false })));
    expect(entry).toContain(lookup("ZILCH.Item.Field.riders"));
    expect(entry).toContain("Prone");
    // A condition rider reads no amount, suit or source.
    expect(entry).not.toContain(lookup("ZILCH.Item.Field.amount"));
    expect(entry).not.toContain(lookup("ZILCH.Item.Field.tag"));
  });

  it("puts each hint on its label as a tooltip", () => {
    const html = renderer.render(ITEM_PARTS.details, fx.itemSheet("armor", true, { editMode: false }));
    const reinforced = allElements(html).find(
      (el) => el.tagName === "dt" && nodeText(el).includes("Reinforced"),
    );
    expect(reinforced && attr(reinforced, "data-tooltip")).toBe(lookup("ZILCH.Item.Hint.reinforced"));
  });
});

describe("item sheet words", () => {
  const STORED_NAMES = ["Key", "Kind", "Tag", "Riders"];

  it("labels no field with a stored name, in the form or in the read view", () => {
    for (const type of ITEM_TYPES) {
      for (const view of [{}, { editMode: false }]) {
        const labels = allElements(sheet(type, view))
          .filter((el) => ["label", "legend", "dt"].includes(el.tagName))
          .map((el) => nodeText(el).trim());
        expect(labels.filter((l) => STORED_NAMES.includes(l)), `${type}`).toEqual([]);
      }
    }
  });

  it("gives key, kind, tag and riders a word of the game and a hint, wherever they are", () => {
    for (const type of ITEM_TYPES) {
      for (const v of allViews(fx.itemSheet(type, true).fields)) {
        if (!["key", "kind", "tag", "riders"].includes(v.name)) continue;
        expect(v.hintKey, `${type}: ${v.path}`).not.toBeNull();
        expect(lookup(v.labelKey), v.labelKey).toBeDefined();
        expect(lookup(v.hintKey!), v.hintKey!).toBeDefined();
      }
    }
  });

  it("has words for every label, hint and empty choice, and every hint is used", () => {
    const used = new Set<string>();
    for (const type of ITEM_TYPES) {
      for (const v of allViews(fx.itemSheet(type, true).fields)) {
        expect(lookup(v.labelKey), v.labelKey).toBeDefined();
        if (v.hintKey) expect(lookup(v.hintKey), v.hintKey).toBeDefined();
        if (v.kind === "select") expect(lookup(v.blankKey), v.blankKey).toBeDefined();
        used.add(wordOf(type, v.name));
        used.add(v.labelKey.split(".").at(-1)!);
      }
    }
    expect([...HINTED_WORDS].filter((w) => !used.has(w))).toEqual([]);
  });

  it("names the empty choice of a skill, knack or race as homebrew, and ties each hint to its input", () => {
    for (const type of ["skill", "knack", "race"] as const) {
      const html = renderer.render(ITEM_PARTS.details, fx.itemSheet(type, false));
      const select = allElements(html).find((el) => attr(el, "name") === "system.key")!;
      const blank = select.childNodes.find((n) => "tagName" in n && attr(n, "value") === "");
      expect(blank && nodeText(blank)).toBe(
        lookup(`ZILCH.Item.Blank.${type}`),
      );
      const hintId = attr(select, "aria-describedby")!;
      expect(allElements(html).find((el) => attr(el, "id") === hintId)).toBeDefined();
    }
  });

  it("lets a homebrew skill name its card", () => {
    const html = renderer.render(ITEM_PARTS.details, fx.itemSheet("skill", false));
    const card = allElements(html).find((el) => attr(el, "name") === "system.card")!;
    expect(card.tagName).toBe("select");
    const options = card.childNodes.filter((n) => "tagName" in n).map((n) => ("attrs" in n ? attr(n, "value") : ""));
    expect(options).toEqual(["", "clubs", "spades", "diamonds", "hearts", "strength", "cunning", "knowledge", "charisma"]);
  });
});
