/**
 * Looking up the creature a chat card or a request names by UUID. A world actor's UUID is
 * `Actor.<id>`, a token's or its actor's starts `Scene.<id>.Token.<id>`; the type package accepts only
 * such typed UUID strings, and a stored or sent string is checked for that shape first. What the
 * lookup returns is checked by its `documentName` (v13 Document#documentName) before it is used.
 */

/** A world actor's or a scene token's UUID; anything else names nothing a card or request may use. */
const isCreatureUuid = (uuid: string): uuid is `Actor.${string}` | `Scene.${string}` =>
  /^(Actor|Scene)\./.test(uuid);

const isDocumentNamed = (doc: unknown, name: string): boolean =>
  typeof doc === "object" && doc !== null && "documentName" in doc && doc.documentName === name;

export const isActor = (doc: unknown): doc is Actor.Implementation => isDocumentNamed(doc, "Actor");
export const isToken = (doc: unknown): doc is TokenDocument.Implementation => isDocumentNamed(doc, "Token");

/** The document a stored or requested UUID names, or null (what it is, the caller's guard checks). */
export const fromCreatureUuid = async (uuid: string): Promise<unknown> =>
  isCreatureUuid(uuid) ? fromUuid(uuid) : null;

/** The same, from the client's cache without waiting (for a render hook). */
export const fromCreatureUuidSync = (uuid: string): unknown =>
  isCreatureUuid(uuid) ? fromUuidSync(uuid) : null;

/** The actor a UUID names, or null. */
export const actorFromUuid = async (uuid: string): Promise<Actor.Implementation | null> => {
  const doc = await fromCreatureUuid(uuid);
  return isActor(doc) ? doc : null;
};
