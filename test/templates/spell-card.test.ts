/** MAG-6: the non-attack spell card, for the stored content and for a GM viewer, in every state. */
import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import { spellCardContext, type SpellCastRecord } from "../../src/dice/spell-card";

const renderer = createRenderer();
const base: SpellCastRecord = {
  casterName: "Mara",
  spellName: "Mend Flesh",
  paid: 3,
  left: 2,
  overridden: false,
  range: "engaged",
  targetUuid: "Actor.abc",
  targetName: "Bren",
  healing: 3,
  condition: null,
  duration: { kind: "rounds", rounds: 1 },
  wounds: [{ id: "w1", name: "Leg crippled" }],
  outcome: null,
};
const render = (record: SpellCastRecord, isGM: boolean | null) =>
  renderer.render(
    "chat/spell-card.hbs",
    spellCardContext(record, isGM === null ? null : { isGM }, {
      conditionName: "Slowed",
      woundThreshold: 3,
      description: "<p>Knits a wound.</p>",
    }),
  );

const records: Record<string, SpellCastRecord> = {
  waiting: base,
  healed: { ...base, outcome: { kind: "healed", hp: 2, taint: 1 } },
  woundEnded: { ...base, outcome: { kind: "woundEnded", wound: "Leg crippled" } },
  condition: {
    ...base,
    healing: 0,
    condition: "slowed",
    duration: { kind: "rounds", rounds: 3 },
    outcome: { kind: "condition", replaced: true },
  },
  overridden: { ...base, overridden: true, paid: 1, left: 0, targetUuid: null, targetName: null, healing: 0 },
};

describe("spell card template", () => {
  for (const [name, record] of Object.entries(records)) {
    for (const viewer of [null, false, true]) {
      it(`${name}, viewer ${String(viewer)}: one root, every key localised, buttons labelled`, () => {
        const html = render(record, viewer);
        const { elements, strayText } = rootElements(html);
        expect(elements).toHaveLength(1);
        expect(strayText).toEqual([]);
        expect(html).not.toMatch(/ZILCH\./);
        for (const b of allElements(html).filter((el) => el.tagName === "button")) {
          expect(attr(b, "type")).toBe("button");
          expect(["applySpell", "zilchApplySelected"]).toContain(attr(b, "data-action"));
        }
      });
    }
  }

  it("only a GM sees Apply, and a Close-wound button per armed wound when the healing is 3 or more", () => {
    expect(render(base, false)).not.toContain('data-action="applySpell"');
    const gm = render(base, true);
    expect(gm).toContain("Close wound: Leg crippled");
    expect(render({ ...base, healing: 2 }, true)).not.toContain("Close wound");
    expect(render(records.healed, true)).not.toContain('data-action="applySpell"');
  });

  it("every viewer of a healing card may heal the selected tokens; the stored card has no button", () => {
    const heal = 'data-action="zilchApplySelected"';
    for (const viewer of [false, true]) {
      expect(render(base, viewer)).toContain(heal);
      expect(render(records.healed, viewer)).toContain("Heal the selected tokens");
    }
    expect(render(base, null)).not.toContain("<button");
    expect(render(records.condition, false)).not.toContain("<button");
    expect(render(records.condition, true)).not.toContain(heal);
  });

  it("says what was paid, what happened, and that identical spells replace each other", () => {
    expect(render(base, null)).toContain("3 ♦ chips paid, 2 left");
    expect(render(records.healed, null)).toContain("Bren regains 2 HP; 1 of the healing removed Hearts taint");
    expect(render({ ...base, outcome: { kind: "healed", hp: 3, taint: 0 } }, null)).toContain("Bren regains 3 HP.");
    expect(render(records.condition, null)).toMatch(/Bren is now Slowed; this casting replaces/);
    expect(render(records.overridden, null)).toContain("the Gamemaster allowed it");
  });
});
