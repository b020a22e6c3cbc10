/**
 * One simulated fight in Spades initiative (CB-2): each round every combatant able to act declares
 * a stance (ST-1, ST-3) and takes a face-down domino (DOM-4); turns run in initiative order (INI-2,
 * INI-4); each turn reveals its domino (DOM-5) and makes one attack through the attack card, or a
 * healer heals a fallen or badly hurt ally. The choices a player or GM makes are simple, stated
 * policies (`chooseStance`, `chooseTarget`, `chooseAttack`, `chooseHealing`), the same for both
 * sides. Breath, regeneration and auras are played by their numbers (./specials.ts). Left out:
 * movement, range and reach, cover, surprise, fear (an optional rule), Boons, swallowing (no
 * grapples), flight, and abilities a stat block gives only in words.
 */
import { advanceConditions, type DurationEvent } from "../../src/rules/conditions";
import { faceDownDomino, fullDeck, revealHeld, type DominoDeck } from "../../src/rules/dominoes";
import { hpMax } from "../../src/rules/hitPoints";
import { initiativeOrder, initiativeValue } from "../../src/rules/initiative";
import { rageAfterEvent, rageProblem, RAGE } from "../../src/rules/knacks";
import { scaleBySize } from "../../src/rules/size";
import { canTakeStandard, stanceOptions } from "../../src/rules/stances";
import { attackIllegalReasons } from "../../src/rules/attack/resolution";
import { KNACKS } from "../../src/rules/knacks";
import type { Stance } from "../../src/rules/vocabulary";
import { playAttack, trace } from "./attack";
import { payForCast } from "../../src/rules/magic";
import { magicalHealing } from "../../src/rules/recovery";
import { burn, conditions, eff, enter, isOut, type Combatant, type Side } from "./combatant";
import { ongoingTicks } from "./harms";
import { auraTicks, maybeBreathe, regenerate } from "./specials";
import type { Dice } from "./dice";
import type { AttackOption, HealingSpell, Template } from "./roster";

/** A fight that runs this long without an end is a stalemate (the party did not win). */
export const ROUND_LIMIT = 30;

export interface FightResult {
  readonly partyWon: boolean;
  readonly rounds: number;
  /** HP the party took off its enemies, and the enemies off the party. */
  readonly partyDamage: number;
  readonly foesDamage: number;
  /** Characters that reached 0 HP, and that died (DRN-4). */
  readonly dropped: number;
  readonly died: number;
}

/** ST-3: Bold by preference; Cautious when down to a third of its HP or when Bold is not allowed. */
function chooseStance(c: Combatant): Stance | null {
  const allowed = stanceOptions(conditions(c), { raging: c.rage.raging });
  const hurtBadly = c.vitals.value * 3 <= hpMax(c.vitals);
  const order: Stance[] = hurtBadly && !c.rage.raging ? ["cautious", "bold"] : ["bold", "cautious"];
  const stances: Stance[] = [...order, "reckless", "guarded"];
  return stances.find((s) => allowed.includes(s)) ?? null;
}

/**
 * The expected HP an attack option takes off a target at margin 0 and dF 0 (DMG-1..DMG-3, SZ-3,
 * MAG-4), weighed by a rough chance to hit from the two cards; used only to pick between options.
 */
function optionScore(a: Combatant, d: Combatant, opt: AttackOption): number {
  const cast = opt.mode === "cast";
  const damage = cast ? opt.weaponValue - d.t.er : scaleBySize(opt.weaponValue, a.t.size, d.t.size) - d.t.dr;
  const card = eff(a, cast ? "diamonds" : "clubs") + opt.shortfall;
  const chance = Math.min(0.95, Math.max(0.05, 0.5 + (card - eff(d, "spades")) / 12));
  const riders = opt.riders.length > 0 ? 0.5 : 0;
  return (Math.max(0, damage) + riders) * chance;
}

/** MAG-2, MAG-3: which options it can use now (a Cast needs a hand or focus and the chips). */
function usable(a: Combatant): AttackOption[] {
  return a.t.attacks.filter(
    (o) =>
      o.mode !== "cast" || (a.t.canCast && a.chips.diamonds >= o.chipCost && !conditions(a).has("helpless")),
  );
}

function chooseAttack(a: Combatant, d: Combatant): AttackOption | null {
  let best: AttackOption | null = null;
  let bestScore = -1;
  for (const o of usable(a)) {
    const s = optionScore(a, d, o);
    if (s > bestScore) [best, bestScore] = [o, s];
  }
  return best;
}

/** The party finishes the enemy closest to falling; enemies pick a character at random. */
function chooseTarget(a: Combatant, enemies: Combatant[], dice: Dice): Combatant {
  if (a.side === "foes") return enemies[dice.rollDie(enemies.length) - 1];
  return enemies.reduce((best, e) => (e.vitals.value < best.vitals.value ? e : best));
}

/**
 * MAG-6, REC-4, HP-5: a healer spends its Standard action on a Cast that heals the ally closest to
 * dropping, when one is down (any healing wakes it) or at half its HP or less; the biggest healing it
 * can pay for that the wound can take, else the cheapest.
 */
function chooseHealing(c: Combatant, allies: Combatant[]): { ally: Combatant; spell: HealingSpell } | null {
  if (!c.t.canCast || c.t.heals.length === 0) return null;
  const hurt = allies
    .filter((a) => !a.dead && a.vitals.value * 2 <= hpMax(a.vitals))
    .sort((a, b) => a.vitals.value - b.vitals.value)[0];
  if (!hurt) return null;
  const affordable = c.t.heals
    .filter((s) => s.chipCost <= c.chips.diamonds)
    .sort((a, b) => a.chipCost - b.chipCost);
  if (affordable.length === 0) return null;
  const missing = hpMax(hurt.vitals) - hurt.vitals.value;
  const fitting = affordable.filter((s) => s.healing <= missing);
  return { ally: hurt, spell: fitting[fitting.length - 1] ?? affordable[0] };
}

/** KN-2 Rage as a Minor action at its first turn, while Bold or Reckless and able to pay. */
function maybeRage(c: Combatant): void {
  const cost = KNACKS.rage.cost;
  if (!c.t.knacks.has("rage") || rageProblem(c.rage) || c.chips.clubs < cost) return;
  if (!c.stance || !RAGE.stances.includes(c.stance)) return;
  c.chips.clubs -= cost;
  c.rage = { ...c.rage, raging: true };
}

function advance(c: Combatant, event: DurationEvent): void {
  c.applied = advanceConditions(c.applied, event).kept;
  c.rage = rageAfterEvent(c.rage, event);
}

class Fight {
  deck: DominoDeck = fullDeck();
  round = 0;
  constructor(
    readonly all: Combatant[],
    readonly dice: Dice,
  ) {}

  active(side: Side): Combatant[] {
    return this.all.filter((c) => c.side === side && !isOut(c));
  }

  /** CB-2 step 1, ST-1, DOM-4, INI-2, INI-5: stances, face-down dominoes, the order. */
  startRound(): Combatant[] {
    this.round++;
    this.deck = fullDeck();
    const acting = this.all.filter((c) => !isOut(c));
    for (const c of acting) {
      c.stance = chooseStance(c);
      c.held = faceDownDomino();
    }
    const entries = acting.map((c) => ({
      c,
      id: c.id,
      init: initiativeValue({
        spades: eff(c, "spades"),
        slowed: conditions(c).has("slowed"),
        alert: c.t.knacks.has("alert"),
        burn: burn(c),
      }),
      pc: c.t.pc,
      cunning: eff(c, "spades", "secondary"),
      tiebreak: c.tiebreak,
    }));
    return initiativeOrder(entries).map((e) => e.c);
  }

  /** CB-4, DOM-5, AC-1..AC-4: one turn. */
  turn(c: Combatant): void {
    if (isOut(c)) return;
    if (c.held) {
      const r = revealHeld(c.held, "deck", this.deck, this.dice.rollDie);
      c.held = r.held;
      this.deck = r.deck;
    }
    advance(c, "turnStart");
    regenerate(c);
    const enemies = this.active(c.side === "party" ? "foes" : "party");
    auraTicks(c, enemies, this.active(c.side));
    if (isOut(c)) return;
    const closed = conditions(c);
    const mayAttack =
      !c.loseActions &&
      c.stance !== "guarded" &&
      canTakeStandard(closed) &&
      attackIllegalReasons({ conditions: closed, inReachOrRange: true, totalCover: false }).length === 0;
    const healing =
      mayAttack && !closed.has("helpless")
        ? chooseHealing(
            c,
            this.all.filter((a) => a.side === c.side),
          )
        : null;
    if (healing) this.heal(c, healing.ally, healing.spell);
    else if (mayAttack && enemies.length > 0) {
      maybeRage(c);
      const target = chooseTarget(c, enemies, this.dice);
      const opt = chooseAttack(c, target);
      // NPC-1: a breath takes the Standard action in place of the attack when it is worth more.
      const attackWorth = opt ? optionScore(c, target, opt) : 0;
      if (maybeBreathe(c, enemies, this.round, this.dice, attackWorth)) return this.endTurn(c);
      if (opt) this.deck = playAttack(c, target, opt, this.deck, this.dice);
    }
    this.endTurn(c);
  }

  /** OD-2, CB-4: ongoing damage, then the durations that end with the turn. */
  endTurn(c: Combatant): void {
    ongoingTicks(c, this.dice);
    advance(c, "turnEnd");
  }

  /** MAG-3, REC-4, HP-5, DOM-6: pay, heal; an ally woken mid-round declares a stance and takes a domino. */
  heal(c: Combatant, ally: Combatant, spell: HealingSpell): void {
    c.chips.diamonds = payForCast(c.chips.diamonds, spell.chipCost);
    const before = ally.vitals.value;
    const r = magicalHealing(ally.vitals, ally.ongoing, spell.healing);
    ally.vitals = r.recovered.vitals;
    ally.ongoing = r.ongoing;
    if (r.woke) {
      ally.stance = chooseStance(ally);
      ally.held = faceDownDomino();
    }
    trace.log?.(`  ${c.t.name} heals ${ally.t.name} with ${spell.name}: HP ${before} → ${ally.vitals.value}`);
  }

  endRound(): void {
    for (const c of this.all) {
      advance(c, "roundEnd");
      c.loseActions = false;
      c.held = null;
    }
  }

  over(): boolean {
    return this.active("party").length === 0 || this.active("foes").length === 0;
  }
}

/** One fight of `party` against `foes`, to the end or ROUND_LIMIT. */
export function fight(party: readonly Template[], foes: readonly Template[], dice: Dice): FightResult {
  const all = [
    ...party.map((t, i) => enter(t, `p${i}`, "party", dice.rollDie(1_000_000))),
    ...foes.map((t, i) => enter(t, `f${i}`, "foes", dice.rollDie(1_000_000))),
  ];
  const f = new Fight(all, dice);
  let rounds = 0;
  while (!f.over() && rounds < ROUND_LIMIT) {
    rounds++;
    for (const c of f.startRound()) {
      f.turn(c);
      if (f.over()) break;
    }
    f.endRound();
  }
  const pcs = all.filter((c) => c.side === "party");
  const foesIn = all.filter((c) => c.side === "foes");
  return {
    partyWon: f.active("foes").length === 0 && f.active("party").length > 0,
    rounds,
    partyDamage: foesIn.reduce((s, c) => s + c.tally.taken, 0),
    foesDamage: pcs.reduce((s, c) => s + c.tally.taken, 0),
    dropped: pcs.filter((c) => c.dropped || c.dead).length,
    died: pcs.filter((c) => c.dead).length,
  };
}
