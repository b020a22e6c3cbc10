import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { allElements, attr, createRenderer } from "./harness";
import { attackCardContext, diceFor } from "../../src/dice/attack-card";
import { ATTACK_CARD_ACTIONS } from "../../src/views/attack-card/actions";
import type { AttackRequester, AttackState } from "../../src/rules/attack/index";
import { SPECIAL_ATTACK_KINDS } from "../../src/rules/special";
import {
  ATTACKER_VIEW,
  DEFENDER_VIEW,
  GM_VIEW,
  runAttack,
  specialHit,
  specialScenes,
} from "./attack-fixtures";

const renderer = createRenderer();
const render = (state: AttackState, viewer: AttackRequester | null) =>
  renderer.render("chat/attack-card.hbs", attackCardContext(state, viewer));
const buttons = (html: string, action?: string) =>
  allElements(html).filter(
    (el) => el.tagName === "button" && (action === undefined || attr(el, "data-action") === action),
  );
const scenes = specialScenes();
const flow = readFileSync(
  join(import.meta.dirname, "..", "..", "src", "documents", "attack", "step.ts"),
  "utf8",
);

describe("attack card: SP-1 contest and SP-3 grapple controls", () => {
  it("registers a data-action for each new action, and the flow handles each kind", () => {
    for (const kind of ["specialContest", "specialRuling", "escape", "pin", "release"] as const) {
      expect(ATTACK_CARD_ACTIONS[kind]).toMatch(/^zilchAttack/);
      // The GM's step table (STEP_ACTIONS) has an entry for the kind.
      expect(flow).toMatch(new RegExp(`\\n  ${kind}[,:]`));
    }
  });

  it("offers the defender's owner ♠ (its better card) first and ♣; the attacker only waits", () => {
    const html = render(scenes.special, DEFENDER_VIEW);
    const choices = buttons(html, "zilchAttackSpecialContest");
    expect(choices.map((b) => attr(b, "data-value"))).toEqual(["spades", "clubs"]);
    expect(html).toContain("Test (better card): Spades");
    expect(buttons(html, "zilchAttackSpecialRuling")).toHaveLength(0);
    const toAttacker = render(scenes.special, ATTACKER_VIEW);
    expect(buttons(toAttacker)).toHaveLength(0);
    expect(toAttacker).toContain("Waiting for the defender.");
    expect(toAttacker).toContain("Bullrush");
  });

  it("gives the GM the defender's choice and the two rulings (no effect, automatic win) before the roll", () => {
    const html = render(scenes.special, GM_VIEW);
    expect(buttons(html, "zilchAttackSpecialContest")).toHaveLength(2);
    expect(buttons(html, "zilchAttackSpecialRuling").map((b) => attr(b, "data-value"))).toEqual([
      "none",
      "win",
    ]);
    expect(buttons(render(scenes.bullrushWon, GM_VIEW))).toHaveLength(0);
  });

  it("keeps the contest and each kind's effect readable on the stored card", () => {
    const bull = render(scenes.bullrushWon, null);
    expect(bull).toContain("Ana: Clubs rolls 3 against 10 (Critical success).");
    expect(bull).toContain("Orc: Spades rolls 9 against 8 (Failure).");
    expect(bull).toContain("Ana wins the contest.");
    expect(bull).toContain("Orc is pushed 6 squares directly away from Ana.");
    expect(render(scenes.specialDraw, null)).toContain("A draw: no effect.");
    expect(render(scenes.disarmWon, null)).toContain(
      "Orc drops one held item of Ana&#x27;s choice: Longsword, Buckler.",
    );
    expect(render(scenes.grappleHeld, null)).toContain("Ana is Grappling and Orc is Grappled.");
    expect(render(runAttack(specialHit("trip"), { kind: "specialRuling", ruling: "none" }), null)).toContain(
      "The Gamemaster rules: no effect.",
    );
    expect(render(runAttack(specialHit("disarm"), { kind: "specialRuling", ruling: "win" }), null)).toContain(
      "none is marked as held",
    );
  });

  it("offers escape (♣ or ♠) to the grappled creature's owner only, and pin and let go to the controller's owner only", () => {
    const s = scenes.grappleHeld;
    const victim = render(s, DEFENDER_VIEW);
    expect(buttons(victim, "zilchAttackEscape").map((b) => attr(b, "data-value"))).toEqual([
      "clubs",
      "spades",
    ]);
    expect(buttons(victim, "zilchAttackPin")).toHaveLength(0);
    expect(buttons(victim, "zilchAttackRelease")).toHaveLength(0);
    const controller = render(s, ATTACKER_VIEW);
    expect(buttons(controller, "zilchAttackEscape")).toHaveLength(0);
    expect(buttons(controller, "zilchAttackPin")).toHaveLength(1);
    expect(buttons(controller, "zilchAttackRelease")).toHaveLength(1);
    expect(buttons(render(s, GM_VIEW))).toHaveLength(4);
    expect(buttons(render(s, null))).toHaveLength(0);
    expect(render(s, null)).toContain("Ana is grappling Orc.");
  });

  it("a Pinned victim's escape says −5 and the controller may no longer pin; an escape ends the card", () => {
    const pinned = scenes.grapplePinned;
    expect(render(pinned, DEFENDER_VIEW)).toContain("Try to escape (Pinned, −5): Spades");
    expect(buttons(render(pinned, ATTACKER_VIEW), "zilchAttackPin")).toHaveLength(0);
    const log = render(pinned, null);
    expect(log).toContain("Orc tries to escape.");
    expect(log).toContain("Orc is still held.");
    expect(log).toContain("Ana tries to pin Orc.");
    expect(log).toContain("Orc is Pinned.");
    expect(log).toContain("Ana has Orc Pinned.");
    const escaped = render(scenes.grappleEscaped, DEFENDER_VIEW);
    expect(buttons(escaped)).toHaveLength(0);
    expect(escaped).toContain("Orc breaks free.");
    expect(escaped).toContain("The grapple is over.");
    expect(escaped).toContain("The attack is resolved.");
  });

  it("has every kind's label and effect in the language file", () => {
    for (const kind of SPECIAL_ATTACK_KINDS) {
      const won = runAttack(specialHit(kind), { kind: "specialRuling", ruling: "win", held: ["Dagger"] });
      const html = render(won, null);
      expect(html).not.toMatch(/ZILCH\./);
    }
  });

  it("rolls two tests for the contest and the pin", () => {
    expect(diceFor(scenes.special, "specialContest")).toEqual(["1d12", "1d12"]);
    expect(diceFor(scenes.grappleHeld, "pin")).toEqual(["1d12", "1d12"]);
  });
});
