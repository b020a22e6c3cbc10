/**
 * Swallowing in play (NPC-1 SA with numbers; the rulings in src/rules/swallow.ts), on the GM's client:
 * - the stat block's Swallow: in a started combat, the GM targets the one creature the swallower holds
 *   (Grappled, no larger than the stored size); it becomes Blind, and the combat records who is inside
 *   whom (a GM-only flag, as fear and breath records are [FOUNDRY-FACTS §2]);
 * - at the start of a swallowed creature's turn (the combat's turn hooks, ./turn-start-specials.ts) it
 *   takes the stored damage less DR or ER through the actor's damage path, then makes the stored save
 *   through the system's one test path; a success gets it out, no longer Blind or Grappled.
 * A swallower that has left the combat (or lost the ability) lets its prey out at the prey's turn start.
 */
import { SYSTEM_ID } from "../data/settings";
import { readSwallowRecord, swallowDamage, swallowRefusal, type SwallowedEntry } from "../rules/swallow";
import { combatantOfCreature } from "../rules/round/creature";
import { renderCombatLog } from "./combat/chat-log";
import { rollCreatureTest, saveOn } from "./creature-test";
import type { ZilchActor } from "./actor";
import { fightOf } from "./combat/zilch-round";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of ./combat, no cycle.

const SWALLOW_FLAG = "swallowed";
/** CON-5: the source recorded on the Blind a swallow applies. */
export const SWALLOW_SOURCE = "zilch.swallow";

const records = (combat: Combat.Implementation): SwallowedEntry[] =>
  readSwallowRecord(combat.getFlag(SYSTEM_ID, SWALLOW_FLAG));

const say = (key: string, data: Record<string, string> = {}): string => game.i18n.format(key, data);

function warn(key: string, data?: Record<string, string>): false {
  ui.notifications?.warn(say(key, data));
  return false;
}

/** The one targeted token's document, the swallower's own excepted (null when not exactly one). */
function singleTarget(source: ZilchActor) {
  const targets = [...(game.user?.targets ?? [])]
    .map((t) => t.document)
    .filter((t) => t.actor && t.actor.uuid !== source.uuid);
  return targets.length === 1 ? targets[0]! : null;
}

/** NPC-1: the stat block's Swallow for its special ability `index`, on the one token the GM targets. */
export async function swallowFromSheet(source: ZilchActor, index: number): Promise<boolean> {
  const special = source.isOfType("npc") ? source.system.specials[index] : undefined;
  if (!special || special.kind !== "swallow") return warn("ZILCH.Swallow.Missing");
  if (!game.user?.isGM) return warn("ZILCH.Swallow.GMOnly");
  // The fight the creature is in, whichever scene the GM views (zilch-round.ts fightOf).
  const fight = fightOf(source);
  const combat = fight?.combat;
  const by = fight?.combatant;
  if (!combat || !by?.id) return warn("ZILCH.Swallow.NoCombat");
  const token = singleTarget(source);
  if (!token?.actor) return warn("ZILCH.Swallow.OneTarget");
  const actor = token.actor;
  const name = token.name ?? actor.name ?? "";
  const victim = combatantOfCreature(combat.combatants, actor);
  if (!victim?.id) return warn("ZILCH.Swallow.NoCombat");
  const inside = records(combat);
  const refusal = swallowRefusal(
    {
      size: actor.creature.size,
      grappled: actor.creature.conditions.has("grappled"),
      swallowed: inside.some((e) => e.victim === victim.id),
    },
    special.maxSize,
  );
  if (refusal) return warn(`ZILCH.Swallow.Error.${refusal}`, { name });
  await combat.setFlag(SYSTEM_ID, SWALLOW_FLAG, [...inside, { victim: victim.id, by: by.id, index }]);
  await actor.applyCondition("blind", { kind: "endOfEncounter" }, SWALLOW_SOURCE);
  const text = say("ZILCH.Swallow.Chat.Swallowed", { name: source.name ?? "", victim: name });
  await ChatMessage.create({ content: await renderCombatLog([text]) });
  return true;
}

/** Out of the swallower: the record dropped, no longer Blind or Grappled. */
async function letOut(combat: Combat.Implementation, actor: Actor.Implementation, id: string): Promise<void> {
  await combat.setFlag(
    SYSTEM_ID,
    SWALLOW_FLAG,
    records(combat).filter((e) => e.victim !== id),
  );
  await actor.setCondition("blind", false);
  await actor.setCondition("grappled", false);
}

/** NPC-1 [design]: the start of a swallowed creature's turn: the damage, then the save that gets it out. */
export async function swallowAtTurnStart(combat: Combat.Implementation, combatantId: string): Promise<void> {
  if (!game.user?.isGM) return;
  const entry = records(combat).find((e) => e.victim === combatantId);
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  if (!entry || !actor) return;
  const name = combatant.name ?? actor.name ?? "";
  const swallower = combat.combatants.get(entry.by);
  const special = swallower?.actor?.isOfType("npc")
    ? swallower.actor.system.specials[entry.index]
    : undefined;
  const source = swallower?.name ?? "";
  if (!special || special.kind !== "swallow") {
    await letOut(combat, actor, combatantId);
    await ChatMessage.create({
      content: await renderCombatLog([say("ZILCH.Swallow.Chat.Released", { name })]),
    });
    return;
  }
  const c = actor.creature;
  const hp = swallowDamage(special.damage, special.damageType, {
    dr: c.resistance("dr"),
    er: c.resistance("er"),
  });
  if (hp > 0) await actor.applyDamage(hp);
  const lines = [say("ZILCH.Swallow.Chat.Inside", { name, source, hp: String(hp) })];
  const rolls: Roll[] = [];
  if (special.save) {
    const test = await rollCreatureTest(actor, saveOn(special.save, special.saveModifier), rolls);
    const data = { name, source, roll: String(test.roll), target: String(test.target) };
    lines.push(say(test.success ? "ZILCH.Swallow.Chat.Escapes" : "ZILCH.Swallow.Chat.StaysInside", data));
    if (test.success) await letOut(combat, actor, combatantId);
  }
  await ChatMessage.create({ content: await renderCombatLog(lines), rolls });
}
