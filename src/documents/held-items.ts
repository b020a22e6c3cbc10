/**
 * EQ-1: what a creature holds in its hands, read from its items, for MAG-2's free hand or focus and
 * AC-3's Retrieve. Kept apart from the spellcasting module so the round's facts can read it without
 * loading the spell data model.
 */
import { hasFreeHand, type HeldItem } from "../rules/magic";
import type { ZilchActor } from "./actor";

/**
 * MAG-2, EQ-1: what the creature holds in its hands (items in the "hands" slot). A brawling weapon is
 * the hand itself, so it leaves the hand empty; a shield, or armour carried in the arms, takes one hand.
 * A focus is gear or a weapon (a staff) marked as one.
 */
export function heldItems(caster: ZilchActor): HeldItem[] {
  return caster.items.contents.flatMap((item): HeldItem[] => {
    if (item.isOfType("weapon")) {
      const held = item.system.slot === "hands" && !item.system.brawling;
      return held ? [{ hands: item.system.handsNeeded, focus: item.system.focus }] : [];
    }
    if (item.isOfType("gear"))
      return item.system.slot === "hands" ? [{ hands: item.system.hands, focus: item.system.focus }] : [];
    if (item.isOfType("shield") || item.isOfType("armor"))
      return item.system.slot === "hands" ? [{ hands: 1, focus: false }] : [];
    return [];
  });
}

/** AC-3 Retrieve: whether the creature has an empty hand; undefined without a creature. */
export function emptyHandOf(actor: ZilchActor | null): boolean | undefined {
  return actor ? hasFreeHand(heldItems(actor)) : undefined;
}
