/**
 * What the attack card reads from creatures, weapons and the running combat on the active GM's client,
 * and the round changes it asks of the combat. Every read goes through the typed models (`isOfType`
 * narrows `system` to the character, npc, weapon or spell model), so no shadow shape of a model lives here.
 */
import { rowRangeClass } from "../../rules/attack/row-range";
import type { ConditionDuration } from "../../rules/conditions";
import { untilEndOfNextTurn } from "../../rules/conditions";
import type { MarginDuration } from "../../rules/options";
import type { ShieldKind, Stance, Suit } from "../../rules/vocabulary";
import type { Rider } from "../../rules/damage";
import type { rangeModifierAt } from "../../rules/range";
import { shieldBashCategory, type weaponDamage } from "../../rules/equipment";
import type { NpcData } from "../../data/actor/npc";
import { naturalWeapon, statBlockAttackAt, type StatBlockAttack } from "../../rules/attack/index";
import { pipsOf } from "../../rules/round/domino-reveal";
import { reactiveDefenceOffered } from "../../rules/round/reactions";
import { inTurn } from "../../rules/round/turn-record";
import { castSpeed } from "../../rules/magic";
import { combatantOfCreature } from "../../rules/round/creature";
import { ZilchCombat } from "../combat/zilch-combat";
import { requestCombat } from "../../requests/combat";
import { cardForUse } from "../../rules/suits";
import { actingCombatant, roundRunning } from "../combat/zilch-round";
import { heldConditionsOf } from "../combat/held-conditions";
export { fromCreatureUuid as fromRequestUuid, isActor, isToken } from "../../dice/uuid";
export { boonsHeld, chipsHeld, injuriesOf, pendingOnesOfActor, useTestOnes } from "../creature-test";

type WeaponCategory = Parameters<typeof weaponDamage>[0];
type RangeClass = Parameters<typeof rangeModifierAt>[0];
/** A rider as the models store it: one flat row for every kind (src/data/fields.ts `rider`). */
type StoredRider = NpcData["attacks"][number]["riders"][number];

/**
 * DMG-6: a stored rider row as the rules' Rider. A condition rider without a condition, or an
 * ongoing one without its tag, names nothing to apply and is left out.
 */
function riderOf(r: StoredRider): Rider | null {
  switch (r.kind) {
    case "energy":
      return { kind: "energy", amount: r.amount };
    case "drain":
      return { kind: "drain", suit: r.suit, amount: r.amount, tainted: r.tainted };
    case "taint":
      return { kind: "taint", suit: r.suit, amount: r.amount };
    case "condition":
      if (!r.condition) return null;
      return {
        kind: "condition",
        condition: r.condition,
        save: r.saveSuit
          ? {
              suit: r.saveSuit,
              modifier: r.saveModifier,
              ...(r.saveAgainst ? { against: r.saveAgainst } : {}),
            }
          : null,
        duration: riderDuration(r.duration, r.rounds),
      };
    case "ongoing":
      if (!r.tag) return null;
      return {
        kind: "ongoing",
        effect: { rating: r.amount, suit: r.suit, modifier: r.saveModifier, tag: r.tag, origin: null },
      };
  }
}

/** CON-5, CB-4: a stored rider duration; the target is hit outside its own turn, so its next turn end counts. */
function riderDuration(kind: StoredRider["duration"], rounds: number): ConditionDuration {
  if (kind === "rounds") return { kind: "rounds", rounds: Math.max(1, rounds) };
  if (kind === "endOfNextTurn") return untilEndOfNextTurn(false);
  return { kind };
}

/** DMG-6: the stored riders of a weapon, spell or stat-block row as the rules read them. */
export const ridersOf = (stored: readonly StoredRider[]): Rider[] => stored.flatMap((r) => riderOf(r) ?? []);

/** What an attack is made with, read from a weapon item or a stat-block row (NPC-4). */
export interface WeaponFacts {
  readonly category: WeaponCategory;
  readonly modes: { readonly melee: boolean; readonly thrown: boolean; readonly launcher: boolean };
  readonly reach: number;
  readonly rangeClass: RangeClass | null;
  readonly reload: string;
  readonly temporary: boolean;
  /** DMG-5, DRN-5: its damage is tainted. */
  readonly tainted: boolean;
  readonly brawling: boolean;
  readonly riders: readonly Rider[];
}

/**
 * NPC-4: a stat-block attack is a weapon of its category, armed, with no reload: a melee weapon, or a
 * thrown one with its row's range class (NPC-1, RNG-2; src/rules/attack/row-range.ts).
 */
export function naturalFacts(row: StatBlockAttack): WeaponFacts {
  const w = naturalWeapon(row);
  const rangeClass = rowRangeClass(row.range);
  return {
    category: w.category,
    modes: { melee: rangeClass === null, thrown: rangeClass !== null, launcher: false },
    reach: w.reach,
    rangeClass,
    reload: "",
    temporary: w.temporary,
    tainted: w.tainted,
    brawling: w.brawling,
    riders: [...w.riders],
  };
}

/** EQ-9: why a shield item may not bash: a buckler or tower shield never does; any shield only in use. */
export function shieldBashRefusal(item: Item.Implementation): "shieldCannotBash" | "shieldNotInUse" | null {
  if (!item.isOfType("shield")) return null;
  if (shieldBashCategory(item.system.kind, item.system.spikes) === null) return "shieldCannotBash";
  return item.system.slot === "hands" ? null : "shieldNotInUse";
}

/**
 * EQ-9, EQ-1: the category a shield in use bashes as (Tiny, Light with spikes); null for any other
 * item, a buckler or tower shield, or a shield not in hand.
 */
export function shieldBashOf(item: Item.Implementation): WeaponCategory | null {
  if (!item.isOfType("shield") || shieldBashRefusal(item) !== null) return null;
  return shieldBashCategory(item.system.kind, item.system.spikes);
}

/** EQ-9: a shield's bash as a weapon: melee, reach 1, not brawling (SW-4), no riders. */
function bashFacts(category: WeaponCategory): WeaponFacts {
  return {
    category,
    modes: { melee: true, thrown: false, launcher: false },
    reach: 1,
    rangeClass: null,
    reload: "none",
    temporary: false,
    tainted: false,
    brawling: false,
    riders: [],
  };
}

/**
 * EQ-2..EQ-4, DMG-6, EQ-9: a weapon item's facts, a shield in use's bash, or null for any other item
 * (and a shield that cannot bash).
 */
export function weaponFacts(item: Item.Implementation | null): WeaponFacts | null {
  const bash = item ? shieldBashOf(item) : null;
  if (bash) return bashFacts(bash);
  if (!item?.isOfType("weapon")) return null;
  const w = item.system;
  return {
    category: w.category,
    modes: { ...w.modes },
    reach: w.reach,
    rangeClass: w.rangeClass,
    reload: w.reload,
    temporary: w.temporary,
    tainted: w.tainted,
    brawling: w.brawling,
    riders: ridersOf(w.riders),
  };
}

/** NPC-1: an npc's stat-block attacks as the rules read them (none for a character). */
export const statBlockAttacksOf = (actor: Actor.Implementation | null | undefined): StatBlockAttack[] =>
  actor?.isOfType("npc") ? actor.system.attacks.map((row) => ({ ...row, riders: ridersOf(row.riders) })) : [];

/** NPC-1: the stat-block attack at `index` of an npc's `system.attacks`, if there is one. */
export function statBlockAttackOf(actor: Actor.Implementation, index: unknown): StatBlockAttack | null {
  const row = actor.isOfType("npc") ? statBlockAttackAt(actor.system.attacks, index) : null;
  return row && { ...row, riders: ridersOf(row.riders) };
}

/**
 * EQ-8: the shield in use (a stat block's shield is part of its numbers, so none here); INJ-7, SW-7:
 * none while no usable arm holds it.
 */
export const shieldInUse = (actor: Actor.Implementation): ShieldKind =>
  actor.isOfType("character") && actor.system.equipment.shieldHeld ? actor.system.equipment.shield : "none";

/** SU-5, SU-2, EQ-4: Strength is eff2(♣); an NPC's eff2 is its eff(♣). */
export const strengthOf = (actor: Actor.Implementation): number =>
  cardForUse("strengthRequirement", actor.creature.suits);

/** GW-4: the Grit a creature holds now. */
export const gritHeld = (actor: Actor.Implementation): number => actor.creature.grit.value;

/** EQ-3: the hands a weapon or spell item takes (a stat-block attack takes none from the injuries). */
export const handsOf = (item: Item.Implementation | null): number | undefined =>
  item?.isOfType("weapon") ? item.system.hands : undefined;

/**
 * SP-2 Disarm: the names of the items a creature holds in its hands (EQ-1: the carried item models'
 * `system.slot` is "hands"). The document itself has no slot; reading one listed nothing, ever.
 */
export const heldItemNames = (actor: Actor.Implementation): string[] =>
  actor.items.contents
    .filter((i) => "slot" in i.system && i.system.slot === "hands")
    .map((i) => i.name ?? "");

/** The active combat as the system's class (CONFIG.Combat.documentClass, src/setup/combat.ts). */
/**
 * The combats a fight may be in: the one this client views (`game.combat`) first, then every other
 * combat whose Zilch round runs. The GM's client may view another scene than the players' fight, and
 * then `game.combat` is not that fight (`game.combats.viewed` follows the viewed scene: v13 API
 * CombatData.scene, "The _id of a Scene within which this Combat occurs"; docs/table-layer.md), so
 * what an attack reads cannot hang on the GM's canvas.
 */
function combatsToSearch(): ZilchCombat[] {
  const viewed = game.combat instanceof ZilchCombat ? game.combat : null;
  const running: ZilchCombat[] = [];
  for (const c of game.combats?.contents ?? [])
    if (c instanceof ZilchCombat && c !== viewed && roundRunning(c)) running.push(c);
  return viewed ? [viewed, ...running] : running;
}

type Found = { combat: ZilchCombat; combatantId: string };

/** The combatant of a token in the viewed combat or a running one, if any. */
export function combatantOfToken(tokenId: string | null | undefined): Found | null {
  if (!tokenId) return null;
  for (const combat of combatsToSearch()) {
    const combatant = combat.combatants.find((c) => c.tokenId === tokenId);
    if (combatant?.id) return { combat, combatantId: combatant.id };
  }
  return null;
}

/** The actor's combatant in a combat whose Zilch round runs (the viewed one first), if any. */
export function startedCombatantOf(actor: Actor.Implementation): Found | null {
  for (const combat of combatsToSearch()) {
    const combatant = roundRunning(combat) ? combatantOfCreature(combat.combatants, actor) : undefined;
    if (combatant?.id) return { combat, combatantId: combatant.id };
  }
  return null;
}

/**
 * The token an attacker stands on: its combatant's own token in the fight (Combatant#token, the
 * TokenDocument: draw-steel src/module/documents/combatant.mjs reads `this.token?.disposition`), else
 * its token on the target's scene, else none. Never the GM's canvas: `getActiveTokens` reads the
 * viewed scene only (v13 API Actor#getActiveTokens, "in the current canvas Scene").
 */
export function attackerTokenOf(
  attacker: Actor.Implementation,
  target: TokenDocument.Implementation,
): TokenDocument.Implementation | null {
  const found = startedCombatantOf(attacker);
  const fighting = found?.combat.combatants.get(found.combatantId)?.token ?? null;
  if (fighting) return fighting;
  return target.parent?.tokens.find((t) => t.actor?.uuid === attacker.uuid) ?? null;
}

/** INJ-7 (loseRoundActions) or OPT-1 "Lose an action" (loseAction) on the actor's combatant, if it fights. */
export async function loseActions(
  actor: Actor.Implementation,
  kind: "loseRoundActions" | "loseAction",
): Promise<void> {
  const found = startedCombatantOf(actor);
  if (!found?.combat.id) return;
  const { combat, combatantId } = found;
  const result = await combat.zilchApply({ kind, combatId: combat.id!, combatantId }, game.user ?? null);
  if (!result.ok) console.warn(`Zilch | ${kind} not applied: ${result.code}`);
}

/**
 * DOM-5, AT-5 step 2: reveal a combatant's face-down domino on the GM's client when its pips are
 * needed (a defence that counts pips, or an attack before its turn), then read its pips (ST-2, ST-6).
 */
export async function pipsNeeded(
  tokenId: string | null | undefined,
  need: (stance: string | null) => boolean,
): Promise<{ offense: number; defense: number; defenseless: boolean } | null> {
  const found = combatantOfToken(tokenId);
  const combatant = found ? found.combat.combatants.get(found.combatantId) : undefined;
  if (!found?.combat.id || !combatant) return null;
  const { combat, combatantId } = found;
  const round = combat.zilchRoundOf(combatantId);
  if (round.domino?.state === "faceDown" && need(round.stance))
    await combat.zilchApply({ kind: "revealDomino", combatId: combat.id!, combatantId }, game.user ?? null);
  return pipsOf(combat.zilchRoundOf(combatantId), ZilchCombat.factsOf(combatant), combat.zilchState.mode);
}

/** DOM-5, AT-4: a defence counts the target's pips unless it is Reckless, Helpless or Defenseless. */
export function defenceNeedsPips(defender: Actor.Implementation): (stance: string | null) => boolean {
  const conditions = heldConditionsOf(defender);
  const helpless = conditions.has("helpless") || conditions.has("defenseless");
  return (stance) => stance !== "reckless" && !helpless;
}

/** CD-15, AT-5 step 1: whether an attack on this token offers its countdown participant a reactive defence. */
export function reactiveDefenceOfferedTo(tokenId: string | null | undefined, defenseless: boolean): boolean {
  const found = combatantOfToken(tokenId);
  if (!found || !roundRunning(found.combat)) return false;
  return reactiveDefenceOffered(found.combat.zilchState, found.combatantId, defenseless);
}

/**
 * CD-15: the GM's client discards the actor's highest usable die for a reactive defence, through the
 * combat's own request (refused while Defenseless or with no usable die). Resolves whether it was paid.
 */
export async function payReactiveDefence(
  actor: Actor.Implementation,
  defenseless: boolean,
): Promise<boolean> {
  const found = startedCombatantOf(actor);
  if (!found?.combat.id) return false;
  const { combat, combatantId } = found;
  const request = { kind: "reactiveDefence", combatId: combat.id!, combatantId, defenseless } as const;
  return (await combat.zilchApply(request, game.user ?? null)).ok;
}

/** The token of the actor's combatant in the active, started combat, if any. */
export function combatTokenOf(actor: Actor.Implementation): string | null {
  const found = startedCombatantOf(actor);
  return found?.combat.combatants.get(found.combatantId)?.tokenId ?? null;
}

/** CD-15: the Effort and Pressure pending on the token's combatant (none outside a countdown combat). */
export function pendingOnesOf(tokenId: string | null | undefined): { effort: number; pressure: number } {
  const found = combatantOfToken(tokenId);
  return found ? found.combat.zilchPendingOnes(found.combatantId) : { effort: 0, pressure: 0 };
}

/** CD-15: the attack that took them uses up the pending Effort and Pressure of the token's combatant. */
export async function usePendingOnes(tokenId: string | null | undefined): Promise<void> {
  const found = combatantOfToken(tokenId);
  if (found) await found.combat.zilchUsePendingOnes(found.combatantId);
}

/**
 * REC-1, AC-3, CD-7: in a started combat a Rally is its creature's Full action, taken in its own turn
 * (a Spades turn, or right after a countdown Act that paid at least 8): the active GM records it
 * first, through the request channel, so a refused Rally (outside the turn, no room left, too slow an
 * Act, not the user's creature) is shown to the user and nothing is rolled or spent. Outside a
 * combat (the breather after it) there is nothing to record. Resolves whether the Rally may go on.
 * CON-4: a resist against terror is asked the same way, as the turn's Standard action (priced at the
 * simple Standard speed in the countdown), before its ♥ test; AC-4, REC-6: so is a healing item's Use,
 * before the item is spent.
 */
export async function takeSheetTurn(
  actor: Actor.Implementation,
  action: "rally" | "resistTerror" | "use",
): Promise<boolean> {
  const found = startedCombatantOf(actor);
  if (!found) return true;
  return requestCombat({
    kind: "takeAction",
    combatId: found.combat.id!,
    combatantId: found.combatantId,
    action,
  });
}

/**
 * AC-4, MAG-6, CD-7: a non-attack Cast from the sheet is its creature's Standard action when it is cast
 * in that creature's own turn (a Spades turn, or right after its countdown Act), recorded before the
 * chips are paid, at the spell's speed (the GM's client prices a player's from the spell it holds).
 * Outside its turn nothing is recorded, as for an attack. Resolves whether the Cast may go on.
 */
export async function takeSheetCast(
  actor: Actor.Implementation,
  spell: Item.Implementation,
): Promise<boolean> {
  const found = startedCombatantOf(actor);
  if (!found || !spell.isOfType("spell") || !spell.id) return true;
  if (!inTurn(found.combat.zilchState, found.combatantId)) return true;
  return requestCombat({
    kind: "takeAction",
    combatId: found.combat.id!,
    combatantId: found.combatantId,
    action: "cast",
    named: { action: `cast:${spell.id}`, speed: castSpeed(spell.system.runeCount) },
  });
}

/**
 * AC-1, AC-4, CD-7: record an attack, Charge or Cast in the attacker's turn on the GM's client, when it
 * is the token's combatant's own turn (a Spades turn, or right after its countdown Act); outside its
 * turn (an attack the GM makes for it, a reaction) nothing is recorded or checked. Resolves to the
 * round's refusal code, or null when recorded or not in turn.
 */
export async function recordTurnAction(
  tokenId: string | null | undefined,
  action: "attack" | "charge" | "specialAttack" | "cast",
  speed: number,
): Promise<string | null> {
  const found = combatantOfToken(tokenId);
  if (!found?.combat.id || !roundRunning(found.combat)) return null;
  const { combat, combatantId } = found;
  if (!inTurn(combat.zilchState, combatantId)) return null;
  const request = { kind: "takeAction", combatId: combat.id!, combatantId, action, speed } as const;
  const result = await combat.zilchApply(request, game.user ?? null);
  return result.ok ? null : result.code;
}

/** ST-1: the stance the token's combatant declared this round (null outside a combat or before declaring). */
export function stanceOf(tokenId: string | null | undefined): Stance | null {
  const found = combatantOfToken(tokenId);
  return found ? found.combat.zilchRoundOf(found.combatantId).stance : null;
}

/** ST-1: the target's combatant shows the Guarded stance this round (read from the combat's flags). */
export function guardedOf(tokenId: string | null | undefined): boolean {
  const found = combatantOfToken(tokenId);
  return found?.combat.zilchRoundOf(found.combatantId).stance === "guarded";
}

/**
 * CB-4: is it the actor's own turn in the running combat (then "its next turn" is the one after)? Zilch's
 * round says whose turn it is; Foundry's `turn` only shows it (../combat/zilch-round.ts).
 */
export function inOwnTurn(actor: Actor.Implementation): boolean {
  const found = startedCombatantOf(actor);
  return Boolean(found && actingCombatant(found.combat)?.id === found.combatantId);
}

/** OPT-1, CON-5: a bought result's duration as the actor's condition duration. */
export function marginDuration(d: MarginDuration, actor: Actor.Implementation): ConditionDuration {
  if (d === "endOfNextTurn") return untilEndOfNextTurn(inOwnTurn(actor));
  if (d === "startOfNextTurn") return { kind: "startOfNextTurn" };
  if (d === "thisRound") return { kind: "rounds", rounds: 1 };
  return { kind: "indefinite" };
}

/** Which suit a class-chip commit spends: the attacker's ♣, the defender's ♠ (AT-5). */
export type CommitSuit = Extract<Suit, "clubs" | "spades">;
