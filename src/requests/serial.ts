/**
 * One request at a time per key (a combat, an attack card): the active GM reads authoritative state,
 * decides and awaits its writes before the next request for the same key starts, so two requests
 * arriving together cannot both read the state from before the other's write (FOUNDRY-FACTS §4: a
 * client's copy changes only when the server's reply arrives; crucible serialises query-driven
 * updates the same way). Foundry-free: a promise chain per key.
 *
 * Never call `serially` for a key from inside a task already running for that key: it would wait
 * for itself.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task of the same key has settled; resolves to its result. */
export function serially<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  // Forget a finished chain so the map does not grow with every combat and card.
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
