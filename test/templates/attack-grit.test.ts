import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { attackCardContext } from "../../src/dice/attack-card";
import type { AttackState } from "../../src/rules/attack/index";
import { attackScenes, GM_VIEW, runAttack } from "./attack-fixtures";

/** §23 lines of the attack card: what a hit did to a target under Grit and Wounds, never "loses 0 HP". */
const renderer = createRenderer();
const text = (state: AttackState) =>
  renderer
    .render("chat/attack-card.hbs", attackCardContext(state, null))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const scenes = attackScenes();

describe("attack card in Grit and Wounds mode", () => {
  it("a saved wound check: the check and the Grit lost, no HP line, no injury", () => {
    const t = text(scenes.gritSaved);
    expect(t).toContain("Wound check: 2 against 2, Success.");
    expect(t).toContain("Orc loses 4 Grit (Grit 1).");
    expect(t).not.toContain("HP");
    expect(t).not.toMatch(/Wounds \+\d/);
    expect(t).not.toContain("Grievous");
    // SW-5 still applies.
    expect(t).toContain("Wound suffered");
  });

  it("massive damage to the wound limit: automatic Wounds, the failed check, the Wounds and death", () => {
    const t = text(scenes.gritDead);
    expect(t).toContain("Massive damage: automatic Wounds 1.");
    expect(t).toContain("Wound check: 12 against 2, Critical failure.");
    expect(t).toContain("Orc keeps Grit 4.");
    // GW-7: the limit is reached, never "now 4 of 3".
    expect(t).toContain("Orc: Wounds +2.");
    expect(t).not.toMatch(/now \d+ of \d+/);
    expect(t).toContain("Orc reaches the wound limit and dies.");
  });

  it("GW-10: temporary damage on a target with no Grit knocks it out instead of wounding", () => {
    const t = text(scenes.gritKnockedOut);
    expect(t).toContain("Temporary damage: Orc is Unconscious for 7 minutes instead of wounded.");
    expect(t).not.toMatch(/Wounds \+\d/);
    expect(t).not.toContain("falls Unconscious");
  });

  it("Grit 0 with damage left over: the automatic Wound is said", () => {
    const report = { ...scenes.gritWound.applied!, grit: { ...scenes.gritWound.applied!.grit!, gritBefore: 0, grit: 0, check: null, zeroGritWound: true, woundsGained: 1, wounds: 1 } };
    const t = text(runAttack(scenes.apply, { kind: "applyDamage", report }));
    expect(t).toContain("No Grit left: the rest is an automatic Wound.");
    expect(t).toContain("Orc: Wounds +1, now 1 of 3.");
  });

  it("HP mode keeps its line", () => {
    const t = text(scenes.injured);
    expect(t).toContain("loses 4 HP");
    expect(t).not.toContain("Grit");
  });

  it("the GM sees no control on a finished Grit card", () => {
    const html = renderer.render("chat/attack-card.hbs", attackCardContext(scenes.gritDead, GM_VIEW));
    expect(html).not.toContain('data-action="zilchAttack');
  });
});

describe("GW-4 reactions on the card", () => {
  it("AT-5 step 1 offers Dodge and Block as labelled buttons before any total is shown", () => {
    const html = renderer.render("chat/attack-card.hbs", attackCardContext(scenes.reactWindow, { isGM: false, ownsAttacker: false, ownsDefender: true }));
    expect(html).toContain('data-action="zilchAttackReact"');
    expect(html).toContain("Dodge (♠ test, 1 Grit)");
    expect(html).toContain("Block (♣ test, 1 Grit)");
    expect(html).toContain("No reaction");
    expect(html).not.toContain("attack-totals");
    expect(html).toContain("Orc may react first. The totals are shown once they answer.");
    const toAttacker = renderer.render("chat/attack-card.hbs", attackCardContext(scenes.reactWindow, { isGM: false, ownsAttacker: true, ownsDefender: false }));
    expect(toAttacker).not.toContain("<button");
    expect(toAttacker).not.toContain("attack-totals");
  });

  it("the defender's chip window no longer offers a Dodge or Block", () => {
    const view = { isGM: false, ownsAttacker: false, ownsDefender: true };
    const declined = runAttack(scenes.reactWindow, { kind: "reactiveDefence", take: false, reveal: { defense: 2, defenseless: false } });
    const defenderWindow = runAttack(declined, { kind: "commitAttacker", chips: 0, boon: false });
    expect(defenderWindow.step).toBe("defender");
    expect(defenderWindow.defender.grit).toBe(2);
    expect(attackCardContext(defenderWindow, view).controls.map((c) => c.kind)).toEqual(["commitDefender"]);
  });

  it("the reaction line and the Parry it earned", () => {
    const t = text(scenes.parried);
    expect(t).toContain("Orc reacts with a Block (1 Grit): Clubs 2 against 8, Critical success: defence +5.");
    expect(t).toContain("Orc may Parry: an immediate attack at +2 against Ana, pushing them 1 square.");
    // Dodge S: 12 against 10 decided, a margin of 2, short of a Slip's 5.
    expect(text(runAttack(scenes.dodged, { kind: "commitDefender", chips: 0, boon: false }))).not.toContain("may Slip");
  });
});
