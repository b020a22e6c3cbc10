/**
 * Whether a Zilch round runs in a combat, its number and who acts in it, read from the round state the
 * active GM writes in the combat's flags (a player cannot write a Combat's flags: Nimble-Co/FoundryVTT-
 * Nimble#853). Every rule that asks "is a round running?" reads it here.
 *
 * Foundry's own `round`, `turn`, `started` and `combatant` are for display only: a player may write
 * `round` and `turn` (Nimble#853, "Foundry lets a non-GM update a Combat's turn-only fields"; the
 * 2026-11-28 security review, section 4 row 7), so `round: 0` from a player's console turns `started`
 * false on every client until the active GM puts it back (ZilchCombat#_onUpdate), and a request the GM
 * applied in that window would have seen no running round.
 */
import type { RoundState } from "../../rules/round/state";
import { zilchCurrent } from "../../rules/round/turn-sync";
import { SYSTEM_ID } from "../../data/settings";
import { combatantOfCreature } from "../../rules/round/creature";

/** The stored round state; none before the combat's first round is dealt. */
function storedRound(combat: Combat.Implementation): RoundState | undefined {
  return combat.getFlag(SYSTEM_ID, "round");
}

/** CB-2, CD-1: Zilch's round number, 0 before the first round is dealt (or with no combat). */
export function zilchRoundNumber(combat: Combat.Implementation | null | undefined): number {
  return (combat && storedRound(combat)?.round) || 0;
}

/** CB-3, CB-2: a Zilch round is running in this combat (its first round has been dealt). */
export function roundRunning(combat: Combat.Implementation | null | undefined): boolean {
  return zilchRoundNumber(combat) > 0;
}

/** CB-2, CD-5, ST-1: the combatant acting now in Zilch's round (the Spades turn, the countdown call), if any. */
export function actingCombatant(
  combat: Combat.Implementation | null | undefined,
): Combatant.Implementation | undefined {
  const state = combat ? storedRound(combat) : undefined;
  const id = state ? zilchCurrent(state) : null;
  return id === null ? undefined : combat?.combatants.get(id);
}

/**
 * CB-3: the running fight a creature is in: its combat and combatant (an unlinked token's own). The
 * viewed combat is searched first, then every other combat whose round runs: the active GM may be
 * viewing another scene than the fight, and `game.combat` follows the viewed scene (v13 API
 * CombatData.scene; docs/table-layer.md, "several scenes"), so what the GM's client applies for a
 * fight never hangs on the GM's canvas.
 */
export function fightOf(
  actor: Actor.Implementation,
): { combat: Combat.Implementation; combatant: Combatant.Implementation } | null {
  const viewed = game.combat ?? null;
  const others = (game.combats?.contents ?? []).filter((c) => c !== viewed);
  for (const combat of viewed ? [viewed, ...others] : others) {
    if (!roundRunning(combat)) continue;
    const combatant = combatantOfCreature(combat.combatants, actor);
    if (combatant?.id) return { combat, combatant };
  }
  return null;
}
