/**
 * Auras in play (NPC-1 SA with numbers): at the start of a combatant's turn, run by the combat's turn
 * hooks on the GM's client only (ZilchCombat.zilchRunHooks), each enemy aura that reaches its token
 * deals its damage less the creature's ER, or DR for a physical aura (DMG-3), through the actor's applyDamage (HP-2), and the chat
 * says so. An aura's other effects (its text) stay with the GM.
 */
import { aurasReaching, type AuraSource } from "../rules/round/aura-presence";
import { renderCombatLog, logLine } from "./combat/chat-log";

function aurasOf(combat: Combat.Implementation, id: string): AuraSource[] {
  const actor = combat.combatants.get(id)?.actor;
  if (!actor?.isOfType("npc")) return [];
  return actor.system.specials
    .filter((s) => s.kind === "aura")
    .map((s) => ({ name: s.name, radius: s.radius, damage: s.damage, damageType: s.damageType }));
}

export async function auraAtTurnStart(combat: Combat.Implementation, combatantId: string): Promise<void> {
  if (!game.user?.isGM) return;
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  if (!combatant || !actor?.isOfType("character", "npc")) return;
  const resist = { dr: actor.creature.resistance("dr"), er: actor.creature.resistance("er") };
  const localize = (key: string) => game.i18n.localize(key);
  for (const { tokens, distance } of combat.zilchThreatScenes()) {
    for (const hit of aurasReaching(tokens, (id) => aurasOf(combat, id), combatantId, resist, distance)) {
      if (hit.damage > 0) await actor.applyDamage(hit.damage);
      const text = game.i18n.format("ZILCH.Combat.Chat.AuraDamage", {
        name: combatant.name ?? actor.name ?? "",
        source: combat.combatants.get(hit.sourceId)?.name ?? "",
        aura: hit.aura,
        hp: String(hit.damage),
      });
      await ChatMessage.create({ content: await renderCombatLog([logLine("AuraDamage", text, localize)]) });
    }
  }
}
