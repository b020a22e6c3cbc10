/**
 * ZilchActor: the small API sheets, chat cards and the tracker call to change a creature. Every
 * method reads the prepared model, asks src/rules what happens, and writes the result in one update,
 * so a rule is never decided here.
 */
import { chipSpendProblem, type ChipSpendProblem, type ChipUse } from "../rules/chips";
import { riderEnergyDamage, ridersApply, type DamageResult, type Rider } from "../rules/damage";
import { addDrain, addTaint, recoverDrain, recoverHP, type Recovered } from "../rules/drain";
import { applyDamage, type DamageApplied, type DamageOptions, type Vitals } from "../rules/hitPoints";
import { npcOutAtZeroHp } from "../rules/npc";
import type { CardRef } from "../rules/suits";
import { testTarget, type TargetParts } from "../rules/tests";
import { SUITS, type Condition, type Suit } from "../rules/vocabulary";
import type { CharacterData } from "../data/actor/character";
import type { NpcData } from "../data/actor/npc";
import type { InjurySchema } from "../data/item/injury";

type CreatureData = CharacterData | NpcData;

/** What one hit did to the target (HP-2 and the DMG-6 riders it could apply without a save). */
export interface HitApplied {
  /** HP-2 for the hit's final damage; null when DMG-4 left HP alone. */
  damage: DamageApplied | null;
  /** DMG-6: energy rider damage after ER, applied through HP-2 too. */
  riderDamage: DamageApplied[];
  /** DMG-6: riders that need the caller (a save, a duration, an ongoing effect). */
  pending: Rider[];
}

/** INJ-2 step 4, SW-5: the data of a new injury item. */
export type InjuryInput = Partial<foundry.data.fields.SchemaField.AssignmentData<InjurySchema>>;

export class ZilchActor extends Actor {
  /** The creature model of either actor type. */
  get creature(): CreatureData {
    return this.system as unknown as CreatureData;
  }

  /** NPC-3: an Enemy-tier NPC (no ♥-drain overflow, out of the fight at 0 HP). */
  get isEnemy(): boolean {
    const system = this.creature;
    return "tier" in system && npcOutAtZeroHp(system.tier);
  }

  /** CH-3 to CH-5, CH-7: spend chips on one use; returns why not, or null once spent. */
  async spendChips(suit: Suit, amount: number, use: ChipUse): Promise<ChipSpendProblem | null> {
    const system = this.creature;
    if ("classList" in system) {
      const available = suit === "hearts" ? 0 : system.chips[suit];
      const problem = chipSpendProblem({ classes: system.classList, suit, amount, available, use });
      if (problem) return problem;
      await this.update({ [`system.chips.${suit}`]: available - amount } as never);
      return null;
    }
    // NPC-2: an NPC spends only chips an ability granted it.
    if (suit === "hearts") return "heartsNeverSpent";
    if (!Number.isInteger(amount) || amount < 0) return "notWholeNumber";
    const available = system.chips[suit].value;
    if (amount > available) return "notEnoughChips";
    await this.update({ [`system.chips.${suit}.value`]: available - amount } as never);
    return null;
  }

  /** CH-8: chips regained (by Rally, Rest or Sleep), never above capacity (CH-2). */
  async restoreChips(suit: Exclude<Suit, "hearts">, amount: number): Promise<number> {
    const system = this.creature;
    if ("classList" in system) {
      const next = Math.min(system.suits[suit].capacity, system.chips[suit] + Math.max(0, amount));
      await this.update({ [`system.chips.${suit}`]: next } as never);
      return next;
    }
    const next = Math.min(system.chips[suit].max, system.chips[suit].value + Math.max(0, amount));
    await this.update({ [`system.chips.${suit}.value`]: next } as never);
    return next;
  }

  /** HP-2: apply n points of damage (temporary and/or tainted); overflow drains ♥ unless an Enemy. */
  async applyDamage(n: number, options: Omit<DamageOptions, "enemy"> = {}): Promise<DamageApplied> {
    const applied = applyDamage(this.creature.vitals(), n, { ...options, enemy: this.isEnemy });
    await this.writeVitals(applied.vitals);
    await this.markHarm(applied);
    return applied;
  }

  /**
   * DMG-4 to DMG-6: apply a resolved hit (final damage already reduced by DR or ER), then the riders
   * that need no decision: energy (reduced by ER on its own), drain and taint. Condition and ongoing
   * riders are returned for the caller, which owns their saves and durations.
   */
  async applyHit(
    result: DamageResult,
    riders: readonly Rider[] = [],
    options: Omit<DamageOptions, "enemy"> = {},
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
    const system = this.creature;
    if ("classList" in system) return system[kind];
    return kind === "dr" ? system.armorDR : system.er;
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

  /** DRN-6: recover drain points on one suit, taint first (except ♥ taint, which blocks only HP). */
  async recoverDrain(suit: Suit, points: number): Promise<Recovered> {
    const recovered = recoverDrain(this.creature.vitals(), suit, Math.max(0, points));
    await this.writeVitals(recovered.vitals);
    return recovered;
  }

  /** T-2: the target of a test on one card (the roll itself is src/dice's). */
  testTarget(card: CardRef, parts: Omit<TargetParts, "card"> = {}): number {
    const suit = this.creature.suits[card.suit];
    return testTarget({ ...parts, card: card.card === "secondary" ? suit.eff2 : suit.eff });
  }

  /** INJ-2 step 4, SW-5: add an injury or wound item. */
  async addInjury(name: string, system: InjuryInput) {
    const created = await this.createEmbeddedDocuments("Item", [{ name, type: "injury", system } as never]);
    return created?.[0];
  }

  /** INJ-9, SW-8: an injury has healed; its item goes. */
  async healInjury(id: string): Promise<void> {
    const item = this.items.get(id);
    if ((item?.type as string | undefined) !== "injury")
      throw new Error(`Zilch | ${id} is not an injury of ${this.name}`);
    await this.deleteEmbeddedDocuments("Item", [id]);
  }

  /** Writes HP, drain and taint from a rules result in one update. */
  protected async writeVitals(v: Vitals): Promise<void> {
    const changes: Record<string, number> = { "system.hp.value": v.value, "system.hp.temp": v.temp };
    for (const suit of SUITS) {
      changes[`system.suits.${suit}.drain`] = v.drain[suit];
      changes[`system.suits.${suit}.taint`] = v.taint[suit];
    }
    await this.update(changes as never);
  }

  /** HP-2 step 2, DRN-4, NPC-3: the conditions damage brings. */
  protected async markHarm(applied: DamageApplied): Promise<void> {
    if (applied.becameUnconscious) await this.setCondition("unconscious", true);
    if (applied.killed) await this.setCondition("dead", true);
  }

  /** CON-4: apply or remove one condition's status effect. */
  async setCondition(condition: Condition, active: boolean): Promise<void> {
    if (this.statuses.has(condition) === active) return;
    await this.toggleStatusEffect(condition, { active });
  }

  /** CH-2, DRN-1: a creature is created with no chips or HP above its maximum (an import may hold some). */
  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const excess = this.creature.excessRemoval();
    if (excess) this.updateSource(excess as never);
  }

  /**
   * CH-2, DRN-1: chips and HP above a lowered maximum are lost at once. The prepared model shows
   * them clamped; the client that made the change also removes them from the source, so raising
   * the maximum later does not bring them back.
   */
  protected override _onUpdate(...args: Parameters<Actor["_onUpdate"]>): void {
    super._onUpdate(...args);
    const userId = args[2];
    if (userId !== game.user?.id) return;
    const excess = this.creature.excessRemoval();
    if (excess)
      this.update(excess as never).catch((error: unknown) =>
        console.error("Zilch | excess removal failed", error),
      );
  }
}
