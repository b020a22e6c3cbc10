/**
 * Regeneration in play (NPC-1 SQ with numbers): at the start of a creature's turn, run by the combat's
 * turn hooks on the active GM's client only (ZilchCombat.zilchRunHooks), the creature recovers its
 * regeneration's HP through the actor's own recoverHP (HP-5 wakes it) and the chat says so, naming what
 * stops it so the GM can take the HP back when that harm hit it.
 */
import { regenerationPoints, regenerationStopped } from "../rules/regeneration";
import { renderCombatLog, logLine } from "./combat/chat-log";
import type { ZilchActor } from "./actor";

/** The HP recovered (0 when the creature has no regeneration, is dead or is unhurt). */
export async function regenerateAtTurnStart(actor: ZilchActor, name: string): Promise<number> {
  if (!actor.isOfType("npc")) return 0;
  const specials = actor.system.specials.filter((s) => s.kind === "regeneration");
  if (regenerationStopped(specials)) await clearStopped(actor, name, specials);
  const points = regenerationPoints(specials, actor.creature.conditions.has("dead"));
  if (points === 0 || actor.system.hp.real <= 0) return 0;
  const before = actor.system.hp.value;
  await actor.recoverHP(points);
  const gained = actor.system.hp.value - before;
  if (gained <= 0) return 0;
  const stoppedBy = specials.map((s) => s.stoppedBy).find((s) => s.length > 0);
  const localize = (key: string) => game.i18n.localize(key);
  const text = game.i18n.format(
    stoppedBy ? "ZILCH.Combat.Chat.RegeneratesStopped" : "ZILCH.Combat.Chat.Regenerates",
    {
      name,
      hp: String(gained),
      stoppedBy: stoppedBy ?? "",
    },
  );
  await ChatMessage.create({ content: await renderCombatLog([logLine("Regenerates", text, localize)]) });
  return gained;
}

/** The GM's stopped mark lasts until this turn start: clear it (the whole array, as v13 replaces arrays) and say so. */
async function clearStopped(
  actor: ZilchActor,
  name: string,
  specials: readonly { stopped: boolean; stoppedBy: string }[],
): Promise<void> {
  if (!actor.isOfType("npc")) return;
  await actor.update({ system: { specials: actor.system.specials.map((s) => ({ ...s, stopped: false })) } });
  const stoppedBy = specials.find((s) => s.stopped)?.stoppedBy ?? "";
  const text = game.i18n.format("ZILCH.Combat.Chat.RegenerationStopped", { name, stoppedBy });
  const localize = (key: string) => game.i18n.localize(key);
  await ChatMessage.create({ content: await renderCombatLog([logLine("Regenerates", text, localize)]) });
}
