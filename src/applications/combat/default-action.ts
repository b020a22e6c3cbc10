/**
 * CD-7, NPC-4: the Standard action a combatant's countdown die pays for, read from its creature's
 * weapons. The tracker shows it, and the active GM's client prices a player's Act with it
 * (src/setup/queries.ts). Kept apart from the tracker class so that code can use it without loading
 * Foundry's sidebar classes.
 */
import { shieldBashOf, statBlockAttacksOf } from "../../documents/attack/actors";
import { attackChoices, type TurnInput } from "./turn-context";

type WeaponItem = Item.OfType<"weapon">;

/** The item's `type` names its data model (CONFIG.Item.dataModels), so its `system` is the weapon's. */
const isWeapon = (item: Item.Implementation): item is WeaponItem => item.type === "weapon";

/** AT-1: the weapons in its hands; an NPC without slots set attacks with any of its weapons. */
function equippedWeapons(c: Combatant.Implementation): WeaponItem[] {
  // Foundry's Collection iterates its values (dnd5e 5.1.x: `for ( const item of actor.items )`).
  const weapons = [...(c.actor?.items ?? [])].filter(isWeapon);
  const inHands = weapons.filter((w) => w.system.slot === "hands");
  return inHands.length > 0 || c.actor?.type !== "npc" ? inHands : weapons;
}

/** CD-7, NPC-4: the Standard action a combatant's die pays for, and its Attack choices. */
export function defaultAction(
  c: Combatant.Implementation,
): Pick<TurnInput, "action" | "actionLabel" | "weapons"> {
  const weapons = equippedWeapons(c).map((w) => ({
    id: w.id!,
    name: w.name ?? "",
    category: w.system.category,
    reload: w.system.reload,
  }));
  // EQ-9: a shield in hand that can bash is one more Attack choice, after the weapons.
  const bashes = [...(c.actor?.items ?? [])].flatMap((s) => {
    const category = shieldBashOf(s);
    return category && s.id ? [{ id: s.id, name: s.name ?? "", category }] : [];
  });
  return {
    ...attackChoices([...weapons, ...bashes], statBlockAttacksOf(c.actor)),
    actionLabel: "ZILCH.Combat.Action.attack",
  };
}
