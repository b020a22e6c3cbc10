import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import { attackCardContext, diceFor } from "../../src/dice/attack-card";
import { APPLY_SELECTED_ACTION, ATTACK_CARD_ACTIONS } from "../../src/views/attack-card/actions";
import type { AttackRequester, AttackState } from "../../src/rules/attack/index";
import { attackScenes, GM_VIEW, ATTACKER_VIEW, DEFENDER_VIEW } from "./attack-fixtures";
import { commitLabel } from "../../src/applications/combat/commit-label";

const renderer = createRenderer();
const render = (state: AttackState, viewer: AttackRequester | null) => renderer.render("chat/attack-card.hbs", attackCardContext(state, viewer));
const registered = new Set<string>([...Object.values(ATTACK_CARD_ACTIONS), APPLY_SELECTED_ACTION]);
const scenes = attackScenes();

describe("attack card template", () => {
  it("renders an empty context (no result yet, nothing committed) with one root and no stray text", () => {
    const html = renderer.render("chat/attack-card.hbs", {});
    const { elements, strayText } = rootElements(html);
    expect(elements).toHaveLength(1);
    expect(strayText).toEqual([]);
  });

  for (const [name, state] of Object.entries(scenes)) {
    for (const [viewerName, viewer] of [["stored", null], ["GM", GM_VIEW], ["attacker", ATTACKER_VIEW], ["defender", DEFENDER_VIEW]] as const) {
      it(`${name} as seen by ${viewerName}: one root, labelled registered buttons, every key localised`, () => {
        const html = render(state, viewer);
        const { elements, strayText } = rootElements(html);
        expect(elements).toHaveLength(1);
        expect(strayText).toEqual([]);
        expect(html).not.toMatch(/ZILCH\./);
        for (const b of allElements(html).filter((el) => el.tagName === "button")) {
          expect(attr(b, "type")).toBe("button");
          expect(registered.has(attr(b, "data-action") ?? "")).toBe(true);
        }
        for (const input of allElements(html).filter((el) => el.tagName === "input")) {
          // Each input sits inside its label.
          expect(html).toMatch(/<label>[^<]*<input|<label><input/);
          expect(attr(input, "data-field")).toBeTruthy();
        }
      });
    }
  }

  it("CD-15: a reactive defence is offered to the target's owner and the GM before any total is shown", () => {
    const asked = scenes.reactiveAsked;
    for (const viewer of [null, GM_VIEW, ATTACKER_VIEW, DEFENDER_VIEW]) {
      const html = render(asked, viewer);
      expect(html).not.toContain("attack-totals");
      expect(html).toContain("Orc may react first. The totals are shown once they answer.");
    }
    const toDefender = render(asked, DEFENDER_VIEW);
    expect(toDefender).toContain("Reactive defence (discard your highest die: +2 defence)");
    expect(toDefender).toContain("No reaction");
    expect(toDefender).toContain('data-action="zilchAttackReactiveDefence"');
    expect(render(asked, GM_VIEW)).toContain('data-value="take"');
    const toAttacker = render(asked, ATTACKER_VIEW);
    expect(toAttacker).not.toContain("<button");
    expect(toAttacker).toContain("Waiting for the defender.");
  });

  it("CD-15: once answered, the totals show and the card says what the target did", () => {
    const taken = render(scenes.reactiveTaken, ATTACKER_VIEW);
    expect(taken).toContain("attack-totals");
    expect(taken).toContain("Orc discards their highest die to defend: +2 defence, and their shield at its Guarded value, against this attack.");
    // ♠8 + 3 pips + 2 reactive + small shield Guarded 2 = 15; without the reaction ♠8 + 3 + shield 1 = 12.
    expect(attackCardContext(scenes.reactiveTaken, null).totals.defence).toBe(15);
    expect(attackCardContext(scenes.reactiveDeclined, null).totals.defence).toBe(12);
    expect(render(scenes.reactiveDeclined, null)).toContain("Orc does not react.");
  });

  it("stores no controls: the content saved in the message has no button or input", () => {
    for (const state of Object.values(scenes)) {
      const html = render(state, null);
      expect(allElements(html).filter((el) => el.tagName === "button" || el.tagName === "input")).toEqual([]);
    }
  });

  it("shows the attacker's window only to the attacker's owner and the GM, the defender's only to its owner and the GM", () => {
    const attackerWindow = scenes.attackerWindow;
    expect(render(attackerWindow, ATTACKER_VIEW)).toContain('data-action="zilchAttackCommit"');
    expect(render(attackerWindow, GM_VIEW)).toContain('data-action="zilchAttackCommit"');
    const toDefender = render(attackerWindow, DEFENDER_VIEW);
    expect(toDefender).not.toContain("<button");
    expect(toDefender).toContain("Waiting for the attacker.");
    const defenderWindow = scenes.defenderWindow;
    expect(render(defenderWindow, DEFENDER_VIEW)).toContain("Rogue chips");
    expect(render(defenderWindow, ATTACKER_VIEW)).not.toContain("<button");
  });

  it("offers Apply damage to the GM only", () => {
    expect(render(scenes.apply, GM_VIEW)).toContain('data-action="zilchAttackApply"');
    // Each may still apply the rolled damage to tokens they select, never step the card.
    expect(render(scenes.apply, ATTACKER_VIEW)).not.toContain('data-action="zilchAttack');
    expect(render(scenes.apply, DEFENDER_VIEW)).not.toContain('data-action="zilchAttack');
    expect(render(scenes.apply, DEFENDER_VIEW)).toContain('data-action="zilchApplySelected"');
    expect(render(scenes.damage, DEFENDER_VIEW)).not.toContain("zilchApplySelected");
  });

  it("keeps every past step readable in the finished card: totals, colour, damage, HP lost, wound and injury", () => {
    const html = render(scenes.injured, null);
    for (const text of ["Attack", "Defence", "Red", "Margin 5", "loses 4 HP", "Leg crippled", "Wound suffered", "trauma", "Fracture", "The attack is resolved."]) {
      expect(html).toContain(text);
    }
  });

  it("offers the reachable locations as the attacker's shift choices (INJ-5)", () => {
    const html = render(scenes.shift, ATTACKER_VIEW);
    const values = allElements(html)
      .filter((el) => el.tagName === "button" && attr(el, "data-action") === "zilchAttackChooseLocation")
      .map((b) => attr(b, "data-value"));
    expect(values).toEqual(["chest", "rightArm"]);
  });

  it("says which dice each step rolls with Foundry Roll", () => {
    expect(diceFor(scenes.damage, "rollDamage")).toEqual(["1dF"]);
    expect(diceFor(scenes.wound, "woundSave")).toEqual(["1d12"]);
    expect(diceFor(scenes.shift, "rollEffect")).toEqual(["1d6"]);
  });
});

describe("attack card: CD-15 Soak and the AT-4 movement row", () => {
  const buttons = (html: string, action: string) => allElements(html).filter((el) => el.tagName === "button" && attr(el, "data-action") === action);

  it("offers the target's owner (and the GM) both Soak payments while the damage waits; never the attacker", () => {
    const s = scenes.soakable;
    expect(buttons(render(s, DEFENDER_VIEW), "zilchAttackSoak").map((b) => attr(b, "data-value"))).toEqual(["one", "burn"]);
    expect(render(s, DEFENDER_VIEW)).toContain("Soak: discard a 1");
    expect(render(s, DEFENDER_VIEW)).toContain("Waiting for the Gamemaster.");
    expect(buttons(render(s, GM_VIEW), "zilchAttackSoak")).toHaveLength(2);
    expect(buttons(render(s, GM_VIEW), "zilchAttackApply")).toHaveLength(1);
    expect(buttons(render(s, ATTACKER_VIEW), "zilchAttackSoak")).toHaveLength(0);
  });

  it("offers no Soak in Spades mode, to an Enemy, or once soaked; the soak stays readable in the log", () => {
    expect(buttons(render(scenes.apply, GM_VIEW), "zilchAttackSoak")).toHaveLength(0);
    expect(buttons(render(scenes.soaked, DEFENDER_VIEW), "zilchAttackSoak")).toHaveLength(0);
    const stored = render(scenes.soaked, null);
    // ♥6, roll 4: S, −1 (final 4 → 3).
    expect(stored).toContain("soaks, burning a die to a 1.");
    expect(stored).toMatch(/test 4 against 6: Success, −1 damage \(4 → 3\)/);
  });

  it("gives the GM the movement rows as a pressed group before the hit is decided; the card names the row", () => {
    const html = render(scenes.detailed, GM_VIEW);
    const rows = buttons(html, "zilchAttackSetMovement");
    expect(rows.map((b) => [attr(b, "data-value"), attr(b, "aria-pressed")])).toEqual([
      ["still", "false"],
      ["moved", "false"],
      ["ran", "true"],
      ["sprinted", "false"],
    ]);
    expect(buttons(render(scenes.detailed, ATTACKER_VIEW), "zilchAttackSetMovement")).toHaveLength(0);
    expect(render(scenes.detailed, null)).toContain("Detailed rule: Ran, fixed defence 3.");
    expect(buttons(render(scenes.defenseless, GM_VIEW), "zilchAttackSetMovement")).toHaveLength(0);
  });
});

describe("attack card: OPT-1 margin special results", () => {
  const selects = (html: string) => allElements(html).filter((el) => el.tagName === "select");
  const buttons = (html: string, action: string) => allElements(html).filter((el) => el.tagName === "button" && attr(el, "data-action") === action);

  it("gives the attacker's owner one labelled choice per full 5 points, each '+1 damage' by default, and a confirm", () => {
    const html = render(scenes.margin, ATTACKER_VIEW);
    const choices = selects(html);
    expect(choices).toHaveLength(2);
    for (const s of choices) expect(attr(s, "data-field")).toBe("margin");
    expect(html).toMatch(/<label>Point 1\s*<select data-field="margin">/);
    const values = allElements(html).filter((el) => el.tagName === "option").map((o) => attr(o, "value"));
    expect(values.slice(0, 11)).toEqual(["", "extraDamage", "disarm", "loseAction", "stun", "breakWeapon", "expose", "knockDown", "push", "reduceDefence", "hamstring"]);
    expect(html).toContain("+1 damage");
    expect(buttons(html, "zilchAttackChooseMargin")).toHaveLength(1);
    expect(registered.has("zilchAttackChooseMargin")).toBe(true);
  });

  it("shows the defender and the stored card no choice, only the wait", () => {
    const toDefender = render(scenes.margin, DEFENDER_VIEW);
    expect(selects(toDefender)).toHaveLength(0);
    expect(toDefender).not.toContain("<button");
    expect(toDefender).toContain("Waiting for the attacker.");
    expect(selects(render(scenes.margin, null))).toHaveLength(0);
  });

  it("keeps the bought results readable: the kept bonus, the failed ♥ save and Hamstring, then damage with +0", () => {
    const html = render(scenes.marginChosen, null);
    expect(html).toContain("damage bonus kept +0.");
    expect(html).toContain("Stun: Orc is Stunned until the end of its next turn unless it saves.");
    expect(html).toMatch(/Hearts save 9 against 7:\s*<strong>failed\.<\/strong>/);
    expect(html).toContain("Hamstring: Orc is Slowed until the end of its next turn.");
    // Longsword +3, dF 0, no +1 kept.
    expect(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain("Damage 3 Weapon 3 Red Hit");
  });

  it("has every result's choice label and card line in the language file", () => {
    const ctx = attackCardContext(scenes.margin, ATTACKER_VIEW);
    expect(ctx.marginWindow?.options).toHaveLength(11);
    for (const o of ctx.marginWindow?.options ?? []) {
      const html = renderer.render("chat/attack-card.hbs", { ...ctx, marginWindow: { slots: [{ labelKey: o.labelKey, n: 1 }], options: [] } });
      expect(html).not.toMatch(/ZILCH\./);
    }
    for (const special of ["extraDamage", "disarm", "loseAction", "stun", "breakWeapon", "expose", "knockDown", "push", "reduceDefence", "hamstring"]) {
      const html = renderer.render("chat/attack-card.hbs", { defenderName: "Orc", margin: { keptBonus: 0, choices: [{ resultKey: `ZILCH.Attack.MarginResult.${special}`, save: null }] } });
      expect(html).not.toMatch(/ZILCH\./);
    }
  });
});

describe("attack card modifiers (AT-2, AT-3)", () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  it("names each part of both totals under them, an injury by its effect and place", () => {
    const html = text(render(scenes.modified, null));
    expect(html).toContain("\u2663 card 11 Pips +2 Strength shortfall \u22121");
    expect(html).toContain("Fracture (Left arm) \u22125");
    expect(html).toContain("GM modifier +1");
    expect(html).toContain("\u2660 card 8 Pips +2 Defence reduced \u22122");
    expect(html).toContain("Cover +1");
  });

  it("keeps the totals the parts add up to", () => {
    const ctx = attackCardContext(scenes.modified, null);
    // 11 + 2 − 5 against 8 + 2 − 2 + 1.
    expect(ctx.totals).toEqual({ attack: 8, defence: 9 });
    for (const state of Object.values(scenes)) {
      const c = attackCardContext(state, null);
      expect(c.parts.attack.reduce((s, p) => s + p.value, 0)).toBe(c.totals.attack);
      expect(c.parts.defence.reduce((s, p) => s + p.value, 0)).toBe(c.totals.defence);
    }
  });

  it("shows a card stored before the parts with its sum as one line, and none for a card without modifiers", () => {
    expect(text(render(scenes.legacyModifier, null))).toContain("Modifiers \u22123");
    expect(attackCardContext(scenes.attackerWindow, null).parts.attack.map((p) => p.labelKey)).toEqual(["ZILCH.Attack.Part.clubs", "ZILCH.Attack.Part.offense"]);
  });

  it("names a Dodge or Block's bonus on the defence", () => {
    expect(attackCardContext(scenes.dodged, null).parts.defence.map((p) => p.labelKey)).toContain("ZILCH.Attack.Part.reaction");
  });
});

describe("DMG-5 on the card", () => {
  it("DMG-5: a tainted weapon's damage line says tainted; an untainted one does not", () => {
    const apply = scenes.apply!;
    const tainted = { ...apply, declaration: { ...apply.declaration, tainted: true } };
    expect(render(tainted, GM_VIEW)).toMatch(/\(tainted\)<\/dt>/);
    expect(render(apply, GM_VIEW)).not.toMatch(/\(tainted\)/);
  });
});

describe("attack card: words a player reads at the table", () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

  it("AT-7: the hit's colour word carries what the colour means as its tooltip", () => {
    const html = render(scenes.apply, null);
    expect(html).toMatch(/<strong class="colour-badge colour-red" data-tooltip="Red: the best hit, the attack beat the defence by 5 or more\.[^"]*">Red<\/strong>/);
    expect(render(scenes.missed, null)).toMatch(/<strong class="colour-badge colour-white" data-tooltip="White: a miss[^"]*">White<\/strong>/);
  });

  it("CH-7: the chip window's button reads 'Done' until chips or the Boon are put in; damage reads −1/0/+1", () => {
    const html = render(scenes.attackerWindow, ATTACKER_VIEW);
    expect(html).toMatch(/<button type="button" data-action="zilchAttackCommit" data-kind="commitAttacker">Done<\/button>/);
    expect(text(render(scenes.damage, ATTACKER_VIEW))).toContain("Roll damage (−1/0/+1)");
  });

  it("CH-7: the button's words follow the commit: Done, 1 chip, N chips, the Boon, both", () => {
    expect(commitLabel(0, false)).toEqual({ key: "ZILCH.Attack.Commit.Done", n: 0 });
    expect(commitLabel(1, false)).toEqual({ key: "ZILCH.Attack.Commit.One", n: 1 });
    expect(commitLabel(2, false)).toEqual({ key: "ZILCH.Attack.Commit.Chips", n: 2 });
    expect(commitLabel(0, true)).toEqual({ key: "ZILCH.Attack.Commit.Boon", n: 0 });
    expect(commitLabel(1, true)).toEqual({ key: "ZILCH.Attack.Commit.OneBoon", n: 1 });
    expect(commitLabel(3, true)).toEqual({ key: "ZILCH.Attack.Commit.ChipsBoon", n: 3 });
    // A field left empty or typed below 0 commits nothing.
    expect(commitLabel(Number(""), false).key).toBe("ZILCH.Attack.Commit.Done");
    expect(commitLabel(-2, false).key).toBe("ZILCH.Attack.Commit.Done");
  });

  it("names each rule once: a grapple links Grappling once (its topic); a Defenseless target keeps both its links", () => {
    const english = (key: string) => renderer.renderSource("{{localize key}}", { key });
    const keysOf = (state: AttackState) => attackCardContext(state, null, english).rules.map((r) => r.key);
    expect(keysOf(scenes.grappleHeld).filter((k) => k.endsWith("grappling"))).toEqual(["topic:grappling"]);
    expect(keysOf(scenes.grappleHeld)).toContain("grappled");
    // "Defenseless" and "Defenseless targets" are two names: both stay.
    expect(keysOf(scenes.defenseless)).toEqual(["defenseless", "topic:defenseless"]);
  });

  it("AT-4: the GM's movement choice is one labelled group, each button its value alone, the chosen one pressed", () => {
    const html = render(scenes.detailed, GM_VIEW);
    expect(html).toMatch(/<div class="segmented attack-movement-choice" role="group" aria-label="Target&#x27;s movement">/);
    const group = html.match(/<div class="segmented attack-movement-choice"[\s\S]*?<\/div>/)![0];
    expect(group).toMatch(/data-value="ran" aria-pressed="true">Ran<\/button>/);
    expect(group).toMatch(/data-value="still" aria-pressed="false">Has not moved<\/button>/);
    expect(group).not.toContain("Target's movement:");
  });
});
