/**
 * CD-15 at the table: a 1 spent for Effort or Pressure in a countdown round changes the next attack
 * total of the creature it marks, through the tracker's request and the GM's attack declaration, and
 * that attack uses the mark up.
 */
import { describe, expect, it } from "vitest";
import type { Table } from "./table";
import { attackWithSword, stateOn } from "./attack-card";
import { ask, COMBAT, combatantId } from "./play";
import { countdownAttackTable, countdownOn } from "./countdown";
import type { ModifierPart } from "../../src/rules/attack/index";

/** The sum of an attack's named modifiers other than `kind`. */
const othersThan = (parts: readonly ModifierPart[] | undefined, kind: string) =>
  (parts ?? []).filter((m) => m.kind !== kind).reduce((sum, m) => sum + m.value, 0);

const pending = (table: Table, who: "ana" | "orc") =>
  countdownOn(table.gm).participants.find((p) => p.id === combatantId(table, who));

// AC-1, CD-20: no Act of Ana's is played here, so her attack is the GM's to declare (outside her turn).
describe("CD-15: Effort and Pressure reach the attack total", () => {
  it("Ana spends a 1 for Effort: her next attack is +2, named on the card, and the Effort is used up", async () => {
    const table = await countdownAttackTable(["ana"]);
    const ana = combatantId(table, "ana");
    expect(
      await ask(table, "alice", { kind: "spendOne", combatId: COMBAT, combatantId: ana, use: "effort" }),
    ).toBe(true);
    expect(pending(table, "ana")?.effort).toBe(true);
    expect(await attackWithSword(table, "gm", "orc")).toBe(true);
    const attacker = stateOn(table.gm)!.attacker;
    expect(attacker.modifiers).toContainEqual({ kind: "effort", value: 2 });
    // Ana's greatsword also has her Strength shortfall (EQ-4): the Effort adds 2 to whatever else is there.
    expect(attacker.side.modifier).toBe(othersThan(attacker.modifiers, "effort") + 2);
    expect(pending(table, "ana")?.effort).toBe(false);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the orc spends a 1 to Pressure Ana: her next attack is −2, and the Pressure is used up", async () => {
    const table = await countdownAttackTable(["orc"]);
    const orc = combatantId(table, "orc");
    const ana = combatantId(table, "ana");
    expect(
      await ask(table, "gm", {
        kind: "spendOne",
        combatId: COMBAT,
        combatantId: orc,
        use: "pressure",
        target: ana,
      }),
    ).toBe(true);
    expect(pending(table, "ana")?.pressured).toBe(true);
    expect(await attackWithSword(table, "gm", "orc")).toBe(true);
    const attacker = stateOn(table.gm)!.attacker;
    expect(attacker.modifiers).toContainEqual({ kind: "pressure", value: -2 });
    expect(attacker.side.modifier).toBe(othersThan(attacker.modifiers, "pressure") - 2);
    expect(pending(table, "ana")?.pressured).toBe(false);
  });

  it("without a 1 spent, the attack has neither", async () => {
    const table = await countdownAttackTable([]);
    expect(await attackWithSword(table, "gm", "orc")).toBe(true);
    const kinds = (stateOn(table.gm)!.attacker.modifiers ?? []).map((m) => m.kind);
    expect(kinds).not.toContain("effort");
    expect(kinds).not.toContain("pressure");
  });
});
