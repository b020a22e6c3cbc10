import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { modeStandIn } from "../stand-in/chat";
import { characterSource, makeActor, type CharacterData } from "./models-setup";
import type { DocumentData } from "../stand-in/documents";
import { standInFoundry, strictNamespace } from "../stand-in";
import { createRenderer } from "../templates/harness";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import { coreModeSetting } from "../stand-in/profile";
import { useKnack } from "../../src/documents/knack-use";

/**
 * KN-1 at document level: a knack item is used through `useKnack` (src/documents/knack-use.ts), which the sheet's
 * Use button calls: its chips are paid on its own suit and a chat line says so; a passive knack,
 * another class's knack, or too few chips is refused with nothing spent or posted.
 */
type Globals = { game: Record<string, unknown>; ChatMessage?: unknown; foundry: unknown };
const g = globalThis as unknown as Globals;
const renderer = createRenderer();
let posts: { content: string }[];
let saved: { settings: unknown; i18n: unknown; ChatMessage: unknown; foundry: unknown };

beforeEach(() => {
  saved = { settings: g.game.settings, i18n: g.game.i18n, ChatMessage: g.ChatMessage, foundry: g.foundry };
  // The chat log's mode unset: public.
  g.game.settings = {
    settings: new Map(),
    get: (_ns: string, key: string) => coreModeSetting(key, () => undefined),
  };
  g.foundry = strictNamespace("foundry", {
    ...standInFoundry,
    applications: strictNamespace("foundry.applications", {
      handlebars: strictNamespace("foundry.applications.handlebars", {
        renderTemplate: async (path: string, context: object) => renderer.render(path, context),
      }),
    }),
  });
  g.game.i18n = {
    localize: (key: string) => key,
    format: (key: string, data: Record<string, unknown>) => `${key} ${JSON.stringify(data)}`,
  };
  posts = [];
  const player = { id: "player", isGM: false };
  g.ChatMessage = {
    create: async (data: { content: string }) => void posts.push(data),
    getSpeaker: () => ({}),
    ...modeStandIn(player, [player]),
  };
});
afterEach(() => {
  g.game.settings = saved.settings;
  g.game.i18n = saved.i18n;
  g.ChatMessage = saved.ChatMessage;
  g.foundry = saved.foundry;
});

const RAGE: DocumentData = {
  _id: "knackRage0000001",
  name: "Rage",
  type: "knack",
  system: { key: "rage", class: "fighter", chipSuit: "clubs", chipCost: 2, trigger: "free" },
};
const TOUGHNESS: DocumentData = {
  _id: "knackTough000001",
  name: "Toughness",
  type: "knack",
  system: { key: "toughness", class: null, chipSuit: null, chipCost: 0, trigger: "passive" },
};
const SNEAK: DocumentData = {
  _id: "knackSneak000001",
  name: "Sneak Attack",
  type: "knack",
  system: { key: "sneakAttack", class: "rogue", chipSuit: "spades", chipCost: 1, trigger: "afterHit" },
};
const pc = (classes: string[], clubsChips: number) =>
  makeActor({
    name: "Brak",
    type: "character",
    system: characterSource(
      { clubs: { primary: 10 }, spades: { primary: 10 } },
      {
        classes,
        chips: { clubs: clubsChips, spades: 3 },
      },
    ),
    items: [RAGE, TOUGHNESS, SNEAK],
  });
const chips = (actor: ReturnType<typeof pc>) => (actor.creature as CharacterData)._source.chips;

describe("KN-1: using a knack", () => {
  it("KN-1: a Fighter's Rage pays 2 ♣ chips of 3 and posts its use; a second Rage is refused, nothing spent", async () => {
    const actor = pc(["fighter"], 3);
    expect(await useKnack(actor, RAGE._id!)).toBeNull();
    expect(chips(actor).clubs).toBe(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.content).toContain(
      "ZILCH.Knack.Used {&quot;name&quot;:&quot;Brak&quot;,&quot;knack&quot;:&quot;Rage&quot;}",
    );
    expect(posts[0]!.content).toContain("ZILCH.Knack.Paid {&quot;n&quot;:&quot;2&quot;");
    // KN-2: he is raging now, so a second Rage is refused before anything is paid.
    expect(await useKnack(actor, RAGE._id!)).toBe("alreadyRaging");
    expect(chips(actor).clubs).toBe(1);
    expect(posts).toHaveLength(1);
    // A Fighter with 1 ♣ chip cannot pay for a Rage at all.
    const short = pc(["fighter"], 1);
    expect(await useKnack(short, RAGE._id!)).toBe("notEnoughChips");
    expect(chips(short).clubs).toBe(1);
    expect(posts).toHaveLength(1);
  });

  it("KN-1: another class's knack and a passive knack are refused, with no chips spent and no line", async () => {
    const rogue = pc(["rogue"], 3);
    expect(await useKnack(rogue, RAGE._id!)).toBe("class");
    expect(await useKnack(rogue, TOUGHNESS._id!)).toBe("passive");
    expect(await useKnack(rogue, "noSuchItem00001")).toBe("noKnack");
    expect(chips(rogue).clubs).toBe(3);
    expect(posts).toEqual([]);
  });

  it("KN-1: the Skills tab offers Use on Rage, none on the passive Toughness", () => {
    const actor = pc(["fighter"], 3);
    const ctx = characterContext(
      characterInput(actor as never, { id: "kn", editable: true, editMode: false }),
    );
    const html = renderer.render(CHARACTER_PARTS.skills, ctx);
    const uses = [...html.matchAll(/data-action="useKnack" data-item-id="([^"]+)"/g)].map((m) => m[1]);
    expect(uses).toEqual([RAGE._id]);
  });

  it("KN-2: Sneak Attack has no Use button and is refused from the sheet, nothing spent: the attack card offers it", async () => {
    const rogue = pc(["rogue"], 3);
    expect(await useKnack(rogue, SNEAK._id!)).toBe("onAttackCard");
    expect(chips(rogue).spades).toBe(3);
    expect(posts).toEqual([]);
    const ctx = characterContext(
      characterInput(rogue as never, { id: "kn", editable: true, editMode: false }),
    );
    const html = renderer.render(CHARACTER_PARTS.skills, ctx);
    expect(html).not.toContain(`data-action="useKnack" data-item-id="${SNEAK._id}"`);
  });

  it("KN-2: once Brak rages, the Skills tab marks his Rage as raging", async () => {
    const actor = pc(["fighter"], 3);
    const skills = () =>
      renderer.render(
        CHARACTER_PARTS.skills,
        characterContext(characterInput(actor as never, { id: "kn", editable: true, editMode: false })),
      );
    expect(skills()).not.toContain('class="raging"');
    expect(await useKnack(actor, RAGE._id!)).toBeNull();
    expect(actor.raging).toBe(true);
    expect(skills()).toMatch(/<strong class="raging">[^<]+<\/strong>/);
  });
});
