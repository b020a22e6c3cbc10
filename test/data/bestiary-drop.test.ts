/**
 * Bestiary creatures dropped into a world: each entry of packs/_source/bestiary, created as an Actor
 * through the registered document class of the stand-in (with its embedded weapons and armour), prepares
 * the numbers RULES.md gives it: NPC-1 HP, EQ-6 armour DR, MV-1 movement, INI-2 initiative, NPC-2 chips.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createActor, type NpcData } from "./models-setup";
import type { DocumentData } from "../stand-in/documents";

// js-yaml (the pack scripts' parser) ships no type declarations: only `load` is used, typed here.
const YAML_MODULE = "js-yaml";
const { load } = (await import(YAML_MODULE)) as { load(source: string): unknown };

const DIR = join(import.meta.dirname, "..", "..", "packs", "_source", "bestiary");
const entry = (file: string) => load(readFileSync(join(DIR, file), "utf8")) as DocumentData;
const creature = async (slug: string) => {
  const actor = await createActor(entry(`${slug}.yml`));
  return { actor, system: actor.system as unknown as NpcData };
};

describe("every bestiary creature drops into a world", () => {
  it("creates, prepares, keeps its items and starts unhurt", async () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".yml"));
    expect(files.length).toBeGreaterThanOrEqual(24);
    for (const file of files) {
      const data = entry(file);
      const actor = await createActor(data);
      const system = actor.system as unknown as NpcData;
      expect(
        actor.items.contents.map((i) => i.name),
        file,
      ).toEqual((data.items ?? []).map((i) => i.name));
      expect(system.hp.value, file).toBe(system.hp.max);
      expect(system.hp.max, file).toBeGreaterThan(0);
      expect([...system.conditions], file).toEqual([]);
    }
  });
});

describe("prepared numbers of bestiary creatures", () => {
  it("EX-DMG-1: the guard's chainmail gives DR 2, carried by its ♣7 without a shortfall", async () => {
    const { system } = await creature("guard");
    expect(system.armorDR).toBe(2);
    expect(system.conditions.has("slowed")).toBe(false);
    expect(system.suits.clubs.eff).toBe(7);
  });

  it("EX-INI-1: the orc's Spades initiative is its ♠7", async () => {
    const { system } = await creature("orc");
    expect(system.initiative).toBe(7);
    expect(system.armorDR).toBe(1);
  });

  it("NPC-1: the HP maximum is ♥ (the ogre 12, the dragon 14, the goblin 5) unless one is stated", async () => {
    expect((await creature("ogre")).system.hp.max).toBe(12);
    expect((await creature("elder-dragon")).system.hp.max).toBe(14);
    expect((await creature("goblin")).system.hp.max).toBe(5);
    const stated = entry("ogre.yml");
    const system = stated.system as { hp: { max: number | null; value: number } };
    system.hp.max = 20;
    system.hp.value = 20;
    expect(((await createActor(stated)).system as unknown as NpcData).hp.max).toBe(20);
  });

  it("MV-1: a stated walk replaces ♠ (the zombie walks 3); without one the move is ♠", async () => {
    expect((await creature("zombie")).system.move.move).toBe(3);
    expect((await creature("bandit")).system.move.move).toBe(7);
  });

  it("NPC-2: the bandit captain's granted ♠ chips are there, and a plain bandit has none", async () => {
    expect((await creature("bandit-captain")).system.chips.spades).toMatchObject({ value: 2, max: 2 });
    expect((await creature("bandit")).system.chips.spades).toMatchObject({ value: 0, max: 0 });
  });

  it("OPT-2: the fear level is kept on the prepared creature", async () => {
    expect((await creature("elder-dragon")).system.fear).toBe("fell");
    expect((await creature("wraith")).system.fear).toBe("terror");
    expect((await creature("orc")).system.fear).toBe("none");
  });
});
