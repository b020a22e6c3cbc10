/**
 * AC-3, EQ-14 two-weapon fighting read from the documents: which held weapons make a legal pair with
 * the one attacking (the declaration dialog offers those), what is wrong with a named pair (the GM's
 * client refuses it with those words), and the record of the Full action in the attacker's turn: the
 * first attack takes its declared share of the offensive pips, the second the rest.
 */
import { twoWeaponProblems, WEAPON_MODES, type WeaponProfile } from "../../rules/equipment";
import type { TwoWeaponStart } from "../../rules/round/turn-record";
import { inTurn } from "../../rules/round/turn-record";
import type { AttackMode } from "../../rules/attack/resolution";
import type { ZilchCombat } from "../combat/zilch-combat";
import { cardState } from "./card";
import { combatantOfToken } from "./actors";
import { roundRunning } from "../combat/zilch-round";

/** Why a two-weapon declaration is refused, each worded at `ZILCH.Attack.Error.<reason>`. */
export type TwoWeaponIllegal =
  | "twoWeaponClass"
  | "twoWeaponPair"
  | "twoWeaponRanged"
  | "twoWeaponNotHeld"
  | "twoWeaponHandUnusable"
  | "twoWeaponFirstOpen";

const PROBLEM_REASON = {
  class: "twoWeaponClass",
  pair: "twoWeaponPair",
  ranged: "twoWeaponRanged",
} as const satisfies Record<ReturnType<typeof twoWeaponProblems>[number], TwoWeaponIllegal>;

/** EQ-2, EQ-3: a weapon item as the two-weapon rule reads it (hands in use: a Great weapon takes 2). */
function profileOf(item: Item.Implementation): WeaponProfile | null {
  if (!item.isOfType("weapon")) return null;
  const w = item.system;
  return {
    category: w.category,
    hands: w.handsNeeded,
    modes: WEAPON_MODES.filter((m) => w.modes[m]),
    rangeClass: w.rangeClass ?? undefined,
    reload: w.reload,
    doubleEnded: w.doubleEnded,
  };
}

/** EQ-1: a weapon is in use only while held in the hands. */
const held = (item: Item.Implementation): boolean => item.isOfType("weapon") && item.system.slot === "hands";

/** CL-1: the creature's classes (an npc has none, so never fights with two weapons). */
const classesOf = (actor: Actor.Implementation) =>
  actor.isOfType("character") ? actor.system.classList : [];

/** AC-3: the melee form pairs melee weapons; thrown and launcher attacks are its ranged form (EQ-14). */
const isRanged = (mode: AttackMode): boolean => mode === "thrown" || mode === "launcher";

/**
 * EQ-14, EQ-1: what is wrong with attacking with `item` and `partner` (the same item for a
 * double-ended weapon or a shortbow, which gives both attacks) in `mode`; empty when the pair is legal.
 */
export function twoWeaponIllegal(
  actor: Actor.Implementation,
  item: Item.Implementation,
  partner: Item.Implementation,
  mode: AttackMode,
): TwoWeaponIllegal[] {
  const weapons = item === partner ? [item] : [item, partner];
  const profiles = weapons.flatMap((w) => profileOf(w) ?? []);
  if (profiles.length !== weapons.length) return ["twoWeaponPair"];
  const reasons: TwoWeaponIllegal[] = twoWeaponProblems(classesOf(actor), profiles, isRanged(mode)).map(
    (p) => PROBLEM_REASON[p],
  );
  if (!weapons.every(held)) reasons.push("twoWeaponNotHeld");
  // INJ-7, SW-7: two weapons need both hands; a broken, lost or disabled arm or a ruined hand leaves one.
  if (actor.isOfType("character") && actor.system.lasting.unusableHands.length > 0)
    reasons.push("twoWeaponHandUnusable");
  return reasons;
}

/**
 * AC-3, EQ-14: the held weapons that make a legal pair with `item` in one of its modes (itself first
 * when it is double-ended or a shortbow). Empty for anyone but a Fighter or Rogue.
 */
export function twoWeaponPartners(
  actor: Actor.Implementation,
  item: Item.Implementation,
): Item.Implementation[] {
  const profile = profileOf(item);
  if (!profile) return [];
  const modes: AttackMode[] = [...profile.modes];
  return actor.items.contents.filter((other) =>
    modes.some((mode) => twoWeaponIllegal(actor, item, other, mode).length === 0),
  );
}

/**
 * The attacker's combatant in the running fight its token is in, when it is in its own turn (CB-4,
 * CD-20). The fight is searched among every running combat, not only `game.combat`, which follows the
 * viewed scene: the GM's client records the attack while its canvas may show another scene (L8).
 */
function ownTurnOf(tokenId: string | null | undefined): { combat: ZilchCombat; combatantId: string } | null {
  const found = combatantOfToken(tokenId);
  if (!found || !roundRunning(found.combat)) return null;
  return inTurn(found.combat.zilchState, found.combatantId) ? found : null;
}

/** AC-3: what the first attack of a two-weapon action left the second: its chips and Boon, or wait. */
export type FirstAttackCommit =
  { readonly open: true } | { readonly open: false; readonly chips: number; readonly boon: boolean };

/**
 * AC-3, CH-3: what the attacker committed on its newest attack card, which in its own turn, with a
 * second 2WF attack waiting, is the action's first attack (nothing else is attacked with in that Full
 * action). `open` while that card's attacker window is still to close; null without any card. Read on
 * the GM's client, which wrote the card (FOUNDRY-FACTS §6: the message's `system` holds the state).
 */
export function firstAttackCommit(attackerUuid: string): FirstAttackCommit | null {
  const messages = game.messages?.contents ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    const state = message ? cardState(message) : undefined;
    if (state?.attacker.actorId !== attackerUuid) continue;
    if (state.step === "attacker") return { open: true };
    return {
      open: false,
      chips: state.attackerCommit?.chips ?? 0,
      boon: state.attackerCommit?.boon ?? false,
    };
  }
  return null;
}

/**
 * AC-3: the pips of the second 2WF attack the attacker's turn holds for this weapon item, or null.
 * Read from the combat's flags, which every client holds (the dialog says so before the attack).
 */
export function secondAttackPips(
  tokenId: string | null | undefined,
  itemId: string | undefined,
): number | null {
  const found = ownTurnOf(tokenId);
  const waiting = found?.combat.zilchRoundOf(found.combatantId).turn?.twoWeapon;
  return itemId && waiting?.itemId === itemId ? waiting.pips : null;
}

/** AC-3: whether the attacker's turn holds a second 2WF attack for this weapon item. */
export const secondAttackWaiting = (
  tokenId: string | null | undefined,
  itemId: string | undefined,
): boolean => secondAttackPips(tokenId, itemId) !== null;

/**
 * AC-1, AC-3, CD-7: record a two-weapon attack in the attacker's own turn on the GM's client: the first
 * (the Full action, with its share and the other weapon) or the second (the rest of the pips). Resolves
 * to the pips this attack takes, or the round's refusal code; outside its own turn, `notInTurn`.
 */
export async function recordTwoWeaponAttack(
  tokenId: string | null | undefined,
  attack: { readonly start: TwoWeaponStart; readonly speed: number } | { readonly secondWeapon: string },
): Promise<{ ok: true; pips: number } | { ok: false; code: string }> {
  const found = ownTurnOf(tokenId);
  const combatId = found?.combat.id;
  if (!found || !combatId) return { ok: false, code: "notInTurn" };
  const { combat, combatantId } = found;
  const pips =
    "start" in attack
      ? attack.start.firstShare
      : (combat.zilchRoundOf(combatantId).turn?.twoWeapon?.pips ?? 0);
  const request =
    "start" in attack
      ? { twoWeapon: attack.start, speed: attack.speed }
      : { secondWeapon: attack.secondWeapon };
  const result = await combat.zilchApply(
    { kind: "takeAction", combatId, combatantId, action: "twoWeaponFighting", ...request },
    game.user ?? null,
  );
  return result.ok ? { ok: true, pips } : { ok: false, code: result.code };
}
