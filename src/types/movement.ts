/**
 * The v13 `moveToken` hook, missing from the pinned fvtt-types' hook table. It runs on every client
 * after a token's movement is committed, with `(tokenDocument, movement, operation, user)`: pf1 auras
 * and other v13 modules register it with those arguments; crucible release-0.7.9
 * module/documents/token.mjs reads the same movement (`method`, `chain`) and user (`isSelf`) in
 * `_onUpdateMovement`. Only the members the system reads are declared (src/documents/move-save.ts).
 */
import type { MoveFacts } from "../documents/move-save";

declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the types declare the hook table in a namespace; merging needs one.
  namespace Hooks {
    interface HookConfig {
      moveToken: (
        token: TokenDocument.Implementation,
        movement: MoveFacts,
        operation: unknown,
        user: User.Implementation,
      ) => void;
    }
  }
}
