import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_ACTIONS, NPC_ACTIONS } from "./registered-actions";
import { CHARACTER_PARTS, NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { weaponDamage as weaponDamageOf, weaponStrengthModifier } from "../../src/rules/equipment";
import { actionSpeed } from "../../src/rules/countdown/speeds";
import { naturalAttackSpeed } from "../../src/rules/npc";
import { castSpeed } from "../../src/rules/magic";

/**
 * The Combat tab lists the attacks the character can make and what each costs:
 * the to-hit card and Strength shortfall (AT-2, EQ-4), damage, reach or range, the countdown speed of
 * the attack and of a Special Attack (CD-7), and a Cast's ♦ chips (MAG-3). The numbers are checked
 * against the rules functions, never against copies; each row's button is the Equipment tab's action.
 */
const renderer = createRenderer();

/** Strength eff2(♣) 4: short of a Great weapon's 7 in melee, of a Light weapon's 3 + 2 at range. */
function warrior() {
  const weapon = (name: string, slot: string, system: Record<string, unknown>) => ({ name, type: "weapon", system: { slot, ...system } });
  const items = [
    weapon("Greatsword", "hands", { category: "great", hands: 2 }),
    weapon("Light crossbow", "hands", { category: "light", reload: "slow", modes: { melee: false, thrown: false, launcher: true }, rangeClass: "short" }),
    weapon("Dagger", "handy", { category: "tiny", modes: { melee: true, thrown: true, launcher: false }, rangeClass: "thrown" }),
    weapon("Spear", "pack", { category: "light", reach: 2 }),
    { name: "Firebolt", type: "spell", system: { isAttack: true, runeCount: 2, chipCost: 2, damage: 3, maxRange: "near" } },
    { name: "Mend", type: "spell", system: { isAttack: false, healing: 2 } },
  ];
  const system = {
    classes: ["fighter", "wizard"],
    suits: { clubs: { primary: 9, secondary: 4 }, diamonds: { primary: 8, secondary: 3 }, spades: { primary: 5, secondary: 5 }, hearts: { primary: 5, secondary: 5 } },
  };
  return characterInput(fx.prepared({ name: "Vera", type: "character", system, items }), { id: "vera", editable: true, editMode: false, activeTab: "combat" });
}

describe("the Combat tab's attacks (AT-2, CD-7, EQ-4, MAG-3)", () => {
  it("lists weapons in hand, then in handy slots, then attack spells; not the pack, not other spells", () => {
    const ctx = characterContext(warrior());
    expect(ctx.attacks.map((a) => a.name)).toEqual(["Greatsword", "Light crossbow", "Dagger", "Firebolt"]);
    expect(ctx.attacks.map((a) => a.handy)).toEqual([false, false, true, false]);
  });

  it("prices each attack at its CD-7 speed and a Special Attack one higher; a Cast at 3 + runes and its chips", () => {
    const [sword, crossbow, dagger, bolt] = characterContext(warrior()).attacks;
    expect([sword!.cost.speed, sword!.cost.specialSpeed]).toEqual([6, actionSpeed({ kind: "special", weapon: "great" })]);
    // A crossbow shot costs 6 whatever its category (CD-7).
    expect([crossbow!.cost.speed, crossbow!.cost.specialSpeed]).toEqual([6, 7]);
    expect([dagger!.cost.speed, dagger!.cost.specialSpeed]).toEqual([3, 4]);
    expect(bolt!.cost).toEqual({ speed: castSpeed(2), specialSpeed: null, chips: 2, chipSymbol: "\u2666" });
  });

  it("adds the Strength shortfall the model prepared to the card, per way of using the weapon", () => {
    const input = warrior();
    const [sword, crossbow, dagger, bolt] = characterContext(input).attacks;
    const clubs = input.system.suits.clubs;
    const strength = clubs.eff2;
    const short = (category: "great" | "light" | "tiny", ranged = false) => weaponStrengthModifier({ category, ranged }, strength);
    expect(short("great")).toBeLessThan(0);
    expect(sword!.modes).toEqual([
      {
        mode: "melee",
        modeKey: "ZILCH.Attack.Mode.melee",
        total: clubs.eff + short("great"),
        parts: [
          { labelKey: "ZILCH.Attack.Part.clubs", value: clubs.eff, text: `${clubs.eff}` },
          { labelKey: "ZILCH.Attack.Part.shortfall", value: short("great"), text: `\u2212${-short("great")}` },
        ],
      },
    ]);
    expect(crossbow!.modes.map((m) => [m.mode, m.total])).toEqual([["launcher", clubs.eff + short("light", true)]]);
    expect(dagger!.modes.map((m) => [m.mode, m.total])).toEqual([
      ["melee", clubs.eff + short("tiny")],
      ["thrown", clubs.eff + short("tiny", true)],
    ]);
    // MAG-1: a Cast reads eff(♦), and no Strength shortfall applies.
    expect(bolt!.modes).toEqual([
      { mode: "cast", modeKey: "ZILCH.Attack.Mode.cast", total: input.system.suits.diamonds.eff, parts: [expect.objectContaining({ labelKey: "ZILCH.Attack.Part.diamonds" })] },
    ]);
  });

  it("renders each attack with its numbers and the Equipment tab's Attack or Cast action", () => {
    const ctx = characterContext(warrior());
    const html = renderer.render(CHARACTER_PARTS.combat, ctx);
    const buttons = allElements(html).filter((el) => el.tagName === "button" && attr(el, "data-action") === "attackItem");
    expect(buttons.map((b) => attr(b, "data-item-id"))).toEqual(ctx.attacks.map((a) => a.itemId));
    expect(buttons.map((b) => attr(b, "aria-label"))).toEqual([
      "Attack with Greatsword",
      "Attack with Light crossbow",
      "Attack with Dagger",
      "Cast Firebolt",
    ]);
    expect(CHARACTER_ACTIONS).toContain("attackItem");
    const equipment = renderer.render(CHARACTER_PARTS.equipment, ctx);
    expect(allElements(equipment).some((el) => attr(el, "data-action") === "attackItem")).toBe(true);
    for (const text of ["Die 6+", "Special Attack 7+", "Die 5+", "2 \u2666 chips", "Range: Short", "Range: Thrown", "Range: Near", "Damage 4", "Damage 3 (Energy)", "(drawn as a free action)"])
      expect(html, text).toContain(text);
    expect(html).toContain("Strength shortfall \u2212");
    expect(html).not.toMatch(/ZILCH\.|\b[A-Z]{2,3}-\d/);
  });

  it("says how to get an attack when the character has none", () => {
    const html = renderer.render(CHARACTER_PARTS.combat, characterContext({ ...fx.emptyCharacterInput(), activeTab: "combat" }));
    expect(html).toContain("No weapon in hand or in a handy slot, and no attack spell");
    expect(allElements(html).filter((el) => attr(el, "data-action") === "attackItem")).toEqual([]);
  });
});

describe("EQ-9: a shield in hand offers its bash", () => {
  /** Strength eff2(♣) 1: short of a Tiny weapon's 2 by 1. */
  function shieldBearer(shields: { kind: string; slot?: string; spikes?: boolean }[]) {
    const items = [
      { name: "Mace", type: "weapon", system: { slot: "hands", category: "heavy" } },
      ...shields.map((s, i) => ({ name: `Shield ${i} (${s.kind})`, type: "shield", system: { slot: "hands", ...s } })),
    ];
    const system = { classes: ["fighter"], suits: { clubs: { primary: 6, secondary: 1 } } };
    return characterInput(fx.prepared({ name: "Hild", type: "character", system, items }), { id: "hild", editable: true, editMode: false, activeTab: "combat" });
  }

  it("a Small shield bashes as Tiny (damage 1, speed 3), a spiked Large as Light; no buckler, tower or packed shield", () => {
    const input = shieldBearer([
      { kind: "small" },
      { kind: "large", spikes: true },
      { kind: "buckler" },
      { kind: "tower" },
      { kind: "small", slot: "pack" },
    ]);
    const attacks = characterContext(input).attacks;
    expect(attacks.map((a) => [a.name, a.bash ?? false])).toEqual([
      ["Mace", false],
      ["Shield 0 (small)", true],
      ["Shield 1 (large)", true],
    ]);
    const [, small, spiked] = attacks;
    expect([small!.damage, small!.cost.speed, small!.reach]).toEqual([weaponDamageOf("tiny"), actionSpeed({ kind: "attack", weapon: "tiny" }), 1]);
    expect(spiked!.damage).toBe(weaponDamageOf("light"));
    const clubs = input.system.suits.clubs;
    expect(small!.modes.map((m) => [m.mode, m.total])).toEqual([["melee", clubs.eff + weaponStrengthModifier({ category: "tiny" }, clubs.eff2)]]);
    expect(weaponStrengthModifier({ category: "tiny" }, clubs.eff2)).toBe(-1);
  });

  it("renders the bash with the Equipment tab's Attack action on the shield", () => {
    const ctx = characterContext(shieldBearer([{ kind: "small" }]));
    const html = renderer.render(CHARACTER_PARTS.combat, ctx);
    const buttons = allElements(html).filter((el) => el.tagName === "button" && attr(el, "data-action") === "attackItem");
    expect(buttons.map((b) => attr(b, "aria-label"))).toEqual(["Attack with Mace", "Attack with Shield 0 (small)"]);
    expect(html).toContain("(shield bash)");
    expect(html).not.toMatch(/ZILCH\./);
  });
});

describe("the NPC stat block's attack rows (NPC-4, CD-7)", () => {
  it("show each natural attack's to-hit total and speed, from its category", () => {
    const ctx = fx.npc(true);
    const clubs = fx.npcInput(true).system.suits.clubs.eff;
    expect(ctx.attacks.map((a) => [a.name, a.cost.speed, a.cost.specialSpeed, a.modes[0]!.total])).toEqual([
      ["Bite", naturalAttackSpeed("light"), naturalAttackSpeed("light") + 1, clubs + weaponStrengthModifier({ category: "light" }, clubs)],
      ["Claw", naturalAttackSpeed("heavy"), naturalAttackSpeed("heavy") + 1, clubs + weaponStrengthModifier({ category: "heavy" }, clubs)],
    ]);
    const html = renderer.render(NPC_PARTS.statblock, ctx);
    expect(html).toContain(`Die ${naturalAttackSpeed("heavy")}+`);
    const natural = allElements(html).filter((el) => attr(el, "data-action") === "attackNatural");
    expect(natural.map((b) => attr(b, "data-index"))).toEqual(["0", "1"]);
    expect(NPC_ACTIONS).toContain("attackNatural");
  });

  it("keep the edit-mode form free of the play-mode numbers", () => {
    const html = renderer.render(NPC_PARTS.statblock, npcContext(fx.npcInput(true, true)));
    expect(html).not.toContain("attack-cost");
  });
});
