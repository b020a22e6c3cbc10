/**
 * Regeneration, a special quality a stat block holds as numbers (NPC-1 SQ; src/data/actor/npc-specials.ts):
 * at the start of its turn the creature recovers the HP its regeneration entries give (HP-5 wakes it at
 * 1 HP or more). A dead creature does not regenerate. What stops it ("fire or acid") is a kind of harm the
 * damage model does not record (DMG-5 knows only physical and energy), so the GM marks it on the stat
 * block (`stopped`) when that harm hit the creature: a marked entry gives nothing at the next turn start,
 * which clears the mark, so it stops one round of healing.
 */
export interface RegenerationSource {
  readonly kind: string;
  readonly hpPerRound: number;
  /** The GM's mark: what stops it hurt the creature since its last turn. */
  readonly stopped?: boolean;
}

/** NPC-1: the creature has a regeneration the GM marked stopped (its turn start clears the mark). */
export function regenerationStopped(specials: readonly RegenerationSource[]): boolean {
  return specials.some((s) => s.kind === "regeneration" && s.stopped === true);
}

/** NPC-1: HP regenerated at the start of the creature's turn (0: none, or the creature is dead). */
export function regenerationPoints(specials: readonly RegenerationSource[], dead: boolean): number {
  if (dead) return 0;
  return specials
    .filter((s) => s.kind === "regeneration" && s.stopped !== true)
    .reduce((sum, s) => sum + Math.max(0, s.hpPerRound), 0);
}
