/**
 * INJ-7, SW-7: what an injury or a wound imposes on its creature while it lasts, read by the actor
 * models' derived data (the path gear and drain already feed, CON-4), so it holds while the item is
 * there and goes when the item heals.
 */
import { injuryColumn } from "./injury/effect-table";
import { PERMANENT_LIMB_LOSS, limbOf } from "./injury/effects";
import { FRACTURE_PENALTIES } from "./injury/fracture";
import type { LastingHarm } from "./injury/harm";
import { HAND_LOCATION, type Hand } from "./injury/lasting-modifiers";
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

/** What the movement and hand readers need of an injury item: where it is, as well. */
export interface PlacedLastingSource extends LastingSource {
  readonly location: Location;
}

/** INJ-7, INJ-8, SW-7: the actions and movement an injury or wound forbids while it lasts. */
export interface LastingRestrictions {
  /** INJ-8 leg Fracture ("Charge not allowed"), SW-7 Leg crippled ("no Charge"). */
  noCharge: boolean;
  /** SW-7 Leg crippled: no run or sprint (MV-1), only the Move rate. */
  noRunOrSprint: boolean;
  /** INJ-7 broken arm, ruined hand, lost arm; SW-7 Arm disabled: the hands that cannot be used. */
  unusableHands: Hand[];
}

/** INJ-8: a fracture forbids the Charge where its column says so (the leg). */
function fractureForbidsCharge(location: Location): boolean {
  const column = injuryColumn(location);
  return (
    (column === "arm" || column === "leg" || column === "chest" || column === "groin") &&
    !FRACTURE_PENALTIES[column].chargeAllowed
  );
}

/** INJ-7, SW-7: an arm's injury whose lasting harm makes its hand unusable (a leg's "limb" is not a hand). */
function disablesHandAt(injury: PlacedLastingSource, hand: Hand): boolean {
  return injury.location === HAND_LOCATION[hand] && injury.lasting.some((l) => l.kind === "unusable");
}

/**
 * INJ-7, INJ-8, SW-7: the Charge, running and hands the creature's injuries and wounds take away
 * while they last; read by the actor models' derived data, so they go when the item heals.
 */
export function lastingRestrictions(injuries: readonly PlacedLastingSource[]): LastingRestrictions {
  const has = (kind: LastingHarm["kind"]) => injuries.some((i) => i.lasting.some((l) => l.kind === kind));
  const fractured = injuries.some(
    (i) => i.lasting.some((l) => l.kind === "fracture") && fractureForbidsCharge(i.location),
  );
  return {
    noCharge: has("noCharge") || fractured,
    noRunOrSprint: has("noRunOrSprint"),
    unusableHands: (["right", "left"] as const).filter((hand) =>
      injuries.some((i) => disablesHandAt(i, hand)),
    ),
  };
}

/**
 * SW-7 "no shield on it", INJ-7 "limb unusable": whether a shield in use still has a usable arm.
 * Which hand holds what is not recorded (EQ-1 keeps items "in hands"), so with one hand unusable the
 * good hand holds the shield only when nothing else in hands needs it; a strapped buckler needs only
 * one good arm. Unhurt, nothing changes (EQ-8 alone decides).
 */
export function shieldStillHeld(input: {
  unusableHands: number;
  /** Hands needed by the weapons and gear also held in hands. */
  otherHandsHeld: number;
  strapped: boolean;
}): boolean {
  if (input.unusableHands === 0) return true;
  const usable = Math.max(0, 2 - input.unusableHands);
  return input.strapped ? usable >= 1 : usable - input.otherHandsHeld >= 1;
}
