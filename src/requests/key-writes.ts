/**
 * A user's request-key hash counts only as that user wrote it (docs/multiplayer.md §6). Only the user
 * itself or a GM may update a User document (FOUNDRY-FACTS §2), and an Assistant GM may update another
 * user's (FACTS "Assistant GMs and other users": foundryvtt #9069, #9737): a GM-role client could put
 * the hash of a key of its own on a player's User document and then speak as that player. The
 * `updateUser` hook runs on every client with the id of the user who made the change (FOUNDRY-FACTS
 * §3), so each client sees who wrote a hash: one written by anyone but its user is not trusted until
 * that user publishes again, and the user's own client publishes again at once.
 */
/** The hash each user last held, as this client saw it, to tell a change of hash from any other update. */
const seen = new Map<string, unknown>();
/** Users whose hash was last written by someone else. */
const overwritten = new Set<string>();

/** Was this user's current hash written by someone other than the user itself (as this client saw)? */
export const keyOverwritten = (userId: string): boolean => overwritten.has(userId);

/**
 * At init, on every client: watch who writes each user's hash (`hashOf` reads it, from the flag named
 * `flag`); `republish` runs on a client whose own user's hash another user wrote.
 */
export function watchKeyWrites(
  flag: string,
  hashOf: (user: User.Implementation) => unknown,
  republish: () => void,
): void {
  Hooks.once("ready", () => {
    for (const user of game.users ?? []) if (user.id) seen.set(user.id, hashOf(user));
  });
  Hooks.on("updateUser", (user: User.Implementation, changed: unknown, _options: unknown, userId: string) => {
    const id = user.id;
    if (!id) return;
    const hash = hashOf(user);
    // A user this client has not seen yet (created since it loaded): the update itself says.
    const changedHash = seen.has(id) ? seen.get(id) !== hash : JSON.stringify(changed).includes(flag);
    seen.set(id, hash);
    if (!changedHash) return;
    if (userId === id) overwritten.delete(id);
    else {
      overwritten.add(id);
      if (user.isSelf) republish();
    }
  });
}
