/**
 * GEN-4 and the creation guide at document level. "Play starts" is one stored fact, the character's
 * `started`: a character created blank (ZilchActor#_preCreate) holds false; "Ready to play" (the
 * guide's last step, the panel's button) fills HP and class chips and sets it; a character created
 * with its cards (a sample dropped from the pack, an import) or stored before the field existed reads
 * true. A guide step's button goes to edit mode on its tab, and a pack button opens its compendium.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { characterSource, createActor, makeActor, type CharacterData } from "./models-setup";
import { CHARGEN_ACTION_HANDLERS } from "../../src/applications/sheets/character/chargen-actions";
import { GUIDE_ACTION_HANDLERS } from "../../src/applications/sheets/character/guide-actions";

beforeEach(() => {
  const i18n = { localize: (key: string) => key, format: (key: string) => key };
  Object.assign(Reflect.get(globalThis, "game") as object, { i18n });
});

/** A legal point-buy build (GEN-2: 12 + 8 + 4 + 6 = 30 points from a base of 4). */
const built = characterSource(
  { clubs: { primary: 10 }, spades: { primary: 8 }, diamonds: { primary: 6 }, hearts: { primary: 7 } },
  { classes: ["fighter"] },
);
const sys = (actor: { system: unknown }) => actor.system as unknown as CharacterData & { started: boolean };

describe("GEN-4: when play starts", () => {
  it("a character created blank has not started; one created with its cards has", async () => {
    expect(sys(await createActor({ name: "New", type: "character" })).started).toBe(false);
    expect(sys(await createActor({ name: "Sample", type: "character", system: built })).started).toBe(true);
    // Stored before the field existed: read as started, so no finished character grows a new step.
    expect(sys(makeActor({ name: "Old", type: "character", system: built })).started).toBe(true);
  });

  it("Ready to play fills HP and class chips and starts play", async () => {
    const actor = await createActor({ name: "New", type: "character" });
    await actor.update({ system: built });
    expect(sys(actor).started).toBe(false);
    expect(sys(actor).hp.value).toBeLessThan(sys(actor).hp.max);
    const sheet = {
      actor: actor as unknown as Actor.Implementation,
      isEditable: true,
      editMode: true,
      chargenRedraw: null,
      render: () => undefined,
    };
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    expect(sys(actor).started).toBe(true);
    expect(sys(actor).hp.value).toBe(sys(actor).hp.max);
    expect(sys(actor).chips.clubs).toBe(sys(actor).suits.clubs.capacity);
    // Play starts: the sheet goes to play mode. Pressed again after a rebuild, it stays in edit mode.
    expect(sheet.editMode).toBe(false);
    sheet.editMode = true;
    await actor.update({ system: { hp: { value: 1 } } });
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    expect([sheet.editMode, sys(actor).hp.value]).toEqual([true, sys(actor).hp.max]);
  });
});

describe("GEN-3: Ready to play refuses a character out of bounds after race", () => {
  // Formats like Foundry's i18n (placeholders filled), so the refusal's words can be read.
  const fill = (key: string, data: Record<string, string> = {}) =>
    key.replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? "");
  const HALF_ORC = { name: "Half-orc", type: "race", system: { modifiers: { clubs: 1, diamonds: -1 } } };

  it("EX-GEN-1: a Half-orc with ♣13 is stored as typed but does not start play, and says which cards", async () => {
    const warnings: string[] = [];
    const strings: Record<string, string> = {
      "ZILCH.Chargen.NotReady": "Not ready: {problems}.",
      "ZILCH.Chargen.Problems.aboveCreationMax": "After race, no card may start above {limit}:",
      "ZILCH.Card.clubs": "Clubs",
      "ZILCH.Card.strength": "Strength",
    };
    Object.assign(Reflect.get(globalThis, "game") as object, {
      i18n: {
        localize: (k: string) => strings[k] ?? k,
        format: (k: string, d = {}) => fill(strings[k] ?? k, d),
      },
    });
    Reflect.set(globalThis, "ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
    const actor = await createActor({ name: "New", type: "character" });
    await actor.createEmbeddedDocuments("Item", [HALF_ORC]);
    await actor.update({ system: characterSource({ clubs: { primary: 13 }, spades: { primary: 6 } }) });
    // Never lose input: the half-built card is kept, and the panel warns while building.
    expect(sys(actor).suits.clubs.primary).toBe(13);
    await actor.update({ system: { hp: { value: 1 } } });
    const sheet = {
      actor: actor as unknown as Actor.Implementation,
      isEditable: true,
      editMode: true,
      chargenRedraw: null,
      render: () => undefined,
    };
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    expect(warnings).toEqual(["Not ready: After race, no card may start above 13: Clubs 14, Strength 14."]);
    expect([sys(actor).started, sheet.editMode, sys(actor).hp.value]).toEqual([false, true, 1]);
    // Bought down to 12 (13 after race), the character starts play.
    await actor.update({ system: characterSource({ clubs: { primary: 12 } }) });
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    expect(warnings).toHaveLength(1);
    expect([sys(actor).started, sys(actor).hp.value]).toEqual([true, sys(actor).hp.max]);
  });

  it("GEN-2: a point-buy build over its 30 points does not start play; a started character is not held to it", async () => {
    const warnings: string[] = [];
    Reflect.set(globalThis, "ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
    const actor = await createActor({ name: "New", type: "character" });
    await actor.update({ system: characterSource({ clubs: { primary: 13 }, spades: { primary: 13 } }) });
    const sheet = {
      actor: actor as unknown as Actor.Implementation,
      isEditable: true,
      editMode: true,
      chargenRedraw: null,
      render: () => undefined,
    };
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    expect(warnings).toEqual(["ZILCH.Chargen.NotReady"]);
    expect(sys(actor).started).toBe(false);
    const sample = await createActor({ name: "Sample", type: "character", system: built });
    await sample.update({ system: characterSource({ clubs: { primary: 13 }, spades: { primary: 13 } }) });
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call({
      ...sheet,
      actor: sample as unknown as Actor.Implementation,
    });
    expect(warnings).toHaveLength(1);
  });

  it("GEN-3 applies below 2 too, and to a started character pressed again after a rebuild", async () => {
    const warnings: string[] = [];
    Reflect.set(globalThis, "ui", { notifications: { warn: (m: string) => void warnings.push(m) } });
    const actor = await createActor({ name: "Sample", type: "character", system: built });
    await actor.createEmbeddedDocuments("Item", [HALF_ORC]);
    await actor.update({ system: characterSource({ diamonds: { primary: 2, secondary: 6 } }) });
    await actor.update({ system: { hp: { value: 1 } } });
    const sheet = {
      actor: actor as unknown as Actor.Implementation,
      isEditable: true,
      editMode: true,
      chargenRedraw: null,
      render: () => undefined,
    };
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    expect(warnings).toEqual(["ZILCH.Chargen.NotReady"]);
    expect(sys(actor).hp.value).toBe(1);
  });
});

describe("the guide's steps lead to where the work is done", () => {
  const sheet = async () => {
    const actor = await createActor({ name: "New", type: "character" });
    const renders: unknown[] = [];
    return {
      actor: actor as unknown as Actor.Implementation,
      id: "sheet",
      isEditable: true,
      editMode: false,
      tabGroups: { primary: "suits" } as Record<string, string | null>,
      renders,
      render: (options?: unknown) => void renders.push(options ?? {}),
    };
  };
  const button = (data: Record<string, string>) => ({ dataset: data }) as unknown as HTMLElement;
  const event = {} as PointerEvent;

  it("a step's name switches to edit mode on the step's tab", async () => {
    const s = await sheet();
    await GUIDE_ACTION_HANDLERS.goToStep.call(s, event, button({ step: "talents" }));
    expect([s.editMode, s.tabGroups.primary, s.renders.length]).toEqual([true, "skills", 1]);
    await GUIDE_ACTION_HANDLERS.goToStep.call(s, event, button({ step: "equipment" }));
    expect(s.tabGroups.primary).toBe("equipment");
    await GUIDE_ACTION_HANDLERS.goToStep.call(s, event, button({ step: "nowhere" }));
    expect(s.renders).toHaveLength(2);
  });

  it("a viewer who cannot edit goes nowhere", async () => {
    const s = { ...(await sheet()), isEditable: false };
    await GUIDE_ACTION_HANDLERS.goToStep.call(s, event, button({ step: "talents" }));
    expect([s.editMode, s.tabGroups.primary, s.renders.length]).toEqual([false, "suits", 0]);
  });

  it("a pack button opens that compendium (game.packs by collection id), and only the guide's packs", async () => {
    const opened: string[] = [];
    const pack = (id: string) => ({ render: async (force: boolean) => void opened.push(`${id}:${force}`) });
    // game.packs is a Collection of CompendiumCollections keyed by "<package>.<name>".
    const packs = new Map(["zilch.races", "zilch.skills", "zilch.bestiary"].map((id) => [id, pack(id)]));
    const g = Reflect.get(globalThis, "game") as Record<string, unknown>;
    const saved = g.packs;
    g.packs = packs;
    try {
      const s = await sheet();
      await GUIDE_ACTION_HANDLERS.openStepPack.call(s, event, button({ pack: "races" }));
      await GUIDE_ACTION_HANDLERS.openStepPack.call(s, event, button({ pack: "bestiary" }));
      // A pack missing from the world (a disabled or renamed one) opens nothing and throws nothing.
      await GUIDE_ACTION_HANDLERS.openStepPack.call(s, event, button({ pack: "knacks" }));
      expect(opened).toEqual(["zilch.races:true"]);
    } finally {
      g.packs = saved;
    }
  });
});
