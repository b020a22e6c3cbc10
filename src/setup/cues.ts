/**
 * The hooks that raise cues (src/applications/combat/cues.ts). `updateCombat` and
 * `create`/`updateChatMessage` run on every client after the server's echo (FOUNDRY-FACTS §3), so each
 * client sees the same change and tells only its own user.
 */
import { cueCard, cueRound, forgetCues, seeRounds } from "../applications/combat/cues";
import { forgetDeclarations } from "../requests/own-declarations";

const logged = (what: string) => (error: unknown) => console.error(`Zilch | ${what} cue failed`, error);

export function registerCues(): void {
  Hooks.once("ready", () => seeRounds(game.combats ?? []));
  Hooks.on("updateCombat", (combat: Combat.Implementation) => void cueRound(combat).catch(logged("round")));
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => {
    forgetCues(combat.id ?? "");
    // ST-1: this client's own declarations for it go with the combat.
    forgetDeclarations(combat.id ?? "");
  });
  Hooks.on(
    "createChatMessage",
    (message: ChatMessage.Implementation) => void cueCard(message).catch(logged("card")),
  );
  Hooks.on(
    "updateChatMessage",
    (message: ChatMessage.Implementation) => void cueCard(message).catch(logged("card")),
  );
  Hooks.on("deleteChatMessage", (message: ChatMessage.Implementation) => forgetCues(message.id ?? ""));
}
