import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { attackCardContext } from "../../src/dice/attack-card";
import { createAttackState, type AttackRequester, type AttackState } from "../../src/rules/attack/index";
import { attackScenes, attackSetup, ATTACKER_VIEW, DEFENDER_VIEW, GM_VIEW, runAttack } from "./attack-fixtures";

/**
 * The attack card reads as a card. Each test pins one fixed string or condition:
 * the numbers with their parts, the next step only for whoever acts, finished steps folded, no
 * premature or impossible text.
 */
const renderer = createRenderer();
const scenes = attackScenes();
const render = (state: AttackState, viewer: AttackRequester | null) =>
  renderer.render("chat/attack-card.hbs", attackCardContext(state, viewer));
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const VIEWERS = [null, GM_VIEW, ATTACKER_VIEW, DEFENDER_VIEW] as const;
/** The `open` attribute of each folded group of steps, by its class. */
const phases = (html: string) =>
  Object.fromEntries(
    allElements(html)
      .filter((el) => el.tagName === "details")
      .map((d) => [(attr(d, "class") ?? "").replace("attack-phase ", ""), attr(d, "open") !== undefined]),
  );

describe("attack card as a card: numbers and their parts", () => {
  it("shows the damage beside the totals once rolled, with weapon, Fudge die and margin as its parts", () => {
    // Longsword +3, dF 0, margin 5 (+1): 4, Medium against Medium, no DR.
    const t = text(render(scenes.apply, null));
    expect(t).toContain("Damage 4 Weapon 3 Margin +1");
    expect(render(scenes.damage, null)).not.toContain("damage-total");
  });

  it("names size, armour and a Soak among the damage parts, which add up to the damage", () => {
    const withDr = runAttack(
      createAttackState(attackSetup({ attacker: { side: { card: 13, offense: 2 }, size: "large" }, defender: { dr: 2 } })),
      { kind: "commitAttacker", chips: 0, boon: false },
      { kind: "commitDefender", chips: 0, boon: false },
      { kind: "rollDamage", dF: -1 },
    );
    const t = text(render(withDr, null));
    expect(t).toMatch(/Fudge \u22121/);
    expect(t).toMatch(/Size \+\d/);
    expect(t).toContain("DR \u22122");
    expect(text(render(scenes.soaked, null))).toContain("Soak \u22121");
    for (const state of [withDr, ...Object.values(scenes)]) {
      const d = attackCardContext(state, null).damage;
      if (!d) continue;
      expect(d.parts.reduce((s, p) => s + p.value, 0)).toBe(d.final ?? d.base);
    }
  });
});

describe("attack card as a card: no premature or impossible text", () => {
  it("never says the damage was taken before the GM applies it", () => {
    for (const viewer of VIEWERS) {
      const t = text(render(scenes.apply, viewer));
      expect(t).not.toContain("Damage taken");
      expect(t).not.toContain("loses");
    }
    expect(text(render(scenes.wound, null))).toContain("Orc loses 4 HP.");
  });

  it("hides the chip field when there are no chips to commit, and says so", () => {
    const broke = createAttackState(attackSetup());
    const html = render(broke, ATTACKER_VIEW);
    expect(html).not.toContain("up to 0");
    expect(allElements(html).filter((el) => attr(el, "data-field") === "chips")).toEqual([]);
    expect(html).toContain("No chips left to commit.");
    // With chips, the field is there and names its limit.
    const rich = render(scenes.attackerWindow, ATTACKER_VIEW);
    expect(rich).toContain("Chips to commit (up to 3)");
    expect(rich).not.toContain("No chips left to commit.");
  });

  it("never prints Wounds beyond the wound limit", () => {
    for (const state of Object.values(scenes)) {
      const grit = state.applied?.grit;
      const t = text(render(state, null));
      if (grit && grit.wounds > grit.woundLimit) expect(t).not.toMatch(/now \d+ of \d+/);
    }
  });
});

describe("attack card as a card: the next step only for whoever acts", () => {
  it("gives the step's prompt to the GM and the acting owner; the others read whom it waits for", () => {
    const prompt = "window: Fighter chips and Boon";
    expect(render(scenes.attackerWindow, ATTACKER_VIEW)).toContain(prompt);
    expect(render(scenes.attackerWindow, GM_VIEW)).toContain(prompt);
    for (const viewer of [DEFENDER_VIEW, null]) {
      const html = render(scenes.attackerWindow, viewer);
      expect(html).not.toContain(prompt);
      expect(html).toContain("Waiting for the attacker.");
    }
  });

  it("tells the attacker and the defender that the GM applies the damage, with no GM wording as a prompt", () => {
    for (const viewer of [ATTACKER_VIEW, DEFENDER_VIEW, null]) {
      const html = render(scenes.apply, viewer);
      expect(html).not.toContain("The Gamemaster applies the damage");
      expect(html).toContain("Waiting for the Gamemaster.");
    }
    expect(render(scenes.apply, GM_VIEW)).toContain("The Gamemaster applies the damage");
  });

  it("puts every control in one grid of buttons", () => {
    for (const state of Object.values(scenes)) {
      for (const viewer of VIEWERS) {
        const html = render(state, viewer);
        const buttons = (html.match(/<button /g) ?? []).length;
        // The GM's movement choice is its own labelled group (one column); every other button is in the grid.
        const grids = [...html.matchAll(/<div class="(?:attack-controls|segmented attack-movement-choice)[^"]*"[^>]*>([\s\S]*?)<\/div>/g)];
        expect(grids.reduce((n, g) => n + (g[1].match(/<button /g) ?? []).length, 0)).toBe(buttons);
      }
    }
  });
});

describe("attack card as a card: finished steps folded", () => {
  it("keeps the hit open while the windows run, then folds it once damage is rolled", () => {
    expect(phases(render(scenes.defenderWindow, null))).toEqual({ "phase-hit": true });
    expect(phases(render(scenes.apply, null))).toEqual({ "phase-hit": false });
    expect(phases(render(scenes.wound, null))).toEqual({ "phase-hit": false, "phase-injury": true });
    // The damage's own lines (here a Soak) fold once it is applied.
    expect(phases(render(scenes.soaked, null))).toEqual({ "phase-hit": false, "phase-damage": true });
  });

  it("folds every group on a finished card, each summary still saying what happened", () => {
    const html = render(scenes.injured, null);
    expect(Object.values(phases(html)).every((open) => !open)).toBe(true);
    const summaries = [...html.matchAll(/<summary>([\s\S]*?)<\/summary>/g)].map((m) => text(m[1]));
    expect(summaries.join(" | ")).toMatch(/^\s*Red Hit\. Margin 5.*\|\s+Fracture\s*, Chest$/);
    // What the damage did stays outside any fold.
    const outside = html.replace(/<details[\s\S]*?<\/details>/g, "");
    expect(text(outside)).toContain("Orc loses 4 HP.");
  });

  it("shows no empty group before anything is committed", () => {
    expect(phases(render(scenes.attackerWindow, null))).toEqual({});
  });
});
