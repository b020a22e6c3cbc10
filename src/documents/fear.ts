/**
 * OPT-2 Fear in Foundry, behind the world setting `fearAbilities`, on the active GM's client:
 * - at the start of a combatant's turn (a CB-4 / CD-20 "turnStart" hook), the worst fear of an enemy
 *   token within its area calls for a ♥ save, once per level per encounter (Fell: until passed);
 * - the NPC sheet's Fear save button: the GM targets the tokens that have just seen the creature.
 * The ♥ save is rolled with Foundry Rolls and posted as one chat line; a failure applies its result:
 * Scary takes an action through the same round request OPT-1 "Lose an action" uses (Burn 1, or the
 * Spades Standard action), Fearsome/Dread/Terror make the creature Shaken, Fell Shaken then Terrified,
 * until the end of the encounter (CON-5).
 *
 * What a creature has faced this encounter is kept on the combat (a GM-only flag, so a player cannot
 * reset it [FOUNDRY-FACTS §2: players cannot write Combat flags]); outside a combat every press rolls.
 */
import {
  afterFearSave,
  fearRank,
  fearSaveDue,
  fearSaveModifier,
  readFearRecord,
  type FearEffect,
  type FearLevel,
  type FearRecord,
} from "../rules/fear";
import { rollCreatureTest, saveOn } from "./creature-test";
import { getSetting, SYSTEM_ID } from "../data/settings";
import { renderCombatLog } from "./combat/chat-log";
import { fearCheckDue, fearPresent } from "../rules/round/fear-presence";
import { fearSaveLines } from "../views/fear-lines";
import type { ZilchActor } from "./actor";
import { roundRunning } from "./combat/zilch-round";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of ./combat, no cycle.

/** CON-5: the source recorded on a condition a fear save applied. */
export const FEAR_SOURCE = "zilch.fear";
const FEAR_FLAG = "fear";

/** OPT-2: a creature's fear level: an NPC's stat-block field; characters have none. */
export function fearLevelOf(actor: ZilchActor | null | undefined): FearLevel {
  return actor?.isOfType("npc") ? actor.system.fear : "none";
}

/** The records of a combat, by combatant id. */
function fearRecords(combat: Combat.Implementation): Record<string, FearRecord> {
  const stored: unknown = combat.getFlag(SYSTEM_ID, FEAR_FLAG);
  if (!stored || typeof stored !== "object") return {};
  return Object.fromEntries(Object.entries(stored).map(([id, value]) => [id, readFearRecord(value)]));
}

async function saveRecord(combat: Combat.Implementation, id: string, record: FearRecord): Promise<void> {
  await combat.setFlag(SYSTEM_ID, FEAR_FLAG, { ...fearRecords(combat), [id]: record });
}

/**
 * OPT-2: the ♥ save against a fear at the level's modifier, through the system's one test path (T-2:
 * lasting injuries, pending Effort and Pressure, as the roll dialog counts them), with Foundry Rolls.
 */
async function rollFearSave(actor: ZilchActor, level: FearLevel) {
  const rolls: Roll[] = [];
  const { roll, target, success } = await rollCreatureTest(
    actor,
    saveOn("hearts", fearSaveModifier(level)),
    rolls,
  );
  return { roll, target, passed: success, rolls };
}

/** OPT-2: what a failed save does to the creature (and, for Scary, to its combatant's round). */
async function applyFearEffect(
  actor: ZilchActor,
  effect: FearEffect,
  inCombat: { combat: Combat.Implementation; combatantId: string; thisTurn: boolean } | null,
): Promise<void> {
  if (effect === "loseAction") {
    if (!inCombat) return;
    const { combat, combatantId, thisTurn } = inCombat;
    const result = await combat.zilchApply(
      { kind: "loseAction", combatId: combat.id!, combatantId, standard: true, thisTurn },
      game.user ?? null,
    );
    if (!result.ok) console.warn(`Zilch | OPT-2 Scary lose-an-action not applied: ${result.code}`);
    return;
  }
  await actor.applyCondition(effect, { kind: "endOfEncounter" }, FEAR_SOURCE);
}

/** Rolls, applies and posts one fear save; returns the creature's record after it. */
async function fearSave(
  actor: ZilchActor,
  name: string,
  source: { name: string; level: FearLevel },
  record: FearRecord,
  inCombat: { combat: Combat.Implementation; combatantId: string; thisTurn: boolean } | null,
): Promise<FearRecord> {
  const save = await rollFearSave(actor, source.level);
  const after = afterFearSave(record, source.level, save.passed);
  if (after.effect) await applyFearEffect(actor, after.effect, inCombat);
  const lines = fearSaveLines({ name, source: source.name, level: source.level, ...save }, after.effect).map(
    (line) =>
      game.i18n.format(line.key, {
        ...line.data,
        ...(line.data.level ? { level: game.i18n.localize(line.data.level) } : {}),
      }),
  );
  await ChatMessage.create({ content: await renderCombatLog(lines), rolls: save.rolls });
  return after.record;
}

/**
 * OPT-2 at the start of a combatant's turn: the worst enemy fear whose area it stands in calls for a
 * save when one is due. Runs on the GM's client from ZilchCombat's turn hooks.
 */
export async function fearAtTurnStart(combat: Combat.Implementation, combatantId: string): Promise<void> {
  if (!game.user?.isGM || !getSetting("fearAbilities")) return;
  const combatant = combat.combatants.get(combatantId);
  const actor = combatant?.actor;
  if (!combatant || !actor) return;
  const fearOf = (id: string) => fearLevelOf(combat.combatants.get(id)?.actor);
  for (const { tokens, distance } of combat.zilchThreatScenes()) {
    const present = fearPresent(tokens, fearOf, combatantId, distance);
    const record = fearRecords(combat)[combatantId] ?? readFearRecord(null);
    if (!fearCheckDue(record, present)) continue;
    const source = combat.combatants.get(present.sourceId!)?.name ?? "";
    const after = await fearSave(
      actor,
      combatant.name ?? actor.name ?? "",
      { name: source, level: present.level },
      record,
      { combat, combatantId, thisTurn: true },
    );
    await saveRecord(combat, combatantId, after);
    return;
  }
}

/**
 * OPT-2 "when a creature first sees it": the GM targets the tokens that have just seen `source` and
 * presses the sheet's Fear save. In a combat, a creature that has already faced a fear this bad is
 * not asked again (Fell: until it passes).
 */
export async function fearSaveFromSheet(source: ZilchActor): Promise<void> {
  const level = fearLevelOf(source);
  if (level === "none") return;
  if (!getSetting("fearAbilities")) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Fear.Off"));
    return;
  }
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Fear.GMOnly"));
    return;
  }
  const targets = [...(game.user.targets ?? [])].filter((t) => t.actor && t.actor.uuid !== source.uuid);
  if (targets.length === 0) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Fear.NoTargets"));
    return;
  }
  const combat = game.combat;
  for (const token of targets) {
    const actor = token.actor!;
    const combatant =
      combat && roundRunning(combat)
        ? [...combat.combatants].find((c) => c.tokenId === token.id || c.actor?.uuid === actor.uuid)
        : undefined;
    const record = combat && combatant ? (fearRecords(combat)[combatant.id!] ?? readFearRecord(null)) : null;
    if (record && !fearSaveDue(record, level)) {
      ui.notifications?.info(game.i18n.format("ZILCH.Fear.AlreadyFaced", { name: token.name ?? "" }));
      continue;
    }
    // OPT-2 [design]: seen outside the start of its turn, a Scary failure costs its next turn's action.
    const inCombat = combat && combatant ? { combat, combatantId: combatant.id!, thisTurn: false } : null;
    const after = await fearSave(
      actor,
      token.name ?? actor.name ?? "",
      { name: source.name ?? "", level },
      record ?? readFearRecord(null),
      inCombat,
    );
    if (combat && combatant && fearRank(level) >= fearRank(record?.level ?? "none"))
      await saveRecord(combat, combatant.id!, after);
  }
}
