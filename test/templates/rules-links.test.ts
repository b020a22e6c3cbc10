/**
 * Templates layer: condition and stance names on the sheets and in the tracker are links to their rules
 * (src/data/rules-links.ts), with the page UUID and the heading anchor, and the names stay readable text.
 */
import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { CHARACTER_PARTS, NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import {
  CONDITION_LINKS,
  STANCE_LINKS,
  ruleLinkHtml,
  rulePageUuid,
  type RulesPage,
} from "../../src/data/rules-links";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { trackerContext } from "../support/tracker";
import * as fx from "./fixtures";
import { attackScenes } from "./attack-fixtures";
import { attackCardContext } from "../../src/dice/attack-card";
import { spellCardContext } from "../../src/dice/spell-card";

const renderer = createRenderer();

/** The rule links of some rendered HTML, as [text, uuid, hash]. */
function ruleLinks(html: string): [string, string | undefined, string | undefined][] {
  return allElements(html)
    .filter((el) => el.tagName === "a" && (attr(el, "class") ?? "").includes("zilch-rule-link"))
    .map((el) => {
      const text = el.childNodes.map((n) => ("value" in n ? String(n.value) : "")).join("");
      return [text, attr(el, "data-uuid"), attr(el, "data-hash")];
    });
}

describe("rules links in templates", () => {
  it("links each condition on the character header to its heading", () => {
    const input = fx.fullCharacterInput();
    input.system.conditions = new Set(["prone", "visuallyImpaired"]) as typeof input.system.conditions;
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(input));
    const page = rulePageUuid("conditions");
    expect(ruleLinks(html).filter(([, uuid]) => uuid === page)).toEqual([
      ["Visually Impaired", page, "visually-impaired"],
      ["Prone", page, "prone"],
    ]);
  });

  it("links the NPC's conditions", () => {
    const html = renderer.render(NPC_PARTS.header, fx.npc(true));
    expect(ruleLinks(html)).toContainEqual(["Prone", rulePageUuid("conditions"), CONDITION_LINKS.prone.anchor]);
  });

  it("links an NPC's fear level to its heading", () => {
    const input = fx.npcInput(true);
    input.system.fear = "dread";
    const html = renderer.render(NPC_PARTS.header, npcContext(input));
    expect(ruleLinks(html)).toContainEqual(["Dread", rulePageUuid("optional"), "dread"]);
  });

  it("links each injury's kind to its rules page", () => {
    const html = renderer.render(CHARACTER_PARTS.injuries, fx.fullCharacter());
    const links = ruleLinks(html);
    expect(links.length).toBeGreaterThan(0);
    for (const [, uuid] of links) expect([rulePageUuid("injuries"), rulePageUuid("wounds")]).toContain(uuid);
  });

  it("links the stance on the character's combat tab", () => {
    const html = renderer.render(CHARACTER_PARTS.combat, fx.fullCharacter());
    expect(ruleLinks(html)).toEqual([["Bold", rulePageUuid("stances"), STANCE_LINKS.bold.anchor]]);
  });

  it("links shown stances in the tracker, and nothing while they are secret", () => {
    const render = (scene: "declaring" | "revealed") =>
      renderer.render("combat/tracker.hbs", { zilch: trackerContext(4, "spades", scene) });
    expect(ruleLinks(render("declaring"))).toEqual([]);
    const shown = ruleLinks(render("revealed"));
    expect(shown.length).toBeGreaterThan(0);
    for (const [text, uuid, hash] of shown) {
      expect(uuid).toBe(rulePageUuid("stances"));
      expect(hash).toBe(text.toLowerCase());
    }
  });

  it("escapes the label and falls back to plain text for a key with no rule", () => {
    expect(ruleLinkHtml("nothing", "<b>")).toBe("&lt;b&gt;");
    expect(ruleLinkHtml("prone", 'A "b"')).toContain(">A &quot;b&quot;</a>");
  });

  it("ends an attack card with links to the conditions and rules it applied", () => {
    const scenes = attackScenes();
    const linksOf = (name: string) =>
      ruleLinks(renderer.render("chat/attack-card.hbs", attackCardContext(scenes[name]!, null))).map(([text, , hash]) => [
        text,
        hash,
      ]);
    expect(linksOf("defenseless")).toEqual([
      ["Defenseless", "defenseless"],
      ["Defenseless targets", "defenseless-targets"],
    ]);
    expect(linksOf("marginChosen")).toEqual(
      expect.arrayContaining([
        ["Margin special results", "margin-special-results"],
        ["Stunned", "stunned"],
        ["Slowed", "slowed"],
      ]),
    );
    expect(linksOf("grapplePinned")).toEqual(
      expect.arrayContaining([
        ["Grappling", "grappling"],
        ["Grappled", "grappled"],
        ["Pinned", "pinned"],
      ]),
    );
    expect(linksOf("injured")).toEqual(
      expect.arrayContaining([
        ["Specific wounds", undefined],
        ["Grievous injuries", undefined],
      ]),
    );
    expect(linksOf("attackerWindow")).toEqual([]);
  });

  it("links the condition a spell puts on its target", () => {
    const context = spellCardContext(
      {
        casterName: "Mara",
        spellName: "Hold",
        paid: 2,
        left: 3,
        overridden: false,
        range: "close",
        targetUuid: "Actor.abc",
        targetName: "Bren",
        healing: 0,
        condition: "slowed",
        duration: { kind: "rounds", rounds: 2 },
        wounds: [],
        outcome: null,
      },
      null,
      { conditionName: "Slowed", woundThreshold: 3, description: "" },
    );
    const html = renderer.render("chat/spell-card.hbs", context);
    expect(ruleLinks(html)).toEqual([["Slowed", rulePageUuid("conditions"), "slowed"]]);
  });
});

describe("character-building links on the character sheet", () => {
  const linksOf = (part: keyof typeof CHARACTER_PARTS, context: object) =>
    ruleLinks(renderer.render(CHARACTER_PARTS[part], context));
  const to = (page: RulesPage, hash?: string) => [rulePageUuid(page), hash] as const;
  const only = (links: ReturnType<typeof ruleLinks>, text: string) =>
    links.filter(([t]) => t === text).map(([, uuid, hash]) => [uuid, hash] as const);

  it("links the race and each class in the header to their pages", () => {
    const links = linksOf("header", fx.fullCharacter());
    expect(only(links, "Dwarf")).toEqual([to("races")]);
    expect(only(links, "Fighter")).toEqual([to("classes")]);
    expect(only(links, "Rogue")).toEqual([to("classes")]);
    expect(only(linksOf("header", fx.emptyCharacter()), "No race")).toEqual([to("races")]);
    expect(only(linksOf("header", fx.fullCharacter(true)), "Classes")).toEqual([to("classes")]);
  });

  it("links the Talent count, the skills and the knacks to their headings", () => {
    const links = linksOf("skills", fx.fullCharacter());
    expect(links.filter(([, uuid]) => uuid === rulePageUuid("talents"))).toHaveLength(1);
    expect(only(links, "Skills")).toEqual([to("skills", "skills")]);
    expect(only(links, "Knacks")).toEqual([to("skills", "knacks")]);
  });

  it("links each carrying slot and the spells on the Equipment tab", () => {
    const links = linksOf("equipment", fx.fullCharacter());
    expect(only(links, "Spells")).toEqual([to("spellcasting")]);
    const slots = links.filter(([, uuid, hash]) => uuid === rulePageUuid("equipment") && hash === "carrying-slots");
    expect(slots.length).toBe(4);
  });

  it("links the guide, card generation and each first step to the page that explains it", () => {
    const links = linksOf("suits", fx.chargenCharacter("pointBuy"));
    expect(only(links, "Getting started")).toEqual([to("creation")]);
    expect(only(links, "Card generation")).toEqual([to("creation", "generating-cards")]);
    // Each step's name is a button to where it is done; its "rules" link beside it, in step order.
    expect(only(links, "rules")).toEqual([
      to("creation", "generating-cards"),
      to("races"),
      to("classes"),
      to("talents"),
      to("equipment"),
      to("creation", "generating-cards"),
    ]);
  });

  it("reaches every character-building page of the rules reference from the sheet", () => {
    const building: RulesPage[] = ["creation", "races", "classes", "talents", "skills", "equipment", "spellcasting"];
    const linked = new Set(
      [
        linksOf("header", fx.fullCharacter(true)),
        linksOf("skills", fx.fullCharacter()),
        linksOf("equipment", fx.fullCharacter()),
        linksOf("suits", fx.chargenCharacter("pointBuy")),
      ]
        .flat()
        .map(([, uuid]) => uuid),
    );
    for (const page of building) expect(linked, page).toContain(rulePageUuid(page));
  });
});
