/**
 * A step of the attack card on the active GM's client: roll the step's dice with Foundry Rolls (Dice
 * So Nice shows them), build the action the pure state machine (src/rules/attack/index.ts) takes, and
 * do its effects on the actors (./effects.ts). Each kind of step is one short function in the
 * STEP_ACTIONS table; ./gm-step.ts checks the asker first and writes the card after.
 */
import { isMarginSpecial, marginChoiceProblem } from "../../rules/options";
import {
  advanceAttack,
  marginSaves,
  reactionProblem,
  reactionsEndWith,
  soakProblem,
  gritReport,
  type AttackAction,
  type AttackActionKind,
  type AttackStepResult,
  type DefenceReveal,
  type SoakPayment,
} from "../../rules/attack/index";
import { getSetting } from "../../data/settings";
import { refused, type Refusal } from "./refusal";
import { rollTest, type StepContext } from "./context";
import {
  combatTokenOf,
  defenceNeedsPips,
  heldItemNames,
  payReactiveDefence,
  pipsNeeded,
  startedCombatantOf,
} from "./actors";
import { applyRiders, applyStunningFist, stepEffects } from "./effects";
import {
  injuryCellFromTables,
  injuryLocationFromTables,
  missileLocationFromTables,
  woundRowFromTables,
} from "./tables";
import { effectRoll } from "../../rules/injury/effect-table";
import { LOCATION_DICE, locationFace } from "../../rules/injury/location";
import { withSneakAttack, withStunningFist, woundPossible } from "../../rules/attack/hit";
import { spendGrit } from "../grit-and-wounds";
import { KNACKS } from "../../rules/knacks";

/** KN-2: Sneak Attack's chips (1 ♠), from the knack table. */
const SNEAK_ATTACK_COST = KNACKS.sneakAttack.cost;
const STUNNING_FIST_COST = KNACKS.stunningFist.cost;
import type { WoundRow } from "../../rules/wound-tables";

/** One Roll of the step, kept for Dice So Nice; its total. */
async function roll(c: StepContext, formula: string): Promise<number> {
  const r = await new Roll(formula).evaluate();
  c.rolls.push(r);
  return Number(r.total);
}

/**
 * AT-5, CH-7, TL-6: a side closes its window, paying its class chips and its Boon. No die is rolled:
 * the hit is a comparison of totals (T-11), decided by the state machine once both windows close.
 */
async function commit(
  c: StepContext,
  kind: "commitAttacker" | "commitDefender",
): Promise<AttackAction | Refusal> {
  const action = { kind, chips: Math.trunc(Number(c.data.chips ?? 0)), boon: Boolean(c.data.boon) };
  const probe = advanceAttack(c.state, action);
  if (!probe.ok) return probe;
  const actor = kind === "commitAttacker" ? c.attacker : c.defender;
  if (actor && action.chips > 0) {
    const suit = kind === "commitAttacker" ? "clubs" : "spades";
    const use = { kind: kind === "commitAttacker" ? ("attack" as const) : ("defence" as const) };
    if (await actor.spendChips(suit, action.chips, use)) return refused("badChips");
  }
  // TL-6: a Boon is one token, spent whatever the outcome (none left to spend changes nothing).
  if (actor && action.boon) await actor.creature.spendBoon();
  return action;
}

const SNEAK_ATTACK_USE = { kind: "knack", suit: "spades" } as const;
const STUNNING_FIST_USE = { kind: "knack", suit: "clubs" } as const;

/**
 * KN-2 Sneak Attack (1 ♠ chip) and Stunning Fist (1 ♣ chip): each asked for is checked (offered on the
 * card, its chip held) before either is paid, so a refusal costs nothing and a retry pays once. Paid
 * before the damage roll, the chips stay spent (CH-7).
 */
async function payKnacks(
  c: StepContext,
  sneakAttack: boolean,
  stunningFist: boolean,
): Promise<Refusal | null> {
  const attacker = c.attacker;
  if (sneakAttack && (!withSneakAttack(c.state.declaration) || !attacker)) return refused("noSneakAttack");
  if (stunningFist && (!withStunningFist(c.state.declaration) || !attacker)) return refused("noStunningFist");
  if (!attacker) return null;
  const creature = attacker.creature;
  if (sneakAttack && creature.chipSpendProblem("spades", SNEAK_ATTACK_COST, SNEAK_ATTACK_USE))
    return refused("badChips");
  if (stunningFist && creature.chipSpendProblem("clubs", STUNNING_FIST_COST, STUNNING_FIST_USE))
    return refused("badChips");
  if (sneakAttack && (await attacker.spendChips("spades", SNEAK_ATTACK_COST, SNEAK_ATTACK_USE)))
    return refused("badChips");
  if (stunningFist && (await attacker.spendChips("clubs", STUNNING_FIST_COST, STUNNING_FIST_USE)))
    return refused("badChips");
  return null;
}

/** DMG-1, DMG-2, SW-6: the damage dice (the Fate dice, and the d100/d10 a result may call for). */
async function rollDamage(c: StepContext): Promise<AttackAction | Refusal> {
  const sneakAttack = c.data.sneakAttack === true;
  const stunningFist = c.data.stunningFist === true;
  const unpaid = await payKnacks(c, sneakAttack, stunningFist);
  if (unpaid) return unpaid;
  const dF = await roll(c, c.formulas[0] ?? "4dF");
  const d100 = c.formulas.includes("1d100") ? await roll(c, "1d100") : undefined;
  const d10 = c.formulas.includes("1d10") ? await roll(c, "1d10") : undefined;
  // SW-3, SW-9: where the GM's Missile Hit Location table puts the missile (null: the built-in table).
  const missileLocation = d100 === undefined ? null : await missileLocationFromTables(d100);
  const sneak = { ...(sneakAttack ? { sneakAttack } : {}), ...(stunningFist ? { stunningFist } : {}) };
  return missileLocation
    ? { kind: "rollDamage", dF, d100, d10, missileLocation, ...sneak }
    : { kind: "rollDamage", dF, d100, d10, ...sneak };
}

/** INJ-3, INJ-10: the 4d6, and the location the GM's Injury Location table gives for their face. */
async function rollLocation(c: StepContext): Promise<AttackAction> {
  const r = await new Roll("4d6").evaluate();
  c.rolls.push(r);
  const dice = r.dice[0]?.results.map((x) => x.result) ?? [];
  if (dice.length !== LOCATION_DICE || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))
    return { kind: "rollLocation", dice };
  const { face } = locationFace(dice);
  const sum = dice.reduce((a, b) => a + b, 0);
  const location = await injuryLocationFromTables(face, sum, c.state.settings.neckGroin);
  return location ? { kind: "rollLocation", dice, location } : { kind: "rollLocation", dice };
}

/** SW-7, SW-9: the row the GM's Specific Wounds table gives for the hit's aim, when a wound is checked. */
async function woundRow(c: StepContext): Promise<WoundRow | null> {
  const aim = c.state.location;
  if (!aim || !woundPossible(c.state)) return null;
  return woundRowFromTables(c.state.declaration.brawling, aim);
}

/** INJ-2 step 3, INJ-10: the effect d6, and what the GM's Injury Effects table says for its row. */
async function rollEffect(c: StepContext): Promise<AttackAction> {
  const d6 = await roll(c, "1d6");
  const injury = c.state.injury;
  if (!injury?.location) return { kind: "rollEffect", d6 };
  const cell = await injuryCellFromTables(injury.location, effectRoll(d6, injury.trigger.killingBlow));
  return cell ? { kind: "rollEffect", d6, cell } : { kind: "rollEffect", d6 };
}

/** HP-2, DMG-4..DMG-6, §23: the GM applies the hit; the card reports what it did. */
async function applyDamage(c: StepContext): Promise<AttackAction | Refusal> {
  const defender = c.defender;
  const dmg = c.state.damage;
  if (!defender || !dmg) return refused("noMessage");
  const creature = defender.creature;
  const before = { hpBefore: creature.hp.value, hpMax: creature.hp.max ?? 0 };
  // §23: the Grit before the hit and eff(♥), for the card's account of a Grit and Wounds hit.
  const gritBefore = creature.grit.value;
  const heartsEff = creature.suits.hearts.eff;
  const applied = await defender.applyHit(dmg.result, c.state.declaration.riders ?? [], {
    temporary: dmg.temporary,
    // DMG-5, DRN-5: tainted damage adds ♥ taint for the HP it removes and any overflow drain.
    tainted: c.state.declaration.tainted === true,
  });
  // DMG-6: the condition and ongoing riders the hit carries (their saves rolled here).
  await applyRiders(defender, applied.pending, c.rolls, c.state.declaration.weaponName);
  // KN-2 Stunning Fist: the target's ♥ save, or Stunned until the end of its next turn.
  if (c.state.declaration.stunningFist === "taken")
    await applyStunningFist(defender, c.rolls, c.state.declaration.weaponName);
  const grit = applied.damage?.grit ?? null;
  // Dice So Nice shows the GW-5 wound check and the GW-10 minutes with the card.
  if (grit) c.rolls.push(...grit.rolls);
  // SW-6: a Red knock-out leaves the target Unconscious for 1d10 minutes. CON-5 has no minutes (a
  // round's length in minutes is not a rule), so the record lasts until removed and its source names
  // the minutes rolled, which the sheet and the card show (docs/decisions.md).
  if (c.state.knockoutMinutes !== null) {
    const source = game.i18n.format("ZILCH.Attack.KnockoutSource", {
      minutes: String(c.state.knockoutMinutes),
    });
    await defender.applyCondition("unconscious", { kind: "indefinite" }, source);
  }
  const row = await woundRow(c);
  const table = row ? { woundRow: row } : {};
  if (!applied.damage) return { kind: "applyDamage", report: null, ...table };
  const { lost, drainAdded, becameUnconscious } = applied.damage;
  const report = {
    ...before,
    lost,
    drainAdded,
    becameUnconscious,
    grit: grit && gritReport(grit, gritBefore, heartsEff),
  };
  return { kind: "applyDamage", report, ...table };
}

/** OPT-1: an empty slot keeps its +1 damage; the saves are rolled only for a valid choice. */
async function chooseMargin(c: StepContext): Promise<AttackAction | Refusal> {
  const choices = (c.data.margin ?? []).filter((m) => m !== "");
  if (!choices.every(isMarginSpecial)) return refused("unknownSpecial");
  const problem = marginChoiceProblem(choices, c.state.result?.marginBonus ?? 0);
  if (problem) return refused(problem);
  const saveRolls: number[] = [];
  for (let i = marginSaves(c.state, choices).length; i > 0; i--) saveRolls.push(await rollTest(c.rolls));
  return { kind: "chooseMargin", choices, saveRolls };
}

/** SP-1: the defender's card against the attacker's ♣; `held` names what a Disarm could take. */
async function specialContest(c: StepContext): Promise<AttackAction | Refusal> {
  const suit = c.data.suit;
  if (!suit) return refused("malformed");
  const attackerRoll = await rollTest(c.rolls);
  const defenderRoll = await rollTest(c.rolls);
  return { kind: "specialContest", suit, attackerRoll, defenderRoll, held: disarmable(c) };
}

/** SP-2 Disarm: the items the defender holds in its hands (read only for a Disarm). */
const disarmable = (c: StepContext): string[] =>
  c.defender && c.state.declaration.special === "disarm" ? heldItemNames(c.defender) : [];

/** SP-3: the victim's escape; as a contest against the controller's ♣ when the setting says so. */
async function escape(c: StepContext): Promise<AttackAction | Refusal> {
  const suit = c.data.suit;
  if (!suit) return refused("malformed");
  // SP-3 [design]: the setting is read when the escape is made, so a change applies at once.
  const escapeContest = Boolean(getSetting("grappleEscapeContest"));
  const rolled = await rollTest(c.rolls);
  const controllerRoll = escapeContest ? await rollTest(c.rolls) : undefined;
  return { kind: "escape", suit, escapeContest, roll: rolled, controllerRoll };
}

/**
 * GW-4, AT-5 step 1: checked before paying, so a refused reaction costs no Grit; the test is rolled
 * as it is declared. When it ends the step, the target's domino is revealed with it.
 */
async function react(c: StepContext): Promise<AttackAction | Refusal> {
  const reaction = c.data.reaction;
  if (!reaction) return refused("malformed");
  const problem = reactionProblem(c.state, reaction);
  if (problem) return refused(problem);
  if (!c.defender || !(await spendGrit(c.defender))) return refused("noGrit");
  const roll = await rollTest(c.rolls);
  const reveal = reactionsEndWith(c.state, "react") ? await revealDefence(c.defender) : null;
  return reveal ? { kind: "react", reaction, roll, reveal } : { kind: "react", reaction, roll };
}

/** CD-15: checked before paying, so a refused Soak costs no die; the combat takes the die, then the test. */
async function soak(c: StepContext): Promise<AttackAction | Refusal> {
  const problem = soakProblem(c.state);
  if (problem) return refused(problem);
  const found = c.defender ? startedCombatantOf(c.defender) : null;
  if (!found?.combat.id) return refused("soakNoCombatant");
  const payment: SoakPayment = c.data.payment === "burn" ? "burn" : "one";
  const request = {
    kind: "soak",
    combatId: found.combat.id,
    combatantId: found.combatantId,
    payment,
  } as const;
  const paid = await found.combat.zilchApply(request, game.user ?? null);
  if (!paid.ok) return refused("soakUnpaid");
  return { kind: "soak", payment, roll: await rollTest(c.rolls) };
}

/** DOM-5, AT-5 step 2: the target's domino, revealed once it has reacted, if its defence counts. */
async function revealDefence(defender: Actor.Implementation): Promise<DefenceReveal> {
  const pips = await pipsNeeded(combatTokenOf(defender), defenceNeedsPips(defender));
  return { defense: pips?.defense ?? 0, defenseless: Boolean(pips?.defenseless) };
}

/**
 * CD-15, AT-5 steps 1-2: the target takes its reactive defence (its highest usable die discarded
 * first; refused, with nothing revealed, when it has none or is Defenseless), or ends the step with
 * no (more) reaction. When the step ends, its domino is revealed and its pips go with the action.
 */
async function reactiveDefence(c: StepContext): Promise<AttackAction | Refusal> {
  const defender = c.defender;
  if (!defender) return refused("noMessage");
  if (!c.data.answer) return refused("malformed");
  const take = c.data.answer === "take";
  const probe = advanceAttack(c.state, { kind: "reactiveDefence", take, reveal: NO_PIPS });
  if (!probe.ok) return probe;
  const side = c.state.defender.side;
  if (take && !(await payReactiveDefence(defender, Boolean(side.defenseless || side.helpless))))
    return refused("reactiveUnpaid");
  if (!reactionsEndWith(c.state, take ? "take" : "decline")) return { kind: "reactiveDefence", take };
  return { kind: "reactiveDefence", take, reveal: await revealDefence(defender) };
}

/** A reveal of no pips, to check an answer before anything is paid or revealed. */
const NO_PIPS: DefenceReveal = { defense: 0, defenseless: false };

type StepAction = (c: StepContext) => Promise<AttackAction | Refusal>;

/** The action each kind of step takes, with its dice rolled here (never sent by the asker). */
const STEP_ACTIONS: Readonly<Record<AttackActionKind, StepAction>> = {
  commitAttacker: (c) => commit(c, "commitAttacker"),
  commitDefender: (c) => commit(c, "commitDefender"),
  rollDamage,
  applyDamage,
  woundSave: async (c) => ({
    kind: "woundSave",
    roll: c.formulas.length > 0 ? await rollTest(c.rolls) : null,
  }),
  rollLocation,
  chooseLocation: async (c) =>
    c.data.location ? { kind: "chooseLocation", location: c.data.location } : refused("malformed"),
  rollEffect,
  setMovement: async (c) =>
    c.data.movement ? { kind: "setMovement", movement: c.data.movement } : refused("malformed"),
  chooseMargin,
  specialContest,
  specialRuling: async (c) =>
    c.data.ruling
      ? { kind: "specialRuling", ruling: c.data.ruling, held: disarmable(c) }
      : refused("malformed"),
  escape,
  pin: async (c) => {
    const controllerRoll = await rollTest(c.rolls);
    return { kind: "pin", controllerRoll, victimRoll: await rollTest(c.rolls) };
  },
  release: async () => ({ kind: "release" }),
  react,
  soak,
  reactiveDefence,
};

/** Dice So Nice's `game.dice3d`, as far as the card uses it (its API: `showForRoll(roll, user, synchronize)`). */
interface DiceSoNice {
  showForRoll(roll: Roll, user: unknown, synchronize: boolean): Promise<unknown>;
}
const isDiceSoNice = (v: unknown): v is DiceSoNice =>
  typeof v === "object" && v !== null && "showForRoll" in v && typeof v.showForRoll === "function";

/**
 * Dice So Nice, when installed, animates the GM's rolls for everyone (FOUNDRY-FACTS §6). Its
 * `showForRoll` resolves only when the animation ends (systems await it to hold results back:
 * Foundryborne/daggerheart#1024, asacolips-projects/13th-age#325), which takes longer in a background
 * tab or with slow dice settings. The step is not held for it: the card's other steps queue behind
 * the step's slot, and the asker's request would time out (channel.ts) though the step was applied.
 * The rolls animate one after another on their own; a failed animation is only logged.
 */
function show(rolls: readonly Roll[]): void {
  const dice3d: unknown = Reflect.get(game, "dice3d");
  if (!isDiceSoNice(dice3d) || rolls.length === 0) return;
  void rolls
    .reduce<Promise<unknown>>(
      (previous, r) => previous.then(() => dice3d.showForRoll(r, game.user, true)),
      Promise.resolve(),
    )
    .catch((error: unknown) => console.warn("Zilch | Dice So Nice could not show a roll", error));
}

/**
 * One action taken on the GM's client, whoever asked for it (a user's click, or the GM's client itself
 * for a step nobody decides, ./automatic.ts): its dice rolled here, the card's state moved on, the
 * step's effects on the creatures done. The caller writes the card.
 */
export async function takeStep(c: StepContext): Promise<AttackStepResult | Refusal> {
  const action = await STEP_ACTIONS[c.data.kind](c);
  if ("ok" in action) return action;
  const next = advanceAttack(c.state, action);
  if (!next.ok) return next;
  show(c.rolls);
  await stepEffects(c, next.state);
  return next;
}
