import { describe, expect, it } from "vitest";
import { makeActor } from "./models-setup";
import type { DocumentData } from "../stand-in/documents";
import { StandInRoll } from "../stand-in/chat";

// The globals a module-level `extends` names on the way (ZilchTestRoll's Roll, ZilchCombat's Combat),
// as in Foundry; set before the module is loaded. Nothing here calls them.
if (!("Roll" in globalThis)) Reflect.set(globalThis, "Roll", StandInRoll);
if (!("Combat" in globalThis)) Reflect.set(globalThis, "Combat", class {});
const { defaultAction, nameableActions } = await import("../../src/applications/combat/default-action");

/**
 * CD-7 through the tracker's default action (the Standard action a countdown die pays for, and what
 * the active GM prices a player's Act with): the speed comes from the creature's weapon in hand by
 * speedWeapon, so a weapon that reloads costs 6 whatever its category.
 */
const weapon = (name: string, system: Record<string, unknown>): DocumentData => ({
  _id: `itm${name.padEnd(13, "0")}`.slice(0, 16),
  name,
  type: "weapon",
  system: { slot: "hands", hands: 1, ...system },
});
/** The tracker reads only the combatant's actor (a stand-in actor, so typed unknown before the narrowing). */
const combatantWith = (items: DocumentData[]) => {
  const actor: unknown = makeActor({ name: "PC", type: "character", items });
  return { actor } as Parameters<typeof defaultAction>[0];
};

describe("CD-7: a countdown Act is priced from the weapon in hand", () => {
  it("a sling (Light, slow to reload) costs 6, not its category's 4", () => {
    const sling = weapon("Sling", { category: "light", reload: "slow" });
    expect(defaultAction(combatantWith([sling])).action).toEqual({ action: `attack:${sling._id}`, speed: 6 });
  });

  it("a winch crossbow costs 6 too; a dagger (Light) 4, a greatsword 6, empty hands 3", () => {
    const speed = (items: DocumentData[]) => defaultAction(combatantWith(items)).action?.speed;
    expect(speed([weapon("Crossbow", { category: "great", reload: "winch", hands: 2 })])).toBe(6);
    expect(speed([weapon("Dagger", { category: "light" })])).toBe(4);
    expect(speed([weapon("Greatsword", { category: "great", hands: 2 })])).toBe(6);
    expect(speed([weapon("Mace", { category: "heavy", slot: "pack" })])).toBe(3);
  });
});

describe("EQ-9: the tracker's Attack choices include a shield's bash", () => {
  const shield = (kind: string, system: Record<string, unknown> = {}): DocumentData => ({
    _id: `itmShield${kind.padEnd(7, "0")}`.slice(0, 16),
    name: `${kind} shield`,
    type: "shield",
    system: { slot: "hands", kind, ...system },
  });

  it("a Small shield in hand is a choice after the weapons; a buckler, a tower shield or a packed shield is not", () => {
    const dagger = weapon("Dagger", { category: "light" });
    const small = shield("small");
    const { weapons } = defaultAction(
      combatantWith([dagger, small, shield("buckler"), shield("tower"), shield("large", { slot: "pack" })]),
    );
    expect(weapons?.map((w) => w.id)).toEqual([dagger._id, small._id]);
  });

  it("with only a shield, its bash is the Standard action a die pays for: a Tiny weapon's 3", () => {
    const small = shield("small");
    expect(defaultAction(combatantWith([small])).action).toEqual({ action: `attack:${small._id}`, speed: 3 });
  });
});

describe("CD-7, CD-8: the actions a combatant can name, each at its speed", () => {
  const spell = (runeCount: number): DocumentData => ({
    _id: "itmSpell00000001",
    name: "Spark",
    type: "spell",
    system: { runeCount },
  });
  const named = (items: DocumentData[], system: Record<string, unknown> = {}) => {
    const actor: unknown = makeActor({ name: "PC", type: "character", items, system });
    return Object.fromEntries(
      nameableActions({ actor } as Parameters<typeof nameableActions>[0]).map((n) => [
        n.action.action,
        n.action.speed,
      ]),
    );
  };

  it("a sword's Attack 5, Special Attack 6 and Charge 5; a 3-rune Cast 6; Retrieve and Rally 8; Use and Defend 3", () => {
    const sword = weapon("Sword", { category: "heavy" });
    expect(named([sword, spell(3)])).toEqual({
      [`attack:${sword._id}`]: 5,
      [`special:${sword._id}`]: 6,
      [`charge:${sword._id}`]: 5,
      "cast:itmSpell00000001": 6,
      "full:retrieve": 8,
      "full:rally": 8,
      use: 3,
      defend: 3,
    });
  });

  it("MAG-2: a Cast is named with a hand free or a focus held, never with both hands full and no focus", () => {
    const great = weapon("Greatsword", { category: "great", hands: 2 });
    const staff: DocumentData = {
      _id: "itmStaff00000001",
      name: "Staff",
      type: "gear",
      system: { slot: "hands", hands: 2, focus: true },
    };
    const castable = (items: DocumentData[]) => "cast:itmSpell00000001" in named([...items, spell(1)]);
    expect(castable([great])).toBe(false);
    expect(castable([staff])).toBe(true);
    expect(castable([weapon("Sword", { category: "heavy" })])).toBe(true);
    expect(castable([{ ...great, system: { ...great.system, slot: "pack" } }])).toBe(true);
  });

  it("two-weapon fighting (8) only for a Fighter holding a legal pair; empty hands attack unarmed (3)", () => {
    const daggers = [weapon("DaggerA", { category: "light" }), weapon("DaggerB", { category: "light" })];
    expect(named(daggers, { classes: ["fighter"] })["full:twoWeapon"]).toBe(8);
    expect(named(daggers)["full:twoWeapon"]).toBeUndefined();
    expect(named([])["attack:unarmed"]).toBe(3);
  });
});
