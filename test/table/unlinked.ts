/**
 * A fight against two unlinked orcs made from the same world actor, as most creature tokens stand on a
 * Foundry scene: the attack world's orc token unlinked (orc #1, beside Ana) and a second unlinked token
 * of the same world orc (orc #2), each with its own combatant. Each token's actor is its own: the world
 * orc with that token's changes (./delta.ts).
 */
import { ACTORS, Table, type Seat, type TableOptions } from "./table";
import { SCENE, TOKENS, attackWorld } from "./attack-card";
import { ask, COMBAT, firstTurnTo, roundOn, startCombat } from "./play";
import type { TableActor } from "./documents";
import type { TableClient } from "./client";
import type { ActorData } from "./permissions";
import type { WorldData } from "./server";
import { expect } from "vitest";

export const ORC_ONE = { token: TOKENS.orc, combatant: "cbtOrc0000000012" } as const;
export const ORC_TWO = { token: "tokOrc000000002", combatant: "cbtOrcTwo0000002" } as const;
export type Orc = typeof ORC_ONE | typeof ORC_TWO;
/** The world orc's club, which both orc tokens hold (neither has changed its items). */
export const CLUB = "itmOrcClub000001";
const CLUB_SYSTEM = { category: "heavy", modes: { melee: true, thrown: false, launcher: false }, hands: 1 };

/** The attack world with both orc tokens unlinked, hostile, each in the combat; `settings` added. */
export function unlinkedWorld(settings: Record<string, unknown> = {}): WorldData {
  const world = attackWorld(settings);
  const scene = world.scenes![0]!;
  for (const token of scene.tokens) token.disposition = token._id === TOKENS.orc ? -1 : 1;
  const one = scene.tokens.find((t) => t._id === TOKENS.orc)!;
  one.actorLink = false;
  // Orc #2 stands on Ana's other side, so both orcs are in her reach and she in theirs.
  scene.tokens.push({ ...one, _id: ORC_TWO.token, x: 0, y: 100 });
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.items = [{ _id: CLUB, name: "Club", type: "weapon", system: CLUB_SYSTEM }];
  const combat = world.combats[0]!;
  const first = combat.combatants.find((c) => c.actorId === ACTORS.orc._id)!;
  first._id = ORC_ONE.combatant;
  combat.combatants.push({ ...first, _id: ORC_TWO.combatant, tokenId: ORC_TWO.token });
  return world;
}

/** A table on the unlinked world, the combat started, every stance shown Bold and Ana acting first. */
export async function unlinkedFight(
  world: WorldData = unlinkedWorld(),
  options: TableOptions = {},
): Promise<Table> {
  const table = await Table.open({ world, ...options });
  await startCombat(table);
  const stances: [Seat, string][] = [
    ["alice", world.combats[0]!.combatants.find((c) => c.actorId === ACTORS.ana._id)!._id],
    ["bob", world.combats[0]!.combatants.find((c) => c.actorId === ACTORS.bo._id)!._id],
    ["gm", ORC_ONE.combatant],
    ["gm", ORC_TWO.combatant],
  ];
  for (const [seat, combatantId] of stances)
    expect(
      await ask(table, seat, {
        kind: "declareStance",
        combatId: COMBAT,
        combatantId,
        stance: "bold" as never,
      }),
      `${seat} declares for ${combatantId}`,
    ).toBe(true);
  if (roundOn(table.gm)?.mode === "spades") expect(await firstTurnTo(table, "ana")).toBe(true);
  return table;
}

/** An orc token's own actor as the server holds it (the world orc with that token's delta). */
export const serverOrc = (table: Table, orc: Orc): ActorData => table.server.tokenActor(SCENE, orc.token);

/** An orc token's own actor as `client` holds it. */
export const orcOn = (client: TableClient, orc: Orc): TableActor =>
  client.run(() => client.scenes.get(SCENE)!.tokens.get(orc.token)!.actor!);

/** What a fight may change on a creature: its system data, items, statuses and effects. */
export const vitals = (actor: ActorData) => ({
  system: actor.system,
  items: actor.items,
  statuses: actor.statuses,
  effects: actor.effects ?? [],
});
