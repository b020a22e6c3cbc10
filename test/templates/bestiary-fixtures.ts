/**
 * Bestiary entries (packs/_source/bestiary) as the NPC sheet and the tracker receive them: the YAML
 * source made into a stand-in actor with the system's models and embedded items, prepared, then read
 * through the same `npcInput` the sheet class calls. Icons are inline, so nothing loads from the network.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeActor } from "../data/models-setup";
import type { DocumentData } from "../stand-in/documents";
import { npcContext, type NpcInput } from "../../src/applications/sheets/npc/npc-context";
import { npcInput, type ActorLike } from "../../src/applications/sheets/actor/actor-data";
import { ICON, PORTRAIT } from "./fixtures";

// js-yaml (the pack scripts' parser) ships no type declarations: only `load` is used, typed here.
const YAML_MODULE = "js-yaml";
const { load } = (await import(YAML_MODULE)) as { load(source: string): unknown };

const DIR = join(import.meta.dirname, "..", "..", "packs", "_source", "bestiary");

/** The source of a bestiary entry by its file slug (e.g. "elder-dragon"). */
export function bestiaryEntry(slug: string): DocumentData & { system: Record<string, unknown> } {
  return load(readFileSync(join(DIR, `${slug}.yml`), "utf8")) as DocumentData & { system: Record<string, unknown> };
}

/** The NPC sheet's input for a bestiary entry (its system changed by `system`), as the sheet class builds it. */
export function bestiaryNpcInput(slug: string, editMode = false, system: Record<string, unknown> = {}): NpcInput {
  const entry = bestiaryEntry(slug);
  const actor = makeActor({ ...entry, system: { ...entry.system, ...system } }) as unknown as ActorLike;
  const contents = actor.items.contents.map((i, sort) => Object.assign(i, { img: ICON, sort }));
  const like: ActorLike = {
    id: actor.id,
    uuid: `Actor.${slug}`,
    name: actor.name,
    img: PORTRAIT,
    system: actor.system,
    items: { contents },
    toObject: () => actor.toObject?.(),
  };
  return npcInput(like, { id: `bestiary-${slug}`, editable: true, editMode });
}

export const bestiaryNpc = (slug: string, editMode = false, system: Record<string, unknown> = {}) =>
  npcContext(bestiaryNpcInput(slug, editMode, system));
