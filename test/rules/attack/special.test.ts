import { describe, expect, it } from "vitest";
import {
  advanceAttack,
  currentRole,
  defaultSpecialSuit,
  mayAct,
  specialConditionChanges,
  specialDefenderSuits,
  type AttackAction,
  type AttackState,
} from "../../../src/rules/attack/index";
import {
  ATTACKER_VIEW,
  DEFENDER_VIEW,
  GM_VIEW,
  runAttack as run,
  specialHit,
  specialScenes,
} from "../../templates/attack-fixtures";

const refused = (s: AttackState, a: AttackAction) => {
  const r = advanceAttack(s, a);
  return r.ok ? null : r.code;
};
const contest = (suit: "clubs" | "spades", attackerRoll: number, defenderRoll: number): AttackAction => ({
  kind: "specialContest",
  suit,
  attackerRoll,
  defenderRoll,
});

describe("SP-1: a Special Attack hit opens the contest instead of damage", () => {
  it("waits for the defender's choice after the hit, with no damage step", () => {
    const s = specialHit("trip");
    expect(s.result?.hit).toBe(true);
    expect(s.step).toBe("special");
    expect(currentRole(s)).toBe("defender");
    expect(s.damage).toBeNull();
  });

  it("a miss ends the card with no contest (SP-1 step 2)", () => {
    const s = specialHit("trip", { attacker: { side: { card: 5, offense: 1 } } });
    expect(s.result?.hit).toBe(false);
    expect(s.step).toBe("done");
    expect(s.special).toBeNull();
  });

  it("a card without the announced kind (from before this step) ends at the hit as before", () => {
    const s = specialHit("trip", { declaration: { special: null } });
    expect(s.step).toBe("done");
  });

  it("the defender may pick ♣ or ♠, defaulting to the better card; the attacker always tests ♣ at its card, no pips", () => {
    const s = specialHit("trip");
    expect(specialDefenderSuits(s)).toEqual(["clubs", "spades"]);
    expect(defaultSpecialSuit(s)).toBe("spades");
    expect(defaultSpecialSuit(specialHit("trip", { defender: { clubs: 9 } }))).toBe("clubs");
    const after = run(s, contest("clubs", 3, 4));
    // ♣10 and ♣6 without the +2 offensive or defensive pips (SP-1 step 5).
    expect(after.special?.attacker).toEqual({ suit: "clubs", target: 10, roll: 3, dos: "CS" });
    expect(after.special?.defender).toEqual({ suit: "clubs", target: 6, roll: 4, dos: "S" });
  });

  it("refuses ♦ or ♥, a ♣ choice when the defender's ♣ is unknown, and rolls that are not T-1 rolls", () => {
    const s = specialHit("trip");
    expect(refused(s, { kind: "specialContest", suit: "hearts", attackerRoll: 3, defenderRoll: 4 })).toBe(
      "badSuit",
    );
    const old = specialHit("trip", { defender: { clubs: undefined } });
    expect(specialDefenderSuits(old)).toEqual(["spades"]);
    expect(refused(old, contest("clubs", 3, 4))).toBe("badSuit");
    expect(refused(s, contest("spades", 12, 4))).toBe("badDice");
    expect(refused(s, contest("spades", 3, 0))).toBe("badDice");
  });

  it("only the defender's owner (or the GM) chooses its card; only the GM rules", () => {
    const s = specialHit("grapple");
    expect(mayAct(s, "specialContest", ATTACKER_VIEW)).toEqual({ ok: false, code: "notDefender" });
    expect(mayAct(s, "specialContest", DEFENDER_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "specialContest", GM_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "specialRuling", DEFENDER_VIEW)).toEqual({ ok: false, code: "gmOnly" });
    expect(mayAct(s, "specialRuling", ATTACKER_VIEW)).toEqual({ ok: false, code: "gmOnly" });
    expect(mayAct(s, "specialRuling", GM_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "rollDamage", ATTACKER_VIEW)).toEqual({ ok: false, code: "wrongStep" });
  });
});

describe("SP-2: each kind's effect, only when the attacker wins (T-8)", () => {
  it("Bullrush pushes 1 + pointsWonBy: EX-T-3 in this card's numbers (margins 7 and −1: 6 squares; 6 and 3: 4)", () => {
    expect(run(specialHit("bullrush"), contest("spades", 3, 9)).special?.outcome).toEqual({
      effect: "push",
      squares: 6,
    });
    expect(run(specialHit("bullrush"), contest("spades", 4, 5)).special?.outcome).toEqual({
      effect: "push",
      squares: 4,
    });
  });

  it("Disarm names the defender's held items for the attacker's choice; Trip leaves Prone; Grapple holds the card", () => {
    const disarm = run(specialHit("disarm"), {
      ...contest("spades", 2, 6),
      held: ["Longsword"],
    } as AttackAction);
    expect(disarm.special?.outcome).toEqual({ effect: "disarm" });
    expect(disarm.special?.held).toEqual(["Longsword"]);
    expect(disarm.step).toBe("done");
    const trip = run(specialHit("trip"), contest("spades", 2, 6));
    expect(trip.special?.outcome).toEqual({ effect: "trip", target: "prone" });
    expect(specialConditionChanges(specialHit("trip"), trip)).toEqual({
      attacker: [],
      defender: [["prone", true]],
    });
    const before = specialHit("grapple");
    const grapple = run(before, contest("spades", 2, 6));
    expect(grapple.step).toBe("grapple");
    expect(grapple.grapple?.grapple).toEqual({ controller: "a", victim: "d", pinned: false });
    expect(specialConditionChanges(before, grapple)).toEqual({
      attacker: [["grappling", true]],
      defender: [["grappled", true]],
    });
  });

  it("a draw (both fail, or equal successful rolls) and a defender win do nothing", () => {
    for (const [a, d, winner] of [
      [11, 9, "draw"],
      [5, 5, "draw"],
      [11, 2, "b"],
      [6, 5, "b"],
    ] as const) {
      const before = specialHit("grapple");
      const s = run(before, contest("spades", a, d));
      expect(s.special?.winner).toBe(winner);
      expect(s.special?.outcome).toEqual({ effect: "none" });
      expect(s.step).toBe("done");
      expect(s.grapple).toBeNull();
      expect(specialConditionChanges(before, s)).toEqual({ attacker: [], defender: [] });
    }
  });

  it("the GM's ruling: no effect ends the card; an automatic win applies the kind (Bullrush by the least, 2 squares)", () => {
    const none = run(specialHit("trip"), { kind: "specialRuling", ruling: "none" });
    expect(none.special).toMatchObject({ ruling: "none", attacker: null, outcome: { effect: "none" } });
    expect(none.step).toBe("done");
    expect(run(specialHit("bullrush"), { kind: "specialRuling", ruling: "win" }).special?.outcome).toEqual({
      effect: "push",
      squares: 2,
    });
    expect(run(specialHit("grapple"), { kind: "specialRuling", ruling: "win" }).step).toBe("grapple");
    expect(refused(specialHit("trip"), { kind: "specialRuling", ruling: "maybe" as never })).toBe(
      "badRuling",
    );
  });
});

describe("SP-3: escape, pin and letting go on the grapple's card", () => {
  const held = () => specialScenes().grappleHeld;

  it("the escape is a ♣ or ♠ test by default: ♠8 rolls 8 and breaks free, 9 stays held", () => {
    const freed = run(held(), { kind: "escape", suit: "spades", escapeContest: false, roll: 8 });
    expect(freed.step).toBe("done");
    expect(freed.grapple?.grapple).toBeNull();
    expect(freed.grapple?.log[0]).toMatchObject({
      type: "escape",
      own: { suit: "spades", target: 8, roll: 8, dos: "S" },
      other: null,
      succeeded: true,
    });
    expect(specialConditionChanges(held(), freed)).toEqual({
      attacker: [["grappling", false]],
      defender: [["grappled", false]],
    });
    const still = run(held(), { kind: "escape", suit: "clubs", escapeContest: false, roll: 7 });
    expect(still.step).toBe("grapple");
    expect(still.grapple?.log[0]).toMatchObject({
      own: { suit: "clubs", target: 6, dos: "F" },
      succeeded: false,
    });
  });

  it("a Pinned victim escapes at −5 (♠8 becomes 3), and breaking free clears Pinned too", () => {
    const pinned = specialScenes().grapplePinned;
    expect(pinned.grapple?.grapple?.pinned).toBe(true);
    expect(
      run(pinned, { kind: "escape", suit: "spades", escapeContest: false, roll: 4 }).grapple?.log.at(-1),
    ).toMatchObject({ own: { target: 3, dos: "F" }, succeeded: false });
    const freed = run(pinned, { kind: "escape", suit: "spades", escapeContest: false, roll: 3 });
    expect(freed.step).toBe("done");
    expect(specialConditionChanges(pinned, freed).defender).toEqual([
      ["grappled", false],
      ["pinned", false],
    ]);
  });

  it("with grappleEscapeContest the escape is a contest against the controller's ♣: a lower controller roll holds, a failed one frees", () => {
    const kept = run(held(), {
      kind: "escape",
      suit: "spades",
      escapeContest: true,
      roll: 5,
      controllerRoll: 3,
    });
    expect(kept.step).toBe("grapple");
    expect(kept.grapple?.log[0]).toMatchObject({
      own: { target: 8, roll: 5, dos: "S" },
      other: { suit: "clubs", target: 10, roll: 3, dos: "CS" },
      succeeded: false,
    });
    // The same roll of 5 that would free the victim as a plain test.
    expect(run(held(), { kind: "escape", suit: "spades", escapeContest: false, roll: 5 }).step).toBe("done");
    const freed = run(held(), {
      kind: "escape",
      suit: "spades",
      escapeContest: true,
      roll: 5,
      controllerRoll: 11,
    });
    expect(freed.step).toBe("done");
    expect(refused(held(), { kind: "escape", suit: "spades", escapeContest: true, roll: 5 })).toBe("badDice");
    expect(refused(held(), { kind: "escape", suit: "diamonds", escapeContest: false, roll: 5 })).toBe(
      "badSuit",
    );
  });

  it("the pin is a ♣ contest against the victim's better card: a win Pins, a loss or draw does not, a second pin is refused", () => {
    const before = held();
    const pinned = run(before, { kind: "pin", controllerRoll: 4, victimRoll: 9 });
    expect(pinned.grapple?.log[0]).toMatchObject({
      type: "pin",
      own: { suit: "clubs", target: 10 },
      other: { suit: "spades", target: 8 },
      succeeded: true,
    });
    expect(specialConditionChanges(before, pinned)).toEqual({ attacker: [], defender: [["pinned", true]] });
    expect(refused(pinned, { kind: "pin", controllerRoll: 1, victimRoll: 9 })).toBe("alreadyPinned");
    const lost = run(before, { kind: "pin", controllerRoll: 6, victimRoll: 5 });
    expect(lost.grapple?.grapple?.pinned).toBe(false);
    expect(run(before, { kind: "pin", controllerRoll: 11, victimRoll: 9 }).grapple?.grapple?.pinned).toBe(
      false,
    );
  });

  it("the controller may let go; the ended grapple takes no more actions", () => {
    const before = held();
    const released = run(before, { kind: "release" });
    expect(released.step).toBe("done");
    expect(specialConditionChanges(before, released)).toEqual({
      attacker: [["grappling", false]],
      defender: [["grappled", false]],
    });
    expect(refused(released, { kind: "release" })).toBe("wrongStep");
  });

  it("only the grappled creature's owner escapes; only the controller's owner pins or lets go; nobody is waited on", () => {
    const s = held();
    expect(currentRole(s)).toBeNull();
    expect(mayAct(s, "escape", ATTACKER_VIEW)).toEqual({ ok: false, code: "notDefender" });
    expect(mayAct(s, "escape", DEFENDER_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "pin", DEFENDER_VIEW)).toEqual({ ok: false, code: "notAttacker" });
    expect(mayAct(s, "release", DEFENDER_VIEW)).toEqual({ ok: false, code: "notAttacker" });
    expect(mayAct(s, "pin", ATTACKER_VIEW)).toEqual({ ok: true });
    expect(mayAct(s, "escape", GM_VIEW)).toEqual({ ok: true });
  });
});
