/**
 * RA-1, RA-2 at document level: the Human pack entry dropped on a character leaves its bonus suit to
 * choose; the header offers the four suits at once (no window), one click on a suit stores it on the
 * race item and derived data adds the +1 to both cards of that suit; a later click moves it. The
 * sheet's `chooseRaceSuit` action is called as core calls it (`this` = the sheet, `(event, target)`,
 * FOUNDRY-FACTS §7); the choice is bounded by the schema to the four suits.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData } from "./models-setup";
import { onDropItem } from "../../src/applications/sheets/actor/drop-handler";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { actionHandler, CharacterSheet } from "../templates/registered-actions";

// js-yaml (the pack scripts' parser) ships no type declarations: only `load` is used, typed here.
const YAML_MODULE = "js-yaml";
const { load } = (await import(YAML_MODULE)) as { load(source: string): unknown };
type PackEntry = { _id: string; name: string; type: string; system: Record<string, unknown> };
const HUMAN = load(
  readFileSync(join(import.meta.dirname, "..", "..", "packs", "_source", "races", "human.yml"), "utf8"),
) as PackEntry;
const DWARF = load(
  readFileSync(join(import.meta.dirname, "..", "..", "packs", "_source", "races", "dwarf.yml"), "utf8"),
) as PackEntry;

const dropped = (data: PackEntry) =>
  ({
    id: data._id,
    uuid: `Compendium.zilch.races.Item.${data._id}`,
    inCompendium: true,
    parent: null,
    toObject: () => structuredClone(data),
  }) as unknown as Item.Implementation;

beforeEach(() => {
  const i18n = { localize: (key: string) => key, format: (key: string) => key };
  Object.assign(Reflect.get(globalThis, "game") as object, { i18n });
  Reflect.set(globalThis, "ui", { notifications: { warn: () => undefined, info: () => undefined } });
});

const cards = characterSource({
  clubs: { primary: 8 },
  spades: { primary: 6 },
  diamonds: { primary: 6 },
  hearts: { primary: 6 },
});

async function withRace(entry: PackEntry) {
  const actor = makeActor({ name: "Ada", type: "character", system: cards });
  await onDropItem(
    actor as unknown as Actor.Implementation,
    { target: null } as unknown as DragEvent,
    dropped(entry),
    true,
  );
  const system = () => actor.system as unknown as CharacterData;
  const header = (editMode: boolean) =>
    characterContext(
      characterInput(actor as unknown as Actor.Implementation, { id: "ada", editable: true, editMode }),
    ).raceChoice;
  const choose = async (suit: string, sheet: { isEditable: boolean } = { isEditable: true }) => {
    const raceId = actor.items.contents.find((i) => i.type === "race")!.id;
    const target = { dataset: { suit }, closest: () => ({ dataset: { itemId: raceId } }) };
    await actionHandler(CharacterSheet, "chooseRaceSuit").call({ actor, ...sheet }, {}, target);
  };
  const race = () =>
    actor.items.contents.find((i) => i.type === "race")!.system as unknown as { chosenSuit: string | null };
  return { actor, system, header, choose, race };
}

describe("RA-2: the race's choice, made right after the drop and changed later", () => {
  it("a dropped Human offers its four suits at once, in play mode too, while the choice is open", async () => {
    const { header, system } = await withRace(HUMAN);
    expect(system().warnings).toContain("raceSuitNotChosen");
    for (const editMode of [true, false]) {
      const view = header(editMode)!;
      expect(view.chosen).toBeNull();
      expect(view.suits.map((s) => [s.suit, s.pressed])).toEqual([
        ["clubs", false],
        ["spades", false],
        ["diamonds", false],
        ["hearts", false],
      ]);
    }
  });

  it("one click stores the suit and derived data adds the +1 to both its cards", async () => {
    const { choose, race, system, header } = await withRace(HUMAN);
    await choose("spades");
    expect(race().chosenSuit).toBe("spades");
    expect(system().suits.spades).toMatchObject({ race: 1, eff: 7, eff2: 7 });
    expect(system().suits.clubs.race).toBe(0);
    expect(system().warnings).not.toContain("raceSuitNotChosen");
    // Chosen: play mode shows no choice; edit mode shows it with the suit pressed.
    expect(header(false)).toBeNull();
    expect(
      header(true)!
        .suits.filter((s) => s.pressed)
        .map((s) => s.suit),
    ).toEqual(["spades"]);
  });

  it("a later click moves the bonus: the old suit loses it, the new one gains it", async () => {
    const { choose, race, system } = await withRace(HUMAN);
    await choose("spades");
    await choose("hearts");
    expect(race().chosenSuit).toBe("hearts");
    expect([system().suits.spades.race, system().suits.hearts.race]).toEqual([0, 1]);
    expect(system().hp.max).toBeGreaterThan(0);
  });

  it("nothing to choose for a race with no choice bonus, and nothing changes for a viewer who cannot edit", async () => {
    const dwarf = await withRace(DWARF);
    expect(dwarf.header(true)).toBeNull();
    await dwarf.choose("clubs");
    expect(dwarf.race().chosenSuit).toBeNull();
    const human = await withRace(HUMAN);
    await human.choose("clubs", { isEditable: false });
    expect(human.race().chosenSuit).toBeNull();
    await human.choose("stars");
    expect(human.race().chosenSuit).toBeNull();
  });

  it("the schema holds the choice to the four suits", async () => {
    const { actor, race } = await withRace(HUMAN);
    const item = actor.items.contents.find((i) => i.type === "race")!;
    await expect(item.update({ system: { chosenSuit: "stars" } })).rejects.toThrow();
    expect(race().chosenSuit).toBeNull();
  });
});
