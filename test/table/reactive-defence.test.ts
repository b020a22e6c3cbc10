/**
 * CD-15 Reactive defence at the table (AT-5 step 1): Alice's Ana attacks Bob's Bo in a countdown
 * round. Before Bo's domino is revealed, Bob (or the GM for him) answers: discard Bo's highest usable
 * die for +2 defensive pips and his shield at its Guarded value (EQ-7) against that one attack, or no
 * reaction. Until the answer nobody's client holds Bo's pips or sees a total; a target with no usable
 * die, or Defenseless, is never asked.
 */
import { describe, expect, it } from "vitest";
import { attackCardView } from "../../src/views/attack-card/card-view";
import { currentTotals, type AttackState } from "../../src/rules/attack/index";
import type { RoundState } from "../../src/rules/round/state";
import { attackTable, attackWithSword, cardOn, clickStep, seqOn, stateOn } from "./attack-card";
import { attackWorld } from "./attack-card";
import { countdownOn } from "./countdown";
import { COMBAT, combatantId } from "./play";
import { ACTORS, type Seat, type Table } from "./table";

type Who = "ana" | "bo" | "orc";

/**
 * A countdown fight on the attack world, every stance `stance`, Bo with a small shield (EQ-7: +1,
 * Guarded +2) and Ana holding a Boon (so her window waits for Alice once the totals show).
 */
async function fight(stance: "bold" | "reckless" = "bold"): Promise<Table> {
  const world = attackWorld({ "zilch.initiativeMode": "countdown" });
  const shield = {
    _id: "itmShield0000001",
    name: "Shield",
    type: "shield",
    system: { kind: "small", slot: "hands" },
  };
  const actors = world.actors.map((a) =>
    a._id === ACTORS.bo._id
      ? { ...a, items: [shield] }
      : a._id === ACTORS.ana._id
        ? { ...a, system: { ...a.system, boons: 1 } }
        : a,
  );
  return attackTable({ world: { ...world, actors } }, stance);
}

/** The GM sets the hands the dice could have given (highest first, as the countdown keeps them). */
async function withHands(table: Table, hands: Partial<Record<Who, number[]>>): Promise<void> {
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => {
      const key = (["ana", "bo", "orc"] as const).find((k) => combatantId(table, k) === p.id);
      const hand = key ? hands[key] : undefined;
      return hand ? { ...p, hand } : p;
    });
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
}

const handOf = (table: Table, who: Who) =>
  countdownOn(table.gm).participants.find((p) => p.id === combatantId(table, who))!.hand;

/** Bo's domino as the server stores it (DOM-4: no value exists while it is face down). */
function boDomino(table: Table): string | undefined {
  const stored = table.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { domino: { state: string } | null }>;
  };
  return stored.combatants[combatantId(table, "bo")]?.domino?.state;
}

/** The card controls each seat's own rendering holds (the view its client renders with). */
function controlsOf(table: Table, seat: Seat): string[] {
  const viewer = {
    isGM: seat === "gm",
    ownsAttacker: seat === "alice",
    ownsDefender: seat === "bob",
  };
  return attackCardView(stateOn(table.client(seat))!, viewer).controls.map((c) => `${c.kind}:${c.value}`);
}

const REACT_CONTROLS = ["reactiveDefence:take", "reactiveDefence:decline"];

/**
 * Ana attacks Bo; the card must then wait for Bo's answer. AC-1, CD-20: no Act of Ana's is played
 * here, so the attack, outside her turn, is the GM's to declare.
 */
async function attackBo(table: Table): Promise<AttackState> {
  expect(await attackWithSword(table, "gm", "bo")).toBe(true);
  return stateOn(table.gm)!;
}

describe("CD-15 Reactive defence: the target answers before its domino is revealed", () => {
  it("only Bob (and the GM) are asked; Bo's domino, pips and the totals stay hidden from everyone until he answers", async () => {
    const table = await fight();
    await withHands(table, { bo: [6, 3] });
    const asked = await attackBo(table);
    expect(asked.step).toBe("react");
    expect(boDomino(table)).toBe("faceDown");
    for (const seat of ["gm", "alice", "bob"] as const) {
      const state = stateOn(table.client(seat))!;
      expect(state.defender.side.defense, seat).toBe(0);
      expect(attackCardView(state, null).reacting, seat).toBe(true);
    }
    // The stored card (rendered with no viewer, what every client shows first) has no totals in it.
    expect(cardOn(table.bob)!.content).toContain("attack-reacting");
    expect(cardOn(table.bob)!.content).not.toContain("attack-totals");
    expect(controlsOf(table, "bob")).toEqual(REACT_CONTROLS);
    expect(controlsOf(table, "gm")).toEqual(REACT_CONTROLS);
    expect(controlsOf(table, "alice")).toEqual([]);
    // Alice does not own Bo: refused, nothing paid, nothing revealed.
    expect(await clickStep(table, "alice", "reactiveDefence", { answer: "take" })).toMatchObject({
      ok: false,
      code: "notDefender",
    });
    expect(handOf(table, "bo")).toEqual([6, 3]);
    expect(boDomino(table)).toBe("faceDown");
    expect(stateOn(table.gm)!.step).toBe("react");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("Bob reacts: his highest die is gone, +2 pips and the Guarded shield count against this attack only", async () => {
    const table = await fight();
    await withHands(table, { bo: [6, 3] });
    await attackBo(table);
    const first = cardOn(table.bob)!;
    const seq = seqOn(table.bob);
    expect(await clickStep(table, "bob", "reactiveDefence", { answer: "take" })).toEqual({ ok: true });
    expect(handOf(table, "bo")).toEqual([3]);
    expect(boDomino(table)).toBe("revealed");
    const reacted = stateOn(table.gm)!;
    expect(reacted.step).toBe("attacker");
    expect(reacted.reactiveDefence).toBe("taken");
    expect(reacted.defender.side.guarded).toBe(true);
    expect(reacted.defender.side.shield).toBe("small");
    expect(stateOn(table.alice)).toEqual(reacted);
    expect(cardOn(table.alice)!.content).toContain("attack-totals");
    // A second click on the same answer quotes a step already taken: refused, no second die.
    const again = await table.bob.run(() =>
      table.bob.system.askGM(table.bob.system.attackStepRequest, {
        messageId: first.id,
        seq,
        kind: "reactiveDefence",
        answer: "take",
      }),
    );
    await table.settle();
    expect(again).toMatchObject({ ok: false });
    expect(handOf(table, "bo")).toEqual([3]);
    // The next attack on Bo in the same round (same domino): Bob does not react, so neither counts.
    const next = await attackBo(table);
    expect(next.step).toBe("react");
    expect(await clickStep(table, "bob", "reactiveDefence", { answer: "decline" })).toEqual({ ok: true });
    const declined = stateOn(table.gm)!;
    expect(declined.reactiveDefence).toBe("declined");
    expect(declined.defender.side.guarded).toBe(false);
    expect(handOf(table, "bo")).toEqual([3]);
    expect(reacted.defender.side.defense).toBe(declined.defender.side.defense + 2);
    // +2 pips, and the small shield at +2 (Guarded) instead of +1: 3 more defence, same attack.
    expect(currentTotals(reacted).defence).toBe(currentTotals(declined).defence + 3);
    expect(currentTotals(reacted).attack).toBe(currentTotals(declined).attack);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM answers for an absent Bob", async () => {
    const table = await fight();
    await withHands(table, { bo: [5, 4] });
    await attackBo(table);
    expect(await clickStep(table, "gm", "reactiveDefence", { answer: "take" })).toEqual({ ok: true });
    expect(handOf(table, "bo")).toEqual([4]);
    expect(stateOn(table.gm)!.reactiveDefence).toBe("taken");
  });

  it("a Bo holding only 1s is not asked: his domino is revealed and the totals shown at once", async () => {
    const table = await fight();
    await withHands(table, { bo: [1] });
    const state = await attackBo(table);
    expect(state.step).toBe("attacker");
    expect(state.reactiveDefence).toBeNull();
    expect(boDomino(table)).toBe("revealed");
    expect(controlsOf(table, "bob")).toEqual([]);
  });

  it("a Defenseless (Reckless) Bo is not asked, and a reaction asked for anyway is refused", async () => {
    const table = await fight("reckless");
    await withHands(table, { bo: [6, 3] });
    const state = await attackBo(table);
    expect(state.step).toBe("attacker");
    expect(state.defender.side.defenseless).toBe(true);
    expect(await clickStep(table, "bob", "reactiveDefence", { answer: "take" })).toMatchObject({
      ok: false,
      code: "wrongStep",
    });
    expect(handOf(table, "bo")).toEqual([6, 3]);
  });
});
