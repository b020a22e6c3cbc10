/**
 * The attack flow in Foundry (AT-1..AT-7, CH-7, DMG, HP-2, SW, INJ): the sheet's or tracker's attack
 * button opens a declaration dialog; the active GM's client checks the declaration, reveals the
 * defender's domino when DOM-5 requires it, and posts ONE chat card whose state (flags.zilch.attack) is
 * the pure state machine of src/rules/attack/state.ts. Every later step is a request to the GM's client,
 * which checks the asking user (proven by the request channel, src/requests/), rolls the step's dice
 * with Foundry `Roll` (Dice So Nice shows them), does the step's effect on actors through ZilchActor,
 * and rewrites the card. The stored content has no controls; each client adds its own viewer's controls
 * when it renders the message.
 */
import { aimingPoint, attackIllegalReasons, declarationProblems, type AttackMode } from "../../rules/attack";
import type { Rider } from "../../rules/damage";
import { weaponDamage, weaponStrengthModifier } from "../../rules/equipment";
import { lastingModifiers, type ImmediateHarm, type ResolvedImmediateHarm } from "../../rules/injuries";
import { actorInjuries } from "../dialogs/roll-dialog";
import { rangeModifierAt, withinReach } from "../../rules/range";
import { saveSucceeds, testRoll, type TestDice } from "../../rules/tests";
import { createWound } from "../../rules/wounds";
import { untilEndOfNextTurn, type ConditionDuration } from "../../rules/conditions";
import { isMarginSpecial, marginChoiceProblem, type MarginDuration } from "../../rules/options";
import { SPECIAL_ATTACK_KINDS, type SpecialAttackKind } from "../../rules/special";
import {
  AIMING_POINTS,
  type AimingPoint,
  type Condition,
  type Location,
  type Size,
  type Suit,
} from "../../rules/vocabulary";
import {
  advanceAttack,
  COVER_CHOICES,
  coverOf,
  createAttackState,
  defenselessFixed,
  naturalWeapon,
  statBlockAttackAt,
  type StatBlockAttack,
  gritReport,
  marginConditions,
  reactionProblem,
  marginSaves,
  mayAct,
  soakProblem,
  attackModifierParts,
  attackInjuryUse,
  modifierSum,
  offersInjuryOverride,
  specialConditionChanges,
  woundToApply,
  type MovementChoice,
  type SpecialRuling,
  type SoakPayment,
  type ReactionKind,
  type AttackAction,
  type AttackActionKind,
  type AttackRequester,
  type AttackSetup,
  type AttackState,
  type ModifierPart,
} from "../../rules/attack/state";
import { marginMarksBought, marksForAttack } from "../../rules/round/margin";
import { ATTACK_CARD_TEMPLATE, attackCardContext, diceFor } from "../../dice/attack-card";
import { ATTACK_CARD_ACTIONS } from "../../rules/attack/card";
import { pipsOf } from "../../rules/round/state";
import { ZilchCombat } from "../../documents/combat";
import type { ZilchActor } from "../../documents/actor";
import { getSetting, SYSTEM_ID } from "../../data/settings";
import { askGM, type RequestResult } from "../../requests/channel";
import {
  ATTACK_DECLARE_REQUEST,
  ATTACK_STEP_REQUEST,
  parseDeclare,
  parseStep,
  type AttackDeclarationInput,
  type AttackDeclareData,
  type AttackStepData,
  type AttackWeapon,
} from "../../documents/attack/requests";
import { cardProblem, cardSeq, sealCard, SEQ_FLAG } from "../../documents/attack/seals";
import { serially } from "../../requests/serial";
import { castCheck, squaresBetween } from "./cast";
import { payCast } from "../../documents/spellcasting";
import { combatantOfCreature } from "../../rules/round/creature";
import { ZilchTestRoll } from "../../dice/zilch-test-roll";

export {
  ATTACK_DECLARE_REQUEST,
  ATTACK_STEP_REQUEST,
  type AttackDeclarationInput,
  type AttackDeclareData,
  type AttackStepData,
  type AttackWeapon,
} from "../../documents/attack/requests";

export type AttackQueryResult = RequestResult;

// ---------------------------------------------------------------------------------------------
// What the flow reads from actors and items (prepared data of the character and npc models)
// ---------------------------------------------------------------------------------------------

interface CreatureView {
  suits: Record<Suit, { eff: number; eff2: number }>;
  chips: Record<Suit, number | { value: number }>;
  boons?: number;
  size?: Size;
  conditions?: ReadonlySet<Condition>;
  equipment?: { shield?: string };
  classList?: unknown;
}

interface WeaponView {
  category: Parameters<typeof weaponDamage>[0];
  modes: { melee: boolean; thrown: boolean; launcher: boolean };
  reach: number;
  rangeClass: Parameters<typeof rangeModifierAt>[0] | null;
  reload: string;
  temporary: boolean;
  brawling: boolean;
  riders?: Rider[];
}

/** NPC-4: a stat-block attack is a melee weapon of its category, armed, with no range or reload. */
function naturalView(row: StatBlockAttack): WeaponView {
  const w = naturalWeapon(row);
  return {
    category: w.category,
    modes: { melee: true, thrown: false, launcher: false },
    reach: w.reach,
    rangeClass: null,
    reload: "",
    temporary: w.temporary,
    brawling: w.brawling,
    riders: [...w.riders],
  };
}

/** NPC-1: the stat-block attack a weapon reference names on this actor, if it names one. */
function naturalOf(actor: Actor.Implementation, weapon: AttackWeapon): StatBlockAttack | null {
  if (!("natural" in weapon) || typeof weapon.natural !== "number") return null;
  return statBlockAttackAt(
    (actor.system as unknown as { attacks?: StatBlockAttack[] }).attacks,
    weapon.natural,
  );
}

const creature = (actor: Actor.Implementation): CreatureView => actor.system as unknown as CreatureView;
const chipsOf = (c: CreatureView, suit: Suit): number => {
  const held = c.chips?.[suit];
  return typeof held === "number" ? held : (held?.value ?? 0);
};
const isPC = (actor: Actor.Implementation) => (actor.type as string) === "character";
const zilch = (actor: Actor.Implementation) => actor as unknown as ZilchActor;

/** The combatant of a token in the active combat, if any. */
function combatantOf(
  tokenId: string | null | undefined,
): { combat: ZilchCombat; combatant: Combatant.Implementation } | null {
  const combat = game.combat as unknown as ZilchCombat | null;
  if (!combat || !tokenId) return null;
  const combatant = [...combat.combatants].find((c) => c.tokenId === tokenId);
  return combatant ? { combat, combatant } : null;
}

/** The actor's combatant in the active, started combat, if any. */
function startedCombatantOf(
  actor: Actor.Implementation,
): { combat: ZilchCombat; combatant: Combatant.Implementation } | null {
  const combat = game.combat as unknown as ZilchCombat | null;
  const combatant = combat?.started ? combatantOfCreature(combat.combatants, actor) : undefined;
  return combat && combatant ? { combat, combatant } : null;
}

/** INJ-7: the actor's combatant in the active combat loses the rest of this round's actions. */
async function loseRoundActionsOf(actor: Actor.Implementation): Promise<void> {
  const found = startedCombatantOf(actor);
  if (!found) return;
  const { combat, combatant } = found;
  const result = await combat.zilchApply(
    { kind: "loseRoundActions", combatId: combat.id!, combatantId: combatant.id! },
    game.user ?? null,
  );
  if (!result.ok) console.warn(`Zilch | INJ-7 lose-round-actions not applied: ${result.code}`);
}

/** OPT-1 "Lose an action": the actor's combatant Burns 1 (countdown) or loses its next Minor action (Spades). */
async function loseActionOf(actor: Actor.Implementation): Promise<void> {
  const found = startedCombatantOf(actor);
  if (!found) return;
  const { combat, combatant } = found;
  const result = await combat.zilchApply(
    { kind: "loseAction", combatId: combat.id!, combatantId: combatant.id! },
    game.user ?? null,
  );
  if (!result.ok) console.warn(`Zilch | OPT-1 lose-an-action not applied: ${result.code}`);
}

/**
 * DOM-5, AT-5 step 2: reveal a combatant's face-down domino on the GM's client when its pips are
 * needed (a defence that counts pips, or an attack before its turn), then read its pips (ST-2, ST-6).
 */
async function pipsNeeded(
  tokenId: string | null | undefined,
  need: (stance: string | null) => boolean,
): Promise<{ offense: number; defense: number; defenseless: boolean } | null> {
  const found = combatantOf(tokenId);
  if (!found) return null;
  const { combat, combatant } = found;
  const round = combat.zilchRoundOf(combatant.id!);
  if (round.domino?.state === "faceDown" && need(round.stance)) {
    await combat.zilchApply(
      { kind: "revealDomino", combatId: combat.id!, combatantId: combatant.id! },
      game.user ?? null,
    );
  }
  const after = combat.zilchRoundOf(combatant.id!);
  return pipsOf(after, ZilchCombat.factsOf(combatant), combat.zilchState.mode);
}

/** ST-1: the target's combatant shows the Guarded stance this round (read from the combat's flags). */
function guardedOf(tokenId: string | null | undefined): boolean {
  const found = combatantOf(tokenId);
  return found?.combat.zilchRoundOf(found.combatant.id!).stance === "guarded";
}

const settings = (): AttackSetup["settings"] => ({
  detailedDefenseless: Boolean(getSetting("detailedDefenseless")),
  specificWounds: Boolean(getSetting("specificWounds")),
  grievousInjuries: Boolean(getSetting("grievousInjuries")),
  neckGroin: Boolean(getSetting("neckGroin")),
  injuriesForEnemies: Boolean(getSetting("injuriesForEnemies")),
  halfStepSizes: Boolean(getSetting("halfStepSizes")),
  countdown: getSetting("initiativeMode") === "countdown",
  marginSpecialResults: Boolean(getSetting("marginSpecialResults")),
});

/** AT-1..AT-3 on the GM's client: check the declaration, reveal what DOM-5 requires, build the card. */
async function declareOnGM(data: AttackDeclareData, user: User.Implementation): Promise<AttackQueryResult> {
  const attacker = (await fromUuid(data.attackerUuid)) as Actor.Implementation | null;
  const token = (await fromUuid(data.targetTokenUuid)) as TokenDocument.Implementation | null;
  const defender = token?.actor ?? null;
  if (!attacker || !defender || !token) return { ok: false, code: "noTarget" };
  if (!user.isGM && !attacker.testUserPermission(user, "OWNER")) return { ok: false, code: "notAttacker" };
  // NPC-1: a stat-block attack is named by its index, checked against this attacker's own stat block.
  const natural =
    data.itemId === undefined
      ? statBlockAttackAt(
          (attacker.system as unknown as { attacks?: StatBlockAttack[] }).attacks,
          data.natural,
        )
      : null;
  const item = data.itemId === undefined ? null : (attacker.items.get(data.itemId) ?? null);
  if (!item && !natural) return { ok: false, code: "declaration" };
  const d = data.declaration;
  const spell = (item?.type as string | undefined) === "spell";
  const mode: AttackMode = spell ? "cast" : d.mode;
  if (
    declarationProblems({ mode, aim: d.aim ?? undefined, calledShot: d.calledShot, knockout: d.knockout })
      .length > 0
  ) {
    return { ok: false, code: "declaration" };
  }
  // SP-1 step 1: a Special Attack announces its kind before it is resolved.
  if (mode === "special" && !SPECIAL_ATTACK_KINDS.includes(d.special as SpecialAttackKind))
    return { ok: false, code: "declaration" };
  const a = creature(attacker);
  const t = creature(defender);
  const weapon = natural ? naturalView(natural) : spell ? null : (item!.system as unknown as WeaponView);

  // AT-1, RNG-2: reach or range when the distance is known (same scene); otherwise range is skipped.
  const attackerToken = attacker.getActiveTokens(false, true)[0] ?? null;
  const squares = squaresBetween(attackerToken as TokenDocument.Implementation | null, token);
  let rangeModifier = 0;
  let inReach = true;
  if (squares !== null && weapon && mode === "melee") inReach = withinReach(squares, weapon.reach);
  if (squares !== null && weapon && (mode === "thrown" || mode === "launcher") && weapon.rangeClass) {
    const m = rangeModifierAt(weapon.rangeClass, squares);
    inReach = m !== null;
    rangeModifier = m ?? 0;
  }
  const illegal = attackIllegalReasons({
    conditions: a.conditions ?? [],
    inReachOrRange: inReach,
    totalCover: Boolean(d.totalCover) || (d.cover ?? 0) < 0,
  });
  if (illegal.length > 0) {
    return {
      ok: false,
      code: "illegal",
      data: { reasons: illegal.map((r) => game.i18n!.localize(`ZILCH.Attack.Error.${r}`)).join(", ") },
    };
  }

  // MAG-3, MAG-5: a Cast needs its ♦ chips (unless the GM overrides) and a target within its range.
  const cast = spell ? castCheck(attacker, item!, squares, d.chipOverride === true && user.isGM) : null;
  if (cast && !cast.ok) return cast.refused;

  // AT-2, INJ-7, INJ-8, SW-7: the attacker's injuries, fixed at declaration.
  const injuries = lastingModifiers(
    actorInjuries(attacker),
    attackInjuryUse((item?.system as unknown as { hands?: number } | undefined)?.hands, mode),
  );
  // AT-1: an attack with a broken, lost or disabled arm's hand is refused before anything is spent.
  if (injuries.unusable.length > 0 && !(d.injuryOverride === true && user.isGM)) {
    return {
      ok: false,
      code: "illegal",
      data: { reasons: game.i18n!.localize("ZILCH.Attack.Error.limbUnusable") },
    };
  }

  // DOM-5: the attacker's own domino is revealed for an attack before its turn (AT-5 step 2).
  const attackerPips = await pipsNeeded(attackerToken?.id, () => true);
  // AT-4, DOM-5: not for a Reckless target, whose defensive pips do not count.
  const targetConditions = t.conditions ?? new Set<Condition>();
  const targetHelpless = targetConditions.has("helpless") || targetConditions.has("defenseless");
  const defenderPips = await pipsNeeded(token.id, (stance) => stance !== "reckless" && !targetHelpless);

  // EQ-4: Strength shortfall; a PC's Strength is eff2(♣), an NPC's eff(♣) (SU-2).
  const ranged = mode === "thrown" || mode === "launcher";
  const strength = isPC(attacker) ? a.suits.clubs.eff2 : a.suits.clubs.eff;
  const shortfall = weapon
    ? weaponStrengthModifier(
        { category: weapon.category, ranged, winch: ranged && weapon.reload === "winch" },
        strength,
      )
    : 0;
  const spellData = spell ? (item!.system as unknown as { damage: number; riders?: Rider[] }) : null;

  // OPT-1: an Expose on the target goes to this attack (and is used up by it below); a Reduce defence
  // on it lowers its defence.
  const marks = marksForAttack(zilch(defender).marginMarks());
  // AT-2: the modifier is stored with its named parts so the card can show where the total came from.
  const attackParts = attackModifierParts({
    shortfall,
    range: rangeModifier,
    injuries: injuries.modifiers,
    expose: marks.expose,
    gm: d.modifier ?? 0,
  });
  const defenceParts: ModifierPart[] =
    marks.reduceDefence !== 0 ? [{ kind: "reduceDefence", value: marks.reduceDefence }] : [];
  const setup: AttackSetup = {
    attacker: {
      actorId: attacker.uuid,
      name: attacker.name ?? "",
      side: {
        card: mode === "cast" ? a.suits.diamonds.eff : a.suits.clubs.eff,
        offense: attackerPips?.offense ?? 0,
        modifier: modifierSum(attackParts),
      },
      modifiers: attackParts,
      chips: chipsOf(a, "clubs"),
      boon: (a.boons ?? 0) > 0,
      size: a.size ?? "medium",
    },
    defender: {
      actorId: defender.uuid,
      name: token.name ?? defender.name ?? "",
      side: {
        spades: t.suits.spades.eff,
        defense: defenderPips?.defense ?? 0,
        shield: (t.equipment?.shield ?? "none") as never,
        guarded: guardedOf(token.id),
        entangled: targetConditions.has("entangled"),
        helpless: targetConditions.has("helpless"),
        cover: d.cover ?? 0,
        defenseless: Boolean(defenderPips?.defenseless) || targetConditions.has("defenseless"),
        fixed: getSetting("detailedDefenseless") ? defenselessFixed(targetConditions) : undefined,
        modifier: modifierSum(defenceParts),
      },
      modifiers: defenceParts,
      chips: chipsOf(t, "spades"),
      boon: (t.boons ?? 0) > 0,
      size: t.size ?? "medium",
      dr: zilch(defender).resistance("dr"),
      er: zilch(defender).resistance("er"),
      hearts: t.suits.hearts.eff,
      clubs: t.suits.clubs.eff,
      // GW-4: the Grit a reaction is paid from, when Grit and Wounds applies to the target.
      grit: zilch(defender).usesGrit
        ? ((defender.system as unknown as { grit?: { value: number } }).grit?.value ?? 0)
        : null,
      enemy: zilch(defender).isEnemy,
      anatomy: true,
    },
    declaration: {
      weaponName: natural ? natural.name : (item!.name ?? ""),
      mode,
      aim: aimingPoint({ mode, aim: d.aim ?? undefined, calledShot: d.calledShot }),
      calledShot: Boolean(d.calledShot),
      knockout: Boolean(d.knockout),
      brawling: Boolean(weapon?.brawling),
      weaponValue: spellData ? spellData.damage : weapon ? weaponDamage(weapon.category) : 0,
      damageType: spell ? "energy" : natural ? natural.damageType : "physical",
      flat: 0,
      temporary: Boolean(weapon?.temporary),
      // DMG-6: a spell's riders ride on its hit as a weapon's do.
      riders: (spellData ? spellData.riders : weapon?.riders) ?? [],
      reach: weapon?.reach ?? 1,
      special: mode === "special" ? (d.special as SpecialAttackKind) : null,
    },
    settings: settings(),
  };
  const state = createAttackState(setup);
  // MAG-3: the chips are paid before the attack is resolved, and stay spent whatever it does (CH-7).
  if (cast?.ok) await payCast(zilch(attacker), cast.spell, cast.options);
  // Issue 15: the card starts at step 1, sealed, so only state the GM wrote is ever stepped.
  const card = await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    content: await renderCard(state, null),
    flags: { [SYSTEM_ID]: { attack: state, [SEQ_FLAG]: 1 } },
  } as never);
  if (card) await sealCard(card);
  if (marks.expose !== 0) await zilch(defender).setMarginMarks(marks.remaining);
  return { ok: true };
}

const renderCard = (state: AttackState, viewer: AttackRequester | null): Promise<string> =>
  foundry.applications.handlebars.renderTemplate(
    ATTACK_CARD_TEMPLATE,
    attackCardContext(state, viewer) as never,
  );

/** T-1: a test's dice (ZilchTestRoll), its Rolls kept for Dice So Nice. */
async function rollTest(rolls: Roll[]): Promise<TestDice> {
  const rolled = await ZilchTestRoll.rollTest();
  rolls.push(...rolled.rolls);
  return rolled.dice;
}

/** Dice So Nice, when installed, animates the GM's rolls for everyone. */
async function show(rolls: readonly Roll[]): Promise<void> {
  const dice3d = (
    game as unknown as { dice3d?: { showForRoll: (r: Roll, u: unknown, sync: boolean) => Promise<unknown> } }
  ).dice3d;
  if (!dice3d) return;
  for (const roll of rolls) await dice3d.showForRoll(roll, game.user, true);
}

/** SW-7, INJ-7: the immediate effects that need no choice, with their saves rolled on the GM's client. */
async function applyImmediate(
  actor: Actor.Implementation,
  harms: readonly (ImmediateHarm | ResolvedImmediateHarm)[],
  rolls: Roll[],
): Promise<void> {
  const z = zilch(actor);
  const c = creature(actor);
  const saved = async (save: { suit: Suit; modifier: number } | undefined) =>
    save ? saveSucceeds(testRoll(await rollTest(rolls)), c.suits[save.suit].eff + save.modifier) : false;
  for (const h of harms) {
    if (h.kind === "condition") {
      if (await saved(h.save)) continue;
      for (const condition of h.conditions) await z.setCondition(condition, true);
    } else if (h.kind === "extraDamage") await z.applyDamage(h.amount);
    else if (h.kind === "drain") await z.applyDrain(h.suit, h.amount, h.tainted);
    else if (h.kind === "dropToZero") {
      if (await saved(h.save)) continue;
      const value = (actor.system as unknown as { hp: { value: number } }).hp.value;
      if (value > 0) await z.applyDamage(value, { temporary: false });
      for (const condition of h.conditions) await z.setCondition(condition, true);
    } else if (h.kind === "mentalRankLoss") await z.setCondition(h.ranks > 1 ? "terrified" : "shaken", true);
    else if (h.kind === "loseRoundActions") await loseRoundActionsOf(actor);
    // dropHeld and limbLost are left to the table; ongoing is stored on the injury item.
  }
}

/** CB-4: is it the actor's own turn in the running combat (then "its next turn" is the one after)? */
function inOwnTurn(actor: Actor.Implementation): boolean {
  const current = (
    game.combat as unknown as { started?: boolean; combatant?: Combatant.Implementation | null } | null
  )?.combatant;
  return Boolean(game.combat?.started && current && combatantOfCreature([current], actor));
}

/** OPT-1, CON-5: a bought result's duration as the actor's condition duration. */
function marginDuration(d: MarginDuration, actor: Actor.Implementation): ConditionDuration {
  if (d === "endOfNextTurn") return untilEndOfNextTurn(inOwnTurn(actor));
  if (d === "startOfNextTurn") return { kind: "startOfNextTurn" };
  if (d === "thisRound") return { kind: "rounds", rounds: 1 };
  return { kind: "indefinite" };
}

/** SP-2 Disarm: the names of the items the defender holds in its hands (EQ-1 slot "hands"). */
function heldItems(defender: Actor.Implementation | null, state: AttackState): string[] {
  if (!defender || state.declaration.special !== "disarm") return [];
  return [...defender.items]
    .filter((i) => (i.system as unknown as { slot?: string }).slot === "hands")
    .map((i) => i.name ?? "");
}

/** The GM's side of a step: check the sender, roll, do the effect, record it, rewrite the card. */
async function stepOnGM(data: AttackStepData, user: User.Implementation): Promise<AttackQueryResult> {
  const message = game.messages?.get(data.messageId);
  const state = message?.getFlag(SYSTEM_ID as never, "attack" as never) as unknown as AttackState | undefined;
  if (!message || !state) return { ok: false, code: "noMessage" };
  // Issue 15: only a card the GM wrote, at the step the asker saw (a replay or double click is stale).
  const sealed = await cardProblem(message, data.seq);
  if (sealed) return { ok: false, code: sealed };
  const attacker = (await fromUuid(state.attacker.actorId)) as Actor.Implementation | null;
  const defender = (await fromUuid(state.defender.actorId)) as Actor.Implementation | null;
  const who: AttackRequester = {
    isGM: user.isGM,
    ownsAttacker: Boolean(attacker?.testUserPermission(user, "OWNER")),
    ownsDefender: Boolean(defender?.testUserPermission(user, "OWNER")),
  };
  const allowed = mayAct(state, data.kind, who);
  if (!allowed.ok) return allowed;

  const rolls: Roll[] = [];
  const roll = async (formula: string) => {
    const r = await new Roll(formula).evaluate();
    rolls.push(r);
    return r;
  };
  let action: AttackAction;
  const formulas = diceFor(state, data.kind);
  switch (data.kind) {
    case "commitAttacker":
    case "commitDefender": {
      const commit = {
        kind: data.kind,
        chips: Math.trunc(Number(data.chips ?? 0)),
        boon: Boolean(data.boon),
      };
      action = commit;
      const probe = advanceAttack(state, action);
      if (!probe.ok) return probe;
      const actor = data.kind === "commitAttacker" ? attacker : defender;
      if (actor && commit.chips > 0) {
        const suit: Suit = data.kind === "commitAttacker" ? "clubs" : "spades";
        const problem = await zilch(actor).spendChips(suit, commit.chips, {
          kind: data.kind === "commitAttacker" ? "attack" : "defence",
        });
        if (problem) return { ok: false, code: "badChips" };
      }
      // TL-6: a Boon is one token, spent whatever the outcome.
      if (actor && commit.boon)
        await actor.update({ "system.boons": Math.max(0, (creature(actor).boons ?? 0) - 1) } as never);
      break;
    }
    case "rollDamage": {
      const dF = Number((await roll(formulas[0])).total);
      const d100 = formulas.includes("1d100") ? Number((await roll("1d100")).total) : undefined;
      const d10 = formulas.includes("1d10") ? Number((await roll("1d10")).total) : undefined;
      action = { kind: "rollDamage", dF, d100, d10 };
      break;
    }
    case "applyDamage": {
      if (!defender) return { ok: false, code: "noMessage" };
      const hp = (defender.system as unknown as { hp: { value: number; max: number } }).hp;
      const before = { hpBefore: hp.value, hpMax: hp.max };
      // §23: the Grit before the hit and eff(♥), for the card's account of a Grit and Wounds hit.
      const gritBefore = (defender.system as unknown as { grit?: { value: number } }).grit?.value ?? 0;
      const heartsEff = creature(defender).suits.hearts.eff;
      const dmg = state.damage!;
      const applied = await zilch(defender).applyHit(dmg.result, state.declaration.riders ?? [], {
        temporary: dmg.temporary,
      });
      const grit = applied.damage?.grit ?? null;
      // Dice So Nice shows the GW-5 wound check and the GW-10 minutes with the card.
      if (grit) rolls.push(...grit.rolls);
      action = {
        kind: "applyDamage",
        report: applied.damage
          ? {
              ...before,
              lost: applied.damage.lost,
              drainAdded: applied.damage.drainAdded,
              becameUnconscious: applied.damage.becameUnconscious,
              grit: grit && gritReport(grit, gritBefore, heartsEff),
            }
          : null,
      };
      // SW-6: a Red knock-out leaves the target Unconscious for 1d10 minutes.
      if (state.knockoutMinutes !== null) await zilch(defender).setCondition("unconscious", true);
      break;
    }
    case "woundSave":
      action = { kind: "woundSave", roll: formulas.length > 0 ? testRoll(await rollTest(rolls)) : null };
      break;
    case "rollLocation": {
      const r = await roll("4d6");
      action = { kind: "rollLocation", dice: r.dice[0].results.map((x) => x.result) };
      break;
    }
    case "chooseLocation":
      action = { kind: "chooseLocation", location: data.location as Location };
      break;
    case "rollEffect":
      action = { kind: "rollEffect", d6: Number((await roll("1d6")).total) };
      break;
    case "setMovement":
      action = { kind: "setMovement", movement: data.movement as MovementChoice };
      break;
    case "chooseMargin": {
      // OPT-1: an empty slot keeps its +1 damage; the saves are rolled only for a valid choice.
      const choices = (Array.isArray(data.margin) ? data.margin : []).filter((c) => c !== "");
      if (!choices.every(isMarginSpecial)) return { ok: false, code: "unknownSpecial" };
      const problem = marginChoiceProblem(choices, state.result?.marginBonus ?? 0);
      if (problem) return { ok: false, code: problem };
      const saveRolls: number[] = [];
      for (let i = marginSaves(state, choices).length; i > 0; i--)
        saveRolls.push(testRoll(await rollTest(rolls)));
      action = { kind: "chooseMargin", choices, saveRolls };
      break;
    }
    case "specialContest": {
      const suit = data.suit as Suit;
      const attackerRoll = testRoll(await rollTest(rolls));
      const defenderRoll = testRoll(await rollTest(rolls));
      action = { kind: "specialContest", suit, attackerRoll, defenderRoll, held: heldItems(defender, state) };
      break;
    }
    case "specialRuling":
      action = {
        kind: "specialRuling",
        ruling: data.ruling as SpecialRuling,
        held: heldItems(defender, state),
      };
      break;
    case "escape": {
      // SP-3 [design]: the setting is read when the escape is made, so a change applies at once.
      const escapeContest = Boolean(getSetting("grappleEscapeContest"));
      const roll = testRoll(await rollTest(rolls));
      const controllerRoll = escapeContest ? testRoll(await rollTest(rolls)) : undefined;
      action = { kind: "escape", suit: data.suit as Suit, escapeContest, roll, controllerRoll };
      break;
    }
    case "pin": {
      const controllerRoll = testRoll(await rollTest(rolls));
      const victimRoll = testRoll(await rollTest(rolls));
      action = { kind: "pin", controllerRoll, victimRoll };
      break;
    }
    case "release":
      action = { kind: "release" };
      break;
    case "react": {
      // GW-4: checked before paying, so a refused reaction costs no Grit.
      const reaction = data.reaction as ReactionKind;
      const problem = reactionProblem(state, reaction);
      if (problem) return { ok: false, code: problem };
      if (!defender || !(await zilch(defender).spendGrit())) return { ok: false, code: "noGrit" };
      action = { kind: "react", reaction, roll: testRoll(await rollTest(rolls)) };
      break;
    }
    case "soak": {
      // CD-15: checked before paying, so a refused Soak costs no die.
      const problem = soakProblem(state);
      if (problem) return { ok: false, code: problem };
      const found = defender ? startedCombatantOf(defender) : null;
      if (!found) return { ok: false, code: "soakNoCombatant" };
      const payment: SoakPayment = data.payment === "burn" ? "burn" : "one";
      const paid = await found.combat.zilchApply(
        { kind: "soak", combatId: found.combat.id!, combatantId: found.combatant.id!, payment },
        game.user ?? null,
      );
      if (!paid.ok) return { ok: false, code: "soakUnpaid" };
      action = { kind: "soak", payment, roll: testRoll(await rollTest(rolls)) };
      break;
    }
  }
  const next = advanceAttack(state, action);
  if (!next.ok) return next;
  await show(rolls);

  // SW-5: the wound item, then INJ-2 step 4: the injury item, each with its immediate effects.
  if (defender && data.kind === "woundSave") {
    const wound = woundToApply(next.state);
    if (wound) {
      const item = createWound(wound.location, state.declaration.brawling);
      await zilch(defender).addInjury(game.i18n!.localize(`ZILCH.Item.Choice.effect.${wound.wound}`), {
        kind: "specificWound",
        location: wound.location,
        effect: wound.wound,
      } as never);
      await applyImmediate(defender, item.immediate, rolls);
    }
  }
  // OPT-1: the conditions of failed saves and Hamstring, a lost action on the round, and the Expose
  // and Reduce defence marks the target's next attacks read; the other results are lines for the GM.
  if (defender && data.kind === "chooseMargin") {
    for (const special of next.state.margin?.choices ?? [])
      if (special === "loseAction") await loseActionOf(defender);
    const bought = marginMarksBought(next.state.margin?.choices ?? []);
    if (bought.length > 0)
      await zilch(defender).setMarginMarks([...zilch(defender).marginMarks(), ...bought]);
    for (const c of marginConditions(next.state)) {
      await zilch(defender).applyCondition(
        c.condition,
        marginDuration(c.duration, defender),
        game.i18n!.localize(`ZILCH.Attack.MarginSpecial.${c.special}`),
      );
    }
  }
  // SP-2, SP-3: Grappling/Grappled, Prone and Pinned set, or cleared when the grapple ends.
  const changes = specialConditionChanges(state, next.state);
  const source = state.declaration.special
    ? game.i18n!.localize(`ZILCH.Attack.SpecialKind.${state.declaration.special}`)
    : state.declaration.weaponName;
  for (const [actor, list] of [
    [attacker, changes.attacker],
    [defender, changes.defender],
  ] as const) {
    if (!actor) continue;
    for (const [condition, active] of list) {
      if (active) await zilch(actor).applyCondition(condition, { kind: "indefinite" }, source);
      else await zilch(actor).setCondition(condition, false);
    }
  }
  const injury = next.state.injury?.injury;
  if (defender && data.kind === "rollEffect" && injury) {
    const bleeder = injury.immediate.find((h) => h.kind === "ongoing");
    await zilch(defender).addInjury(game.i18n!.localize(`ZILCH.Item.Choice.effect.${injury.effect}`), {
      kind: "grievousInjury",
      location: injury.location,
      effect: injury.effect,
      modifier: injury.modifier,
      daysRemaining: injury.daysRemaining,
      ongoing:
        bleeder && bleeder.kind === "ongoing"
          ? {
              active: true,
              rating: bleeder.effect.rating,
              suit: bleeder.effect.suit,
              modifier: injury.modifier,
              tag: bleeder.effect.tag,
            }
          : undefined,
    } as never);
    await applyImmediate(defender, injury.immediate, rolls);
  }
  await message.update({
    content: await renderCard(next.state, null),
    [`flags.${SYSTEM_ID}.attack`]: next.state,
    [`flags.${SYSTEM_ID}.${SEQ_FLAG}`]: (data.seq ?? 0) + 1,
  } as never);
  await sealCard(message);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Query plumbing: run here on a GM's client, otherwise ask the active GM
// ---------------------------------------------------------------------------------------------

/** The channel's handlers (src/setup/queries.ts): the sender is the one the channel proved. */
export async function handleAttackDeclare(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const data = parseDeclare(payload);
  return data ? declareOnGM(data, sender) : { ok: false, code: "malformed" };
}
export async function handleAttackStep(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const data = parseStep(payload);
  if (!data) return { ok: false, code: "malformed" };
  // Issue 15: one step at a time per card, each against the state the previous one wrote.
  return serially(`card.${data.messageId}`, () => stepOnGM(data, sender));
}

function notify(result: RequestResult): boolean {
  if (!result.ok && !result.notified) {
    const key = `ZILCH.Attack.Error.${result.code}`;
    ui.notifications?.warn(result.data ? game.i18n!.format(key, result.data) : game.i18n!.localize(key));
  }
  return result.ok;
}

async function ask(type: string, data: AttackDeclareData | AttackStepData): Promise<boolean> {
  return notify(await askGM(type, data));
}

/** AT-1 without a dialog: attack the single targeted token with this weapon, spell or stat-block attack. */
export async function startAttack(
  actor: Actor.Implementation,
  weapon: AttackWeapon,
  declaration: AttackDeclarationInput,
): Promise<boolean> {
  const targets = [...(game.user?.targets ?? [])];
  if (targets.length !== 1) {
    ui.notifications?.warn(game.i18n!.localize("ZILCH.Attack.Error.noTarget"));
    return false;
  }
  const target = targets[0].document as TokenDocument.Implementation;
  return ask(ATTACK_DECLARE_REQUEST, {
    attackerUuid: actor.uuid,
    ...("natural" in weapon && typeof weapon.natural === "number"
      ? { natural: weapon.natural }
      : { itemId: (weapon as Item.Implementation).id! }),
    targetTokenUuid: target.uuid,
    declaration,
  });
}

/**
 * The weapon's modes a declaration may name (a spell is always a Cast; every weapon may Special Attack;
 * a stat-block attack, NPC-4, is melee).
 */
export function modesOf(weapon: AttackWeapon): AttackMode[] {
  if ("natural" in weapon) return ["melee", "special"];
  const item = weapon;
  if ((item.type as string) === "spell") return ["cast"];
  const modes = (item.system as unknown as WeaponView).modes;
  return [...(["melee", "thrown", "launcher"] as const).filter((m) => modes[m]), "special"];
}

/** AT-1 from the sheet's weapon or stat-block row, or the tracker: the declaration dialog, then `startAttack`. */
export async function attackWith(actor: Actor.Implementation, weapon: AttackWeapon): Promise<boolean> {
  const natural = naturalOf(actor, weapon);
  const name = natural ? natural.name : "natural" in weapon ? null : (weapon.name ?? "");
  if (name === null) {
    ui.notifications?.warn(game.i18n!.localize("ZILCH.Attack.Error.declaration"));
    return false;
  }
  if ([...(game.user?.targets ?? [])].length !== 1) {
    ui.notifications?.warn(game.i18n!.localize("ZILCH.Attack.Error.noTarget"));
    return false;
  }
  // AT-1: a GM may let an attack go ahead with a hand the injuries make unusable; others are refused.
  const item = "natural" in weapon ? null : weapon;
  const itemMode: AttackMode = (item?.type as string | undefined) === "spell" ? "cast" : "melee";
  const override = offersInjuryOverride(
    Boolean(game.user?.isGM),
    lastingModifiers(
      actorInjuries(actor),
      attackInjuryUse((item?.system as unknown as { hands?: number } | undefined)?.hands, itemMode),
    ),
  );
  // MAG-3: only a GM may let a Cast through with too few ♦ chips.
  const chipOverride = itemMode === "cast" && Boolean(game.user?.isGM);
  const t = (key: string) => foundry.utils.escapeHTML(game.i18n!.localize(key));
  const option = (value: string, label: string, selected = false) =>
    `<option value="${value}"${selected ? " selected" : ""}>${label}</option>`;
  const content = `
    <div class="zilch attack-dialog">
      <label>${t("ZILCH.Attack.Dialog.Mode")} <select name="mode">${modesOf(weapon)
        .map((m) => option(m, t(`ZILCH.Attack.Mode.${m}`)))
        .join("")}</select></label>
      <label>${t("ZILCH.Attack.Dialog.SpecialKind")} <select name="special">${SPECIAL_ATTACK_KINDS.map((k) => option(k, t(`ZILCH.Attack.SpecialKind.${k}`))).join("")}</select></label>
      <label>${t("ZILCH.Attack.Dialog.Aim")} <select name="aim">${AIMING_POINTS.map((p) => option(p, t(`ZILCH.Item.Choice.location.${p}`), p === "chest")).join("")}</select></label>
      <label><input type="checkbox" name="calledShot"> ${t("ZILCH.Attack.Dialog.CalledShot")}</label>
      <label><input type="checkbox" name="knockout"> ${t("ZILCH.Attack.Dialog.Knockout")}</label>
      <label>${t("ZILCH.Attack.Dialog.Cover")} <select name="cover">${Object.keys(COVER_CHOICES)
        .map((c) => option(c, t(`ZILCH.Attack.Cover.${c}`)))
        .join("")}</select></label>
      <label>${t("ZILCH.Attack.Dialog.Modifier")} <input type="number" name="modifier" value="0" step="1"></label>
      ${override ? `<label><input type="checkbox" name="injuryOverride"> ${t("ZILCH.Attack.Dialog.InjuryOverride")}</label>` : ""}
      ${chipOverride ? `<label><input type="checkbox" name="chipOverride"> ${t("ZILCH.Attack.Dialog.ChipOverride")}</label>` : ""}
    </div>`;
  const data = (await foundry.applications.api.DialogV2.input({
    window: { title: game.i18n!.format("ZILCH.Attack.Dialog.Title", { weapon: name }) },
    content,
    ok: { label: game.i18n!.localize("ZILCH.Attack.Dialog.Confirm") },
  } as never)) as unknown as Record<string, unknown> | null;
  if (!data) return false;
  const mode = String(data.mode) as AttackMode;
  const calledShot = Boolean(data.calledShot) && (mode === "thrown" || mode === "launcher");
  return startAttack(actor, weapon, {
    mode,
    aim: mode === "melee" || calledShot ? (String(data.aim) as AimingPoint) : null,
    calledShot,
    knockout: Boolean(data.knockout) && mode === "melee",
    special: mode === "special" ? (String(data.special) as SpecialAttackKind) : null,
    modifier: Math.trunc(Number(data.modifier) || 0),
    injuryOverride: override && Boolean(data.injuryOverride),
    chipOverride: chipOverride && Boolean(data.chipOverride),
    ...coverOf(String(data.cover)),
  });
}

/** A click on one of the card's controls, from the viewer's own rendering of it. */
async function onCardAction(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const kind = button.dataset.kind as AttackActionKind;
  const card = button.closest(".attack-card");
  const chips = Number((card?.querySelector('[data-field="chips"]') as HTMLInputElement | null)?.value ?? 0);
  const boon = Boolean((card?.querySelector('[data-field="boon"]') as HTMLInputElement | null)?.checked);
  button.setAttribute("disabled", "");
  const value = button.dataset.value;
  await ask(ATTACK_STEP_REQUEST, {
    messageId: message.id!,
    seq: cardSeq(message),
    kind,
    chips,
    boon,
    location: kind === "chooseLocation" ? (value as Location) : undefined,
    payment: kind === "soak" ? (value as SoakPayment) : undefined,
    movement: kind === "setMovement" ? (value as MovementChoice) : undefined,
    suit: kind === "specialContest" || kind === "escape" ? (value as Suit) : undefined,
    ruling: kind === "specialRuling" ? (value as SpecialRuling) : undefined,
    reaction: kind === "react" ? (value as ReactionKind) : undefined,
    margin:
      kind === "chooseMargin"
        ? [...(card?.querySelectorAll<HTMLSelectElement>('select[data-field="margin"]') ?? [])].map(
            (s) => s.value,
          )
        : undefined,
  });
}

/** Each client renders the card again with its own viewer's controls (CH-7: only the right user sees them). */
export async function renderAttackCard(
  message: ChatMessage.Implementation,
  html: HTMLElement,
): Promise<void> {
  const state = message.getFlag(SYSTEM_ID as never, "attack" as never) as unknown as AttackState | undefined;
  const user = game.user;
  if (!state || !user) return;
  const owns = async (uuid: string) =>
    Boolean(((await fromUuid(uuid)) as Actor.Implementation | null)?.testUserPermission(user, "OWNER"));
  const viewer: AttackRequester = {
    isGM: user.isGM,
    ownsAttacker: await owns(state.attacker.actorId),
    ownsDefender: await owns(state.defender.actorId),
  };
  const old = html.querySelector(".attack-card");
  if (!old) return;
  const holder = document.createElement("div");
  holder.innerHTML = await renderCard(state, viewer);
  const card = holder.firstElementChild;
  if (!card) return;
  old.replaceWith(card);
  const actions = new Set<string>(Object.values(ATTACK_CARD_ACTIONS));
  for (const button of card.querySelectorAll<HTMLElement>("button[data-action]")) {
    if (!actions.has(button.dataset.action ?? "")) continue;
    button.addEventListener(
      "click",
      () =>
        void onCardAction(message, button).catch((e: unknown) =>
          console.error("Zilch | attack step failed", e),
        ),
    );
  }
}
