/**
 * The special abilities a stat block holds as numbers (NPC-1 SA/SQ; src/data/actor/npc-specials.ts),
 * played in the simulated fights through the same rules functions play uses:
 * - breath (src/rules/breath.ts): recharge in rounds, each creature in the area saves (T-6), half on a
 *   success; the creature breathes instead of attacking when it is ready, its area catches at least
 *   two enemies and it would take more HP off them than its attack would (`maybeBreathe`);
 * - regeneration (src/rules/regeneration.ts): HP back at the start of its turn (HP-5 through recoverHP),
 *   never at 0 HP, as play's turn hook does;
 * - aura (src/rules/round/aura-presence.ts): its damage after DR or ER to each enemy that starts a
 *   turn within it.
 * The fights have no map (everyone reaches everyone), so an area catches a stated number of enemies:
 * a breath one per square of its length or radius, an aura every square around a Medium footprint
 * within its radius ((2r + 1)² − 1: 8 at radius 1). Swallowing needs a Grappled victim (SP-3) and the
 * fights play no Special Attacks, so it is left out; flight changes nothing where everyone reaches
 * everyone.
 */
import { breathDamage, breathHpLoss, breathRecharging, type BreathSource } from "../../src/rules/breath";
import { recoverHP } from "../../src/rules/drain";
import { regenerationPoints, type RegenerationSource } from "../../src/rules/regeneration";
import { aurasReaching, type AuraSource } from "../../src/rules/round/aura-presence";
import type { ThreatToken } from "../../src/rules/round/threat";
import type { Suit } from "../../src/rules/vocabulary";
import { trace } from "./attack";
import { hurt, type Combatant } from "./combatant";
import type { Dice } from "./dice";
import { save } from "./harms";

export interface Breath extends BreathSource {
  readonly name: string;
  /** The area's length or radius in squares: how many enemies it catches here. */
  readonly reach: number;
  readonly save: { readonly suit: Suit; readonly modifier: number } | null;
}

/** What a template brings of its specials (empty for a character). */
export interface Specials {
  readonly breaths: readonly Breath[];
  readonly regeneration: readonly RegenerationSource[];
  readonly auras: readonly AuraSource[];
}

/** Enemies an aura of this radius reaches around a Medium footprint. */
const auraCapacity = (radius: number): number => (2 * radius + 1) ** 2 - 1;

/** NPC-1: regeneration at the creature's turn start (it acts, so it is above 0 HP). */
export function regenerate(c: Combatant): void {
  const points = regenerationPoints(c.t.specials.regeneration, c.dead);
  if (points === 0 || c.vitals.value <= 0) return;
  const before = c.vitals.value;
  c.vitals = recoverHP(c.vitals, points).vitals;
  if (c.vitals.value > before) trace.log?.(`  ${c.t.name} regenerates: HP ${before} → ${c.vitals.value}`);
}

const token = (id: string, side: ThreatToken["side"], x: number): ThreatToken => ({
  id,
  square: { x, y: 0 },
  width: 1,
  height: 1,
  side,
  reach: 1,
  wieldsMelee: true,
  canMeleeAttack: true,
});

/**
 * NPC-1, DMG-3: at the start of `c`'s turn, every enemy aura that reaches it. An aura holder reaches
 * the first enemies of its active foes, in the fight's order, up to its capacity.
 */
export function auraTicks(
  c: Combatant,
  enemies: readonly Combatant[],
  alliesOfC: readonly Combatant[],
): void {
  for (const e of enemies) {
    if (e.t.specials.auras.length === 0) continue;
    const auras = e.t.specials.auras.filter((a) => alliesOfC.indexOf(c) < auraCapacity(a.radius));
    if (auras.length === 0) continue;
    // Adjacent on a line: the fights have no map, the capacity above stands in for the area.
    const tokens = [token(c.id, "friendly", 0), token(e.id, "hostile", 1)];
    for (const hit of aurasReaching(tokens, () => auras, c.id, { dr: c.t.dr, er: c.t.er })) {
      trace.log?.(`  ${c.t.name} starts its turn in ${e.t.name}'s ${hit.aura}: ${hit.damage} HP`);
      hurt(c, hit.damage, e);
    }
  }
}

/**
 * NPC-1 [design]: breathe when a breath is ready in round `round`, its area catches two enemies or
 * more (taken in turn from a random one of them), and the HP it would take off them, halfway between
 * every save failing and every save succeeding, is more than `attackWorth` (the expected HP of the
 * attack it would make instead); true when it did, in place of that attack.
 */
export function maybeBreathe(
  c: Combatant,
  enemies: readonly Combatant[],
  round: number,
  dice: Dice,
  attackWorth: number,
): boolean {
  const breath = c.t.specials.breaths.find(
    (b) => breathRecharging(c.breathUsed[b.name] ?? null, b.recharge, round) === null,
  );
  if (!breath) return false;
  const caught = Math.min(enemies.length, breath.reach);
  if (caught < 2) return false;
  const start = dice.rollDie(enemies.length) - 1;
  const targets = Array.from({ length: caught }, (_, i) => enemies[(start + i) % enemies.length]);
  const hpIf = (target: Combatant, saved: boolean) =>
    breathHpLoss(breathDamage(breath, c.t.size, target.t, saved));
  const worth = targets.reduce((sum, t) => sum + (hpIf(t, false) + hpIf(t, true)) / 2, 0);
  if (worth <= attackWorth) return false;
  c.breathUsed[breath.name] = round;
  for (const target of targets) {
    const saved = breath.save !== null && save(target, breath.save.suit, breath.save.modifier, dice);
    const hp = hpIf(target, saved);
    trace.log?.(
      `  ${c.t.name} breathes ${breath.name} on ${target.t.name}${saved ? " (saved)" : ""}: ${hp} HP`,
    );
    hurt(target, hp, c);
  }
  return true;
}
