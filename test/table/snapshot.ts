/**
 * Everything a client holds or was sent that its user could read from the browser console: every
 * document as it came over the wire (`_source`, raw: the data model's output would drop keys it does
 * not know, yet the client received them), every broadcast in the order it arrived (so a secret
 * written and removed again by a later update is still seen), every world setting value, its browser
 * storage, every notification shown to its user and every answer its queries got. The server is
 * assumed to send every chat message to every client, whispered or not: whether v13 withholds a
 * whisper from the other players is not in our evidence (FACTS §6 only says to check
 * `isContentVisible`), so the table takes the case that leaks more. The secrecy tests compare these
 * snapshots across runs.
 */
import type { TableClient } from "./client";
import type { TableDocument } from "./documents";

const source = (doc: TableDocument): Record<string, unknown> => structuredClone(doc._source);

const sorted = <T>(entries: [string, T][]): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

export interface ClientSnapshot {
  readonly users: Record<string, unknown>;
  readonly actors: Record<string, unknown>;
  readonly combats: Record<string, unknown>;
  readonly messages: unknown[];
  readonly settings: Record<string, unknown>;
  readonly storage: Record<string, string>;
  /** Every broadcast received since the client joined, in order. */
  readonly broadcasts: unknown[];
  readonly notices: unknown[];
  readonly queryAnswers: unknown[];
}

export function snapshot(client: TableClient): ClientSnapshot {
  return client.run(() => ({
    users: sorted([...client.users.values()].map((u) => [u.id, source(u)])),
    actors: sorted([...client.actors.values()].map((a) => [a.id, source(a)])),
    combats: sorted([...client.combats.values()].map((c) => [c.id, source(c)])),
    messages: [...client.messages.values()].map(source),
    settings: sorted([...client.settingValues.entries()]),
    storage: sorted([...client.storage.items.entries()]),
    broadcasts: structuredClone(client.received),
    notices: structuredClone(client.notices),
    queryAnswers: structuredClone(client.queryAnswers),
  }));
}
