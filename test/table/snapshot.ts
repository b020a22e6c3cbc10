/**
 * Everything a client holds that its user could read from the browser console: every document it
 * received (users with their flags, actors with items and statuses, combats with combatants, chat
 * messages with content, flags, system data, rolls and whispers), every world setting value it
 * received, and its browser storage. The server is assumed to send every chat message to every
 * client, whispered or not: whether v13 withholds a whisper from the other players is not in our
 * evidence (FACTS §6 only says to check `isContentVisible`), so the table takes the case that leaks
 * more. The secrecy tests compare these snapshots across runs.
 */
import type { TableClient } from "./client";
import type { TableDocument } from "./documents";

const source = (doc: TableDocument): Record<string, unknown> => doc.toObject();

const sorted = <T>(entries: [string, T][]): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

export interface ClientSnapshot {
  readonly users: Record<string, unknown>;
  readonly actors: Record<string, unknown>;
  readonly combats: Record<string, unknown>;
  readonly messages: unknown[];
  readonly settings: Record<string, unknown>;
  readonly storage: Record<string, string>;
}

export function snapshot(client: TableClient): ClientSnapshot {
  return client.run(() => ({
    users: sorted([...client.users.values()].map((u) => [u.id, source(u)])),
    actors: sorted([...client.actors.values()].map((a) => [a.id, source(a)])),
    combats: sorted([...client.combats.values()].map((c) => [c.id, source(c)])),
    messages: [...client.messages.values()].map(source),
    settings: sorted([...client.settingValues.entries()]),
    storage: sorted([...client.storage.items.entries()]),
  }));
}
