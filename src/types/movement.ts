/**
 * The v13 `moveToken` hook, missing from the pinned fvtt-types' hook table. It runs on every client
 * after a token's movement is committed, with `(tokenDocument, movement, operation, user)`: pf1 auras
 * and other v13 modules register it with those arguments; crucible release-0.7.9
 * module/documents/token.mjs reads the same movement (`method`, `chain`) and user (`isSelf`) in
 * `_onUpdateMovement`; dnd5e master module/documents/token.mjs reads `movement.destination` as the
 * token's position after the move, and the BattleMech system (Foundry 14.364) that registers this hook
 * reads `movement.origin` and `movement.destination` as the move's two ends (GW-4,
 * src/documents/opportunity.ts). Only the members the system reads are declared (src/documents/move-save.ts).
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
