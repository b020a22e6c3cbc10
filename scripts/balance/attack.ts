/**
 * One attack, played through the attack card itself (src/rules/attack: AT-5's windows, DMG-1..DMG-4,
 * SW-5, INJ-1..INJ-3), with the dice and the choices a table would supply, and its effects applied
 * to the combatants as the GM's client applies them (HP-2, DMG-6, SW-7, INJ-7).
 */
import { stanceLeavesDefenseless } from "../../src/rules/stances";
import { revealHeld, revealsDomino, type DominoDeck } from "../../src/rules/dominoes";
import {
  advanceAttack,
  attackerChipsAvailable,
  createAttackState,
  currentTotals,
  needsKnockoutRoll,
  needsMissileRoll,
  woundToApply,
  type AttackAction,
  type AttackSettings,
  type AttackState,
  type DamageReport,
} from "../../src/rules/attack/index";
import { ridersApply, flatDamageBonus } from "../../src/rules/damage";
import { hpMax } from "../../src/rules/hitPoints";
import { createWound } from "../../src/rules/wounds";
import { rollTestDice } from "../../src/rules/tests";
import { payForCast } from "../../src/rules/magic";
import { rageAfterAttack } from "../../src/rules/knacks";
import { attackModifier, conditions, eff, hurt, pips, type Combatant } from "./combatant";
import { applyHarms, applyRiders } from "./harms";
import type { Dice } from "./dice";
import type { AttackOption } from "./roster";

/** SET-1 defaults: Spades initiative, grievous injuries and specific wounds on, the options off. */
export const DEFAULT_SETTINGS: AttackSettings = {
  detailedDefenseless: false,
  specificWounds: true,
  grievousInjuries: true,
  neckGroin: false,
  injuriesForEnemies: false,
  halfStepSizes: false,
  countdown: false,
  marginSpecialResults: false,
};

/** Where `--trace` sends a line per attack (null: silent). */
export const trace: { log: ((line: string) => void) | null } = { log: null };

/** One line of the trace: who hit whom with what, the totals and what it did. */
function traceLine(state: AttackState, a: Combatant, d: Combatant, hpBefore: number): string {
  const r = state.result;
  const totals = r ? `${r.attack} vs ${r.defense}${r.hit ? ` hit (${r.colour})` : " miss"}` : "no decision";
  const dmg = state.damage
    ? ` base ${state.damage.result.base} → ${state.damage.result.final ?? "none"}`
    : "";
  const injury = state.injury?.injury ? ` injury: ${state.injury.injury.effect}` : "";
  const wound = woundToApply(state) ? ` wound: ${woundToApply(state)!.wound}` : "";
  return `  ${a.t.name} (${a.stance}) → ${d.t.name} (${d.stance}) with ${state.declaration.weaponName}: ${totals}${dmg}; HP ${hpBefore} → ${d.vitals.value}${wound}${injury}`;
}

/** The most chips a combatant puts on one attack or defence (CH-3, CH-4): it keeps some for later. */
const CHIP_LIMIT = 3;

/** DOM-5: the target's domino is revealed for a defence its pips count in. */
function revealForDefence(d: Combatant, deck: DominoDeck, dice: Dice): DominoDeck {
  const defenseless = stanceLeavesDefenseless(d.stance) || conditions(d).has("defenseless");
  if (d.held && revealsDomino({ kind: "defence", defenseless })) {
    const r = revealHeld(d.held, "deck", deck, dice.rollDie);
    d.held = r.held;
    return r.deck;
  }
  return deck;
}

function setupOf(a: Combatant, d: Combatant, opt: AttackOption) {
  const cast = opt.mode === "cast";
  const ac = conditions(a);
  const dc = conditions(d);
  const defenseless = stanceLeavesDefenseless(d.stance) || dc.has("defenseless");
  const sneak = a.t.knacks.has("sneakAttack") && a.chips.spades > 0 && defenseless ? "offered" : "none";
  return {
    attacker: {
      actorId: a.id,
      name: a.t.name,
      side: {
        card: eff(a, cast ? "diamonds" : "clubs"),
        offense: ac.has("stunned") ? 0 : pips(a).offense,
        modifier: opt.shortfall + attackModifier(a, cast),
      },
      chips: cast ? 0 : a.chips.clubs,
      boon: false,
      size: a.t.size,
    },
    defender: {
      actorId: d.id,
      name: d.t.name,
      side: {
        spades: eff(d, "spades"),
        defense: defenseless ? 0 : pips(d).defense,
        shield: d.t.shield,
        guarded: d.stance === "guarded",
        entangled: dc.has("entangled"),
        helpless: dc.has("helpless"),
        defenseless,
        cover: 0,
        modifier: 0,
      },
      chips: d.chips.spades,
      boon: false,
      size: d.t.size,
      dr: d.t.dr,
      er: d.t.er,
      hearts: eff(d, "hearts"),
      clubs: eff(d, "clubs"),
      enemy: d.t.tier === "enemy",
      grit: null,
      ownTurn: false,
      anatomy: true,
    },
    declaration: {
      weaponName: opt.name,
      mode: opt.mode,
      aim: null,
      calledShot: false,
      knockout: false,
      brawling: opt.brawling,
      weaponValue: opt.weaponValue,
      damageType: opt.damageType,
      flat: flatDamageBonus({ raging: a.rage.raging, melee: opt.mode === "melee" }),
      temporary: opt.temporary,
      tainted: opt.tainted,
      riders: opt.riders,
      reach: opt.reach,
      special: null,
      sneakAttack: sneak,
      stunningFist: "none",
    } as const,
    settings: DEFAULT_SETTINGS,
  };
}

/** AT-5 step 4: the attacker spends just enough ♣ chips to reach the defence, if it can. */
function attackerCommit(state: AttackState, a: Combatant): AttackAction {
  const { attack, defence } = currentTotals(state);
  const gap = defence - attack;
  const chips = gap > 0 && gap <= Math.min(attackerChipsAvailable(state), CHIP_LIMIT) ? gap : 0;
  a.chips.clubs -= chips;
  return { kind: "commitAttacker", chips, boon: false };
}

/** AT-5 step 5: the defender spends just enough ♠ chips to make it miss, if it can. */
function defenderCommit(state: AttackState, d: Combatant): AttackAction {
  const { attack, defence } = currentTotals(state);
  const need = attack - defence + 1;
  const chips = need > 0 && need <= Math.min(d.chips.spades, CHIP_LIMIT) ? need : 0;
  d.chips.spades -= chips;
  return { kind: "commitDefender", chips, boon: false };
}

/** HP-2 and DMG-6 on the GM's client: the damage, then the riders; the report the card records. */
function applyHit(state: AttackState, a: Combatant, d: Combatant, dice: Dice): AttackAction {
  const dmg = state.damage!;
  let report: DamageReport | null = null;
  if (dmg.result.outcome === "damage") {
    const hpBefore = d.vitals.value;
    const max = hpMax(d.vitals);
    const r = hurt(d, dmg.result.final!, a, { temporary: dmg.temporary, tainted: state.declaration.tainted });
    report = {
      hpBefore,
      hpMax: max,
      lost: r?.lost ?? 0,
      drainAdded: r?.drainAdded ?? 0,
      becameUnconscious: r?.becameUnconscious ?? false,
      grit: null,
    };
  }
  if (ridersApply(dmg.result.outcome)) applyRiders(d, state.declaration.riders, a, dice);
  return { kind: "applyDamage", report };
}

/** The action a table takes at the card's current step. */
function nextAction(state: AttackState, a: Combatant, d: Combatant, dice: Dice): AttackAction {
  switch (state.step) {
    case "attacker":
      return attackerCommit(state, a);
    case "defender":
      return defenderCommit(state, d);
    case "damage": {
      const sneakAttack = state.declaration.sneakAttack === "offered";
      if (sneakAttack) a.chips.spades -= 1;
      return {
        kind: "rollDamage",
        dF: dice.fudge(),
        d100: needsMissileRoll(state) ? dice.rollDie(100) : undefined,
        d10: needsKnockoutRoll(state) ? dice.rollDie(10) : undefined,
        sneakAttack,
      };
    }
    case "apply":
      return applyHit(state, a, d, dice);
    case "wound":
      return {
        kind: "woundSave",
        roll: state.wound?.target === null ? null : rollTestDice(dice.rollDie).roll,
      };
    case "injuryLocation":
      return { kind: "rollLocation", dice: [1, 2, 3, 4].map(() => dice.rollDie(6)) };
    case "injuryShift":
      return { kind: "chooseLocation", location: state.injury!.rolled!.location };
    case "injuryEffect":
      return { kind: "rollEffect", d6: dice.rollDie(6) };
    default:
      throw new Error(`the balance tool does not play the attack step "${state.step}"`);
  }
}

/**
 * AT-1..INJ-3: `a` attacks `d` with `opt`. The card decides everything; this supplies dice, chip
 * choices and the effects on the two combatants. Returns the deck after any reveal.
 */
export function playAttack(
  a: Combatant,
  d: Combatant,
  opt: AttackOption,
  deck: DominoDeck,
  dice: Dice,
): DominoDeck {
  if (opt.mode === "cast") a.chips.diamonds = payForCast(a.chips.diamonds, opt.chipCost);
  const next = revealForDefence(d, deck, dice);
  const hpBefore = d.vitals.value;
  let state = createAttackState(setupOf(a, d, opt));
  let woundDone = false;
  for (let guard = 0; state.step !== "done"; guard++) {
    if (guard > 20) throw new Error("an attack card did not finish");
    const step = state.step;
    const r = advanceAttack(state, nextAction(state, a, d, dice));
    if (!r.ok) throw new Error(`attack step ${step} refused: ${r.code}`);
    state = r.state;
    if (step === "wound" && !woundDone) {
      woundDone = true;
      const w = woundToApply(state);
      if (w) {
        const item = createWound(w.location, state.declaration.brawling, w.wound);
        applyHarms(d, item.immediate, item.lasting, a, dice);
      }
    }
  }
  if (state.injury?.injury)
    applyHarms(d, state.injury.injury.immediate, state.injury.injury.lasting, a, dice);
  a.rage = rageAfterAttack(a.rage);
  trace.log?.(traceLine(state, a, d, hpBefore));
  return next;
}
