/**
 * OPT-1's Expose and Reduce defence marks bought against a creature, kept in its `zilch.marginMarks`
 * flag until they expire (ZilchActor.advanceConditions) or the attack flow uses Expose up.
 */
import { readMarginMarks, type MarginMark } from "../rules/round/margin";

/** OPT-1: the Expose and Reduce defence marks bought against this creature and not yet expired. */
export function marginMarks(actor: Actor.Implementation): MarginMark[] {
  // Stored data is read through the validating reader, never trusted as typed.
  return readMarginMarks(actor.getFlag("zilch", "marginMarks"));
}

/** OPT-1: replace the marks (the attack flow adds bought ones and uses up Expose). */
export async function setMarginMarks(
  actor: Actor.Implementation,
  marks: readonly MarginMark[],
): Promise<void> {
  await actor.setFlag("zilch", "marginMarks", [...marks]);
}
