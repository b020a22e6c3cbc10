/**
 * AC-1, AC-4, AC-5, AC-6 at the table: the actions a turn holds are recorded by the GM's client, in the
 * combat's flags, as the tracker's turn buttons and the attack declaration ask for them; what an
 * earlier action of the same turn forbids (a Move after a Charge, a step after a Move, a third Minor)
 * is refused with the rule's words, and a player may not act for another's creature or outside its turn.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table, type Seat } from "./table";
import { attackWorld, cardOn, SWORD, attackWithSword } from "./attack-card";
import {
  ask,
  chatText,
  COMBAT,
  combatantId,
  declare,
  endTurn,
  endTurnsUntil,
  nextCall,
  startCombat,
  turnActions,
  everyoneDeclares,
} from "./play";
import type { ActionKey } from "../../src/rules/actions";

type ActorKey = keyof typeof ACTORS;

/**
 * The attack world, stances shown (Ana in `stance`), and Spades turns ended until it is Ana's. Her
 * greatsword (two hands) is in her hands unless `greatswordIn` puts it elsewhere.
 */
async function anasTurn(stance: string, statuses: string[] = [], greatswordIn = "hands"): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.statuses = statuses;
  ana.items = ana.items.map((i) =>
    i._id === SWORD ? { ...i, system: { ...i.system, slot: greatswordIn } } : i,
  );
  const table = await Table.open({ world });
  await startCombat(table);
  expect(await declare(table, "alice", "ana", stance)).toBe(true);
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  expect(await nextCall(table)).toBe(true);
  expect(await endTurnsUntil(table, "ana")).toBe(true);
  return table;
}

/** `seat` presses a turn button (Move, step, Stand…) on `actor`'s row: the request the tracker sends. */
function press(table: Table, seat: Seat, action: ActionKey, actor: ActorKey = "ana"): Promise<boolean> {
  return ask(table, seat, {
    kind: "takeAction",
    combatId: COMBAT,
    combatantId: combatantId(table, actor),
    action,
  });
}

/** Alice targets the orc and declares an attack (a Charge when `charge`) with Ana's greatsword. */
async function swing(table: Table, charge: boolean): Promise<unknown> {
  return attackWithSword(table, "alice", "orc", { charge });
}

const recorded = (table: Table) => turnActions(table, "ana");
const warnings = (table: Table, seat: Seat) => table.client(seat).notices.map((n) => n.message);
const lines = chatText;

describe("AC-4, AC-6: the Charge is the turn's movement", () => {
  it("AC-4: after a Move, Ana may not Charge: refused with the rule's words, no card", async () => {
    const table = await anasTurn("reckless");
    expect(await press(table, "alice", "move")).toBe(true);
    expect(lines(table)).toContain("Ana moves");
    expect(await swing(table, true)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(warnings(table, "alice").join(" ")).toContain("A Charge is the turn's movement");
    expect(recorded(table)).toEqual(["move"]);
  });

  it("AC-4: after a Charge, no Move and no step in the same turn", async () => {
    const table = await anasTurn("reckless");
    expect(await swing(table, true)).toBe(true);
    expect(cardOn(table.gm)).toBeDefined();
    expect(await press(table, "alice", "move")).toBe(false);
    expect(await press(table, "alice", "step")).toBe(false);
    expect(recorded(table)).toEqual(["charge"]);
  });

  it("AC-6: one free step, only in a turn with no Move; a step then an attack is fine", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "alice", "step")).toBe(true);
    expect(await press(table, "alice", "step")).toBe(false);
    expect(warnings(table, "alice").join(" ")).toContain("Only one free step a turn");
    expect(await press(table, "alice", "move")).toBe(false);
    expect(await swing(table, false)).toBe(true);
    expect(recorded(table)).toEqual(["step", "attack"]);
  });
});

describe("AC-1, AC-5: the turn budget", () => {
  it("AC-1: Alice sets Foundry's round to 0 (a player may, Nimble#853): the GM puts it back; one attack a turn", async () => {
    const table = await anasTurn("bold");
    const round = table.server.combat(COMBAT).round;
    await table.alice.raw({ action: "update", documentName: "Combat", updates: [{ _id: COMBAT, round: 0 }] });
    await table.settle();
    expect(table.server.combat(COMBAT).round).toBe(round);
    const attacks = [await swing(table, false), await swing(table, false), await swing(table, false)];
    expect(attacks).toEqual([true, false, false]);
    expect(recorded(table)).toEqual(["attack"]);
  });

  it("AC-1: Alice sets Foundry's round to 0 as she attacks, before the GM can put it back: one attack a turn, recorded", async () => {
    const table = await anasTurn("bold");
    const attacks: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      // Sent together: the GM's client applies the attack while its copy of the combat still reads
      // Foundry's round 0, before its own put-back has come back from the server.
      const zeroed = table.alice.raw({
        action: "update",
        documentName: "Combat",
        updates: [{ _id: COMBAT, round: 0 }],
      });
      attacks.push(await swing(table, false));
      await zeroed;
    }
    expect(attacks).toEqual([true, false, false]);
    expect(recorded(table)).toEqual(["attack"]);
    expect(warnings(table, "alice").join(" ")).toContain("No room left in this turn");
  });

  it("AC-1: two Minors fill the turn: a third Move and an attack are refused", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "alice", "move")).toBe(true);
    expect(await press(table, "alice", "move")).toBe(true);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(await swing(table, false)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(recorded(table)).toEqual(["move", "move"]);
  });

  it("AC-1: Standard + Minor: an attack and a Move, but not a second attack", async () => {
    const table = await anasTurn("bold");
    expect(await swing(table, false)).toBe(true);
    expect(await press(table, "alice", "move")).toBe(true);
    expect(await swing(table, false)).toBe(false);
    expect(recorded(table)).toEqual(["attack", "move"]);
  });

  it("the next turn starts a fresh record", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "alice", "move")).toBe(true);
    expect(await endTurn(table, "alice", "ana")).toBe(true);
    expect(recorded(table)).toEqual(["move"]);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(warnings(table, "alice").join(" ")).toContain("own turn");
  });

  it("AC-5: a Prone Ana stands up (a Minor): Prone is gone on every client; a second Stand is refused", async () => {
    const table = await anasTurn("cautious", ["prone"]);
    expect(await press(table, "alice", "stand")).toBe(true);
    for (const client of [table.gm, table.alice, table.bob])
      expect(client.run(() => client.actors.get(ACTORS.ana._id)!.statuses.has("prone"))).toBe(false);
    expect(await press(table, "alice", "stand")).toBe(false);
    expect(warnings(table, "alice").join(" ")).toContain("Only a Prone creature can stand up");
  });
});

describe("OPT-1, OPT-2: a lost action in Spades", () => {
  /** The active GM's client applies it, as the attack card's GM step (OPT-1) or a failed Scary save (OPT-2) does. */
  const lose = async (table: Table, standard: boolean) => {
    const gm = table.gm;
    const request = {
      kind: "loseAction",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      thisTurn: true,
      ...(standard ? { standard } : {}),
    } as const;
    const result = await gm.run(() => game.combats!.get(COMBAT)!.zilchApply(request, game.user ?? null));
    await table.settle();
    return result.ok;
  };

  it("OPT-1: Ana lost her Minor action: she attacks, and then a Move is refused", async () => {
    const table = await anasTurn("bold");
    expect(await lose(table, false)).toBe(true);
    expect(await swing(table, false)).toBe(true);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(recorded(table)).toEqual(["attack"]);
  });

  it("OPT-2 Scary: Ana lost her Standard action: her attack is refused, and a Move is fine", async () => {
    const table = await anasTurn("bold");
    expect(await lose(table, true)).toBe(true);
    expect(await swing(table, false)).toBe(false);
    expect(await press(table, "alice", "move")).toBe(true);
    expect(recorded(table)).toEqual(["move"]);
  });
});

describe("AC-1: who may record what", () => {
  it("Bob may not move Ana; nothing is recorded", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "bob", "move")).toBe(false);
    expect(recorded(table)).toEqual([]);
  });

  it("a console asking to record an attack (which only the GM's attack check records) is refused", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "alice", "attack")).toBe(false);
    expect(recorded(table)).toEqual([]);
  });

  it("two clicks at once, a step and a Move: the GM applies one after the other and keeps only the first", async () => {
    const table = await anasTurn("bold");
    const both = await Promise.all([press(table, "alice", "step"), press(table, "alice", "move")]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(recorded(table)).toHaveLength(1);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("AC-2: conditions that limit actions", () => {
  it("AC-2: a Stunned Ana cannot attack (refused with the reason, no card); a single Move only", async () => {
    const table = await anasTurn("cautious", ["stunned"]);
    expect(await swing(table, false)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(warnings(table, "alice").join(" ")).toContain("Stunned, Terrified, Helpless or Unconscious");
    expect(await press(table, "alice", "step")).toBe(false);
    expect(warnings(table, "alice").join(" ")).toContain("Your conditions do not allow that action now.");
    expect(await press(table, "alice", "move")).toBe(true);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(recorded(table)).toEqual(["move"]);
  });

  it("AC-2: a Terrified Ana (so Stunned) cannot attack either, and may Move once", async () => {
    const table = await anasTurn("cautious", ["terrified"]);
    expect(await swing(table, false)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(await press(table, "alice", "move")).toBe(true);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(recorded(table)).toEqual(["move"]);
  });

  it("AC-2: a Hampered Ana has one Standard or one Minor: an attack leaves no Move; a Move leaves no attack", async () => {
    const attacked = await anasTurn("bold", ["hampered"]);
    expect(await swing(attacked, false)).toBe(true);
    expect(cardOn(attacked.gm)).toBeDefined();
    expect(await press(attacked, "alice", "move")).toBe(false);
    expect(recorded(attacked)).toEqual(["attack"]);

    const moved = await anasTurn("bold", ["hampered"]);
    expect(await press(moved, "alice", "move")).toBe(true);
    expect(await swing(moved, false)).toBe(false);
    expect(cardOn(moved.gm)).toBeUndefined();
    expect(await press(moved, "alice", "move")).toBe(false);
    expect(recorded(moved)).toEqual(["move"]);
  });
});

describe("EQ-12: the load set on the sheet reaches the turn", () => {
  it("Alice sets Ana's Load to Exceptional (the Equipment tab's select): Hampered everywhere; an attack leaves no Move", async () => {
    const table = await anasTurn("bold");
    // The select submits `system.encumbrance` as the sheet's form does (test/templates/sheets.test.ts).
    await table.act("alice", async () => {
      await game.actors!.get(ACTORS.ana._id)!.update({ system: { encumbrance: "exceptional" } });
    });
    for (const client of [table.gm, table.alice, table.bob])
      expect(client.run(() => game.actors!.get(ACTORS.ana._id)!.creature.conditions.has("hampered"))).toBe(
        true,
      );
    expect(await swing(table, false)).toBe(true);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(recorded(table)).toEqual(["attack"]);
  });
});

describe("AC-3: Ready and Retrieve from the tracker", () => {
  it("a Cautious Ana Readies: her whole turn, with a chat line; no attack or Move in the same turn", async () => {
    const table = await anasTurn("cautious");
    expect(await press(table, "alice", "ready")).toBe(true);
    expect(lines(table)).toContain("Ana readies an action");
    expect(recorded(table)).toEqual(["ready"]);
    expect(await swing(table, false)).toBe(false);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(recorded(table)).toEqual(["ready"]);
  });

  it("Ready needs the Cautious stance: a Bold Ana is refused with the rule's words, nothing recorded", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "alice", "ready")).toBe(false);
    expect(warnings(table, "alice").join(" ")).toContain("Ready needs the Cautious stance");
    expect(recorded(table)).toEqual([]);
  });

  it("Retrieve takes the whole turn: after it no Move; after a Move no Retrieve; Bob may not retrieve for Ana", async () => {
    // Her greatsword on her back leaves her hands empty for the item (AC-3).
    const table = await anasTurn("bold", [], "handy");
    expect(await press(table, "bob", "retrieve")).toBe(false);
    expect(await press(table, "alice", "retrieve")).toBe(true);
    expect(lines(table)).toContain("Ana takes an item from the pack");
    expect(await press(table, "alice", "move")).toBe(false);
    expect(recorded(table)).toEqual(["retrieve"]);

    const other = await anasTurn("bold", [], "handy");
    expect(await press(other, "alice", "move")).toBe(true);
    expect(await press(other, "alice", "retrieve")).toBe(false);
    expect(recorded(other)).toEqual(["move"]);
  });

  it("AC-3: Retrieve needs an empty hand: with the greatsword in both hands it is refused, nothing recorded", async () => {
    const table = await anasTurn("bold");
    expect(await press(table, "alice", "retrieve")).toBe(false);
    expect(recorded(table)).toEqual([]);
    expect(await press(table, "alice", "move")).toBe(true);
  });
});

describe("AC-4, REC-6: a healing item's Use is the turn's Standard action", () => {
  const EGGS = "itmSalveEggs0001";
  /** Ana at 3 HP with two salve eggs, stances shown, in her own Spades turn. */
  async function anasTurnWithEggs(): Promise<Table> {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { ...ana.system, hp: { value: 3 } };
    ana.items = [
      ...ana.items,
      { _id: EGGS, name: "Salve eggs", type: "gear", system: { healingItem: "salveEgg", quantity: 2 } },
    ];
    const table = await Table.open({ world });
    await startCombat(table);
    await everyoneDeclares(table);
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    return table;
  }
  /** Alice clicks Use on the eggs' row of Ana's sheet. */
  const useEggs = (table: Table) =>
    table.act("alice", async () => {
      const ana = game.actors!.get(ACTORS.ana._id)!;
      await table.alice.system.useItemFromSheet(ana as never, ana.items.get(EGGS) as never);
    });
  const eggsLeft = (table: Table) =>
    (table.server.actor(ACTORS.ana._id).items.find((i) => i._id === EGGS)!.system as { quantity: number })
      .quantity;

  it("Ana uses an egg: recorded as her Standard action; then her attack is refused and a Move is fine", async () => {
    const table = await anasTurnWithEggs();
    await useEggs(table);
    expect(eggsLeft(table)).toBe(1);
    expect(recorded(table)).toEqual(["use"]);
    expect(await swing(table, false)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(await press(table, "alice", "move")).toBe(true);
    expect(recorded(table)).toEqual(["use", "move"]);
  });

  it("after her attack, Ana's Use is refused and no egg is spent", async () => {
    const table = await anasTurnWithEggs();
    expect(await swing(table, false)).toBe(true);
    await useEggs(table);
    expect(eggsLeft(table)).toBe(2);
    expect(recorded(table)).toEqual(["attack"]);
  });
});
