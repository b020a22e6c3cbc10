import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { ROLL_DIALOG_PARTS } from "../../src/applications/sheets/shared/constants";
import { rollDialogContext } from "../../src/applications/dialogs/roll-dialog-context";
import { domIdOf } from "../../src/applications/dom-id";
import { DEFAULT_REQUEST } from "../../src/rules/roll-request";

/**
 * Two orcs on a scene are two unlinked tokens of one world actor: their actors share the world
 * actor's id and differ in their uuids. Two roll dialogs open for them at once must not share an
 * element id, or a label in one dialog points at the other dialog's field.
 */
const renderer = createRenderer();
const facts = {
  cards: { clubs: 9, spades: 8, diamonds: 6, hearts: 6, strength: 9, cunning: 7, knowledge: 7, charisma: 6 },
  skillBonus: 0,
  chips: {},
  boons: 0,
  pips: null,
};
const orcOne = { id: "orc", uuid: "Scene.s1.Token.t1.Actor.orc" };
const orcTwo = { id: "orc", uuid: "Scene.s1.Token.t2.Actor.orc" };
const idsIn = (html: string) => [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
const dialogFor = (actor: { uuid: string }) =>
  renderer.render(
    ROLL_DIALOG_PARTS.fields,
    rollDialogContext({ id: domIdOf("zilch-roll", actor), request: DEFAULT_REQUEST, facts, skills: [] }),
  );

describe("element ids of what one actor's dialog shows", () => {
  it("differ for two unlinked tokens of one world actor", () => {
    const first = idsIn(dialogFor(orcOne));
    const second = idsIn(dialogFor(orcTwo));
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
  });

  it("are usable as CSS selectors without escaping", () => {
    expect(domIdOf("roll", orcOne)).toMatch(/^[A-Za-z][\w-]*$/);
  });
});
