/**
 * SET-1 settings that change prepared data. A world setting read while a document prepares its data
 * (src/data/**) leaves every prepared copy stale until it is prepared again; a setting read only while
 * a sheet renders leaves open sheets stale. When such a setting changes, `onChange` runs on every
 * connected client (world settings are shared), and each client refreshes its own copies here.
 *
 * Evidence for the walk: pf2e's `resetActors` (foundryvtt/pf2e src/module/actor/helpers.ts) re-prepares
 * a setting's actors with `actor.reset()` and re-renders their sheets with `actor.render()`, over the
 * world actors and the actors of every scene's tokens (`token.actor`: an unlinked token's own actor; a
 * linked token's is the world actor, counted once).
 */
import type { SettingKey } from "../data/settings";

/** Settings read during data preparation (worldSetting/worldChoice in src/data/**). */
export const PREPARED_SETTINGS: ReadonlySet<SettingKey> = new Set<SettingKey>([
  "talentFormula", // TL-2: the Talent maximum (character)
  "skillTalentMode", // SK-2: a skill's bonus (skill items, world and owned) and Talents spent
  "slowStart", // TL-5: the Talent allowance and Boons (character)
  "gritWounds", // GW-1: whether the Grit track replaces HP (character, Foe)
]);

/** Settings read only while a sheet renders (GEN-1's card generation panel). */
export const SHEET_SETTINGS: ReadonlySet<SettingKey> = new Set<SettingKey>(["chargenMethod", "pointBuyBase"]);

/** A client document as the refresh uses it: prepare again from its source, re-render its open sheets. */
export interface Refreshable {
  reset(): void;
  render(): unknown;
}

/** The documents of one client that a setting can leave stale. */
export interface WorldDocuments {
  actors: Iterable<Refreshable>;
  items: Iterable<Refreshable>;
  scenes: Iterable<{ tokens: Iterable<{ actor: Refreshable | null }> }>;
}

/** Every actor once: world actors, then scene tokens' own actors (a linked token's is a world actor). */
function everyActor(world: WorldDocuments): Set<Refreshable> {
  const actors = new Set<Refreshable>(world.actors);
  for (const scene of world.scenes)
    for (const token of scene.tokens) if (token.actor) actors.add(token.actor);
  return actors;
}

/**
 * Refreshes the documents a change of `key` leaves stale: re-prepares (and re-renders) every actor and
 * world item for a prepared setting, re-renders every actor's open sheet for a sheet setting. Returns
 * how many documents it touched. A document that fails is logged and the others still refresh.
 */
export function refreshForSetting(key: SettingKey, world: WorldDocuments): number {
  const prepare = PREPARED_SETTINGS.has(key);
  if (!prepare && !SHEET_SETTINGS.has(key)) return 0;
  const documents = [...everyActor(world), ...(prepare ? world.items : [])];
  for (const doc of documents) {
    try {
      if (prepare) doc.reset();
      doc.render();
    } catch (error) {
      console.error(`Zilch | refreshing a document after the ${key} setting changed failed`, error);
    }
  }
  return documents.length;
}

/** This client's documents, as Foundry holds them once the game is ready (none before). */
export function clientDocuments(): WorldDocuments {
  return {
    actors: game.actors ?? [],
    items: game.items ?? [],
    scenes: game.scenes ?? [],
  };
}
