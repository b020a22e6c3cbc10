/**
 * ST-1, AC-1, AC-3 at the table (the security review's M1): an attack waits for the stances to be
 * shown, so no domino is revealed while they are secret; outside the attacker's turn a player's attack
 * is refused unless the rules give one (a Ready, a Slip or Parry, an opportunity attack), and every
 * out-of-turn attack is counted in the combat's GM-written flags. Before, 10 of 10 out-of-turn attacks
 * were accepted and revealed dominoes.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWithSword, attackWorld, clickStep, closeWindows, SCENE, stateOn, TOKENS } from "./attack-card";
import { reactionFollowUp } from "../../src/rules/attack/windows";
import {
  ask,
  COMBAT,
  combatantId,
  currentActor,
  declare,
  endTurn,
  firstTurnTo,
  nextCall,
  noticesOn,
  startCombat,
  everyoneDeclares,
} from "./play";

type Key = "ana" | "bo" | "orc";

/** Each combatant's domino and out-of-turn tally as the server stores them (the combat's flags). */
function stored(table: Table) {
  const flags = table.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { domino: { state: string } | null }>;
    outOfTurn?: Record<string, { made: number }>;
  };
  const domino = (k: Key) => flags.combatants[combatantId(table, k)]?.domino?.state;
  const made = (k: Key) => flags.outOfTurn?.[combatantId(table, k)]?.made ?? 0;
  return { domino, made };
}

const cards = (table: Table): number =>
  table.server.world.messages.filter((m) => (m as { type?: string }).type === "attack").length;

async function fight(stances: Partial<Record<Key, string>>): Promise<Table> {
  const table = await Table.open({ world: attackWorld() });
  await startCombat(table);
  const seats = { ana: "alice", bo: "bob", orc: "gm" } as const;
  for (const [key, stance] of Object.entries(stances) as [Key, string][])
    expect(await declare(table, seats[key], key, stance)).toBe(true);
  return table;
}

describe("ST-1: no attack while the stances are secret", () => {
  it("Bo has not declared: Alice's and the GM's attacks are refused and no domino is revealed", async () => {
    const table = await fight({ ana: "bold", orc: "bold" });
    expect(await attackWithSword(table, "alice", "orc")).toBe(false);
    expect(noticesOn(table, "alice")).toContain("Attacks wait until every stance is shown.");
    expect(await attackWithSword(table, "gm", "orc")).toBe(false);
    expect(cards(table)).toBe(0);
    expect([stored(table).domino("ana"), stored(table).domino("orc")]).toEqual(["faceDown", "faceDown"]);
  });
});

describe("AC-1: a player attacks in the creature's own turn", () => {
  it("before the first turn and in the orc's turn, 10 attacks by Alice are refused: no card, Ana's domino face down", async () => {
    const table = await fight({ ana: "bold", bo: "bold", orc: "bold" });
    expect(await attackWithSword(table, "alice", "orc")).toBe(false);
    expect(await nextCall(table)).toBe(true);
    expect(currentActor(table, table.gm)).toBe("orc");
    for (let n = 0; n < 10; n++) expect(await attackWithSword(table, "alice", "orc")).toBe(false);
    expect(noticesOn(table, "alice")).toContain("Attacks are made in the creature's own turn.");
    expect(cards(table)).toBe(0);
    expect(stored(table).domino("ana")).toBe("faceDown");
    expect(stored(table).made("ana")).toBe(0);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("in Ana's turn Alice attacks; the GM's attacks outside it are taken and counted", async () => {
    const table = await fight({ ana: "bold", bo: "bold", orc: "bold" });
    expect(await nextCall(table)).toBe(true);
    expect(await attackWithSword(table, "gm", "orc")).toBe(true);
    expect(await attackWithSword(table, "gm", "bo")).toBe(true);
    expect(stored(table).made("ana")).toBe(2);
    expect(await endTurn(table, "gm", "orc")).toBe(true);
    expect(await endTurn(table, "bob", "bo")).toBe(true);
    expect(currentActor(table, table.gm)).toBe("ana");
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    expect(cards(table)).toBe(3);
    expect(stored(table).made("ana")).toBe(2);
  });
});

describe("AC-3: a readied attack is made outside the turn, once", () => {
  it("a Cautious Ana Readies in her turn; in the orc's turn Alice attacks once, a second is refused", async () => {
    const table = await fight({ ana: "cautious", bo: "bold", orc: "bold" });
    expect(await firstTurnTo(table, "ana")).toBe(true);
    const ready = {
      kind: "takeAction",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      action: "ready",
    };
    expect(await ask(table, "alice", ready as never)).toBe(true);
    expect(await endTurn(table, "alice", "ana")).toBe(true);
    expect(currentActor(table, table.gm)).not.toBe("ana");
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    expect(stored(table).made("ana")).toBe(1);
    expect(await attackWithSword(table, "alice", "orc")).toBe(false);
    expect(cards(table)).toBe(1);
    expect(stored(table).made("ana")).toBe(1);
  });
});

const BO_SWORD = "itmBoSword000001";

/** Grit and Wounds on; Bo (♠8 ♣8) holds a sword and 2 Grit; Ana's turn begun. */
async function gritFight(): Promise<Table> {
  const world = attackWorld({ "zilch.gritWounds": true });
  world.actors = world.actors.map((a) =>
    a._id === ACTORS.bo._id
      ? {
          ...a,
          system: { suits: { spades: { primary: 8, secondary: 8 }, clubs: { primary: 8, secondary: 8 } } },
          items: [{ ...world.actors[0]!.items![0]!, _id: BO_SWORD }],
        }
      : a,
  );
  const table = await Table.open({ world });
  await startCombat(table);
  await everyoneDeclares(table);
  await table.act("gm", () => table.gm.actors.get(ACTORS.bo._id)!.update({ "system.grit.value": 2 }));
  expect(await firstTurnTo(table, "ana")).toBe(true);
  return table;
}

/** Bob targets Ana and attacks with Bo's sword: the answer his client gets. */
async function boAttacksAna(table: Table): Promise<boolean> {
  const client = table.bob;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.ana)! });
  const result = await client.run(() => {
    const bo = client.actors.get(ACTORS.bo._id)!;
    return client.system.startAttack(bo as never, bo.items.get(BO_SWORD) as never, {
      mode: "melee",
      aim: "chest",
    });
  });
  await table.settle();
  return result;
}

describe("GW-4: a Slip earned by a Dodge is one attack outside the turn", () => {
  it("Bo dodges Ana's feeble swing by 5 or more: Bob's Slip attack on Ana is taken once, a second refused", async () => {
    const table = await gritFight();
    expect(await boAttacksAna(table)).toBe(false);
    // Ana's swing at −10 (her own claim), so Bo's defence beats it by far more than 5.
    expect(await attackWithSword(table, "alice", "bo", { modifier: -10 })).toBe(true);
    table.gm.run(() => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5 / 12; // a 1: CS
    });
    expect(await clickStep(table, "bob", "react", { reaction: "dodge" })).toEqual({ ok: true });
    await closeWindows(table, { attacker: "alice", defender: "bob" });
    expect(stateOn(table.gm)?.result?.hit).toBe(false);
    expect(reactionFollowUp(stateOn(table.gm)!)).toBe("slip");
    expect(await boAttacksAna(table)).toBe(true);
    expect(stored(table).made("bo")).toBe(1);
    expect(await boAttacksAna(table)).toBe(false);
    expect(cards(table)).toBe(2);
  });
});
