/**
 * A new character's prototype token: linked to its actor, friendly and sighted, unless its creator
 * chose otherwise (read in ZilchActor._preCreate).
 */
/** The prototype-token fields a new character gets unless its creator set them. */
interface TokenDefaults {
  actorLink?: boolean;
  disposition?: CONST.TOKEN_DISPOSITIONS;
  sight?: { enabled: boolean };
}

/**
 * The prototype-token defaults a new actor gets: a player character's token is linked to it (damage
 * on the token is damage to the character), friendly and sighted; an NPC keeps Foundry's defaults
 * (unlinked, so each token of a monster is its own creature). Anything the creator set is kept.
 */
export function prototypeTokenDefaults(
  type: string,
  data:
    { prototypeToken?: { actorLink?: unknown; disposition?: unknown; sight?: unknown } | null } | undefined,
): TokenDefaults | null {
  if (type !== "character") return null;
  const given = data?.prototypeToken ?? {};
  const defaults: TokenDefaults = {};
  if (given.actorLink === undefined) defaults.actorLink = true;
  if (given.disposition === undefined) defaults.disposition = CONST.TOKEN_DISPOSITIONS.FRIENDLY;
  if (given.sight === undefined) defaults.sight = { enabled: true };
  return Object.keys(defaults).length > 0 ? defaults : null;
}
