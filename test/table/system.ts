/**
 * The system's entry points a person at the table reaches through its buttons, loaded on each client
 * from that client's own module instance (imported right after the entry module, with no module reset
 * in between). The one place the table names the system's request API.
 */
export async function loadSystemEntryPoints() {
  const queries = await import("../../src/setup/queries");
  return { requestCombat: queries.requestCombat };
}

export type SystemEntryPoints = Awaited<ReturnType<typeof loadSystemEntryPoints>>;
