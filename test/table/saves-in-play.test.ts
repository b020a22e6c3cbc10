/**
 * T-6 and T-7 at the table: Alice rolls a save for Ana from the roll dialog (its Roll button, the
 * system's `rollChoice` on her client). T-6: the save card reads only saved or not saved, whatever
 * the degree. T-7: in a started combat, a ♣-based save reveals Ana's face-down domino on the GM's
 * client and adds her offensive pips, a ♠-based one her defensive pips; ♦ and ♥ add none and leave
 * the domino face-down, and so does a plain test.
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWithSword, attackWorld, clickStep, nextClick, stateOn } from "./attack-card";
import { ACTORS, Table } from "./table";
import { combatantId, combatOn, firstTurnTo, startCombat, everyoneDeclares } from "./play";
import { DEFAULT_REQUEST, type CardKey } from "../../src/rules/roll-request";
import type { TestCardFlags } from "../../src/dice/test-roll";
import type { CombatantRound } from "../../src/rules/round/state";

/** Ana's cards: ♣ 9, ♠ 8, ♦ 7, ♥ 6 (each secondary the same), so targets are easy to read. */
const SUITS = {
  clubs: { primary: 9, secondary: 9 },
  spades: { primary: 8, secondary: 8 },
  diamonds: { primary: 7, secondary: 7 },
  hearts: { primary: 6, secondary: 6 },
};
/** Under this seed, the first d12 Alice's client rolls shows 9 (checked on every card below). */
const NINE = 3;

async function table(inCombat: boolean): Promise<Table> {
  // DOM-5: nobody's turn has begun, so Ana's domino is face down until a save needs it.
  const t = inCombat ? await attackTable({}, "bold", null) : await Table.open();
  await t.act("gm", () => t.gm.actors.get(ACTORS.ana._id)!.update({ system: { suits: SUITS } } as never));
  return t;
}

/** Alice rolls Ana's `card` from the roll dialog (save or test, with a modifier), her dice seeded. */
async function roll(t: Table, card: CardKey, options: { save?: boolean; modifier?: number } = {}) {
  const alice = t.alice;
  alice.reseed(NINE);
  const request = { ...DEFAULT_REQUEST, card, save: options.save ?? true, modifier: options.modifier ?? 0 };
  await alice.run(() =>
    alice.system.rollChoice(
      alice.actors.get(ACTORS.ana._id) as never,
      { request, skillId: undefined, opponent: "", opponentCard: card, opponentModifier: 0 },
      null,
    ),
  );
  await t.settle();
  const message = [...t.gm.messages.values()].at(-1)!;
  const flags = message.getFlag("zilch", "test") as TestCardFlags;
  expect(flags.test.dice).toEqual({ d12: 9 });
  return { flags, content: message.content, onBob: t.bob.messages.get(message.id!)?.content };
}

/** Ana's round as the GM's client holds it (the domino is a secret of the GM's until revealed). */
const anaRound = (t: Table): CombatantRound =>
  t.gm.run(() =>
    (combatOn(t.gm) as never as { zilchRoundOf(id: string): CombatantRound }).zilchRoundOf(
      combatantId(t, "ana"),
    ),
  );

describe("T-6: a save is binary", () => {
  it("T-6: rolled 9, a ♦ 7 save succeeds at target 14 (CS) and 9 (S) and fails at 8 (F) and 3 (CF), the card saying only saved or not", async () => {
    const t = await table(false);
    const cases = [
      [7, "true", "Saved"],
      [2, "true", "Saved"],
      [1, "false", "Not saved"],
      [-4, "false", "Not saved"],
    ] as const;
    for (const [modifier, success, words] of cases) {
      const { flags, content, onBob } = await roll(t, "diamonds", { modifier });
      expect(flags).toMatchObject({ save: true, test: { card: "diamonds", target: 7 + modifier } });
      expect(content).toContain(`data-success="${success}"`);
      expect(content).toContain(`>${words}<`);
      expect(content).toContain("Diamonds save");
      // Criticals have no extra effect: the save card names no degree of success.
      expect(content).not.toMatch(/Critical|Success|Failure/);
      expect(onBob).toBe(content);
    }
  });

  it("T-3 beside it: the same 9 against 14 on a plain test is a critical success", async () => {
    const t = await table(false);
    const { content } = await roll(t, "diamonds", { save: false, modifier: 7 });
    expect(content).toContain("Critical success");
  });
});

describe("T-7: combat saves add the domino's pips", () => {
  it("T-7: a ♣ save reveals Ana's face-down domino on every client and adds her offensive pips", async () => {
    const t = await table(true);
    expect(anaRound(t).domino).toEqual({ state: "faceDown" });
    const { flags } = await roll(t, "clubs");
    const held = anaRound(t).domino;
    expect(held?.state).toBe("revealed");
    const domino = held?.state === "revealed" ? held.domino : null;
    // ST-2: Bold puts the greater end on offence.
    expect(flags.test.target).toBe(9 + domino!.greater);
    const alice = t.alice;
    expect(
      alice.run(() => alice.system.combatFacts(alice.actors.get(ACTORS.ana._id) as never))?.domino,
    ).toEqual({
      state: "revealed",
      offense: domino!.greater,
      defense: domino!.lesser,
    });
  });

  it("T-7: a ♠ save adds her defensive pips; a ♣ save after it adds the offensive pips of the same domino", async () => {
    const t = await table(true);
    const spades = await roll(t, "spades");
    const held = anaRound(t).domino;
    const domino = held?.state === "revealed" ? held.domino : null;
    expect(domino).not.toBeNull();
    expect(spades.flags.test.target).toBe(8 + domino!.lesser);
    const clubs = await roll(t, "clubs");
    expect(clubs.flags.test.target).toBe(9 + domino!.greater);
    expect(anaRound(t).domino).toEqual(held);
  });

  it("T-7: ♦ and ♥ saves, and a ♣ test that is no save, add no pips and leave the domino face-down", async () => {
    const t = await table(true);
    expect((await roll(t, "diamonds")).flags.test.target).toBe(7);
    expect((await roll(t, "hearts")).flags.test.target).toBe(6);
    expect((await roll(t, "clubs", { save: false })).flags.test.target).toBe(9);
    expect(anaRound(t).domino).toEqual({ state: "faceDown" });
  });

  it("T-7: the GM's ♠ save for the orc reveals its domino and adds its defensive pips", async () => {
    const t = await table(true);
    const gm = t.gm;
    await t.act("gm", () =>
      gm.actors.get(ACTORS.orc._id)!.update({ system: { suits: { spades: { value: 8 } } } } as never),
    );
    const request = { ...DEFAULT_REQUEST, card: "spades" as const, save: true };
    await gm.run(() =>
      gm.system.rollChoice(
        gm.actors.get(ACTORS.orc._id) as never,
        { request, skillId: undefined, opponent: "", opponentCard: "spades", opponentModifier: 0 },
        null,
      ),
    );
    await t.settle();
    const flags = [...gm.messages.values()].at(-1)!.getFlag("zilch", "test") as TestCardFlags;
    const held = gm.run(() =>
      (combatOn(gm) as never as { zilchRoundOf(id: string): CombatantRound }).zilchRoundOf(
        combatantId(t, "orc"),
      ),
    ).domino;
    expect(held?.state).toBe("revealed");
    expect(flags.test.target).toBe(8 + (held?.state === "revealed" ? held.domino.lesser : NaN));
  });

  it("T-7: outside a combat (no domino) a ♣ save adds nothing", async () => {
    const t = await table(false);
    expect((await roll(t, "clubs")).flags.test.target).toBe(9);
  });
});

describe("T-7: the saves the system rolls add pips too", () => {
  /** Ana's sword carries a Shaken rider with a ♠ save; the GM's dice all read 0.5 (a d12 of 6, dF 0). */
  async function riderSave(inCombat: boolean) {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { classes: ["fighter"], suits: { clubs: { primary: 12, secondary: 14 } } };
    const sword = ana.items[0]!;
    const shaken = { kind: "condition", condition: "shaken", saveSuit: "spades", saveModifier: 0 };
    ana.items = [
      { ...sword, system: { ...sword.system, riders: [{ amount: 1, suit: "hearts", ...shaken }] } },
    ];
    const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = {
      suits: { spades: { value: 5 }, hearts: { value: 12 } },
      hp: { value: 30, max: 30, temp: 0 },
    };
    const t = await Table.open({ world });
    if (inCombat) {
      await startCombat(t);
      await everyoneDeclares(t);
      expect(await firstTurnTo(t, "ana")).toBe(true);
    }
    t.gm.run(() => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
    });
    expect(await attackWithSword(t, "alice", "orc")).toBe(true);
    for (let n = 0; n < 6 && stateOn(t.gm)?.applied == null; n++) {
      const [seat, kind, extra] = nextClick(stateOn(t.gm)!);
      expect(await clickStep(t, seat, kind, extra)).toEqual({ ok: true });
    }
    return t.server.actor(ACTORS.orc._id).statuses;
  }

  it("T-7: outside a combat the orc's ♠ 5 save against the rider fails on a 6: Shaken", async () => {
    expect(await riderSave(false)).toContain("shaken");
  });

  it("T-7: in a combat its Bold domino's defensive pips (at least 1) lift the same save to 6 or more: not Shaken", async () => {
    expect(await riderSave(true)).not.toContain("shaken");
  });
});

describe("RA-2, RA-3: the save the system rolls against a tagged rider takes the race's bonus", () => {
  /**
   * Ana's sword puts Bo to sleep (Unconscious) unless he makes a ♦ save; Bo is an Elf with ♦5 (♥13,
   * so the hit itself never drops him). The GM's dice all read 0.5: the save's d12 shows 6.
   */
  async function sleepRider(against: string | null) {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { classes: ["fighter"], suits: { clubs: { primary: 12, secondary: 14 } } };
    const sword = ana.items[0]!;
    const sleep = {
      kind: "condition",
      condition: "unconscious",
      saveSuit: "diamonds",
      saveModifier: 0,
      saveAgainst: against,
    };
    ana.items = [
      { ...sword, system: { ...sword.system, riders: [{ amount: 1, suit: "hearts", ...sleep }] } },
    ];
    const bo = world.actors.find((a) => a._id === ACTORS.bo._id)!;
    bo.system = {
      suits: {
        clubs: { primary: 6, secondary: 6 },
        spades: { primary: 3, secondary: 3 },
        diamonds: { primary: 5, secondary: 5 },
        hearts: { primary: 14, secondary: 14 },
      },
      hp: { value: 13, temp: 0 },
    };
    const elf = { _id: "itmElfRace00001", name: "Elf", type: "race" };
    bo.items = [
      { ...elf, system: { key: "elf", modifiers: { clubs: 0, spades: 1, diamonds: 0, hearts: -1 } } },
    ];
    const t = await Table.open({ world });
    t.gm.run(() => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
    });
    expect(await attackWithSword(t, "alice", "bo")).toBe(true);
    for (let n = 0; n < 6 && stateOn(t.gm)?.applied == null; n++) {
      const [seat, kind, extra] = nextClick(stateOn(t.gm)!);
      expect(await clickStep(t, seat, kind, extra)).toEqual({ ok: true });
    }
    const actor = t.server.actor(ACTORS.bo._id);
    expect((actor.system as { hp: { value: number } }).hp.value).toBeGreaterThan(0);
    return actor.statuses;
  }

  it("an Elf saves ♦5 + 2 = 7 against a sleep: the 6 holds, he stays awake", async () => {
    expect(await sleepRider("sleep")).not.toContain("unconscious");
  });

  it("the same rider untagged, or tagged poison (a Dwarf's, not an Elf's), is saved at 5: the 6 fails, he sleeps", async () => {
    expect(await sleepRider(null)).toContain("unconscious");
    expect(await sleepRider("poison")).toContain("unconscious");
  });
});
