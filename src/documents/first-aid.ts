/**
 * HP-5 in play: after a fight, a First Aid test with S or better brings a creature at 0 HP back to
 * 1 HP (through ♥ taint, DRN-6), once per creature per encounter.
 *
 * The one try is kept on the victim's actor (flag `zilch.firstAidRevive`): `encounter` is the id of
 * the last combat it fought in, written on the active GM's client when that combat ends
 * (ZilchCombat#zilchEndEncounter), which also clears `tried`; the First Aid roll sets `tried`. The
 * flag is written from the victim's sheet, which only its owner or the GM can use (as the rest of
 * First Aid's writes, ZilchActor#receiveFirstAid).
 */
import { firstAidRevive } from "../rules/recovery";
import { rollFirstAid, type FirstAidOutcome } from "../dice/recovery-roll";
import type { DegreeOfSuccess } from "../rules/vocabulary";

const FLAG = "firstAidRevive";

/** The stored try: the encounter it belongs to, and whether First Aid has tried to wake the creature. */
export interface ReviveRecord {
  encounter: string;
  tried: boolean;
}

/** A stored flag read back safely: anything malformed counts as no try yet. */
export function readReviveRecord(raw: unknown): ReviveRecord {
  if (typeof raw !== "object" || raw === null) return { encounter: "", tried: false };
  const { encounter, tried } = raw as Record<string, unknown>;
  return { encounter: typeof encounter === "string" ? encounter.slice(0, 64) : "", tried: tried === true };
}

/** HP-5: a new encounter has ended for this creature: its one try to be woken by First Aid is back. */
export async function noteEncounterOver(actor: Actor.Implementation, combatId: string): Promise<void> {
  await actor.setFlag("zilch", FLAG, { encounter: combatId, tried: false });
}

/** HP-5: whether this First Aid is a try to wake `victim` (at 0 HP, after the fight), and if so its record. */
export function reviveTry(victim: Actor.Implementation): ReviveRecord | null {
  if (victim.inCombat || victim.creature.vitals().value !== 0) return null;
  return readReviveRecord(victim.getFlag("zilch", FLAG));
}

/**
 * HP-5: the First Aid test on `victim` came out `dos`: the try is spent, and on S or CS 1 HP is
 * recovered through the actor's recovery path (DRN-6 taint first; waking at 1 HP). Returns the HP
 * gained (0 when taint absorbed the point or the test failed).
 */
export async function applyRevive(
  victim: Actor.Implementation,
  record: ReviveRecord,
  dos: DegreeOfSuccess,
): Promise<number> {
  const decided = firstAidRevive(victim.creature.vitals(), dos, record.tried);
  if (!decided.ok) return 0;
  await victim.setFlag("zilch", FLAG, { encounter: record.encounter, tried: true });
  if (decided.recovered.applied === 0 && decided.recovered.taintRemoved === 0) return 0;
  const recovered = await victim.recoverHP(1);
  return recovered.vitals.value;
}

/**
 * The injuries tab's First Aid button: `tester` tends `victim`. A victim at 0 HP after a fight whose
 * one try is spent is refused with a warning, and nothing is rolled; otherwise the test is rolled and,
 * for a victim at 0 HP, is also its try to be woken.
 */
export async function firstAidFromSheet(
  victim: Actor.Implementation,
  tester: Actor.Implementation,
): Promise<FirstAidOutcome | null> {
  const record = reviveTry(victim);
  if (record?.tried) {
    const victimName = victim.name ?? "";
    ui.notifications?.warn(game.i18n.format("ZILCH.Recovery.FirstAid.AlreadyTried", { victim: victimName }));
    return null;
  }
  return rollFirstAid(victim, tester, record ? (dos) => applyRevive(victim, record, dos) : undefined);
}
