/**
 * ZilchActor: the small API sheets, chat cards and the tracker call to change a creature. Every
 * method reads the prepared model, asks src/rules what happens, and writes the result in one update,
 * so a rule is never decided here.
 */
import type { ChipSpendProblem, ChipUse } from "../rules/chips";
import { terrorResisted, type ConditionDuration, type DurationEvent } from "../rules/conditions";
import {
  applyExtraDamage,
  riderEnergyDamage,
  ridersApply,
  type DamageResult,
  type Rider,
} from "../rules/damage";
import { addDrain, addTaint, recoverDrain, recoverHP, type Recovered } from "../rules/drain";
import { applyDamage, staysUnconscious, type DamageApplied, type Vitals } from "../rules/hitPoints";
import { woundsAfterSleep } from "../rules/grit";
import { endOfEncounterHeals, firstAidHeals } from "../rules/injury/healing";
import { npcOutAtZeroHp } from "../rules/npc";
import { creatureChanged } from "./derived-conditions";
import { tokenAttributeChange } from "../data/actor/token-bars";
import {
  addOngoing,
  applyOngoingTick,
  endBleeding,
  endsOnOwnTest,
  firstAidStopsInjuryBleeding,
  ongoingTick,
  type OngoingEffect,
} from "../rules/ongoing";
import { healingItemResult, magicalHealing, rally, rest, sleep, type ChipState } from "../rules/recovery";
import { perSuit } from "../rules/suits";
import { startingState } from "../rules/generation";
import { suitsUnbuilt } from "../dice/chargen";
import {
  NO_RAGE,
  rageAfterAttack,
  rageAfterEvent,
  rageWardsOff,
  readRage,
  type RageRecord,
} from "../rules/knacks";
import { postRageEnded } from "../dice/knack";
import { hasFirstAid, rollCreatureTest, type CreatureTest, type CreatureTestResult } from "./creature-test";
import { SUITS, type Condition, type DegreeOfSuccess, type PerSuit, type Suit } from "../rules/vocabulary";
import type { CharacterData } from "../data/actor/character";
import {
  planConditionAdvance,
  planHealedSources,
  toApplied,
  toOngoing,
  toStored,
  type ConditionAdvance,
  type StoredCondition,
  type StoredOngoing,
} from "../data/actor/effects";
import { vitalsChange, type ChipCounts } from "../data/actor/common";
import type { NpcData } from "../data/actor/npc";
import { CLASS_SUITS, type ClassSuit } from "../data/constants";
import { isInjuryEffect } from "../data/item/injury";
import type { ZilchItem } from "./item";
import { marksAfterEvent } from "../rules/round/margin";
import { marginMarks, setMarginMarks } from "./margin-marks";
import { announceInjuryRolls, applyGritDamage, gritEncounterEnd } from "./grit-and-wounds";
import type {
  DamageTaken,
  EncounterEnded,
  HitApplied,
  InjuryClock,
  InjuryInput,
  OngoingEntry,
  OngoingTickApplied,
  RecoveryOutcome,
  RecoverySummary,
  TakeDamageOptions,
} from "./creature-outcomes";
import { prototypeTokenDefaults } from "./prototype-token";
import { isApplier } from "../requests/applier";
import { fightOf } from "./combat/zilch-round";

/** CH-1: whether a suit holds class chips (♥ chips are hit points). */
function isClassSuit(suit: Suit): suit is ClassSuit {
  return (CLASS_SUITS as readonly Suit[]).includes(suit);
}

/** The chip count of one class suit, as a model's `chipsChange` takes it. */
function chipCount(suit: ClassSuit, n: number): ChipCounts {
  const counts: ChipCounts = {};
  counts[suit] = n;
  return counts;
}

export class ZilchActor<SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** Whether this actor is of one of the given types; a true answer narrows `system` to their models. */
  isOfType<T extends Actor.SubType>(...types: T[]): this is Actor.OfType<T> {
    return types.some((type) => type === this.type);
  }

  /**
   * The creature model of either actor type. Only `character` and `npc` are registered
   * (system.json `documentTypes.Actor`); an actor of another type (a module's) is no creature.
   */
  get creature(): CharacterData | NpcData {
    if (this.isOfType("character", "npc")) return this.system;
    throw new Error(`Zilch | ${this.name} is a "${this.type}" actor, not a character or an NPC`);
  }

  /** NPC-3: an Enemy-tier NPC (no ♥-drain overflow, out of the fight at 0 HP). */
  get isEnemy(): boolean {
    return this.isOfType("npc") && npcOutAtZeroHp(this.system.tier);
  }

  /** CH-3 to CH-5, CH-7 (NPC-2 for an NPC): spend chips on one use; returns why not, or null once spent. */
  async spendChips(suit: Suit, amount: number, use: ChipUse): Promise<ChipSpendProblem | null> {
    const system = this.creature;
    const problem = system.chipSpendProblem(suit, amount, use);
    if (problem) return problem;
    if (!isClassSuit(suit)) return "heartsNeverSpent";
    const held = system.chipState().chips[suit];
    await this.update({ system: system.chipsChange(chipCount(suit, held - amount)) });
    return null;
  }

  /** KN-2 Rage: this creature's rage record (read through the validating reader, never trusted as typed). */
  rage(): RageRecord {
    return readRage(this.getFlag("zilch", "rage"));
  }

  /** KN-2 Rage: whether this creature rages now (DMG-1 adds +1 to its melee hits). */
  get raging(): boolean {
    return this.rage().raging;
  }

  /** KN-2 Slip Away: paid at this round's stance declaration; its end-of-turn check is still due. */
  get slipAwayPaid(): boolean {
    return this.getFlag("zilch", "slipAway") === true;
  }

  /** KN-2 Rage: store a changed rage record (nothing is written when it is unchanged). */
  async setRage(next: RageRecord): Promise<void> {
    const now = this.rage();
    if (now.raging === next.raging && now.attacked === next.attacked) return;
    await this.setFlag("zilch", "rage", { raging: next.raging, attacked: next.attacked });
  }

  /**
   * KN-2 Rage: the active GM's attack check notes an attack made this round, for a creature that holds
   * the Rage knack (a rage ends at the end of a round without one).
   */
  async noteAttackForRage(): Promise<void> {
    const holds = this.items.contents.some((i) => i.isOfType("knack") && i.system.key === "rage");
    if (holds || this.raging) await this.setRage(rageAfterAttack(this.rage()));
  }

  /** CH-8: chips regained (by Rally, Rest or Sleep), never above capacity (CH-2). */
  async restoreChips(suit: ClassSuit, amount: number): Promise<number> {
    const system = this.creature;
    const { chips, capacity } = system.chipState();
    const next = Math.min(capacity[suit], chips[suit] + Math.max(0, amount));
    await this.update({ system: system.chipsChange(chipCount(suit, next)) });
    return next;
  }

  /**
   * GEN-4: a new character's starting state once its cards are made: HP at its maximum, class chips
   * at their capacity (CH-2), no drain or taint, and Boons at TL-6's maximum (0 unless slow start is
   * on). Drain is cleared first, since capacity and the HP maximum are read without it.
   */
  async applyStartingState(): Promise<void> {
    if (!this.isOfType("character")) return;
    const drained = SUITS.some((s) => this.system.suits[s].drain > 0 || this.system.suits[s].taint > 0);
    if (drained) await this.update({ system: { suits: perSuit(() => ({ drain: 0, taint: 0 })) } });
    const { suits, talents } = this.system;
    const start = startingState(
      perSuit((s) => suits[s].capacity),
      talents.boonsMax,
    );
    await this.update({
      system: {
        hp: { value: start.hp.value, temp: start.hp.temp },
        ...this.chipChanges(start.chips),
        boons: start.boons,
      },
    });
  }

  /**
   * A token HUD's edit of a class-chip bar or a Grit value goes to the stored field, clamped
   * (../data/actor/token-bars.ts), as dnd5e routes its HP bar (module/documents/actor/actor.mjs
   * modifyTokenAttribute); the rest is core's. The pinned types list no `modifyTokenAttribute` hook,
   * so a routed edit does not call it (an open question in docs/table-edges.md).
   */
  override async modifyTokenAttribute(attribute: string, value: number, isDelta?: boolean, isBar?: boolean) {
    const updates = tokenAttributeChange(this.creature, attribute, value, isDelta === true);
    return updates ? this.update(updates) : super.modifyTokenAttribute(attribute, value, isDelta, isBar);
  }

  /** §23: Grit and Wounds replace HP for this creature (the setting is on; a PC or a Foe). */
  get usesGrit(): boolean {
    return this.creature.grit.active;
  }

  /**
   * HP-2: apply n points of damage (temporary and/or tainted); overflow drains ♥ unless an Enemy.
   * GW-3: with Grit and Wounds the damage goes through GW-5/GW-6 instead and HP is left alone.
   */
  async applyDamage(n: number, options: TakeDamageOptions = {}): Promise<DamageTaken> {
    const { woundRoll, ...hpOptions } = options;
    if (this.usesGrit) {
      const grit = await applyGritDamage(this, n, { temporary: options.temporary, roll: woundRoll });
      const vitals = this.creature.vitals();
      return {
        vitals,
        lost: 0,
        overflow: 0,
        drainAdded: 0,
        becameUnconscious: grit.unconscious,
        outOfFight: false,
        overflowDrain: false,
        killed: grit.dead,
        grit,
      };
    }
    // HP-2 step 3, DRN-3: overflow beyond 0 HP becomes ♥ drain (none for an Enemy or temporary damage).
    return this.takeHp(applyDamage(this.creature.vitals(), n, { ...hpOptions, enemy: this.isEnemy }));
  }

  /**
   * DMG-7: an injury's or wound's "+N damage", straight to HP-2 with no dF, size or DR (the caller
   * already resolved it); it never calls for an injury roll (INJ-1). Under Grit and Wounds it is
   * damage like any other (GW-3).
   */
  async applyExtraDamage(n: number): Promise<DamageTaken> {
    if (this.usesGrit) return this.applyDamage(n);
    return this.takeHp(applyExtraDamage(this.creature.vitals(), n, { enemy: this.isEnemy }));
  }

  /** HP-2: write what damage did to HP and mark its harm (Unconscious, dead). */
  protected async takeHp(applied: DamageApplied): Promise<DamageTaken> {
    await this.writeVitals(applied.vitals);
    await this.markHarm(applied);
    return { ...applied, grit: null };
  }

  /**
   * DMG-4 to DMG-6: apply a resolved hit (final damage already reduced by DR or ER), then the riders
   * that need no decision: energy (reduced by ER on its own), drain and taint. Condition and ongoing
   * riders are returned for the caller, which owns their saves and durations.
   */
  async applyHit(
    result: DamageResult,
    riders: readonly Rider[] = [],
    options: TakeDamageOptions = {},
  ): Promise<HitApplied> {
    const damage =
      result.outcome === "damage" && result.final !== null
        ? await this.applyDamage(result.final, options)
        : null;
    const out: HitApplied = { damage, riderDamage: [], pending: [] };
    if (!ridersApply(result.outcome)) return out;
    for (const rider of riders) {
      if (rider.kind === "energy") {
        const amount = riderEnergyDamage(rider.amount, this.resistance("er"));
        if (amount > 0) out.riderDamage.push(await this.applyDamage(amount));
      } else if (rider.kind === "drain") await this.applyDrain(rider.suit, rider.amount, rider.tainted);
      else if (rider.kind === "taint")
        await this.writeVitals(addTaint(this.creature.vitals(), rider.suit, rider.amount));
      else out.pending.push(rider);
    }
    return out;
  }

  /** EQ-6: the creature's DR or ER as prepared. */
  resistance(kind: "dr" | "er"): number {
    return this.creature.resistance(kind);
  }

  /** DRN-1, DRN-5: drain on one suit (tainted drain adds as many taint counters). */
  async applyDrain(suit: Suit, amount: number, tainted = false): Promise<Vitals> {
    const next = addDrain(this.creature.vitals(), suit, amount, tainted);
    await this.writeVitals(next);
    return next;
  }

  /** DRN-6, HP-4, REC-4: heal HP points, each absorbed by a ♥ taint counter first. */
  async recoverHP(points: number): Promise<Recovered> {
    const before = this.creature.vitals();
    const recovered = recoverHP(before, Math.max(0, points));
    await this.writeVitals(recovered.vitals);
    // HP-5: back to 1 HP or more, an Unconscious creature wakes.
    if (before.value === 0 && recovered.vitals.value >= 1) await this.setCondition("unconscious", false);
    return recovered;
  }

  /**
   * REC-4, OD-4, OD-2a: magical healing (a healing spell's points): recoverHP, and every bleeding effect
   * on this creature ends, an injury's bleeder too, in the same update as the HP (its injury items next).
   */
  async receiveMagicalHealing(points: number): Promise<Recovered> {
    const before = this.creature.vitals();
    const entries = this.ongoingEntries();
    const healed = magicalHealing(
      before,
      entries.map((e) => e.effect),
      points,
    );
    const kept = this.ongoingKept(entries, healed.ongoing);
    await this.update({ system: { ...vitalsChange(healed.recovered.vitals), ongoing: kept.stored } });
    await this.endItemOngoing(kept.endedItemIds);
    // HP-5: back to 1 HP or more, an Unconscious creature wakes.
    if (healed.woke) await this.setCondition("unconscious", false);
    return healed.recovered;
  }

  /** OD-4: magical healing spent on something else (an armed wound, SW-8) still ends every bleeder. */
  async endBleeding(): Promise<void> {
    const entries = this.ongoingEntries();
    const kept = this.ongoingKept(entries, endBleeding(entries.map((e) => e.effect)));
    if (kept.stored.length !== this.storedOngoing().length)
      await this.update({ system: { ongoing: kept.stored } });
    await this.endItemOngoing(kept.endedItemIds);
  }

  /** OD-4: the stored effects left and the injury items whose effect ended, when only `kept` goes on. */
  protected ongoingKept(
    entries: readonly OngoingEntry[],
    kept: readonly OngoingEffect[],
  ): { stored: StoredOngoing[]; endedItemIds: string[] } {
    const ended = entries.filter((e) => !kept.includes(e.effect));
    const stored = this.storedOngoing().filter((_, i) => !ended.some((e) => e.key === `ongoing.${i}`));
    return { stored, endedItemIds: ended.flatMap((e) => (e.itemId ? [e.itemId] : [])) };
  }

  /** DRN-6: recover drain points on one suit, taint first (except ♥ taint, which blocks only HP). */
  async recoverDrain(suit: Suit, points: number): Promise<Recovered> {
    const recovered = recoverDrain(this.creature.vitals(), suit, Math.max(0, points));
    await this.writeVitals(recovered.vitals);
    return recovered;
  }

  /** T-2: a test the system rolls for this creature, through its one path (./creature-test.ts). */
  rollTest(test: CreatureTest, rolls: Roll[]): Promise<CreatureTestResult> {
    return rollCreatureTest(this, test, rolls);
  }

  /** INJ-2 step 4, SW-5: add an injury or wound item. */
  async addInjury(name: string, system: InjuryInput): Promise<ZilchItem | undefined> {
    const created = await this.createEmbeddedDocuments("Item", [{ name, type: "injury", system }]);
    const item = created?.[0];
    if (item?.isOfType("injury") && item.system.burn > 0) await this.roundAfterBurn(item.system.burn);
    return item;
  }

  /**
   * CD-14, INJ-7: on the active GM's client, an injury's Burn N gained by a creature fighting in the
   * started combat burns its dice at once (round starts burn again from its facts). Like
   * `conditionsReachRound` (round-conditions.ts), the request runs in the combat's own slot; the attack step that adds the
   * injury holds no slot of that combat.
   */
  protected async roundAfterBurn(burn: number): Promise<void> {
    if (!isApplier()) return;
    const fight = fightOf(this);
    const combat = fight?.combat;
    const combatant = fight?.combatant;
    if (!combat?.id || !combatant?.id) return;
    const request = { kind: "injuryBurn", combatId: combat.id, combatantId: combatant.id, burn } as const;
    const result = await combat.zilchApply(request, game.user ?? null);
    if (!result.ok) console.warn(`Zilch | an injury's Burn was not applied: ${result.code}`);
  }

  /** INJ-9, SW-8: an injury has healed; its item goes. */
  async healInjury(id: string): Promise<void> {
    if (!this.items.get(id)?.isOfType("injury"))
      throw new Error(`Zilch | ${id} is not an injury of ${this.name}`);
    await this.deleteEmbeddedDocuments("Item", [id]);
  }

  // ---------------------------------------------------------------------------------------------
  // Recovery (REC-1 to REC-3, REC-6): each computes everything from the rules first, then writes the
  // actor's own data in one update; injury items and statuses follow as batched embedded changes.
  // ---------------------------------------------------------------------------------------------

  /** REC-1: a Rally with the ♥ test's DoS; `choice` splits the chips among class suits. */
  async rally(dos: DegreeOfSuccess, choice?: Partial<PerSuit<number>>): Promise<RecoveryOutcome> {
    const state = this.chipState();
    const result = rally(dos, state, { ralliedThisEncounter: this.creature.recovery.rallyUsed, choice });
    if (!result.ok) return result;
    const vitals = this.creature.vitals();
    await this.update({ system: { ...this.chipChanges(result.split.chips), recovery: { rallyUsed: true } } });
    const summary = this.summarize("rally", dos, [vitals, state.chips], [vitals, result.split.chips]);
    return { ok: true, summary: { ...summary, unusedChips: result.split.unused } };
  }

  /** REC-2: a Rest (at most 2 between Sleeps): class chips and the temporary pool come back. */
  async rest(): Promise<RecoveryOutcome> {
    const state = this.chipState();
    const vitals = this.creature.vitals();
    const result = rest(vitals, state, this.creature.recovery.restsToday);
    if (!result.ok) return result;
    await this.update({
      system: {
        ...vitalsChange(result.vitals),
        ...this.chipChanges(result.chips),
        recovery: { restsToday: result.restsToday },
      },
    });
    const ended = result.woke ? await this.removeStatuses(["unconscious"]) : [];
    const summary = this.summarize("rest", null, [vitals, state.chips], [result.vitals, result.chips]);
    return { ok: true, summary: { ...summary, woke: result.woke, ended } };
  }

  /**
   * REC-3: a Sleep with the ♥ test's DoS: the Rest, recoverHP, one drain point per drained suit,
   * Boons and the Rest count reset, a day off every injury clock (INJ-9) and armed wounds checked
   * (SW-8). "Until healed" conditions from a healed injury end with it.
   */
  async sleep(dos: DegreeOfSuccess): Promise<RecoveryOutcome> {
    const state = this.chipState();
    const vitals = this.creature.vitals();
    const result = sleep(vitals, state, dos, this.injuryClocks());
    const healedIds = result.injuries.healed.map((i) => i.id);
    if (result.armedWoundsHeal) healedIds.push(...this.armedWoundIds());
    const conditions = planHealedSources(this.storedConditions(), this.statuses, new Set(healedIds));
    const boons = this.isOfType("character") ? this.system.talents.boonsMax : null;
    const gritHeal = this.usesGrit ? woundsAfterSleep(this.creature.grit) : null;
    await this.update({
      system: {
        ...vitalsChange(result.vitals),
        ...this.chipChanges(result.chips),
        recovery: { restsToday: result.restsToday },
        appliedConditions: conditions.records,
        ...(boons === null ? {} : { boons }),
        ...(gritHeal && gritHeal.healed > 0
          ? { grit: { wounds: gritHeal.wounds, unbandaged: gritHeal.unbandaged } }
          : {}),
      },
    });
    const clockUpdates = result.injuries.kept
      .filter((i) => i.daysRemaining !== null)
      .map((i) => ({ _id: i.id, system: { daysRemaining: i.daysRemaining } }));
    if (clockUpdates.length) await this.updateEmbeddedDocuments("Item", clockUpdates);
    const healed = await this.removeItems(healedIds);
    const ended = await this.removeStatuses([
      ...conditions.remove,
      ...(result.woke ? ["unconscious" as const] : []),
    ]);
    const summary = this.summarize("sleep", dos, [vitals, state.chips], [result.vitals, result.chips]);
    const woundsHealed = gritHeal ? { woundsHealed: { n: gritHeal.healed, wounds: gritHeal.wounds } } : {};
    return { ok: true, summary: { ...summary, woke: result.woke, boons, healed, ended, ...woundsHealed } };
  }

  /**
   * REC-6: use one of a gear item's healing items (war pitch is refused in combat). A quantity is
   * consumed, and an item with none left is refused.
   */
  async useHealingItem(
    item: Item.Implementation,
    options: { inCombat?: boolean } = {},
  ): Promise<RecoveryOutcome> {
    const kind = item.isOfType("gear") ? item.system.healing() : null;
    if (!kind || !item.isOfType("gear")) return { ok: false, problem: "notHealingItem" };
    const { quantity } = item.system;
    if (quantity < 1) return { ok: false, problem: "noneLeft" };
    const inCombat = options.inCombat ?? this.inCombat;
    const before = this.creature.vitals();
    const chips = this.chipState().chips;
    const ongoing = this.ongoingEntries();
    const healed = healingItemResult(
      kind,
      before,
      ongoing.map((e) => e.effect),
      inCombat,
    );
    if (!healed.ok) return healed;
    const { after, woke, stillOngoing } = healed;
    const kept = stillOngoing ? this.ongoingKept(ongoing, stillOngoing) : null;
    await this.update({
      system: { ...vitalsChange(after), ...(kept ? { ongoing: kept.stored } : {}) },
    });
    if (kept) await this.endItemOngoing(kept.endedItemIds);
    await item.update({ system: { quantity: quantity - 1 } });
    const woken = woke ? await this.removeStatuses(["unconscious"]) : [];
    const summary = this.summarize(kind, null, [before, chips], [after, chips]);
    return { ok: true, summary: { ...summary, woke, ended: woken } };
  }

  // ---------------------------------------------------------------------------------------------
  // Conditions with durations (CON-5, CB-4, CB-5)
  // ---------------------------------------------------------------------------------------------

  /**
   * CON-5: apply a condition with its source and duration (implied conditions follow, CON-4); KN-2: a
   * raging creature is immune to Shaken, so a fear, injury or rider that gives it does nothing.
   */
  async applyCondition(condition: Condition, duration: ConditionDuration, source = ""): Promise<void> {
    if (rageWardsOff(this.rage(), condition)) return;
    // Recorded first: a record whose status never arrived is dropped at the next event.
    const live = this.storedConditions().filter((s) => this.statuses.has(s.condition));
    const records = [...live, toStored({ condition, source, duration })];
    await this.update({ system: { appliedConditions: records } });
    await this.setCondition(condition, true);
  }

  /**
   * CON-4: the ♥ test of a resist against terror (its Standard action already recorded by the turn):
   * at S or better the Terrified, and the Stunned it brings, gives way to Shaken for the time the
   * terror had left. Resolves whether the terror was shaken off.
   */
  async resistTerror(dos: DegreeOfSuccess): Promise<boolean> {
    if (!this.statuses.has("terrified")) return false;
    const live = this.storedConditions().filter((s) => this.statuses.has(s.condition));
    const shaken = terrorResisted(live.map(toApplied), dos);
    if (!shaken) return false;
    await this.setCondition("terrified", false);
    await this.applyCondition("shaken", shaken.duration, shaken.source);
    return true;
  }

  /**
   * CON-5, CB-4: a duration event of this creature (its turn start or end, the round's end, the
   * encounter's end, or healing); the conditions whose durations ran out are removed.
   */
  async advanceConditions(event: DurationEvent): Promise<Condition[]> {
    const plan = planConditionAdvance(this.storedConditions(), this.statuses, event);
    // OPT-1: Expose and Reduce defence end on the same turn and round events as conditions.
    const marks = marginMarks(this);
    const kept = marksAfterEvent(marks, event);
    if (kept.length !== marks.length) await setMarginMarks(this, kept);
    // KN-2: a rage ends at the end of a round in which its user made no attack; the table is told.
    const rage = this.rage();
    const nextRage = rageAfterEvent(rage, event);
    await this.setRage(nextRage);
    if (rage.raging && !nextRage.raging) await postRageEnded(this);
    return this.applyConditionPlan(plan);
  }

  /**
   * CB-5, INJ-9, GW-9: the encounter is over: "end of encounter" conditions and injuries go, the
   * Rally is available again, and with Grit and Wounds Grit is lost and adrenaline resets. Ongoing damage stays for OD-5 (tested per minute by the caller).
   */
  async endEncounter(): Promise<EncounterEnded> {
    const byEvent = planConditionAdvance(this.storedConditions(), this.statuses, "encounterEnd");
    const { healed } = endOfEncounterHeals(this.injuryClocks());
    const stillActive = new Set([...this.statuses].filter((s) => !byEvent.remove.some((c) => c === s)));
    const bySource = planHealedSources(byEvent.records, stillActive, new Set(healed.map((i) => i.id)));
    const grit = gritEncounterEnd(this);
    // KN-2: a rage lasts until the encounter ends.
    await this.setRage(NO_RAGE);
    await this.update({
      system: { recovery: { rallyUsed: false }, appliedConditions: bySource.records, ...grit?.changes },
    });
    const names = await this.removeItems(healed.map((i) => i.id));
    const ended = await this.removeStatuses([...byEvent.remove, ...bySource.remove]);
    await announceInjuryRolls(this, grit?.injuryRolls ?? 0);
    return grit ? { ended, healed: names, injuryRolls: grit.injuryRolls } : { ended, healed: names };
  }

  // ---------------------------------------------------------------------------------------------
  // Ongoing damage (OD-1, OD-2, OD-4)
  // ---------------------------------------------------------------------------------------------

  /** OD-1: every active ongoing effect: injury bleeders first, then `system.ongoing`. */
  ongoingEntries(): OngoingEntry[] {
    const entries: OngoingEntry[] = [];
    for (const item of this.items.contents) {
      if (!item.isOfType("injury") || !item.id) continue;
      const { system } = item;
      if (!system.ongoing.active) continue;
      const { rating, suit, modifier, tag } = system.ongoing;
      entries.push({
        key: item.id,
        itemId: item.id,
        effect: { rating, suit, modifier, tag, origin: system.location },
      });
    }
    this.storedOngoing().forEach((stored, index) =>
      entries.push({ key: `ongoing.${index}`, itemId: null, effect: toOngoing(stored) }),
    );
    return entries;
  }

  /** OD-4: add an ongoing effect (a rider's or a spell's); a second bleeder from one origin is ignored. */
  async addOngoing(effect: OngoingEffect): Promise<boolean> {
    const { added } = addOngoing(
      this.ongoingEntries().map((e) => e.effect),
      effect,
    );
    if (added) await this.update({ system: { ongoing: [...this.storedOngoing(), { ...effect }] } });
    return added;
  }

  /**
   * OD-2: the end-of-turn Ongoing Damage tests, one DoS per effect key (see ongoingEntries). HP,
   * drain and the effects that ended are written in one update. GW-3: under Grit and Wounds HP-2 is
   * not used, so a ♥ tick is damage through GW-5/GW-6 (its wound check rolled unless `woundRoll` is
   * given); other suits still drain.
   */
  async tickOngoing(
    results: readonly { key: string; dos: DegreeOfSuccess; woundRoll?: number }[],
  ): Promise<OngoingTickApplied[]> {
    const entries = this.ongoingEntries();
    const enemy = this.isEnemy;
    const grit = this.usesGrit;
    let vitals = this.creature.vitals();
    const applied: OngoingTickApplied[] = [];
    for (const { key, dos } of results) {
      const entry = entries.find((e) => e.key === key);
      if (!entry) throw new Error(`Zilch | ${this.name} has no ongoing effect ${key}`);
      // OD-2a: an injury item's bleeder is not ended by its own test.
      const fromInjury = entry.itemId !== null;
      const tick = ongoingTick(entry.effect, dos, { fromInjury });
      if (grit && tick.harm === "damage") {
        applied.push({ key, effect: entry.effect, ...tick, damage: null, grit: null });
        continue;
      }
      const out = applyOngoingTick(vitals, entry.effect, dos, { enemy, fromInjury });
      vitals = out.vitals;
      applied.push({ key, effect: entry.effect, ...out.tick, damage: out.damage, grit: null });
    }
    const ended = new Set(applied.filter((a) => a.ends).map((a) => a.key));
    const stored = this.storedOngoing().filter((_, index) => !ended.has(`ongoing.${index}`));
    await this.update({ system: { ...vitalsChange(vitals), ongoing: stored } });
    await this.endItemOngoing(entries.filter((e) => e.itemId && ended.has(e.key)).map((e) => e.itemId!));
    for (const a of applied) if (a.damage) await this.markHarm(a.damage);
    // GW-5: each ♥ tick is its own hit, after the drain above has lowered eff(♥) as it should.
    for (const [i, a] of applied.entries()) {
      if (!grit || a.harm !== "damage") continue;
      a.grit = await applyGritDamage(this, a.amount, { roll: results[i]!.woundRoll });
      if (a.grit.dead) break; // GW-7: the dead take no further Wounds
    }
    return applied;
  }

  /**
   * OD-5, INJ-9: a First Aid test on this creature came out `dos`. On S or CS, after combat, every
   * injury bleeder stops (OD-2a: its own test never ends it), and at any time the Stun and Wind
   * injuries heal. Nothing changes on F or CF. `inCombat` defaults to whether the actor is in one.
   */
  async receiveFirstAid(
    dos: DegreeOfSuccess,
    options: { inCombat?: boolean } = {},
  ): Promise<{ stoppedBleeders: number; healed: string[] }> {
    if (dos !== "S" && dos !== "CS") return { stoppedBleeders: 0, healed: [] };
    const inCombat = options.inCombat ?? this.inCombat;
    const bleeders = firstAidStopsInjuryBleeding(dos, inCombat)
      ? this.ongoingEntries()
          .filter((e) => e.itemId !== null && !endsOnOwnTest(e.effect, { fromInjury: true }))
          .map((e) => e.itemId!)
      : [];
    const healed = this.items.contents
      .filter((i) => i.isOfType("injury") && i.id && !bleeders.includes(i.id))
      .filter(
        (i) => i.isOfType("injury") && isInjuryEffect(i.system.effect) && firstAidHeals(i.system.effect),
      )
      .map((i) => i.id!);
    await this.endItemOngoing(bleeders);
    return { stoppedBleeders: bleeders.length, healed: await this.removeItems(healed) };
  }

  /** OD-3, OD-5: whether this creature has First Aid (SK-2: a skill with no steps is not taken). */
  get firstAidTrained(): boolean {
    return hasFirstAid(this);
  }

  /** OD-2, OD-4: an injury's ongoing effect ended; an injury that lasted only as long goes too. */
  protected async endItemOngoing(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    const healed = ids.filter((id) => {
      const item = this.items.get(id);
      return item?.isOfType("injury") && item.system.heals.kind === "ongoingEnds";
    });
    const stopped = ids.filter((id) => !healed.includes(id));
    if (stopped.length)
      await this.updateEmbeddedDocuments(
        "Item",
        stopped.map((id) => ({ _id: id, system: { ongoing: { active: false } } })),
      );
    await this.removeItems(healed);
  }

  // ---------------------------------------------------------------------------------------------
  // Reading the models and writing changes
  // ---------------------------------------------------------------------------------------------

  /** CH-2: chips and capacity as recovery reads them (an NPC has no class suits, NPC-2). */
  /** CH-2: chips and capacity as recovery reads them (an NPC has no class suits, NPC-2). */
  protected chipState(): ChipState {
    return this.creature.chipState();
  }

  /** The class-suit chips of a rules result, in this creature's model's shape. */
  protected chipChanges(chips: PerSuit<number>) {
    const { clubs, spades, diamonds } = chips;
    return this.creature.chipsChange({ clubs, spades, diamonds });
  }

  protected storedConditions(): StoredCondition[] {
    return this.creature.appliedConditions.map((c) => ({ ...c }));
  }

  protected storedOngoing(): StoredOngoing[] {
    return this.creature.ongoing.map((o) => ({ ...o }));
  }

  /** INJ-9: the grievous injuries, as the healing clock reads them. */
  protected injuryClocks(): InjuryClock[] {
    const clocks: InjuryClock[] = [];
    for (const item of this.items.contents) {
      const grievous = item.isOfType("injury") ? item.system.grievous() : null;
      if (!grievous || !item.isOfType("injury") || !item.id) continue;
      const { daysRemaining } = item.system;
      clocks.push({ id: item.id, name: item.name ?? "", ...grievous, daysRemaining });
    }
    return clocks;
  }

  /** SW-8: the armed specific wounds (brawling ones last only their durations). */
  protected armedWoundIds(): string[] {
    const ids: string[] = [];
    for (const item of this.items.contents)
      if (item.isOfType("injury") && item.id && item.system.kind === "specificWound")
        if (item.system.heals.kind === "sleepOrMagic") ids.push(item.id);
    return ids;
  }

  /** Deletes items in one batch; returns their names. */
  protected async removeItems(ids: readonly string[]): Promise<string[]> {
    const present = ids.filter((id) => this.items.get(id));
    if (!present.length) return [];
    const names = present.map((id) => this.items.get(id)?.name ?? "");
    await this.deleteEmbeddedDocuments("Item", [...present]);
    return names;
  }

  /** Removes the statuses that are active; returns those removed. */
  protected async removeStatuses(conditions: readonly Condition[]): Promise<Condition[]> {
    // REC-5: whatever ended, a creature still at 0 HP stays Unconscious (Grit and Wounds has no HP).
    const down = !this.usesGrit && staysUnconscious(this.creature.vitals());
    const removed = [...new Set(conditions)].filter(
      (c) => this.statuses.has(c) && !(down && c === "unconscious"),
    );
    for (const condition of removed) await this.setCondition(condition, false);
    return removed;
  }

  protected async applyConditionPlan(plan: ConditionAdvance): Promise<Condition[]> {
    const changed = JSON.stringify(plan.records) !== JSON.stringify(this.storedConditions());
    if (changed) await this.update({ system: { appliedConditions: plan.records } });
    return this.removeStatuses(plan.remove);
  }

  protected summarize(
    kind: RecoverySummary["kind"],
    dos: DegreeOfSuccess | null,
    [v0, c0]: [Vitals, PerSuit<number>],
    [v1, c1]: [Vitals, PerSuit<number>],
  ): RecoverySummary {
    return {
      kind,
      dos,
      hp: { before: v0.value, after: v1.value },
      temp: { before: v0.temp, after: v1.temp },
      chips: perSuit((s) => c1[s] - c0[s]),
      drain: perSuit((s) => v1.drain[s] - v0.drain[s]),
      taint: perSuit((s) => v1.taint[s] - v0.taint[s]),
      unusedChips: 0,
      woke: false,
      boons: null,
      healed: [],
      ended: [],
    };
  }

  /** Writes HP, drain and taint from a rules result in one update. */
  protected async writeVitals(v: Vitals): Promise<void> {
    await this.update({ system: vitalsChange(v) });
  }

  /** HP-2 step 2, DRN-4, NPC-3: the conditions damage brings. */
  protected async markHarm(applied: DamageApplied): Promise<void> {
    if (applied.becameUnconscious) await this.setCondition("unconscious", true);
    if (applied.killed) await this.setCondition("dead", true);
  }

  /** CON-4: apply or remove one condition's status effect; removal forgets its durations (CON-5). */
  async setCondition(condition: Condition, active: boolean): Promise<void> {
    if (!active) {
      const records = this.storedConditions();
      const kept = records.filter((r) => r.condition !== condition);
      if (kept.length !== records.length) await this.update({ system: { appliedConditions: kept } });
    }
    if (this.statuses.has(condition) === active) return;
    // ST-4, ST-6, CD-17: the round hears of a condition gained or lost from the effect hooks on the active
    // GM's client (round-conditions.ts), whichever client or control set it, so it is applied once.
    await this.toggleStatusEffect(condition, { active });
  }

  /**
   * CH-2, DRN-1: a creature is created with no chips or HP above its maximum (an import may hold some).
   * A new character also gets a linked, friendly, sighted token, so its token is the character.
   */
  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const excess = this.creature.excessRemoval();
    if (excess) this.updateSource({ system: excess });
    const token = prototypeTokenDefaults(this.type, args[0]);
    if (token) this.updateSource({ prototypeToken: token });
    // GEN-4: a character created blank has not started play until its guide's "Ready to play".
    if (this.isOfType("character") && suitsUnbuilt(this.system.suits))
      this.updateSource({ system: { started: false } });
  }

  /** CH-2, DRN-1, CON-4: lowered maxima trim (not on a card edit); imposed conditions reach the round. */
  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(...args);
    creatureChanged(this, args[2], args[0]);
  }

  /** CH-2, CON-4: so can a knack, an injury, gear or an effect added, changed or removed. */
  protected override _onCreateDescendantDocuments(
    ...args: Parameters<Actor["_onCreateDescendantDocuments"]>
  ): void {
    super._onCreateDescendantDocuments(...args);
    creatureChanged(this, args[5]);
  }

  protected override _onUpdateDescendantDocuments(
    ...args: Parameters<Actor["_onUpdateDescendantDocuments"]>
  ): void {
    super._onUpdateDescendantDocuments(...args);
    creatureChanged(this, args[5]);
  }

  protected override _onDeleteDescendantDocuments(
    ...args: Parameters<Actor["_onDeleteDescendantDocuments"]>
  ): void {
    super._onDeleteDescendantDocuments(...args);
    creatureChanged(this, args[5]);
  }
}
