import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { NPC_ACTIONS } from "./registered-actions";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { CORE_ROW_ACTIONS } from "../../src/applications/combat/core-row";
import { attackChoices, combatContext } from "../../src/applications/combat/turn-context";
import { GM, trackerState } from "../support/tracker";
import { bestiaryEntry, bestiaryNpc } from "./bestiary-fixtures";

/**
 * Bestiary creatures on the NPC sheet and in the tracker: the stat block of a
 * pack entry offers an Attack button per stat-block attack (NPC-4) and per weapon item it holds (AT-1),
 * shows its fear level and the Fear save button (OPT-2), and its tracker row offers the same attacks.
 */
const renderer = createRenderer();
const actions = (html: string, action: string) => allElements(html).filter((el) => attr(el, "data-action") === action);

describe("a bestiary creature's NPC sheet", () => {
  it("the elder dragon: one Attack button per stat-block attack, its fear level and the Fear save button", () => {
    const ctx = bestiaryNpc("elder-dragon");
    const header = renderer.render(NPC_PARTS.header, ctx);
    const html = renderer.render(NPC_PARTS.statblock, ctx);
    expect(actions(html, "attackNatural").map((el) => attr(el, "aria-label"))).toEqual([
      "Attack with Bite",
      "Attack with Claws",
      "Attack with Tail",
    ]);
    expect(header).toContain("Fell");
    expect(actions(html, "fearSave")).toHaveLength(1);
    for (const el of allElements(html + header)) {
      const action = attr(el, "data-action");
      if (action !== undefined && el.tagName === "button") expect(NPC_ACTIONS).toContain(action);
    }
  });

  it("the guard: an Attack button for the longsword it holds; no fear, so no Fear save button", () => {
    const ctx = bestiaryNpc("guard");
    const html = renderer.render(NPC_PARTS.statblock, ctx);
    const sword = ctx.items.find((i) => i.name === "Longsword")!;
    expect(actions(html, "attackItem").map((el) => attr(el, "data-item-id"))).toEqual([sword.id]);
    expect(actions(html, "fearSave")).toEqual([]);
    expect(renderer.render(NPC_PARTS.header, ctx)).not.toContain("ZILCH.Fear");
  });

  it("the header shows the measured threat with what it means; a creature not yet measured shows none", () => {
    const header = renderer.render(NPC_PARTS.header, bestiaryNpc("ogre", false, { threat: 1.5 }));
    const tag = allElements(header).find((el) => el.tagName === "li" && attr(el, "data-tooltip")?.includes("sample characters"));
    type Nodes = ReturnType<typeof allElements>[number]["childNodes"];
    const text = (nodes: Nodes): string =>
      nodes.map((n) => ("value" in n ? n.value : "childNodes" in n ? text(n.childNodes) : "")).join("");
    expect(text(tag?.childNodes ?? []).trim()).toBe("Threat 1.5");
    // The word links to the Creatures page's Threat section of the rules reference.
    const link = allElements(header).find((el) => el.tagName === "a" && attr(el, "data-hash") === "threat");
    expect(link && attr(link, "data-uuid")).toContain("JournalEntryPage.7PHHZM3Z8QYy2PlI");
    const unmeasured = renderer.render(NPC_PARTS.header, bestiaryNpc("ogre", false, { threat: null }));
    expect(allElements(unmeasured).filter((el) => attr(el, "data-tooltip")?.includes("sample characters"))).toEqual(
      [],
    );
  });

  it("edit mode lets the GM set the threat, bounded as the model bounds it", () => {
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("ogre", true, { threat: 1.5 }));
    const input = allElements(html).find((el) => attr(el, "name") === "system.threat")!;
    expect([attr(input, "value"), attr(input, "min"), attr(input, "max"), attr(input, "step")]).toEqual([
      "1.5",
      "0",
      "99",
      "0.1",
    ]);
  });

  it("edit mode offers the fear level as a choice of the six levels, the creature's selected", () => {
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("ghoul", true));
    const select = allElements(html).find((el) => el.tagName === "select" && attr(el, "name") === "system.fear")!;
    const options = select.childNodes.filter((n) => n.nodeName === "option") as typeof select[];
    expect(options.map((o) => attr(o, "value"))).toEqual(["none", "scary", "fearsome", "dread", "terror", "fell"]);
    expect(options.filter((o) => attr(o, "selected") !== undefined).map((o) => attr(o, "value"))).toEqual(["fearsome"]);
  });
});

describe("a bestiary creature's tracker row", () => {
  it("the guard's row attacks with its longsword item first, then nothing else; the dragon's with each stat-block attack", () => {
    const registered = new Set<string>([...TRACKER_ACTIONS, ...CORE_ROW_ACTIONS]);
    const row = (slug: string) => {
      const ctx = bestiaryNpc(slug);
      const weapons = ctx.items
        .filter((i) => i.weapon)
        .map((i) => ({ id: i.id, name: i.name, category: "heavy" as const }));
      const attacks = ctx.attacks.map((a) => ({
        name: a.name,
        category: a.category as "tiny" | "light" | "heavy" | "great",
        damageType: a.damageType as "physical" | "energy",
        reach: a.reach,
      }));
      const { state, inputs } = trackerState(4, "spades", "revealed");
      const tracker = combatContext(
        state,
        inputs.map((t) => ({ ...t, ...attackChoices(weapons, attacks) })),
        GM,
        {},
      );
      const active = tracker.turns.find((t) => t.panel)!;
      const html = renderer.render("combat/tracker.hbs", { zilch: tracker });
      for (const b of allElements(html).filter((el) => el.tagName === "button"))
        expect(registered.has(attr(b, "data-action") ?? "")).toBe(true);
      return actions(html, "zilchAttack")
        .filter((el) => attr(el, "data-combatant-id") === active.id)
        .map((el) => attr(el, "data-weapon"));
    };
    const guard = bestiaryNpc("guard").items.find((i) => i.name === "Longsword")!;
    expect(row("guard")).toEqual([guard.id]);
    expect(row("elder-dragon")).toEqual(["natural:0", "natural:1", "natural:2"]);
  });
});

describe("a stat block's numbered special abilities and attack areas", () => {
  const breath = {
    kind: "breath",
    name: "Fire breath",
    area: { shape: "cone", size: 6 },
    damage: 6,
    damageType: "energy",
    save: "spades",
    recharge: 3,
  };
  const regeneration = { kind: "regeneration", name: "Regeneration", hpPerRound: 2, stoppedBy: "fire or acid" };
  const specialsOf = (html: string) =>
    allElements(html)
      .filter((el) => el.tagName === "li" && attr(el, "data-special") !== undefined)
      .map((el) => textOf(el.childNodes).replace(/\s+/g, " ").trim());

  it("each special ability is listed with its numbers in players' words", () => {
    const html = renderer.render(
      NPC_PARTS.statblock,
      bestiaryNpc("elder-dragon", false, { specials: [breath, regeneration] }),
    );
    expect(specialsOf(html)).toEqual([
      "Fire breath (Breath) Area cone of 6 squares · Damage +6 energy · Save ♠ · Recharge 3 rounds after each use Breathe",
      "Regeneration (Regeneration) Heals each round (HP) 2 · Stopped by fire or acid hurt by it since its last turn (no healing at its next turn start)",
    ]);
  });

  it("a breath has its Breathe button, naming it, with its index; its save shows its modifier", () => {
    const html = renderer.render(
      NPC_PARTS.statblock,
      bestiaryNpc("elder-dragon", false, { specials: [regeneration, { ...breath, saveModifier: -2 }] }),
    );
    const buttons = allElements(html).filter((el) => attr(el, "data-action") === "breathe");
    expect(buttons.map((el) => [attr(el, "type"), attr(el, "data-index"), attr(el, "aria-label")])).toEqual([
      ["button", "1", "Breathe Fire breath"],
    ]);
    expect(specialsOf(html)[1]).toContain("Save ♠ −2");
  });

  it("the gelatinous cube's engulf has its Swallow button, naming it, with its index", () => {
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("gelatinous-cube"));
    const buttons = allElements(html).filter((el) => attr(el, "data-action") === "swallow");
    expect(buttons.map((el) => [attr(el, "type"), attr(el, "data-index"), attr(el, "aria-label")])).toEqual([
      ["button", "0", "Swallow with Engulf"],
    ]);
  });

  it("a regeneration carries the GM's mark that what stops it hurt the creature; a breath has none", () => {
    const box = (html: string) =>
      allElements(html).filter((el) => el.tagName === "input" && attr(el, "name")?.endsWith(".stopped"));
    const troll = box(renderer.render(NPC_PARTS.statblock, bestiaryNpc("troll")));
    expect(troll.map((el) => [attr(el, "name"), attr(el, "checked")])).toEqual([["system.specials.0.stopped", undefined]]);
    const burnt = bestiaryNpc("troll", false, { specials: [{ ...regeneration, stopped: true }] });
    expect(box(renderer.render(NPC_PARTS.statblock, burnt)).map((el) => attr(el, "checked"))).toEqual([""]);
    expect(box(renderer.render(NPC_PARTS.statblock, bestiaryNpc("elder-dragon")))).toEqual([]);
  });

  it("a creature with none shows no section; an attack row shows its range band and area beyond melee", () => {
    const attack = { ...bestiaryEntryAttack(), name: "Spit", range: "near", area: { shape: "line", size: 4 } };
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("ogre", false, { specials: [], attacks: [attack] }));
    expect(specialsOf(html)).toEqual([]);
    expect(html).not.toContain("Special abilities");
    expect(html).toContain("Range Near · line of 4 squares");
    const melee = renderer.render(NPC_PARTS.statblock, bestiaryNpc("ogre"));
    expect(melee).not.toMatch(/Range (Engaged|Near)|squares/);
  });
});

type Nodes = ReturnType<typeof allElements>[number]["childNodes"];
function textOf(nodes: Nodes): string {
  return nodes.map((n) => ("value" in n ? n.value : "childNodes" in n ? textOf(n.childNodes) : "")).join("");
}
function bestiaryEntryAttack() {
  return (bestiaryEntry("ogre").system.attacks as Record<string, unknown>[])[0]!;
}
