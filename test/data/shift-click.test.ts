import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { characterSource, makeActor } from "./models-setup";
import { standInFoundry, strictNamespace } from "../stand-in";
import { installChat, type ChatStandIn, type StandInUser } from "../stand-in/chat";
import { actionHandler, CharacterSheet, NpcSheet, RollDialog } from "../templates/registered-actions";
import { coreModeSetting } from "../stand-in/profile";

/**
 * A click on a card's or a skill's name runs the sheet's `rollCard` / `rollSkill`
 * action as core calls it (`this` = the sheet, `(event, target)`, target = the element with the
 * `data-action`; FOUNDRY-FACTS §7). With Shift held it rolls the dialog's defaults at once and posts
 * the test; without Shift it opens the roll dialog and rolls nothing until the dialog answers.
 */
type Globals = { game: Record<string, unknown>; foundry: unknown; ChatMessage?: unknown; Roll?: unknown };
const g = globalThis as unknown as Globals;
const player: StandInUser = { id: "player0000000001", isGM: false };

let chat: ChatStandIn;
let saved: Record<string, unknown>;

beforeEach(() => {
  saved = {
    settings: g.game.settings,
    i18n: g.game.i18n,
    user: g.game.user,
    actors: g.game.actors,
    foundry: g.foundry,
    ChatMessage: g.ChatMessage,
    Roll: g.Roll,
  };
  chat = installChat(player, [player]);
  g.game.user = { ...player, targets: new Set() };
  g.game.actors = { contents: [] };
  g.game.settings = {
    settings: new Map(),
    get: (ns: string, key: string) => (ns === "core" ? coreModeSetting(key, () => "public") : false),
  };
  g.game.i18n = { localize: (k: string) => k, format: (k: string) => k };
  g.foundry = strictNamespace("foundry", {
    ...standInFoundry,
    applications: strictNamespace("foundry.applications", {
      handlebars: strictNamespace("foundry.applications.handlebars", {
        renderTemplate: async (path: string) => `<div>${path}</div>`,
      }),
    }),
  });
});
afterEach(() => {
  Object.assign(g.game, {
    settings: saved.settings,
    i18n: saved.i18n,
    user: saved.user,
    actors: saved.actors,
  });
  Object.assign(g, { foundry: saved.foundry, ChatMessage: saved.ChatMessage, Roll: saved.Roll });
  vi.restoreAllMocks();
  expect(chat.dice).toEqual([]);
});

const hero = () =>
  makeActor({
    name: "Kell",
    type: "character",
    system: characterSource(
      {
        clubs: { primary: 8, secondary: 6 },
        spades: { primary: 8 },
        diamonds: { primary: 8 },
        hearts: { primary: 8 },
      },
      { hp: { value: 3 } },
    ),
    items: [{ name: "Athletics", type: "skill", system: { key: "athletics" } }],
  }) as unknown as Actor.Implementation;

/** The sheet as the handlers read it (the members ActorSheetLike names). */
const sheetOf = (actor: Actor.Implementation) => ({
  actor,
  isEditable: true,
  editMode: false,
  render: async () => undefined,
});
/** The clicked element: its data attributes, and `closest` finding the row that carries the item id. */
const label = (data: Record<string, string>) => ({ dataset: data, closest: () => ({ dataset: data }) });
const click = (shiftKey: boolean) => ({ shiftKey, button: 0 });

describe("Shift-click on a name rolls at once; a plain click opens the dialog", () => {
  for (const sheetClass of [CharacterSheet, NpcSheet])
    it(`${sheetClass.name}: rollCard is the shared action`, () => {
      expect(actionHandler(sheetClass, "rollCard")).toBe(actionHandler(CharacterSheet, "rollCard"));
    });

  it("Shift-click on a card's name posts one test of that card with the dialog's defaults, no dialog", async () => {
    const choose = vi.spyOn(RollDialog, "choose");
    const actor = hero();
    chat.dice.push(5);
    await actionHandler(CharacterSheet, "rollCard").call(
      sheetOf(actor),
      click(true),
      label({ card: "strength" }),
    );
    expect(choose).not.toHaveBeenCalled();
    expect(chat.posts).toHaveLength(1);
    expect(chat.posts[0]!.rolls).toHaveLength(1);
    // No chip or Boon was spent: the defaults spend nothing.
    expect(actor.system).toMatchObject({ hp: { value: 3 } });
  });

  it("Shift-click on a skill's name rolls that skill at once", async () => {
    const choose = vi.spyOn(RollDialog, "choose");
    const actor = hero();
    const skill = actor.items.contents.find((i) => i.type === "skill")!;
    chat.dice.push(7);
    await actionHandler(CharacterSheet, "rollSkill").call(
      sheetOf(actor),
      click(true),
      label({ itemId: skill.id! }),
    );
    expect(choose).not.toHaveBeenCalled();
    expect(chat.posts).toHaveLength(1);
  });

  it("a plain click opens the dialog on that card, and a cancelled dialog rolls nothing", async () => {
    const choose = vi.spyOn(RollDialog, "choose").mockResolvedValue(null);
    await actionHandler(CharacterSheet, "rollCard").call(
      sheetOf(hero()),
      click(false),
      label({ card: "strength" }),
    );
    expect(choose).toHaveBeenCalledTimes(1);
    expect(choose.mock.calls[0]![0].input.request.card).toBe("strength");
    expect(chat.posts).toEqual([]);
  });

  it("a plain click on a skill's name opens the dialog with that skill chosen", async () => {
    const choose = vi.spyOn(RollDialog, "choose").mockResolvedValue(null);
    const actor = hero();
    const skill = actor.items.contents.find((i) => i.type === "skill")!;
    await actionHandler(CharacterSheet, "rollSkill").call(
      sheetOf(actor),
      click(false),
      label({ itemId: skill.id! }),
    );
    expect(choose).toHaveBeenCalledTimes(1);
    expect(choose.mock.calls[0]![0].input.skillId).toBe(skill.id);
    expect(chat.posts).toEqual([]);
  });
});
