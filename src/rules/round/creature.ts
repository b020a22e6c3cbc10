/**
 * Which combatant, or which opponent, is a given creature. An unlinked token has its own actor whose
 * `id` is the world actor's and whose `uuid` names the token (Scene…Token…Actor…), so two tokens of one
 * world actor share an id but never a uuid: matching on `actor.id` or `combatant.actorId` lands an
 * effect on the first token of that actor. Compare uuids, as dnd5e and draw-steel do to tell the
 * actors of unlinked tokens apart (FOUNDRY-FACTS §7 "Drag and drop"), and reach a token's actor through
 * `token.actor` (dnd5e, draw-steel), never the world actor looked up by `actorId`.
 */

/** A creature as the lookups read it. */
export interface CreatureRef {
  readonly uuid: string;
}

/** The first combatant whose creature is `actor` (its own token's actor, linked or not). */
export function combatantOfCreature<C extends { actor: CreatureRef | null }>(
  combatants: Iterable<C>,
  actor: CreatureRef,
): C | undefined {
  for (const combatant of combatants) if (combatant.actor?.uuid === actor.uuid) return combatant;
  return undefined;
}

/** A contest opponent the roll dialog offers: its actor's uuid and the name the table knows it by. */
export interface OpponentChoice {
  id: string;
  name: string;
}

/**
 * T-8's opponents: the user's targeted tokens first (each token's own actor, under the token's name),
 * then the world actors the user may observe; never the roller itself, each creature once.
 */
export function opponentChoices(
  roller: CreatureRef,
  targets: Iterable<{ name: string | null; actor: (CreatureRef & { name: string | null }) | null }>,
  worldActors: Iterable<CreatureRef & { name: string | null }>,
): OpponentChoice[] {
  const seen = new Set<string>([roller.uuid]);
  const choices: OpponentChoice[] = [];
  const add = (uuid: string, name: string | null) => {
    if (seen.has(uuid)) return;
    seen.add(uuid);
    choices.push({ id: uuid, name: name ?? "" });
  };
  for (const token of targets) if (token.actor) add(token.actor.uuid, token.name ?? token.actor.name);
  for (const actor of worldActors) add(actor.uuid, actor.name);
  return choices;
}
