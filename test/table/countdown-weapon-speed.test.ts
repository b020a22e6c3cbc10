/**
 * CD-7 at the table: a creature holding two weapons (the orc with a dagger and a sling, as the
 * bestiary's goblin does) pays for its Act with one die, and the attack it then makes is priced by the
 * weapon it actually uses: a 5 pays for the dagger (Light, 4) but not for the sling (a shot costs 6
 * whatever its category). Every request from the seat whose button it is; the GM plays the orc.
 */
import { describe, expect, it } from "vitest";
import type { Table } from "./table";
import { ACTORS } from "./table";
import { attackTable, attackWorld, cardOn, SCENE, TOKENS } from "./attack-card";
import { ask, COMBAT, combatantId } from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";
import type { ActorData } from "./permissions";

const DAGGER = "itmDagger0000001";
const SLING = "itmSling00000001";

/** The orc with a dagger and a sling in its hands. */
function armedOrc(): ActorData {
  const weapon = (id: string, name: string, system: Record<string, unknown>) => ({
    _id: id,
    name,
    type: "weapon",
    system: { category: "light", slot: "hands", hands: 1, ...system },
  });
  return {
    ...ACTORS.orc,
    items: [
      weapon(DAGGER, "Dagger", {
        modes: { melee: true, thrown: true, launcher: false },
        rangeClass: "thrown",
      }),
      weapon(SLING, "Sling", {
        modes: { melee: false, thrown: false, launcher: true },
        rangeClass: "short",
        reload: "slow",
      }),
    ],
  };
}

/**
 * A countdown round on the attack world; the orc is called first holding `orcDie`, and Acts with it.
 * The others hold `othersHold` (a hand of only 1s is never called, CD-10).
 */
async function orcActsWith(orcDie: number, othersHold: number[] = [2]): Promise<Table> {
  const world = attackWorld({ "zilch.initiativeMode": "countdown" });
  world.actors = world.actors.map((a) => (a._id === ACTORS.orc._id ? armedOrc() : a));
  const table = await attackTable({ world });
  const orc = combatantId(table, "orc");
  // The dice are the GM's roll; these hands are ones a roll could give.
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => ({ ...p, hand: p.id === orc ? [orcDie] : othersHold }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await ask(table, "gm", { kind: "nextCall", combatId: COMBAT })).toBe(true);
  expect(countdownOn(table.gm).current).toBe(orc);
  const act = { kind: "act" } as const;
  expect(
    await ask(table, "gm", { kind: "countdownChoice", combatId: COMBAT, combatantId: orc, choice: act }),
  ).toBe(true);
  return table;
}

/** The GM targets Ana and attacks with the orc's `weapon` in `mode`. */
async function orcAttacks(table: Table, weapon: string, mode: "melee" | "launcher"): Promise<unknown> {
  const client = table.gm;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.ana)! });
  const asked = client.run(() => {
    const orc = client.actors.get(ACTORS.orc._id)!;
    return client.system.startAttack(orc as never, orc.items.get(weapon) as never, { mode, aim: "chest" });
  });
  await table.settle();
  return asked;
}

describe("CD-7: the attack is priced by the weapon used", () => {
  it("CD-7: the orc's Act paid with a 5: the sling (6) is refused, the dagger (4) attacks", async () => {
    const table = await orcActsWith(5);
    expect(await orcAttacks(table, SLING, "launcher")).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(table.gm.notices.map((n) => n.message).join(" ")).toContain("lower than that action's speed");
    expect(await orcAttacks(table, DAGGER, "melee")).toBe(true);
    expect(cardOn(table.gm)).toBeDefined();
  });

  it("CD-7: paid with a 6, the sling shot goes ahead", async () => {
    const table = await orcActsWith(6);
    expect(await orcAttacks(table, SLING, "launcher")).toBe(true);
    expect(cardOn(table.gm)).toBeDefined();
  });
});

describe("CD-7: a die below every Standard action's speed buys one Minor only", () => {
  /** The GM presses Move on the orc's row: the request the tracker sends. */
  const move = (table: Table) =>
    ask(table, "gm", {
      kind: "takeAction",
      combatId: COMBAT,
      combatantId: combatantId(table, "orc"),
      action: "move",
    });

  it("CD-7: the orc's Act paid with a 2 moves once; a second Move is refused", async () => {
    const table = await orcActsWith(2, [1]);
    expect(await move(table)).toBe(true);
    expect(await move(table)).toBe(false);
  });

  it("CD-7: paid with a 3 (a Use's speed), the Standard becomes a second Minor: two Moves", async () => {
    const table = await orcActsWith(3);
    expect(await move(table)).toBe(true);
    expect(await move(table)).toBe(true);
    expect(await move(table)).toBe(false);
  });
});
