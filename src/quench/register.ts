/**
 * Issue 15 point 10: a Quench batch that plays a Spades round, a countdown round and one attack in a
 * live world. Registered only when the Quench module is active: Quench fires `quenchReady` with its
 * instance (Ethaks/FVTT-Quench src/module/quench-init.ts; systems and modules register there, e.g.
 * foundryvtt/pf1's test batches). The batch is imported lazily, so nothing of it runs otherwise.
 */
import type { Quench } from "../types/quench";

export const QUENCH_BATCH_KEY = "zilch.live-table";

export function registerQuench(): void {
  Hooks.on("quenchReady", (quench: Quench) => {
    void import("./batch").then(({ liveTableBatch }) =>
      quench.registerBatch(QUENCH_BATCH_KEY, liveTableBatch, {
        displayName: "Zilch: a Spades round, a countdown round and an attack",
        preSelected: false,
      }),
    );
  });
}
