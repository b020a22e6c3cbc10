/**
 * AT-1..AT-3 on the active GM's client: check a declared attack, reveal what DOM-5 requires, build the
 * card's first state and post it. Each stage is its own short function; a refusal at any stage returns
 * before anything is spent or revealed after it.
 */
import { marginMarks, setMarginMarks } from "../margin-marks";
import { rowModes, rowRangeModifier } from "../../rules/attack/row-range";
import { SPELL_DAMAGE_TYPE } from "../../rules/magic";
import { flatDamageBonus } from "../../rules/damage";
import { KNACKS, knackUseProblem } from "../../rules/knacks";
import { flankedByPosition } from "../../rules/round/threat";
import {
  aimingPoint,
  attackIllegalReasons,
  declarationProblems,
  type AttackMode,
} from "../../rules/attack/resolution";
import { weaponDamage, weaponStrengthModifier } from "../../rules/equipment";
import { lastingModifiers, type LastingModifiers } from "../../rules/injury/lasting-modifiers";
import { allowedAimingPoints } from "../../rules/wounds";
import {
  effectiveVisibility,
  invisibleGuessHits,
  namedSquareRight,
  rangeModifierAt,
  visibilityModifier,
  withinReach,
} from "../../rules/range";
import { SPECIAL_ATTACK_KINDS } from "../../rules/special";
import { stanceLeavesDefenseless } from "../../rules/stances";
import type { Condition } from "../../rules/vocabulary";
import { cardForUse } from "../../rules/suits";
import {
  attackInjuryUse,
  attackModifierParts,
  deafenedSpellModifier,
  createAttackState,
  gritReactionOffered,
  defenselessFixed,
  modifierSum,
  type AttackSetup,
  type ModifierPart,
  type SneakAttackState,
  type StatBlockAttack,
} from "../../rules/attack/index";
import { marksForAttack } from "../../rules/round/margin";
import { getSetting } from "../../data/settings";
import type { RequestResult } from "../../requests/channel";
import { actionRefusal } from "../../rules/actions";
import { illegalWords, refused, type AttackIllegalReason, type ChargeRefusal, type Refusal } from "./refusal";
import { payCast } from "../spellcasting";
import type { AttackDeclarationInput, AttackDeclareData } from "./requests";
import {
  boonsHeld,
  chipsHeld,
  gritHeld,
  guardedOf,
  handsOf,
  inOwnTurn,
  injuriesOf,
  naturalFacts,
  pendingOnesOf,
  pipsNeeded,
  defenceNeedsPips,
  reactiveDefenceOfferedTo,
  stanceOf,
  recordTurnAction,
  usePendingOnes,
  ridersOf,
  shieldInUse,
  shieldBashRefusal,
  statBlockAttackOf,
  combatantOfToken,
  strengthOf,
  weaponFacts,
  type WeaponFacts,
  fromRequestUuid,
  isActor,
  isToken,
  attackerTokenOf,
} from "./actors";
import { creatureTestTarget } from "../creature-test";
import { castCheck, type CastCheck } from "./cast-check";
import { claimOpportunity, opportunityProblem } from "../opportunity";
import { footprintOf, noticeGridless, squaresBetween } from "../scene-grid";
import { createCard } from "./card";
import { settleAutomatic } from "./automatic";
import { castSpeed } from "../../rules/magic";
import { actionSpeed, speedWeapon, WEAPON_SPEEDS, type SpeedWeapon } from "../../rules/countdown/speeds";
import { errorText } from "../../requests/combat";
import {
  firstAttackCommit,
  recordTwoWeaponAttack,
  secondAttackWaiting,
  twoWeaponIllegal,
  type FirstAttackCommit,
} from "./two-weapon";
import { defenderMovement } from "../defender-movement";
import { checkedOutOfTurn } from "./out-of-turn";
import { roundRunning } from "../combat/zilch-round";
import { heldConditionsOf } from "../combat/held-conditions";

/** Who attacks whom with what, once the request names real documents the sender may use. */
interface Parties {
  readonly attacker: Actor.Implementation;
  readonly defender: Actor.Implementation;
  readonly token: TokenDocument.Implementation;
  readonly item: Item.Implementation | null;
  readonly natural: StatBlockAttack | null;
  readonly spell: boolean;
  readonly mode: AttackMode;
  readonly weapon: WeaponFacts | null;
  readonly declaration: AttackDeclarationInput;
  /** GW-4: the opportunity attack this is, or null. */
  readonly opportunity: string | null;
  /** AT-2: whether the GM declared it, so a modifier typed in is the GM's ruling rather than a player's claim. */
  readonly byGM: boolean;
}

/** AT-1, NPC-1: the documents the request names, the sender's right to attack, the declaration's shape. */
async function partiesOf(data: AttackDeclareData, user: User.Implementation): Promise<Parties | Refusal> {
  const attacker = await fromRequestUuid(data.attackerUuid);
  const token = await fromRequestUuid(data.targetTokenUuid);
  const defender = isToken(token) ? token.actor : null;
  if (!isActor(attacker) || !defender || !isToken(token)) return refused("noTarget");
  if (!user.isGM && !attacker.testUserPermission(user, "OWNER")) return refused("notAttacker");
  // NPC-1: a stat-block attack is named by its index, checked against this attacker's own stat block.
  const natural = data.itemId === undefined ? statBlockAttackOf(attacker, data.natural) : null;
  const item = data.itemId === undefined ? null : (attacker.items.get(data.itemId) ?? null);
  if (!item && !natural) return refused("declaration");
  const d = data.declaration;
  const spell = Boolean(item?.isOfType("spell"));
  const mode: AttackMode = spell ? "cast" : d.mode;
  const shape = { mode, aim: d.aim ?? undefined, calledShot: d.calledShot, knockout: d.knockout };
  if (declarationProblems(shape).length > 0) return refused("declaration");
  // SP-1 step 1: a Special Attack announces its kind before it is resolved.
  if (mode === "special" && !SPECIAL_ATTACK_KINDS.some((k) => k === d.special)) return refused("declaration");
  // NPC-1: a melee row strikes or Special Attacks, a ranged row is thrown (src/rules/attack/row-range.ts).
  if (natural && !rowModes(natural.range).includes(mode)) return refused("declaration");
  // AC-3: two-weapon fighting is a Full action of weapon attacks, so never a Charge, a Cast or a Special Attack.
  const twoWeaponMode = mode === "melee" || mode === "thrown" || mode === "launcher";
  if (d.twoWeapon && (d.charge || !twoWeaponMode || !item)) return refused("declaration");
  const weapon = natural ? naturalFacts(natural) : spell ? null : weaponFacts(item);
  // EQ-9: a buckler or tower shield cannot bash, and a shield bashes only while in use.
  const noBash = item ? shieldBashRefusal(item) : null;
  if (noBash) return refused("illegal", illegalWords([noBash]));
  const opportunity = data.opportunity ?? null;
  const byGM = user.isGM;
  return { attacker, defender, token, item, natural, spell, mode, weapon, declaration: d, opportunity, byGM };
}

/** What the legality checks found, for the card: the token the attacker stands on, range and cast. */
interface Checked {
  readonly attackerToken: TokenDocument.Implementation | null;
  readonly rangeModifier: number;
  readonly cast: Extract<CastCheck, { ok: true }> | null;
  readonly injuries: LastingModifiers;
  /** RNG-4: the visibility modifier, and whether an invisible target's named square was wrong. */
  readonly visibility: number;
  readonly wrongSquare: boolean;
}

/**
 * RNG-4, CON-4: the target's visibility as the attacker declared it, worsened by the attacker's Blind
 * or Visually Impaired. An invisible target needs a named square, counted from the attacker's token;
 * without both tokens on one gridded scene it cannot be checked, so the attack is refused (fails safe).
 */
function visibilityOf(
  p: Parties,
  attackerToken: TokenDocument.Implementation | null,
): { visibility: number; wrongSquare: boolean } | Refusal {
  const declared = p.declaration.visibility ?? "clear";
  const conditions = [...heldConditionsOf(p.attacker)];
  const seen = effectiveVisibility(declared, conditions);
  const visibility = visibilityModifier(declared, conditions);
  if (seen !== "invisible") return { visibility, wrongSquare: false };
  const named = p.declaration.square;
  const scene = p.token.parent;
  const gridded = scene && scene.grid.type !== CONST.GRID_TYPES.GRIDLESS;
  if (!named || !attackerToken || attackerToken.parent !== scene || !gridded)
    return refused("illegal", illegalWords(["noSquare"]));
  // MV-2: both tokens' squares as the scene grid gives them (src/documents/scene-grid.ts has the evidence).
  const from = footprintOf(attackerToken, scene.grid).square;
  const target = footprintOf(p.token, scene.grid);
  const right = namedSquareRight({ x: from.x + named.right, y: from.y + named.down }, target);
  return { visibility, wrongSquare: !invisibleGuessHits(seen, right) };
}

/** AT-1, RNG-2: reach or range when the distance is known (same scene); otherwise range is skipped. */
function reachAndRange(p: Parties, squares: number | null): { inReach: boolean; rangeModifier: number } {
  const w = p.weapon;
  // GW-4: an opportunity attack is made as the target leaves the reach, which the offer measured.
  if (squares === null || !w || p.opportunity) return { inReach: true, rangeModifier: 0 };
  if (p.mode === "melee") return { inReach: withinReach(squares, w.reach), rangeModifier: 0 };
  if ((p.mode === "thrown" || p.mode === "launcher") && w.rangeClass) {
    // NPC-1: a stat-block row reaches no farther than its own band (src/rules/attack/row-range.ts).
    const m = p.natural ? rowRangeModifier(p.natural.range, squares) : rangeModifierAt(w.rangeClass, squares);
    return { inReach: m !== null, rangeModifier: m ?? 0 };
  }
  return { inReach: true, rangeModifier: 0 };
}

/**
 * AC-4: a Charge needs the Reckless stance declared this round and neither Slowed nor Anchored, nor an
 * injury that forbids it (INJ-8 leg Fracture, SW-7 Leg crippled). What
 * the turn has already done (a Move, a step) is not tracked, so that limit stays with the table.
 */
function chargeRefusalOf(
  attacker: Actor.Implementation,
  token: TokenDocument.Implementation | null,
): ChargeRefusal | null {
  const refusal = actionRefusal("charge", {
    conditions: heldConditionsOf(attacker),
    stance: stanceOf(token?.id),
    taken: [],
    noCharge: attacker.creature.lasting.noCharge,
  });
  return refusal === "chargeNeedsReckless" ||
    refusal === "chargeWhileSlowed" ||
    refusal === "chargeWhileInjured" ||
    refusal === "anchored"
    ? refusal
    : null;
}

/** CD-7: the speed of the attack as declared: its weapon's (a sling's or crossbow's 6), +1 for a Special Attack, a Cast's runes. */
function attackSpeed(p: Parties): number {
  if (p.spell && p.item?.isOfType("spell")) return castSpeed(p.item.system.runeCount);
  // NPC-4: a stat-block attack's facts carry its category and no reload, so it is priced by category.
  const weapon: SpeedWeapon = p.weapon ? speedWeapon(p.weapon) : "unarmed";
  return actionSpeed({ kind: p.mode === "special" ? "special" : "attack", weapon }) ?? WEAPON_SPEEDS.unarmed;
}

/** AC-4, CD-7: the action a declaration takes in the attacker's turn. */
const turnActionOf = (p: Parties): "attack" | "charge" | "specialAttack" | "cast" =>
  p.mode === "cast"
    ? "cast"
    : p.mode === "special"
      ? "specialAttack"
      : p.declaration.charge
        ? "charge"
        : "attack";

/** AC-3, EQ-14: what is wrong with the pair a two-weapon declaration names (nothing without one). */
function twoWeaponReasons(p: Parties): AttackIllegalReason[] {
  const two = p.declaration.twoWeapon;
  if (!two || !p.item) return [];
  const partner = p.attacker.items.get(two.partnerId);
  return partner ? twoWeaponIllegal(p.attacker, p.item, partner, p.mode) : ["twoWeaponPair"];
}

/**
 * What recording the attack in the turn decided: a two-weapon attack's share of the pips (null for any
 * other attack), and whether the attacker may still commit chips and a Boon to it (AC-3).
 */
interface InTurn {
  readonly pips: number | null;
  readonly chips: boolean;
  readonly boon: boolean;
}

/**
 * AC-1, AC-3, AC-4, CD-7: in the attacker's own turn the attack is recorded there, and refused when the
 * turn has no room for it, a Charge follows a Move or step, or the countdown Act paid less than its
 * speed. A two-weapon action's first attack records the Full action (only in the attacker's own turn,
 * after its domino is shown, DOM-5) and takes its declared share of the pips; the second attack with
 * the other weapon takes the rest. `pips` is null for any other attack (its stance's pips count).
 */
async function recordInTurn(p: Parties, c: Checked): Promise<Refusal | InTurn> {
  const tokenId = c.attackerToken?.id;
  const two = p.declaration.twoWeapon;
  const itemId = p.item?.id ?? undefined;
  let recorded: Awaited<ReturnType<typeof recordTwoWeaponAttack>> | null = null;
  let first: FirstAttackCommit | null = null;
  if (two) {
    await pipsNeeded(tokenId, () => true);
    const start = { pair: true, firstShare: two.firstShare, secondItemId: two.partnerId };
    recorded = await recordTwoWeaponAttack(tokenId, { start, speed: attackSpeed(p) });
  } else if (itemId && secondAttackWaiting(tokenId, itemId)) {
    // AC-3, CH-3: the first attack's chips and Boon are settled before the second is declared.
    first = firstAttackCommit(p.attacker.uuid);
    if (first?.open) return refused("illegal", illegalWords(["twoWeaponFirstOpen"]));
    recorded = await recordTwoWeaponAttack(tokenId, { secondWeapon: itemId });
  }
  if (recorded && !recorded.ok) return refused("turnAction", errorText(recorded.code));
  if (recorded) {
    // AC-3: chips go to one of the two attacks, and at most one Boon applies to the whole action.
    const spent = first && !first.open ? first : { chips: 0, boon: false };
    return { pips: recorded.pips, chips: spent.chips === 0, boon: !spent.boon };
  }
  const code = await recordTurnAction(tokenId, turnActionOf(p), attackSpeed(p));
  return code === null ? { pips: null, chips: true, boon: true } : refused("turnAction", errorText(code));
}

/**
 * SW-2: a melee attack's aiming point must be one the attacker can reach: on foot against a rider only
 * Chest, Gut or Legs, from a mount against a foe on foot no Legs, unless the weapon's reach is 2 or more.
 * Who is mounted is what the attacker declared.
 */
function aimAllowed(p: Parties): boolean {
  const d = p.declaration;
  const aim = aimingPoint({ mode: p.mode, aim: d.aim ?? undefined, calledShot: d.calledShot });
  if (p.mode !== "melee" || aim === null) return true;
  const situation = {
    attackerMounted: d.attackerMounted,
    targetMounted: d.targetMounted,
    reach: p.weapon?.reach,
  };
  return allowedAimingPoints(situation).includes(aim);
}

/** AT-1, RNG-3, MAG-3, MAG-5, INJ-7: may the attack be made at all? Nothing is spent before this passes. */
function legality(p: Parties, user: User.Implementation): Checked | Refusal {
  const d = p.declaration;
  // The attacker's own token in the fight, never the GM's viewed scene (the security review's L8).
  const attackerToken = attackerTokenOf(p.attacker, p.token);
  const squares = squaresBetween(attackerToken, p.token);
  if (squares === null) noticeGridless(attackerToken, p.attacker.name ?? "");
  const { inReach, rangeModifier } = reachAndRange(p, squares);
  const illegal: AttackIllegalReason[] = attackIllegalReasons({
    conditions: heldConditionsOf(p.attacker),
    inReachOrRange: inReach,
    totalCover: Boolean(d.totalCover) || (d.cover ?? 0) < 0,
    aimAllowed: aimAllowed(p),
  });
  const charge = d.charge ? chargeRefusalOf(p.attacker, attackerToken) : null;
  if (charge) illegal.push(charge);
  illegal.push(...twoWeaponReasons(p));
  if (illegal.length > 0) return refused("illegal", illegalWords(illegal));
  // MAG-3, MAG-5: a Cast needs its ♦ chips (unless the GM overrides) and a target within its range.
  const cast =
    p.spell && p.item ? castCheck(p.attacker, p.item, squares, d.chipOverride === true && user.isGM) : null;
  if (cast && !cast.ok) return cast.refused;
  // AT-2, INJ-7, INJ-8, SW-7: the attacker's injuries, fixed at declaration.
  const injuries = lastingModifiers(injuriesOf(p.attacker), attackInjuryUse(handsOf(p.item), p.mode));
  // AT-1: an attack with a broken, lost or disabled arm's hand is refused before anything is spent.
  if (injuries.unusable.length > 0 && !(d.injuryOverride === true && user.isGM))
    return refused("illegal", illegalWords(["limbUnusable"]));
  const seen = visibilityOf(p, attackerToken);
  if ("ok" in seen) return seen;
  return { attackerToken, rangeModifier, cast, injuries, ...seen };
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

/**
 * AT-2: the attacker's side; EQ-4 Strength shortfall, range, injuries, an Expose, CD-15's pending
 * Effort and Pressure, and the GM's modifier.
 */
function attackerSide(
  p: Parties,
  c: Checked,
  offense: number,
  expose: number,
  allowed: { readonly chips: boolean; readonly boon: boolean } = { chips: true, boon: true },
): AttackSetup["attacker"] {
  const ranged = p.mode === "thrown" || p.mode === "launcher";
  const w = p.weapon;
  const shortfall = w
    ? weaponStrengthModifier(
        { category: w.category, ranged, winch: ranged && w.reload === "winch" },
        strengthOf(p.attacker),
      )
    : 0;
  const modifiers = attackModifierParts({
    shortfall,
    range: c.rangeModifier,
    visibility: c.visibility,
    injuries: c.injuries.modifiers,
    deafened: deafenedSpellModifier(p.mode, heldConditionsOf(p.attacker), c.injuries.modifiers),
    expose,
    ...pendingOnesOf(c.attackerToken?.id),
    ...(p.byGM ? { gm: p.declaration.modifier ?? 0 } : { gm: 0, declared: p.declaration.modifier ?? 0 }),
  });
  const suits = p.attacker.creature.suits;
  return {
    actorId: p.attacker.uuid,
    name: p.attacker.name ?? "",
    side: {
      // SU-5, MAG-1: eff(♣) for an attack, eff(♦) for a Cast.
      card: cardForUse(p.mode === "cast" ? "cast" : "attack", suits),
      offense,
      modifier: modifierSum(modifiers),
    },
    modifiers,
    // AC-3: the second attack of a 2WF has none when the first took chips or the Boon.
    chips: allowed.chips ? chipsHeld(p.attacker, "clubs") : 0,
    boon: allowed.boon && boonsHeld(p.attacker) > 0,
    size: p.attacker.creature.size,
    // SP-1, SP-3, T-2: its ♣ test in a contest, as the system's one test path reads it.
    contest: plainTest(p.attacker, "clubs"),
  };
}

/**
 * T-2: a creature's test target on a card before the effect's own modifier (its lasting injuries and
 * wounds counted; a ♥ save adds nothing a ♥ test does not), through the system's one test path. Read
 * at declaration, so pending Effort and Pressure stay for its next test of its own.
 */
const plainTest = (actor: Actor.Implementation, card: "hearts" | "clubs" | "spades"): number =>
  creatureTestTarget(actor, { card, save: false });

/** AT-4, ST-1, RNG-3, OPT-1: the defender's side, with a Reduce defence mark lowering it. */
function defenderSide(
  p: Parties,
  pips: { defense: number; defenseless: boolean } | null,
  reduceDefence: number,
): AttackSetup["defender"] {
  const t = p.defender.creature;
  const conditions: ReadonlySet<Condition> = heldConditionsOf(p.defender);
  const modifiers: ModifierPart[] =
    reduceDefence !== 0 ? [{ kind: "reduceDefence", value: reduceDefence }] : [];
  return {
    actorId: p.defender.uuid,
    name: p.token.name ?? p.defender.name ?? "",
    side: {
      // SU-5, AT-3: the defence reads eff(♠).
      spades: cardForUse("defence", t.suits),
      defense: pips?.defense ?? 0,
      shield: shieldInUse(p.defender),
      guarded: guardedOf(p.token.id),
      entangled: conditions.has("entangled"),
      helpless: conditions.has("helpless"),
      cover: p.declaration.cover ?? 0,
      // ST-2: a Reckless target is Defenseless even while its domino is face down (DOM-5 leaves it so).
      defenseless:
        Boolean(pips?.defenseless) ||
        stanceLeavesDefenseless(stanceOf(p.token.id)) ||
        conditions.has("defenseless"),
      // AT-4 detailed rule: the row starts from the target's known movement since its own turn began.
      fixed: getSetting("detailedDefenseless")
        ? defenselessFixed(conditions, defenderMovement(p.token.id, p.defender))
        : undefined,
      modifier: modifierSum(modifiers),
    },
    modifiers,
    chips: chipsHeld(p.defender, "spades"),
    boon: boonsHeld(p.defender) > 0,
    size: t.size,
    dr: p.defender.resistance("dr"),
    er: p.defender.resistance("er"),
    hearts: plainTest(p.defender, "hearts"),
    clubs: plainTest(p.defender, "clubs"),
    spades: plainTest(p.defender, "spades"),
    // GW-4: the Grit a reaction is paid from, when Grit and Wounds applies to the target.
    grit: p.defender.usesGrit ? gritHeld(p.defender) : null,
    // GW-4: reactions are made outside one's own turn (CB-4's reading of whose turn it is).
    ownTurn: inOwnTurn(p.defender),
    enemy: p.defender.isEnemy,
    anatomy: true,
  };
}

/** The name the card gives the item attacked with; a shield's is its bash (EQ-9). */
const weaponNameOf = (item: Item.Implementation | null): string =>
  item?.isOfType("shield")
    ? game.i18n.format("ZILCH.Attack.ShieldBash", { name: item.name ?? "" })
    : (item?.name ?? "");

/** AT-1, DMG-6, SP-1: what the card records of the declaration and the weapon, spell or stat-block attack. */
function declarationOf(p: Parties, c: Checked): AttackSetup["declaration"] {
  const d = p.declaration;
  const spell = p.item?.isOfType("spell") ? p.item.system : null;
  const w = p.weapon;
  return {
    weaponName: p.natural ? p.natural.name : weaponNameOf(p.item),
    mode: p.mode,
    aim: aimingPoint({ mode: p.mode, aim: d.aim ?? undefined, calledShot: d.calledShot }),
    calledShot: Boolean(d.calledShot),
    knockout: Boolean(d.knockout),
    brawling: Boolean(w?.brawling),
    weaponValue: spell ? spell.damage : w ? weaponDamage(w.category) : 0,
    damageType: spell ? SPELL_DAMAGE_TYPE : p.natural ? p.natural.damageType : "physical",
    // DMG-1, KN-2: Rage adds +1 to a raging attacker's melee hits (a Charge is a melee attack too).
    flat: flatDamageBonus({ raging: p.attacker.raging, melee: p.mode === "melee" }),
    temporary: Boolean(w?.temporary),
    // DMG-5: a weapon's, stat-block attack's or spell's tainted damage (DRN-5).
    tainted: spell ? spell.tainted : Boolean(w?.tainted),
    // DMG-6: a spell's riders ride on its hit as a weapon's do.
    riders: spell ? ridersOf(spell.riders) : [...(w?.riders ?? [])],
    reach: w?.reach ?? 1,
    special: p.mode === "special" ? (SPECIAL_ATTACK_KINDS.find((k) => k === d.special) ?? null) : null,
    wrongSquare: c.wrongSquare,
  };
}

/**
 * CON-1, KN-2: whether the target is flanked now: two melee-capable enemies reach it from opposite
 * sides on its combat's square grid. Without a started combat or a square grid nothing is known, so
 * nothing is offered (the detection's own limits, src/rules/round/threat.ts).
 */
function flankedNow(p: Parties): boolean {
  const found = combatantOfToken(p.token.id);
  if (!found || !roundRunning(found.combat)) return false;
  const scene = found.combat
    .zilchThreatScenes()
    .find((s) => s.tokens.some((t) => t.id === found.combatantId));
  return scene ? flankedByPosition(scene.tokens, found.combatantId, scene.distance) : false;
}

/**
 * KN-2 Sneak Attack: offered at the damage roll when the attacker may use the knack (a Rogue holding
 * it, with its 1 ♠ chip) and the target is Defenseless (AT-4) or flanked (CON-1). A Special Attack
 * deals no damage, so it is never offered there.
 */
function sneakAttackOffer(p: Parties, defender: AttackSetup["defender"]): SneakAttackState {
  const knack = p.attacker.items.contents.find((i) => i.isOfType("knack") && i.system.key === "sneakAttack");
  if (!knack?.isOfType("knack") || p.mode === "special") return "none";
  // KN-2: 1 ♠ chip, paid after the hit (the knack table's cost).
  const use = {
    class: knack.system.class,
    chipSuit: "spades",
    cost: KNACKS.sneakAttack.cost,
    trigger: "afterHit",
  } as const;
  const classes = p.attacker.isOfType("character") ? p.attacker.system.classList : null;
  if (knackUseProblem(use, classes, chipsHeld(p.attacker, "spades")) !== null) return "none";
  const defenseless = defender.side.defenseless || defender.side.helpless;
  return defenseless || flankedNow(p) ? "offered" : "none";
}

/** KN-2: the declaration with the knacks the damage roll offers. */
function knackOffers(
  p: Parties,
  d: AttackSetup["declaration"],
  defender: AttackSetup["defender"],
): AttackSetup["declaration"] {
  return { ...d, sneakAttack: sneakAttackOffer(p, defender), stunningFist: stunningFistOffer(p, d.brawling) };
}

/**
 * KN-2 Stunning Fist: offered at the damage roll when the attacker may use the knack (a Fighter holding
 * it, with its 1 ♣ chip) and the attack is unarmed (brawling, EQ-2).
 */
function stunningFistOffer(p: Parties, brawling: boolean): SneakAttackState {
  const knack = p.attacker.items.contents.find((i) => i.isOfType("knack") && i.system.key === "stunningFist");
  if (!knack?.isOfType("knack") || p.mode === "special" || !brawling) return "none";
  // KN-2: 1 ♣ chip, paid after the hit (the knack table's cost).
  const use = {
    class: knack.system.class,
    chipSuit: "clubs",
    cost: KNACKS.stunningFist.cost,
    trigger: "afterHit",
  } as const;
  const classes = p.attacker.isOfType("character") ? p.attacker.system.classList : null;
  return knackUseProblem(use, classes, chipsHeld(p.attacker, "clubs")) === null ? "offered" : "none";
}

/**
 * DOM-5: reveal the dominoes whose pips the attack reads (the attacker's before its turn; a defence
 * that counts). AT-5 steps 1-2: a target that may react first keeps its domino face down until it
 * has (src/documents/attack/step.ts reveals it then).
 */
async function revealPips(p: Parties, c: Checked, reactive: boolean) {
  const attackerPips = await pipsNeeded(c.attackerToken?.id, () => true);
  // AT-4, DOM-5: not for a Reckless target, whose defensive pips do not count.
  const defenderPips = reactive ? null : await pipsNeeded(p.token.id, defenceNeedsPips(p.defender));
  return { attackerPips, defenderPips };
}

/**
 * CD-15, AT-5 step 1: in the countdown, a target holding a usable die that is not Defenseless may
 * react before its domino is revealed.
 */
function reactiveDefenceOn(p: Parties): boolean {
  const side = defenderSide(p, null, 0).side;
  return reactiveDefenceOfferedTo(p.token.id, Boolean(side.defenseless || side.helpless));
}

/** AT-5 step 1: whether the target may react first (CD-15 reactive defence, GW-4 Dodge or Block). */
function reactsFirst(p: Parties, reactive: boolean): boolean {
  return reactive || gritReactionOffered({ defender: defenderSide(p, null, 0) });
}

/**
 * RNG-4, AT-6: the card of an attack on an invisible target whose named square was wrong: a miss at
 * once, with no domino revealed, no chip, Boon or spell paid, and the target's marks and the
 * attacker's pending Effort and Pressure left for a later attack.
 */
async function missedSquare(p: Parties, c: Checked): Promise<RequestResult> {
  const state = createAttackState({
    attacker: attackerSide(p, c, 0, 0),
    defender: defenderSide(p, null, 0),
    declaration: declarationOf(p, c),
    settings: settings(),
  });
  await createCard(p.attacker, state);
  // KN-2: a miss is still an attack made this round.
  await p.attacker.noteAttackForRage();
  return { ok: true };
}

/** AT-1..AT-3 on the GM's client: check the declaration, reveal what DOM-5 requires, post the card. */
export async function declareOnGM(
  data: AttackDeclareData,
  user: User.Implementation,
): Promise<RequestResult> {
  const p = await partiesOf(data, user);
  if ("ok" in p) return p;
  const offer = p.opportunity;
  if (offer && opportunityProblem(offer, p.attacker, p.token.id, p.mode)) return refused("opportunityGone");
  const c = legality(p, user);
  if ("ok" in c) return c;
  // ST-1, AC-1: nobody attacks while the stances are secret; outside the turn only what the rules allow, counted.
  const turn = await checkedOutOfTurn(p, () => recordInTurn(p, c));
  if ("ok" in turn) return turn;
  // GW-4: the offer is used up and its 1 Grit paid before DOM-5 reveals the attacker's domino below.
  if (offer && !(await claimOpportunity(offer, p.attacker, p.token.id!))) return refused("opportunityGone");
  // RNG-4: a wrong named square misses with no roll and nothing spent: no domino is revealed for it.
  if (c.wrongSquare) return missedSquare(p, c);
  const reactive = reactiveDefenceOn(p);
  const { attackerPips, defenderPips } = await revealPips(p, c, reactsFirst(p, reactive));
  // AC-3: a two-weapon attack takes its share of the offensive pips, not all of them.
  const offense = turn.pips ?? attackerPips?.offense ?? 0;
  // OPT-1: an Expose on the target goes to this attack (and is used up by it); a Reduce defence lowers its defence.
  const marks = marksForAttack(marginMarks(p.defender));
  const defender = defenderSide(p, defenderPips, marks.reduceDefence);
  const state = createAttackState(
    {
      attacker: attackerSide(p, c, offense, marks.expose, turn),
      defender,
      // KN-2: whether Sneak Attack and Stunning Fist are offered at the damage roll.
      declaration: knackOffers(p, declarationOf(p, c), defender),
      settings: settings(),
    },
    { reactiveDefence: reactive },
  );
  // MAG-3: the chips are paid before the attack is resolved, and stay spent whatever it does (CH-7).
  if (c.cast) await payCast(p.attacker, c.cast.spell, c.cast.options);
  // The windows and rolls nobody decides are taken before the card is posted, so it opens where a
  // choice waits (or done); no message exists yet to name in their steps.
  await createCard(p.attacker, await settleAutomatic("", state, p));
  // KN-2: an attack made this round keeps a rage going past the round's end.
  await p.attacker.noteAttackForRage();
  if (marks.expose !== 0) await setMarginMarks(p.defender, marks.remaining);
  // CD-15: this attack took the attacker's pending Effort and Pressure, so they are used up.
  const { effort, pressure } = pendingOnesOf(c.attackerToken?.id);
  if (effort !== 0 || pressure !== 0) await usePendingOnes(c.attackerToken?.id);
  return { ok: true };
}
