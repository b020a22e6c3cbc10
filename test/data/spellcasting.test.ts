/**
 * MAG-3, MAG-5, MAG-6, REC-4, SW-8 on documents: a Cast pays its ♦ chips or is refused changing
 * nothing, a healing spell heals through recoverHP or ends an armed wound, and a non-attack spell's
 * condition replaces the same spell's earlier casting instead of stacking.
 */
import { describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData, type NpcData } from "./models-setup";
import {
  castRefusal,
  payCast,
  receiveHealing,
  receiveSpellCondition,
  spellFacts,
  spellSource,
  woundsMagicHeals,
  type SpellFacts,
} from "../../src/documents/spellcasting";

const pc = (system: Record<string, unknown>, extra: { statuses?: string[]; items?: unknown[] } = {}) =>
  makeActor({ name: "Caster", type: "character", system, ...(extra as object) });
const sys = (actor: ReturnType<typeof pc>) => actor.creature as CharacterData;

/** EX-MAG-1's Wizard: ♦8, single class, so capacity 8; 5 chips held. */
const wizard = (chips = 5, classes = ["wizard"]) =>
  pc(
    characterSource(
      { diamonds: { primary: 8 }, hearts: { primary: 6 } },
      { classes, chips: { diamonds: chips } },
    ),
  );

const spell = (over: Partial<SpellFacts> = {}): SpellFacts => ({
  ...spellFacts({ chipCost: 3, isAttack: false, maxRange: "near" }),
  ...over,
});

describe("MAG-3: a Cast pays its ♦ chips", () => {
  it("EX-MAG-1: 5 chips, cost 3: pays 3 and keeps 2", async () => {
    const actor = wizard();
    expect(await payCast(actor, spell())).toEqual({ ok: true, paid: 3, left: 2 });
    expect(sys(actor)._source.chips.diamonds).toBe(2);
  });

  it("refuses with fewer chips than the cost, changing nothing; the GM's override pays what there is", async () => {
    const actor = wizard(2);
    expect(await payCast(actor, spell())).toEqual({ ok: false, problems: ["notEnoughChips"] });
    expect(sys(actor)._source.chips.diamonds).toBe(2);
    expect(await payCast(actor, spell(), { gmOverride: true })).toEqual({ ok: true, paid: 2, left: 0 });
    expect(sys(actor)._source.chips.diamonds).toBe(0);
  });

  it("a free spell costs nothing and is never refused for chips", async () => {
    const actor = wizard(0);
    expect(await payCast(actor, spell({ chipCost: 0 }))).toEqual({ ok: true, paid: 0, left: 0 });
  });

  it("CL-1: a Fighter cannot Cast; a Helpless caster cannot either (MAG-2)", async () => {
    // A Fighter holds no ♦ chips either (CH-1: chips sit only on class suits).
    expect(castRefusal(wizard(5, ["fighter"]), spell())).toEqual(["notSpellcaster", "notEnoughChips"]);
    const helpless = pc(
      characterSource({ diamonds: { primary: 8 } }, { classes: ["cleric"], chips: { diamonds: 5 } }),
      {
        statuses: ["helpless"],
      },
    );
    expect(await payCast(helpless, spell())).toEqual({ ok: false, problems: ["helpless"] });
    expect((helpless.creature as CharacterData)._source.chips.diamonds).toBe(5);
  });

  it.each(["unconscious", "pinned", "paralysed"])(
    "MAG-2: a %s caster is Helpless (CON-4): its Cast is refused and pays nothing",
    async (status) => {
      const caster = pc(
        characterSource({ diamonds: { primary: 8 } }, { classes: ["cleric"], chips: { diamonds: 5 } }),
        { statuses: [status] },
      );
      expect(await payCast(caster, spell({ healing: 3 }))).toEqual({ ok: false, problems: ["helpless"] });
      expect((caster.creature as CharacterData)._source.chips.diamonds).toBe(5);
    },
  );

  it("MAG-2: both hands full refuses the Cast and spends nothing; one free hand or a held focus allows it", async () => {
    const held = (name: string, type: string, system: Record<string, unknown>) => ({
      name,
      type,
      system: { slot: "hands", ...system },
    });
    const holding = (items: unknown[]) =>
      pc(characterSource({ diamonds: { primary: 8 } }, { classes: ["wizard"], chips: { diamonds: 5 } }), {
        items,
      });
    const swordAndShield = holding([
      held("Longsword", "weapon", { category: "heavy", hands: 1 }),
      held("Shield", "shield", { kind: "small" }),
    ]);
    expect(await payCast(swordAndShield, spell())).toEqual({ ok: false, problems: ["noHand"] });
    expect((swordAndShield.creature as CharacterData)._source.chips.diamonds).toBe(5);
    const greatsword = holding([held("Greatsword", "weapon", { category: "great", hands: 2 })]);
    expect(castRefusal(greatsword, spell())).toEqual(["noHand"]);
    const swordOnly = holding([held("Longsword", "weapon", { category: "heavy", hands: 1 })]);
    expect(castRefusal(swordOnly, spell())).toEqual([]);
    const staff = holding([held("Staff", "gear", { hands: 2, focus: true })]);
    expect(castRefusal(staff, spell())).toEqual([]);
    const shieldAndTorch = holding([
      held("Shield", "shield", { kind: "small" }),
      held("Torch", "gear", { hands: 1 }),
    ]);
    expect(castRefusal(shieldAndTorch, spell())).toEqual(["noHand"]);
  });

  it("MAG-5: beyond the spell's range category the Cast is illegal; within it, fine", () => {
    const actor = wizard();
    expect(castRefusal(actor, spell(), { squares: 12 })).toEqual([]);
    expect(castRefusal(actor, spell(), { squares: 13 })).toEqual(["outOfRange"]);
    expect(castRefusal(actor, spell(), { squares: null })).toEqual([]);
  });

  it("NPC-2: an NPC pays from its ♦ chip track", async () => {
    const npc = makeActor({
      name: "Goblin shaman",
      type: "npc",
      system: { chips: { diamonds: { value: 4, max: 4 } } },
    });
    expect(await payCast(npc, spell({ chipCost: 1 }))).toEqual({ ok: true, paid: 1, left: 3 });
    expect((npc.creature as NpcData).chips.diamonds.value).toBe(3);
  });
});

describe("REC-4, SW-8: healing spells", () => {
  it("3 points of magical healing go through recoverHP: ♥ taint absorbs first", async () => {
    const actor = pc(characterSource({ hearts: { primary: 8, taint: 1 } }, { hp: { value: 2 } }));
    const healed = await receiveHealing(actor, 3);
    expect(healed).toMatchObject({ kind: "hp", recovered: { taintRemoved: 1, applied: 2 } });
    expect(sys(actor)._source.hp.value).toBe(4);
    expect(sys(actor)._source.suits.hearts.taint).toBe(0);
  });

  it("SW-8: 3 points spent on an armed wound end it and heal no HP; 2 points cannot", async () => {
    const wound = {
      name: "Leg crippled",
      type: "injury",
      system: { kind: "specificWound", location: "rightLeg", effect: "legCrippled" },
    };
    const brawl = {
      name: "Swept",
      type: "injury",
      system: { kind: "specificWound", location: "leftLeg", effect: "swept" },
    };
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 3 } }), {
      items: [wound, brawl],
    });
    const wounds = woundsMagicHeals(actor);
    expect(wounds.map((w) => w.name)).toEqual(["Leg crippled"]);
    expect(await receiveHealing(actor, 2, wounds[0].id)).toEqual({
      kind: "refused",
      problem: "notEnoughHealing",
    });
    expect(await receiveHealing(actor, 3, "nope")).toEqual({ kind: "refused", problem: "noSuchWound" });
    expect(await receiveHealing(actor, 3, wounds[0].id)).toEqual({ kind: "wound", name: "Leg crippled" });
    expect(actor.items.contents.map((i) => i.name)).toEqual(["Swept"]);
    expect(sys(actor)._source.hp.value).toBe(3);
  });
});

describe("OD-4: magical healing ends every bleeding effect on its target", () => {
  const ongoing = [
    { rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "head" },
    { rating: 1, suit: "spades", modifier: 0, tag: "poison", origin: null },
  ];

  it("spent on an armed wound instead of HP (SW-8), it still ends the bleeding; poison goes on", async () => {
    const wound = {
      name: "Leg crippled",
      type: "injury",
      system: { kind: "specificWound", location: "rightLeg", effect: "legCrippled" },
    };
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 3 }, ongoing }), {
      items: [wound],
    });
    const [target] = woundsMagicHeals(actor);
    expect(await receiveHealing(actor, 3, target.id)).toEqual({ kind: "wound", name: "Leg crippled" });
    expect(sys(actor)._source.ongoing.map((o) => o.tag)).toEqual(["poison"]);
    expect(sys(actor)._source.hp.value).toBe(3);
  });

  it("a refused healing (too few points for the wound) ends nothing", async () => {
    const wound = {
      name: "Leg crippled",
      type: "injury",
      system: { kind: "specificWound", location: "rightLeg", effect: "legCrippled" },
    };
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 3 }, ongoing }), {
      items: [wound],
    });
    const [target] = woundsMagicHeals(actor);
    expect(await receiveHealing(actor, 2, target.id)).toMatchObject({ kind: "refused" });
    expect(sys(actor)._source.ongoing.map((o) => o.tag)).toEqual(["bleeding", "poison"]);
  });
});

describe("MAG-6: a non-attack spell's condition does not stack with itself", () => {
  it("a second casting replaces the first; another source's record stays", async () => {
    const target = pc(characterSource({ hearts: { primary: 6 } }));
    await target.applyCondition("slowed", { kind: "rounds", rounds: 5 }, "a trap");
    expect(
      await receiveSpellCondition(target, "Binding Roots", "slowed", { kind: "rounds", rounds: 2 }),
    ).toBe(false);
    expect(
      await receiveSpellCondition(target, "Binding Roots", "slowed", { kind: "rounds", rounds: 2 }),
    ).toBe(true);
    const records = sys(target)._source.appliedConditions;
    expect(records.map((r) => [r.source, r.count])).toEqual([
      ["a trap", 5],
      [spellSource("Binding Roots"), 2],
    ]);
    expect(target.statuses.has("slowed")).toBe(true);
  });

  it("CB-4: 'until the end of the target's next turn' outlasts the round's end and ends with that turn", async () => {
    const veil = spellFacts({
      chipCost: 4,
      isAttack: false,
      maxRange: "near",
      condition: "blind",
      duration: "endOfNextTurn",
    });
    expect(veil.duration).toEqual({ kind: "endOfNextTurn", turnEnds: 1 });
    const target = pc(characterSource({ hearts: { primary: 6 } }));
    await receiveSpellCondition(target, "Veil of Night", "blind", veil.duration);
    // Cast after the target's turn: the round ends before it acts again, and it is still Blind.
    await target.advanceConditions("roundEnd");
    await target.advanceConditions("turnStart");
    expect(target.statuses.has("blind")).toBe(true);
    await target.advanceConditions("turnEnd");
    expect(target.statuses.has("blind")).toBe(false);
    // Landing in the target's own turn, the turn under way does not count.
    await receiveSpellCondition(target, "Veil of Night", "blind", veil.duration, true);
    await target.advanceConditions("turnEnd");
    expect(target.statuses.has("blind")).toBe(true);
    await target.advanceConditions("turnStart");
    await target.advanceConditions("turnEnd");
    expect(target.statuses.has("blind")).toBe(false);
  });

  it("MAG-7: stored spell fields become the facts a Cast reads (older spells: no effect)", () => {
    expect(spellFacts({ chipCost: 2, isAttack: true, maxRange: "close" })).toEqual({
      chipCost: 2,
      isAttack: true,
      maxRange: "close",
      healing: 0,
      condition: null,
      duration: { kind: "rounds", rounds: 1 },
    });
    expect(
      spellFacts({
        chipCost: 1,
        isAttack: false,
        maxRange: "near",
        condition: "prone",
        duration: "endOfEncounter",
      }).duration,
    ).toEqual({ kind: "endOfEncounter" });
  });
});
