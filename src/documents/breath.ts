/**
 * A breath weapon in play (NPC-1 SA with numbers; the rulings in src/rules/breath.ts): the GM targets
 * the tokens in the area and presses the stat block's Breathe. On the GM's client, as the Fear save
 * button (./fear.ts) and the system's other saves (./attack/effects.ts) run:
 * - a breath still recharging in this combat's round is refused with the round it is ready again;
 * - each targeted creature makes the breath's save through the system's one test path (T-2, T-6:
 *   lasting injuries, pips, pending Effort and Pressure), with Foundry Rolls;
 * - its damage (the whole on a failure, half on a success) is worked out for that creature's size and
 *   DR or ER (DMG-2, DMG-3) and taken through the actor's applyDamage (HP-2, Grit, NPC-3);
 * - one chat post lists every save and the HP each lost.
 * When it was last used is kept on the combat (a GM-only flag, so a player cannot reset it
 * [FOUNDRY-FACTS §2]); outside a combat there are no rounds, and every press breathes.
 */
import { getSetting, SYSTEM_ID } from "../data/settings";
import { breathDamage, breathHpLoss, breathKey, breathRecharging, readBreathRecord } from "../rules/breath";
import { renderCombatLog } from "./combat/chat-log";
import { rollCreatureTest, saveOn } from "./creature-test";
import type { DamageType, Suit } from "../rules/vocabulary";
import type { ZilchActor } from "./actor";
import { fightOf } from "./combat/zilch-round";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of ./combat, no cycle.

const BREATH_FLAG = "breath";

/** What the breath's stored row gives (src/data/actor/npc-specials.ts). */
interface Special {
  readonly kind: string;
  readonly name: string;
  readonly damage: number;
  readonly damageType: DamageType;
  readonly save: Suit | null;
  readonly saveModifier: number;
  readonly recharge: number;
}

/** The combat's round and where this creature's breath is recorded, or null outside a started combat. */
function combatSlot(source: ZilchActor, index: number) {
  // The fight the creature is in, whichever scene this client views (zilch-round.ts fightOf).
  const fight = fightOf(source);
  const id = fight?.combatant.id;
  if (!fight || !id) return null;
  return { combat: fight.combat, key: breathKey(id, index), round: fight.combat.zilchState.round };
}

/** Whether the breath may not be used now (the notification saying why is shown). */
function refused(source: ZilchActor, special: Special, index: number): boolean {
  const warn = (key: string, data?: Record<string, string>) => {
    ui.notifications?.warn(data ? game.i18n.format(key, data) : game.i18n.localize(key));
    return true;
  };
  if (special.kind !== "breath") return warn("ZILCH.Breath.Missing");
  if (!game.user?.isGM) return warn("ZILCH.Breath.GMOnly");
  const slot = combatSlot(source, index);
  if (slot) {
    const used = readBreathRecord(slot.combat.getFlag(SYSTEM_ID, BREATH_FLAG))[slot.key] ?? null;
    const ready = breathRecharging(used, special.recharge, slot.round);
    if (ready !== null) return warn("ZILCH.Breath.Recharging", { name: special.name, round: String(ready) });
  }
  return false;
}

/** The targeted tokens' documents with an actor, the breather's own excepted. */
function targetsOf(source: ZilchActor) {
  return [...(game.user?.targets ?? [])]
    .map((t) => t.document)
    .filter((t) => t.actor && t.actor.uuid !== source.uuid);
}

/** One creature's save, damage and chat line. */
async function breatheOn(
  source: ZilchActor,
  special: Special,
  token: ReturnType<typeof targetsOf>[number],
  rolls: Roll[],
): Promise<string> {
  const actor = token.actor!;
  const name = token.name ?? actor.name ?? "";
  const test = special.save
    ? await rollCreatureTest(actor, saveOn(special.save, special.saveModifier), rolls)
    : null;
  const saved = test?.success ?? false;
  const c = actor.creature;
  const result = breathDamage(
    special,
    source.creature.size,
    { size: c.size, dr: c.resistance("dr"), er: c.resistance("er") },
    saved,
    Boolean(getSetting("halfStepSizes")),
  );
  const hp = breathHpLoss(result);
  if (hp > 0) await actor.applyDamage(hp);
  const data = { name, hp: String(hp), roll: String(test?.roll ?? ""), target: String(test?.target ?? "") };
  const key = !test
    ? "ZILCH.Breath.Chat.NoSave"
    : saved
      ? "ZILCH.Breath.Chat.Saved"
      : "ZILCH.Breath.Chat.Failed";
  return game.i18n.format(key, data);
}

/**
 * NPC-1: the stat block's Breathe for its special ability `index`: refused while it recharges or with
 * no token targeted; otherwise recorded, then each targeted creature saves and takes its damage.
 */
export async function breatheFromSheet(source: ZilchActor, index: number): Promise<boolean> {
  if (!source.isOfType("npc")) return false;
  const special = source.system.specials[index];
  if (!special) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Breath.Missing"));
    return false;
  }
  if (refused(source, special, index)) return false;
  const targets = targetsOf(source);
  if (targets.length === 0) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Breath.NoTargets"));
    return false;
  }
  const slot = combatSlot(source, index);
  // Recorded first: should a save or an update fail half-way, the breath is still spent.
  if (slot) {
    const record = readBreathRecord(slot.combat.getFlag(SYSTEM_ID, BREATH_FLAG));
    await slot.combat.setFlag(SYSTEM_ID, BREATH_FLAG, { ...record, [slot.key]: slot.round });
  }
  const rolls: Roll[] = [];
  const lines = [
    game.i18n.format("ZILCH.Breath.Chat.Breathes", {
      name: source.name ?? "",
      breath: special.name,
    }),
  ];
  for (const token of targets) lines.push(await breatheOn(source, special, token, rolls));
  await ChatMessage.create({ content: await renderCombatLog(lines), rolls });
  return true;
}
