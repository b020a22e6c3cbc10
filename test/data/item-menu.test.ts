/**
 * The item rows' context menu. Which entries each viewer gets (./item-menu.ts, pure),
 * and what Delete and Duplicate do to an actor's items through the stand-in documents: Delete asks
 * with v13 `DialogV2.confirm` and deletes only on an explicit Yes (false for No, null when the dialog
 * is closed with `rejectClose: false`, as the v13 API documents `DialogV2.confirm`/`wait`).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeActor, characterSource } from "./models-setup";
import { standInFoundry, strictNamespace } from "../stand-in";
import { itemMenu, type ItemRowFacts } from "../../src/applications/sheets/item-menu/item-menu";

const { confirmDelete, duplicateItem, rowFacts } =
  await import("../../src/applications/sheets/item-menu/item-menu-documents");

const facts = (over: Partial<ItemRowFacts>): ItemRowFacts => ({
  type: "weapon",
  editable: true,
  limited: false,
  character: true,
  inUse: false,
  healingItem: false,
  ...over,
});

describe("what an item row's menu offers", () => {
  it("the owner of a character: edit, the item's use, equip or unequip, chat, duplicate, delete", () => {
    expect(itemMenu(facts({}))).toEqual(["edit", "attack", "equip", "chat", "duplicate", "delete"]);
    expect(itemMenu(facts({ type: "armor", inUse: true }))).toEqual([
      "edit",
      "unequip",
      "chat",
      "duplicate",
      "delete",
    ]);
    expect(itemMenu(facts({ type: "spell", inUse: null }))).toEqual(["edit", "cast", "chat", "delete"]);
    expect(itemMenu(facts({ type: "skill", inUse: null }))).toEqual(["edit", "roll", "chat", "delete"]);
    expect(itemMenu(facts({ type: "gear", healingItem: true }))).toContain("use");
    expect(itemMenu(facts({ type: "injury", inUse: null }))).toEqual(["edit", "chat", "delete"]);
  });

  it("EQ-1: Equip only on what can be put in use; Unequip on whatever is in use", () => {
    const potion = itemMenu(facts({ type: "gear", healingItem: true, equippable: false }));
    expect(potion).toContain("use");
    expect(potion).not.toContain("equip");
    expect(itemMenu(facts({ type: "gear", equippable: false, inUse: true }))).toContain("unequip");
    expect(itemMenu(facts({ type: "gear", equippable: true }))).toContain("equip");
  });

  it("an NPC's items are not equipped from the menu, and its healing gear is not used from it", () => {
    const npc = itemMenu(facts({ type: "gear", character: false, healingItem: true }));
    expect(npc).not.toContain("equip");
    expect(npc).not.toContain("use");
  });

  it("a viewer who does not own the actor may only view and show in chat; Limited sees nothing", () => {
    for (const type of ["weapon", "spell", "skill", "gear", "armor"] as const) {
      expect(itemMenu(facts({ type, editable: false }))).toEqual(["view", "chat"]);
      expect(itemMenu(facts({ type, limited: true, editable: false }))).toEqual([]);
    }
  });
});

type Answer = true | false | null;
let answer: Answer = null;
const asked: unknown[] = [];

beforeAll(() => {
  Reflect.set(globalThis, "game", {
    user: { id: "standinUser00001" },
    i18n: {
      format: (key: string, data: Record<string, string>) => `${key} ${JSON.stringify(data)}`,
    },
  });
  Reflect.set(
    globalThis,
    "foundry",
    strictNamespace("foundry", {
      data: standInFoundry.data,
      abstract: standInFoundry.abstract,
      utils: strictNamespace("foundry.utils", { escapeHTML: (s: string) => s.replace(/</g, "&lt;") }),
      applications: strictNamespace("foundry.applications", {
        api: strictNamespace("foundry.applications.api", {
          DialogV2: strictNamespace("DialogV2", {
            confirm: async (config: unknown) => {
              asked.push(config);
              return answer;
            },
          }),
        }),
      }),
    }),
  );
});
afterEach(() => void (asked.length = 0));

function armedAna() {
  return makeActor({
    name: "Ana",
    type: "character",
    system: characterSource({ hearts: { primary: 8 } }),
    items: [
      { _id: "itmSword00000001", name: "Sword", type: "weapon", system: { slot: "hands" } },
      { _id: "itmRope000000001", name: "Rope", type: "gear" },
    ],
  });
}

describe("Delete and Duplicate on an actor's items", () => {
  it("Delete asks first; No or closing the dialog loses nothing; Yes deletes that item only", async () => {
    const ana = armedAna();
    const sword = ana.items.get("itmSword00000001")!;
    for (const no of [false, null] as const) {
      answer = no;
      expect(await confirmDelete(sword as never)).toBe(false);
      expect(ana.items.size).toBe(2);
    }
    expect(asked).toHaveLength(2);
    expect(JSON.stringify(asked[0])).toContain("Sword");
    answer = true;
    expect(await confirmDelete(sword as never)).toBe(true);
    expect([...ana.items.values()].map((i) => i.name)).toEqual(["Rope"]);
  });

  it("Duplicate adds a copy under a new id, with the same stored fields, named as a copy", async () => {
    const ana = armedAna();
    const sword = ana.items.get("itmSword00000001")!;
    await duplicateItem(ana as never, sword as never);
    const copies = [...ana.items.values()].filter((i) => i.type === "weapon");
    expect(copies).toHaveLength(2);
    const copy = copies.find((i) => i.id !== sword.id)!;
    expect(copy.name).toContain("ZILCH.ItemMenu.CopyName");
    expect(copy.system.toObject()).toEqual(sword.system.toObject());
  });

  it("the row facts: the sword in hand is in use; the rope has a slot but is not", () => {
    const ana = armedAna();
    const sheet = { actor: Object.assign(ana, { isOwner: true, limited: false }), isEditable: true };
    expect(rowFacts(sheet as never, ana.items.get("itmSword00000001") as never)).toMatchObject({
      type: "weapon",
      editable: true,
      inUse: true,
    });
    expect(rowFacts(sheet as never, ana.items.get("itmRope000000001") as never)).toMatchObject({
      inUse: false,
      equippable: true,
    });
  });
});
