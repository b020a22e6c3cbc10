/**
 * Declares to the type package what Zilch adds to v13 for its request channel (src/requests/):
 * - `CONFIG.queries["zilch.request"]`: v13 calls a query handler `(data, { timeout })` and resolves
 *   `User#query` to its result (FOUNDRY-FACTS §1; foundryvtt#11235, #13418; draw-steel
 *   src/module/helpers/sockets.mjs registers its handlers in `CONFIG.queries` the same way).
 * - the User flag `zilch.requestKey`: the SHA-256 hash (hex) a user publishes of its request key.
 * - the User flag `zilch.droppedCards`: ids of attack cards deleted while this GM, unable to write the
 *   seal store, applied requests (src/documents/attack/seals.ts).
 * - the User flag `zilch.hideCreationGuide`: the user hid the character sheets' creation guide
 *   (src/applications/sheets/character/guide-actions.ts); declared here, since the User scope is declared once.
 */
import type { RequestResult } from "../requests/channel";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the types declare CONFIG as a namespace; merging needs one.
  namespace CONFIG {
    interface Queries {
      "zilch.request": (data: unknown, options?: { timeout?: number }) => Promise<RequestResult>;
    }
  }
}

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    User: { zilch: { requestKey?: string; droppedCards?: string[]; hideCreationGuide?: boolean } };
  }
}

export {};
