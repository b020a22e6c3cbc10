/**
 * A Quench batch that plays a Spades round, a countdown round and one attack in a
 * live world. Registered only when the Quench module is active: Quench fires `quenchReady` with its
 * instance (Ethaks/FVTT-Quench src/module/quench-init.ts; systems and modules register there, e.g.
 * foundryvtt/pf1's test batches), so nothing of the batch runs otherwise.
 *
 * The batch is imported statically: the bundle is one file (vite.config.ts), and a dynamic import
 * into a one-file bundle makes the bundler wrap every module the batch reaches in a lazy initialiser,
 * which cost about 8 KB of the minified bundle, while the batch itself is under 5 KB.
 */
import type { Quench } from "../types/quench";
import { liveTableBatch } from "./batch";

export const QUENCH_BATCH_KEY = "zilch.live-table";

export function registerQuench(): void {
  Hooks.on("quenchReady", (quench: Quench) => {
    quench.registerBatch(QUENCH_BATCH_KEY, liveTableBatch, {
      displayName: "Zilch: a Spades round, a countdown round and an attack",
      preSelected: false,
    });
  });
}
