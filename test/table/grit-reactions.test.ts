/**
 * GW-4 Dodge and Block at the table (AT-5 step 1): with Grit and Wounds on, Alice's Ana attacks Bob's
 * Bo (♠8, ♣8, Grit 2). Before Bo's domino is revealed and any total shown, Bob (or the GM for him) may
 * Dodge (♠ test) or Block (♣ test) for 1 Grit, or not react: the test is rolled when declared, its S +2
 * or CS +5 counts when the totals are computed. Never in Bo's own turn, never without Grit, never by
 * a player who does not own Bo. In the countdown, a CD-15 reactive defence is offered at the same step,
 * and each is offered once.
 */
import { describe, expect, it } from "vitest";
import { attackCardView } from "../../src/views/attack-card/card-view";
import { currentTotals, type AttackState } from "../../src/rules/attack/index";
import type { RoundState } from "../../src/rules/round/state";
import { attackTable, attackWithSword, attackWorld, cardOn, clickStep, stateOn } from "./attack-card";
import { COMBAT, combatantId, currentActor, endTurnsUntil, nextCall } from "./play";
import { ACTORS, type Seat, type Table } from "./table";
import { uniformFor } from "./dice";

const CARD = { primary: 8, secondary: 8 };

/**
 * The attack world with Grit and Wounds on (and `settings`), Bo at ♠8 ♣8 and Ana holding a Boon (so
 * her window waits for Alice once the totals show); once the combat has started (GW-2 rolls
 * everyone's Grit then), the GM sets Bo's Grit to `grit`.
 */
async function fight(grit: number, settings: Record<string, unknown> = {}): Promise<Table> {
  const world = attackWorld({ "zilch.gritWounds": true, ...settings });
  const bo = structuredClone(ACTORS.bo);
  bo.system = { suits: { spades: CARD, clubs: CARD } };
  const actors = world.actors.map((a) =>
    a._id === ACTORS.bo._id ? bo : a._id === ACTORS.ana._id ? { ...a, system: { ...a.system, boons: 1 } } : a,
  );
  const table = await attackTable({ world: { ...world, actors } });
  await table.act("gm", async () => {
    await table.gm.actors.get(ACTORS.bo._id)!.update({ "system.grit.value": grit });
  });
  expect(gritOf(table)).toBe(grit);
  return table;
}

/** The GM's next test roll (T-1, a d12) shows `face`. */
function gmRolls(table: Table, face: number): void {
  const queue = [uniformFor(face, 12)];
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => queue.shift() ?? 0.5;
  });
}

/** Bo's Grit as the GM's client holds his actor. */
const gritOf = (table: Table): number =>
  table.gm.run(() => {
    const bo = table.gm.actors.get(ACTORS.bo._id) as unknown as { system: { grit: { value: number } } };
    return bo.system.grit.value;
  });

/** Bo's domino as the server stores it (DOM-4: no value exists while it is face down). */
function boDomino(table: Table): string | undefined {
  const stored = table.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { domino: { state: string } | null }>;
  };
  return stored.combatants[combatantId(table, "bo")]?.domino?.state;
}

/** The card controls each seat's own rendering holds. */
function controlsOf(table: Table, seat: Seat): string[] {
  const viewer = { isGM: seat === "gm", ownsAttacker: seat === "alice", ownsDefender: seat === "bob" };
  return attackCardView(stateOn(table.client(seat))!, viewer).controls.map((c) => `${c.kind}:${c.value}`);
}

const GRIT_CONTROLS = ["react:dodge", "react:block", "reactiveDefence:decline"];

/** Ana attacks Bo: Alice in Ana's turn; AC-1: outside it, the GM (`seat` "gm"). */
async function attackBo(table: Table, seat: "alice" | "gm" = "alice"): Promise<AttackState> {
  expect(await attackWithSword(table, seat, "bo")).toBe(true);
  return stateOn(table.gm)!;
}

describe("GW-4 Dodge and Block are declared at AT-5 step 1, before any total", () => {
  it("Bob is offered Dodge and Block before Bo's domino or any total shows; Alice is not", async () => {
    const table = await fight(2);
    const asked = await attackBo(table);
    expect(asked.step).toBe("react");
    expect(asked.defender.side.spades).toBe(8);
    expect(boDomino(table)).toBe("faceDown");
    for (const seat of ["gm", "alice", "bob"] as const) {
      const state = stateOn(table.client(seat))!;
      expect(state.defender.side.defense, seat).toBe(0);
      expect(attackCardView(state, null).reacting, seat).toBe(true);
    }
    expect(cardOn(table.bob)!.content).not.toContain("attack-totals");
    expect(controlsOf(table, "bob")).toEqual(GRIT_CONTROLS);
    expect(controlsOf(table, "gm")).toEqual(GRIT_CONTROLS);
    expect(controlsOf(table, "alice")).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("Bob's Dodge costs 1 Grit and its S adds +2 to Bo's defence against this attack only", async () => {
    const table = await fight(2);
    await attackBo(table);
    gmRolls(table, 5); // ♠8, roll 5: S
    expect(await clickStep(table, "bob", "react", { reaction: "dodge" })).toEqual({ ok: true });
    expect(gritOf(table)).toBe(1);
    const dodged = stateOn(table.gm)!;
    expect(dodged.step).toBe("attacker");
    expect(dodged.reaction).toMatchObject({ kind: "dodge", target: 8, roll: 5, dos: "S", bonus: 2 });
    expect(boDomino(table)).toBe("revealed");
    expect(stateOn(table.alice)).toEqual(dodged);
    expect(cardOn(table.alice)!.content).toContain("attack-totals");
    // The next attack on Bo this round (same domino), in the orc's turn (so the GM's to declare): Bob
    // does not react, so nothing is added or paid.
    expect(await endTurnsUntil(table, "orc")).toBe(true);
    expect((await attackBo(table, "gm")).step).toBe("react");
    expect(await clickStep(table, "bob", "reactiveDefence", { answer: "decline" })).toEqual({ ok: true });
    const plain = stateOn(table.gm)!;
    expect(plain).toMatchObject({ step: "attacker", reaction: null });
    expect(gritOf(table)).toBe(1);
    expect(currentTotals(dodged).defence).toBe(currentTotals(plain).defence + 2);
    expect(currentTotals(dodged).attack).toBe(currentTotals(plain).attack);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM Blocks for Bo: a CS adds +5", async () => {
    const table = await fight(1);
    await attackBo(table);
    gmRolls(table, 2); // ♣8, roll 2: CS
    expect(await clickStep(table, "gm", "react", { reaction: "block" })).toEqual({ ok: true });
    const blocked = stateOn(table.gm)!;
    expect(blocked.reaction).toMatchObject({ kind: "block", suit: "clubs", dos: "CS", bonus: 5 });
    expect(gritOf(table)).toBe(0);
    const base = blocked.defender.side.spades + blocked.defender.side.defense;
    expect(currentTotals(blocked).defence).toBe(base + 5);
  });

  it("Alice may not react for Bo: refused, no Grit spent, nothing revealed", async () => {
    const table = await fight(2);
    await attackBo(table);
    expect(await clickStep(table, "alice", "react", { reaction: "dodge" })).toMatchObject({
      ok: false,
      code: "notDefender",
    });
    expect(gritOf(table)).toBe(2);
    expect(stateOn(table.gm)!.step).toBe("react");
    expect(boDomino(table)).toBe("faceDown");
  });

  it("without Grit Bo is not asked: the totals show at once, and a Dodge asked for is refused", async () => {
    const table = await fight(0);
    const state = await attackBo(table);
    expect(state.step).toBe("attacker");
    expect(boDomino(table)).toBe("revealed");
    expect(controlsOf(table, "bob")).toEqual([]);
    expect(await clickStep(table, "bob", "react", { reaction: "dodge" })).toMatchObject({
      ok: false,
      code: "wrongStep",
    });
    expect(gritOf(table)).toBe(0);
  });

  it("in Bo's own turn he is not asked, and a Dodge asked for is refused", async () => {
    const table = await fight(2);
    for (let n = 0; n < 3 && currentActor(table, table.gm) !== "bo"; n++)
      expect(await nextCall(table)).toBe(true);
    expect(currentActor(table, table.gm)).toBe("bo");
    // AC-1: outside Ana's turn only the GM may declare her attack (a readied one, say).
    expect(await attackWithSword(table, "gm", "bo")).toBe(true);
    const state = stateOn(table.gm)!;
    expect(state.defender.ownTurn).toBe(true);
    expect(state.step).toBe("attacker");
    expect(controlsOf(table, "bob")).toEqual([]);
    expect(await clickStep(table, "bob", "react", { reaction: "dodge" })).toMatchObject({
      ok: false,
      code: "wrongStep",
    });
    expect(gritOf(table)).toBe(2);
  });
});

/** The GM sets Bo's countdown hand (highest first). */
async function boHand(table: Table, hand: number[]): Promise<void> {
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const id = combatantId(table, "bo");
    const participants = cd.participants.map((p) => (p.id === id ? { ...p, hand } : p));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
}

describe("GW-4 with a CD-15 reactive defence at the same step", () => {
  it("both are offered, each once; the domino stays face down until both are made, and both count", async () => {
    const table = await fight(2, { "zilch.initiativeMode": "countdown" });
    await boHand(table, [6, 3]);
    // AC-1, CD-20: no Act of Ana's is played, so her attack (outside her turn) is the GM's to declare.
    expect(await attackWithSword(table, "gm", "bo")).toBe(true);
    expect(controlsOf(table, "bob")).toEqual(["reactiveDefence:take", ...GRIT_CONTROLS]);
    expect(await clickStep(table, "bob", "reactiveDefence", { answer: "take" })).toEqual({ ok: true });
    const taken = stateOn(table.gm)!;
    expect(taken).toMatchObject({ step: "react", reactiveDefence: "taken" });
    expect(boDomino(table)).toBe("faceDown");
    expect(cardOn(table.alice)!.content).not.toContain("attack-totals");
    expect(controlsOf(table, "bob")).toEqual(GRIT_CONTROLS);
    gmRolls(table, 5); // ♠8, roll 5: S
    expect(await clickStep(table, "bob", "react", { reaction: "dodge" })).toEqual({ ok: true });
    const both = stateOn(table.gm)!;
    expect(both.step).toBe("attacker");
    expect(boDomino(table)).toBe("revealed");
    expect(gritOf(table)).toBe(1);
    // The next attack, not answered: the reactive defence's +2 pips and Guarded shield, and the Dodge's +2.
    await attackBo(table, "gm");
    expect(await clickStep(table, "bob", "reactiveDefence", { answer: "decline" })).toEqual({ ok: true });
    const plain = stateOn(table.gm)!;
    expect(currentTotals(both).defence).toBe(currentTotals(plain).defence + 2 + 2);
    expect(table.server.clock.errors).toEqual([]);
  });
});
