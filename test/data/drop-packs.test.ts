/**
 * The sheets' drop handler (src/applications/sheets/actor/drop-handler.ts) fed real pack entries from
 * packs/_source/*.yml, dropped onto a character document of the stand-in with the system's models:
 * RA-1 a race replaces the race, SK-1 a duplicate skill is refused with a message, and a repeatable
 * skill (Language) is taken twice. The handler's only Foundry globals, `game.i18n` and
 * `ui.notifications`, are recorded here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeActor, type CharacterData } from "./models-setup";
import { onDropItem } from "../../src/applications/sheets/actor/drop-handler";

// js-yaml (the pack scripts' parser) ships no type declarations: only `load` is used, typed here.
const YAML_MODULE = "js-yaml";
const { load } = (await import(YAML_MODULE)) as { load(source: string): unknown };

const PACKS = join(import.meta.dirname, "..", "..", "packs", "_source");
type PackEntry = { _id: string; name: string; type: string; system: Record<string, unknown> };
const entry = (pack: string, file: string) =>
  load(readFileSync(join(PACKS, pack, `${file}.yml`), "utf8")) as PackEntry;

/** A dropped compendium Item as ActorSheetV2#_onDropItem receives it: no parent, its source data. */
const dropped = (data: PackEntry, pack = "items") =>
  ({
    id: data._id,
    uuid: `Compendium.zilch.${pack}.Item.${data._id}`,
    inCompendium: true,
    parent: null,
    toObject: () => structuredClone(data),
  }) as unknown as Item.Implementation;
const dropEvent = { target: null } as unknown as DragEvent;

let notices: { level: string; key: string; data?: Record<string, string> }[] = [];
beforeEach(() => {
  notices = [];
  const i18n = {
    localize: (key: string) => key,
    format: (key: string, data: Record<string, string>) => (
      notices.push({ level: "format", key, data }),
      key
    ),
  };
  const record = (level: string) => (message: string) => notices.push({ level, key: message });
  Object.assign(Reflect.get(globalThis, "game") as object, { i18n });
  Reflect.set(globalThis, "ui", { notifications: { warn: record("warn"), info: record("info") } });
});

function character() {
  const actor = makeActor({ name: "PC", type: "character", system: {} });
  const drop = (data: PackEntry, editable = true) =>
    onDropItem(actor as unknown as Actor.Implementation, dropEvent, dropped(data), editable);
  const names = (type: string) =>
    actor.items.contents.filter((i) => (i.type as string) === type).map((i) => i.name);
  const dropItem = (item: Item.Implementation) =>
    onDropItem(actor as unknown as Actor.Implementation, dropEvent, item, true);
  return { actor, drop, dropItem, names, system: () => actor.system as unknown as CharacterData };
}

describe("dropping pack entries on a character (RA-1, SK-1)", () => {
  it("a race replaces the current race, and the prepared cards follow the new one", async () => {
    const pc = character();
    const dwarf = entry("races", "dwarf");
    const elf = entry("races", "elf");
    await pc.drop(dwarf);
    expect(pc.names("race")).toEqual(["Dwarf"]);
    const dwarfMods = dwarf.system.modifiers as Record<string, number>;
    expect(pc.system().suits.hearts.race).toBe(dwarfMods.hearts ?? 0);
    await pc.drop(elf);
    expect(pc.names("race")).toEqual(["Elf"]);
    const elfMods = elf.system.modifiers as Record<string, number>;
    for (const suit of ["clubs", "spades", "diamonds", "hearts"] as const)
      expect(pc.system().suits[suit].race, suit).toBe(elfMods[suit] ?? 0);
    expect(notices.find((n) => n.key === "ZILCH.Sheet.Drop.RaceReplaced")?.data).toMatchObject({
      old: "Dwarf",
      new: "Elf",
    });
  });

  it("a second copy of a skill is refused with a message and nothing is created", async () => {
    const pc = character();
    const athletics = entry("skills", "athletics");
    await pc.drop(athletics);
    const result = await pc.drop(athletics);
    expect(result).toBeNull();
    expect(pc.names("skill")).toEqual(["Athletics"]);
    expect(notices.filter((n) => n.level === "warn")).toHaveLength(1);
    expect(notices.find((n) => n.key === "ZILCH.Sheet.Drop.DuplicateSkill")?.data).toMatchObject({
      name: "Athletics",
    });
  });

  it("Language is repeatable (SK-1): two drops give two skills, each with its own id", async () => {
    const pc = character();
    const language = entry("skills", "language");
    await pc.drop(language);
    await pc.drop(language);
    const languages = pc.actor.items.contents.filter((i) => (i.type as string) === "skill");
    expect(languages).toHaveLength(2);
    expect(new Set(languages.map((i) => i.id)).size).toBe(2);
    expect(languages.every((i) => i.id !== language._id)).toBe(true);
    expect(notices.filter((n) => n.level === "warn")).toEqual([]);
  });

  it("pack weapons, armour and gear are created; a locked sheet changes nothing", async () => {
    const pc = character();
    for (const pack of ["weapons", "armor", "gear"]) {
      const first = readdirSync(join(PACKS, pack)).find((f) => f.endsWith(".yml"))!;
      const data = entry(pack, first.replace(/\.yml$/, ""));
      await pc.drop(data);
      expect(pc.names(data.type), pack).toContain(data.name);
    }
    const before = pc.actor.items.contents.length;
    expect(await pc.drop(entry("skills", "athletics"), false)).toBeNull();
    expect(pc.actor.items.contents).toHaveLength(before);
  });
});

describe("what an owned copy of a dropped item keeps", () => {
  /** The creation data the handler sends, as the actor receives it. */
  function recording(actor: ReturnType<typeof character>["actor"]) {
    const spy = vi.spyOn(actor, "createEmbeddedDocuments");
    return {
      get length() {
        return spy.mock.calls.length;
      },
      at: (n: number): Record<string, unknown> | undefined => ({ ...spy.mock.calls[n]?.[1]?.[0] }),
    };
  }

  it("a compendium entry: a new id, no folder, sort or ownership, and the entry as its compendium source", async () => {
    const pc = character();
    const sent = recording(pc.actor);
    const athletics = {
      ...entry("skills", "athletics"),
      folder: "fldSkills0000001",
      sort: 300000,
      ownership: { default: 2 },
      _stats: { compendiumSource: null, createdTime: 1, coreVersion: "13.345" },
    };
    await pc.dropItem(dropped(athletics, "skills"));
    expect(sent.length).toBe(1);
    const data = sent.at(0)!;
    expect(data).not.toHaveProperty("_id");
    expect(data).not.toHaveProperty("folder");
    expect(data).not.toHaveProperty("sort");
    expect(data).not.toHaveProperty("ownership");
    expect(data._stats).toEqual({ compendiumSource: `Compendium.zilch.skills.Item.${athletics._id}` });
  });

  it("a sidebar item imported from a compendium keeps naming that entry", async () => {
    const pc = character();
    const sent = recording(pc.actor);
    const source = "Compendium.zilch.skills.Item.skillAthletics01";
    const world = { ...entry("skills", "athletics"), _stats: { compendiumSource: source } };
    const item = {
      id: world._id,
      uuid: `Item.${world._id}`,
      inCompendium: false,
      parent: null,
      toObject: () => structuredClone(world),
    } as unknown as Item.Implementation;
    await pc.dropItem(item);
    expect(sent.at(0)?._stats).toEqual({ compendiumSource: source });
  });

  it("an item dragged from a base actor onto its unlinked token's actor (the same id) is copied, not reordered", async () => {
    const pc = character();
    const sent = recording(pc.actor);
    // The token's synthetic actor shares the base actor's id; only its UUID tells them apart.
    Object.defineProperty(pc.actor, "uuid", {
      value: `Scene.scn0000000000001.Token.tok0000000000001.Actor.${pc.actor.id}`,
    });
    const athletics = entry("skills", "athletics");
    const fromBase = {
      id: athletics._id,
      uuid: `Actor.${pc.actor.id}.Item.${athletics._id}`,
      inCompendium: false,
      parent: { id: pc.actor.id, uuid: `Actor.${pc.actor.id}` },
      toObject: () => structuredClone(athletics),
    } as unknown as Item.Implementation;
    await pc.dropItem(fromBase);
    expect(pc.names("skill")).toEqual(["Athletics"]);
    expect(sent.length).toBe(1);
  });
});
