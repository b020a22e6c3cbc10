import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS, NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { CHARACTER_PART_CONTEXT, characterContext, characterShared } from "../../src/applications/sheets/character/character-context";
import { NPC_PART_CONTEXT, npcContext, npcShared } from "../../src/applications/sheets/npc/npc-context";
import { CHARACTER_ACTIONS, NPC_ACTIONS } from "./registered-actions";

/**
 * Each PART renders from the shared fields plus its own builder's, which is what
 * the sheets' `_preparePartContext` hands it. A part that reads a field another part's builder makes
 * renders differently here than from the whole context, and fails.
 */
const renderer = createRenderer();

describe("character sheet parts", () => {
  for (const editMode of [false, true])
    for (const [part, template] of Object.entries(CHARACTER_PARTS))
      it(`${part} (${editMode ? "edit" : "play"} mode) renders from its own context as from the whole`, () => {
        const input = { ...fx.fullCharacterInput(editMode), activeTab: "equipment" as const };
        const own = CHARACTER_PART_CONTEXT[part as keyof typeof CHARACTER_PART_CONTEXT](input);
        const whole = renderer.render(template, characterContext(input));
        expect(renderer.render(template, { ...characterShared(input), ...own })).toBe(whole);
      });
  it("has a builder for every part and no other", () => {
    expect(Object.keys(CHARACTER_PART_CONTEXT).sort()).toEqual(Object.keys(CHARACTER_PARTS).sort());
  });
});

describe("NPC sheet parts", () => {
  for (const editMode of [false, true])
    for (const [part, template] of Object.entries(NPC_PARTS))
      it(`${part} (${editMode ? "edit" : "play"} mode) renders from its own context as from the whole`, () => {
        const input = fx.npcInput(true, editMode);
        const own = NPC_PART_CONTEXT[part as keyof typeof NPC_PART_CONTEXT](input);
        expect(renderer.render(template, { ...npcShared(input), ...own })).toBe(renderer.render(template, npcContext(input)));
      });
  it("has a builder for every part and no other", () => {
    expect(Object.keys(NPC_PART_CONTEXT).sort()).toEqual(Object.keys(NPC_PARTS).sort());
  });
});

describe("registered actions", () => {
  it("both actor sheets inherit the base's shared actions (mode, items, recovery) besides their own", () => {
    for (const shared of ["toggleMode", "rollCard", "editItem", "deleteItem", "createItem", "rest", "sleep"]) {
      expect(CHARACTER_ACTIONS).toContain(shared);
      expect(NPC_ACTIONS).toContain(shared);
    }
    expect(CHARACTER_ACTIONS).toContain("rally");
    expect(NPC_ACTIONS).not.toContain("rally");
    expect(NPC_ACTIONS).toContain("attackNatural");
  });
});
