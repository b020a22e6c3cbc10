/**
 * INJ-7, SW-7: what an injury or a wound imposes on its creature while it lasts, read by the actor
 * models' derived data (the path gear and drain already feed, CON-4), so it holds while the item is
 * there and goes when the item heals.
 */
import { PERMANENT_LIMB_LOSS, limbOf, type LastingHarm } from "./injuries";
import type { Condition, Location } from "./vocabulary";

/** What the lasting-effect readers need of an injury item. */
export interface LastingSource {
  readonly lasting: readonly LastingHarm[];
}

/**
 * INJ-7, SW-7: the conditions the creature's injuries and wounds impose while they last (a Sound
 * injury's Deafened, a Foot injury's and a crippled leg's Slowed, a gut wound's Hampered, a lost leg's
 * Slowed), each once.
 */
export function lastingConditions(injuries: readonly LastingSource[]): Condition[] {
  const held = new Set<Condition>();
  for (const injury of injuries)
    for (const effect of injury.lasting) if (effect.kind === "condition") held.add(effect.condition);
  return [...held];
}

/**
 * INJ-7 `sever`: "the limb is lost" from the moment of the injury, and the loss outlives the acute
 * phase (an arm: that hand is unusable; a leg: Slowed). The acute phase's own entries hold while its
 * days run (`acute`); afterwards only the loss.
 */
export function severedLasting(
  acute: readonly LastingHarm[],
  location: Location,
  acutePhase: boolean,
): LastingHarm[] {
  const limb = limbOf(location);
  const loss = limb ? PERMANENT_LIMB_LOSS[limb] : [];
  return acutePhase ? [...acute, ...loss] : [...loss];
}
