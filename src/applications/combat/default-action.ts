/**
 * CD-7, CD-8, NPC-4: the actions a combatant can name for its countdown Act or pool, read from its
 * creature: an Attack, Special Attack or Charge with each weapon in hand (or stat-block attack), a
 * Cast of each spell it knows (while a hand is free or a focus held, MAG-2), two-weapon fighting when its pair is legal, Retrieve, Rally, Use and
 * Defend, each with its speed. The tracker offers them (the first, its default attack, until the
 * owner picks another), and the active GM's client prices a player's Act or Accumulate with this same
 * list from its own copy of the actor (src/setup/queries.ts), so a request carries only a name. Kept
 * apart from the tracker class so that code can use it without loading Foundry's sidebar classes.
 */
import { shieldBashOf, statBlockAttacksOf } from "../../documents/attack/actors";
import { twoWeaponPartners } from "../../documents/attack/two-weapon";
import { heldItems } from "../../documents/held-items";
import { handFreeOrFocus } from "../../rules/magic";
import { naturalWeapon } from "../../rules/attack/index";
import { actionSpeed, speedWeapon, type ActionSpec } from "../../rules/countdown/speeds";
import type { NamedAction } from "../../rules/countdown/types";
import { attackChoices, type NameableAction, type TurnInput } from "./turn-context";

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

/** CD-7, EQ-9: its weapons in hand, then the shields in hand that can bash, as Attack choices. */
function weaponChoices(c: Combatant.Implementation) {
  const weapons = equippedWeapons(c).map((w) => ({
    id: w.id!,
    name: w.name ?? "",
    category: w.system.category,
    reload: w.system.reload,
  }));
  const bashes = [...(c.actor?.items ?? [])].flatMap((s) => {
    const category = shieldBashOf(s);
    return category && s.id ? [{ id: s.id, name: s.name ?? "", category }] : [];
  });
  return [...weapons, ...bashes];
}

/** CD-7, NPC-4: the Standard action a combatant's die pays for by default, and its Attack choices. */
export function defaultAction(
  c: Combatant.Implementation,
): Pick<TurnInput, "action" | "actionLabel" | "weapons"> {
  return {
    ...attackChoices(weaponChoices(c), statBlockAttacksOf(c.actor)),
    actionLabel: "ZILCH.Combat.Action.attack",
  };
}

/** One entry of the list: its name, the speed CD-7 gives it, and how the tracker words it. */
function entry(kind: string, id: string | null, name: string, spec: ActionSpec | number): NameableAction {
  const speed = typeof spec === "number" ? spec : (actionSpeed(spec) ?? 0);
  const action: NamedAction = { action: id === null ? kind : `${kind}:${id}`, speed };
  // Full actions and an unarmed blow have no item to name, so each has its own words.
  const own = kind === "full" ? id : id === "unarmed" ? `${kind}Unarmed` : kind;
  return { action, label: `ZILCH.Combat.Named.${own}`, name, buys: `ZILCH.Combat.Action.${kind}` };
}

/** CD-7: Attack, Special Attack (+1) and Charge with each weapon or stat-block attack; unarmed without. */
function weaponActions(c: Combatant.Implementation): NameableAction[] {
  const weapons = weaponChoices(c).map((w) => ({
    id: w.id,
    name: w.name,
    speed: actionSpeed({ kind: "attack", weapon: speedWeapon(w) }) ?? 0,
  }));
  const natural = statBlockAttacksOf(c.actor).map((a, index) => ({
    id: `natural:${index}`,
    name: a.name,
    speed: naturalWeapon(a).speed,
  }));
  const all = [...weapons, ...natural];
  const first = defaultAction(c).action;
  const attacks = all.length > 0 ? all : [{ id: "unarmed", name: "", speed: first?.speed ?? 3 }];
  // The default attack (the tracker's first choice) stays first, as before this list existed.
  attacks.sort(
    (a, b) => Number(`attack:${b.id}` === first?.action) - Number(`attack:${a.id}` === first?.action),
  );
  return [
    ...attacks.map((w) => entry("attack", w.id, w.name, w.speed)),
    ...attacks.map((w) => entry("special", w.id, w.name, w.speed + 1)),
    ...attacks.map((w) => entry("charge", w.id, w.name, w.speed)),
  ];
}

/** AC-3, EQ-14: whether some weapon in hand has a legal partner for two-weapon fighting. */
function mayFightWithTwo(c: Combatant.Implementation): boolean {
  const actor = c.actor;
  if (!actor) return false;
  return equippedWeapons(c).some((w) => twoWeaponPartners(actor, w).length > 0);
}

/** CD-7, CD-8: every action this combatant can name for an Act or a pool, its default attack first. */
export function nameableActions(c: Combatant.Implementation): NameableAction[] {
  // MAG-2: with both hands full and no focus held, no Cast is offered (the Cast itself is refused too).
  const mayCast = c.actor ? handFreeOrFocus(heldItems(c.actor)) : false;
  const spells = [...(mayCast ? (c.actor?.items ?? []) : [])].flatMap((s) =>
    s.isOfType("spell") && s.id
      ? [entry("cast", s.id, s.name ?? "", { kind: "cast", runes: s.system.runeCount })]
      : [],
  );
  const full = (id: string) => entry("full", id, "", { kind: "full" });
  return [
    ...weaponActions(c),
    ...spells,
    ...(mayFightWithTwo(c) ? [full("twoWeapon")] : []),
    full("retrieve"),
    full("rally"),
    entry("use", null, "", { kind: "use" }),
    entry("defend", null, "", { kind: "defend" }),
  ];
}
