import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { CHARACTER_PARTS, NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { characterInput, npcInput } from "../../src/applications/sheets/actor/actor-data";
import { makeActor } from "../data/models-setup";

/**
 * SU-3 on the sheets: effective values 11 to 14 show as J, Q, K and A (the number in the title);
 * every other value, above 14 or below 2 included, as a plain number. The actors are prepared by
 * the data models, as the sheets read them.
 */
const renderer = createRenderer();
const g = globalThis as unknown as { game: Record<string, unknown> };
let savedSettings: unknown;

beforeAll(() => {
  savedSettings = g.game.settings;
  g.game.settings = { settings: new Map(), get: () => undefined };
});
afterAll(() => {
  g.game.settings = savedSettings;
});

const values = (html: string) =>
  // A lowered card's ▼ mark (its own span) precedes the value inside the same span.
  [...html.matchAll(/<span class="card-value" data-value="-?\d+"(?: title="([^"]*)")?>(?:<span class="card-lowered".*?<\/span><\/span>)?([^<]*)<\/span>/g)].map((m) => ({
    text: m[2],
    title: m[1],
  }));

describe("SU-3: face-card letters on the sheets", () => {
  it("SU-3: a character's Q, J, A, K and 15 show as letters and a number; the title keeps the value", () => {
    const actor = makeActor({
      name: "Ana",
      type: "character",
      system: {
        suits: {
          clubs: { primary: 12, secondary: 11 },
          spades: { primary: 14, secondary: 13 },
          diamonds: { primary: 15, secondary: 10 },
          hearts: { primary: 2, secondary: 2, drain: 1 },
        },
      },
    });
    const ctx = characterContext(characterInput(actor as never, { id: "faces", editable: true, editMode: false }));
    const shown = values(renderer.render(CHARACTER_PARTS.suits, ctx));
    expect(shown.map((v) => v.text)).toEqual(["Q", "J", "A", "K", "15", "10", "1", "1"]);
    expect(shown[0]!.title).toContain("12");
  });

  it("SU-3: an NPC's ♠13 shows as K and its ♣6 as 6", () => {
    const actor = makeActor({ name: "Orc", type: "npc", system: { suits: { spades: { value: 13 } } } });
    const ctx = npcContext(npcInput(actor as never, { id: "faces-npc", editable: true, editMode: false }));
    const shown = values(renderer.render(NPC_PARTS.statblock, ctx));
    expect(shown.map((v) => v.text)).toEqual(["6", "K", "6", "6"]);
    expect(shown[1]!.title).toBe("13");
  });
});
