/**
 * T-2 at the table: every test the system rolls on a creature's behalf reaches the target the roll
 * dialog shows its owner for the same test at that moment. Ana (Alice's) holds ♣9 ♠8 ♦7 ♥7 and a
 * Maim (−2 to all tests and attacks while it lasts, INJ-7); in a combat she is Stunned (Cautious
 * only, ST-3; no offensive pips, ST-6) and her domino is shown, so a lasting modifier, a condition
 * and pips are all in play. Each kind of roll is driven the way the game drives it (a turn's end, a
 * drag, a sheet button, an attack card), its target read from the chat line or card it posts, and
 * compared with `rollSummaryContext`, the dialog's summary, on the same client. Before these rolls
 * shared one path, each read the bare card and a ♥7 creature with a Maim saved at 7, not 5.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_REQUEST, type CardKey } from "../../src/rules/roll-request";
import { ACTORS, Table, type Seat } from "./table";
import {
  attackTable,
  attackWithSword,
  attackWorld,
  clickStep,
  closeWindows,
  nextClick,
  playCard,
  SCENE,
  stateOn,
  TOKENS,
} from "./attack-card";
import {
  ask,
  chatText,
  COMBAT,
  combatantId,
  declare,
  endTurn,
  endTurnsUntil,
  firstTurnTo,
  nextCall,
  startCombat,
  everyoneDeclares,
  declareAll,
} from "./play";
import type { WorldData } from "./server";
import type { RoundState } from "../../src/rules/round/state";

type Key = "ana" | "orc";

const CARDS = {
  clubs: { primary: 9, secondary: 9 },
  spades: { primary: 8, secondary: 8 },
  diamonds: { primary: 7, secondary: 7 },
  hearts: { primary: 7, secondary: 7 },
};
/** INJ-7: a Maim: −2 to all tests and attacks while it lasts. */
const MAIM = {
  _id: "itmMaim000000001",
  name: "Maim",
  type: "injury",
  system: { kind: "grievousInjury", effect: "maim", location: "groin" },
};
/** INJ-7: a Foot injury: a ♠ save at −5 at each Move, or Prone. */
const FOOT = {
  _id: "itmFoot000000001",
  name: "Foot",
  type: "injury",
  system: { kind: "grievousInjury", effect: "foot", location: "rightLeg" },
};

/** The attack world; Ana a Fighter with Ana's cards, the Maim and `extra` items and `system`. */
function world(extra: { items?: unknown[]; system?: Record<string, unknown> } = {}): WorldData {
  const w = attackWorld();
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { classes: ["fighter"], suits: CARDS, chips: { clubs: 2 }, ...extra.system };
  ana.items = [...ana.items, MAIM, ...(extra.items ?? [])] as never;
  return w;
}

/**
 * The combat started with Ana under `condition` (Stunned by default), so Cautious (ST-3), and the
 * others Bold, every stance shown.
 */
async function fight(
  w: WorldData = world(),
  condition: "stunned" | "shaken" | "terrified" = "stunned",
): Promise<Table> {
  const table = await Table.open({ world: w });
  await table.act("gm", () => game.actors!.get(ACTORS.ana._id)!.setCondition(condition, true));
  await startCombat(table);
  await declareAll(table, { ana: "cautious", bo: "bold", orc: "bold" });
  return table;
}

/** T-2: the target the roll dialog's summary shows on `seat`'s client for `key`'s test now. */
function dialogTarget(
  table: Table,
  seat: Seat,
  key: Key,
  request: { card: CardKey; save: boolean; modifier?: number },
): number {
  const client = table.client(seat);
  return client.run(() => {
    const actor = client.actors.get(ACTORS[key]._id)!;
    const { facts } = client.system.rollerFacts(actor as never);
    return client.system.rollSummaryContext({ ...DEFAULT_REQUEST, ...request }, facts).summary.target;
  });
}

/** The target the newest chat line matching `pattern` (its last number group) names. */
function postedTarget(table: Table, pattern: RegExp): number {
  const found = [...chatText(table).matchAll(new RegExp(pattern, "g"))].at(-1);
  if (!found) throw new Error(`no chat line matches ${pattern}:\n${chatText(table)}`);
  return Number(found.at(-1)!.replace("\u2212", "-"));
}

/** Ana's domino as the GM's client shows it (ST-2: Cautious puts the greater end on defence). */
function anaDefensivePips(table: Table): number {
  const gm = table.gm;
  return gm.run(() => gm.system.combatFacts(gm.actors.get(ACTORS.ana._id) as never)?.domino.defense ?? NaN);
}

describe("T-2: the system's tests read what the roll dialog reads", () => {
  it("OD-2: Ana's end-of-turn Ongoing Damage test: ♥7 with the Maim's −2 is 5, as her dialog says", async () => {
    const bleeding = { rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: null };
    const table = await fight(world({ system: { ongoing: [bleeding] } }));
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    const expected = dialogTarget(table, "alice", "ana", { card: "hearts", save: false });
    expect(await endTurn(table, "alice", "ana")).toBe(true);
    expect(postedTarget(table, /Bleeding test \d+ against (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(5);
  });

  it("INJ-7: Ana's ♠ save as she drags her token with a bad foot: ♠8 −5, the Maim's −2 and her Cautious domino's defensive pips", async () => {
    const table = await fight(world({ items: [FOOT] }));
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    const expected = dialogTarget(table, "alice", "ana", { card: "spades", save: true, modifier: -5 });
    const alice = table.alice;
    await table.act("alice", () =>
      alice.scenes.get(SCENE)!.tokens.get(TOKENS.ana)!.move({ x: 100, y: 300 }, { method: "dragging" }),
    );
    expect(postedTarget(table, /♠ save[^<]*?(?:rolled \d+ against )(−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(8 - 5 - 2 + anaDefensivePips(table));
  });

  it("REC-1: Ana's Rally in her turn (Shaken: a Stunned creature may not rally) rolls her ♥ test at 5 (♥7, the Maim's −2)", async () => {
    const table = await fight(world(), "shaken");
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    const expected = dialogTarget(table, "alice", "ana", { card: "hearts", save: false });
    const alice = table.alice;
    await table.act("alice", () => alice.system.rallyFromSheet(alice.actors.get(ACTORS.ana._id) as never));
    expect(postedTarget(table, /Hearts test: rolled \d+ against (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(5);
  });

  it("CON-4: Ana, Terrified (so Stunned), resists in her turn with her ♥ test at 5 (♥7, the Maim's −2)", async () => {
    const table = await fight(world(), "terrified");
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    const expected = dialogTarget(table, "alice", "ana", { card: "hearts", save: false });
    const alice = table.alice;
    await table.act("alice", () =>
      alice.system.resistTerrorFromSheet(alice.actors.get(ACTORS.ana._id) as never),
    );
    expect(postedTarget(table, /Hearts test: rolled \d+ against (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(5);
  });

  it("OPT-2: Ana starts her turn beside a Dread orc and saves at ♥7, Dread's −2 and the Maim's −2", async () => {
    const w = world();
    w.settings = { ...w.settings, "zilch.fearAbilities": true };
    const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { ...orc.system, fear: "dread" };
    for (const token of w.scenes![0]!.tokens)
      Object.assign(token, { disposition: token._id === TOKENS.orc ? -1 : 1 });
    const table = await fight(w);
    const expected = dialogTarget(table, "alice", "ana", { card: "hearts", save: true, modifier: -2 });
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    expect(postedTarget(table, /Dread fear: rolled \d+ against (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(3);
  });

  it("CB-3: Ana, marked surprised and Alert, tests Cunning at the start: 8 with the Maim's −2, as her dialog says", async () => {
    const alert = { _id: "itmAlert00000001", name: "Alert", type: "knack", system: { key: "alert" } };
    const table = await Table.open({ world: world({ items: [alert] }) });
    const marked = await ask(table, "gm", {
      kind: "setAware",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      aware: false,
    });
    expect(marked).toBe(true);
    const expected = dialogTarget(table, "alice", "ana", { card: "cunning", save: false });
    await startCombat(table);
    expect(postedTarget(table, /against Cunning (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(6);
  });
  /** A countdown combat on Ana's world, Ana (and `ones`) holding a 1, Ana Stunned after declaring. */
  async function stunnedInCountdown(ones: readonly Key[]): Promise<Table> {
    const w = world();
    w.settings = { ...w.settings, "zilch.initiativeMode": "countdown" };
    const table = await attackTable({ world: w });
    const ids = ["ana", ...ones].map((key) => combatantId(table, key as Key));
    // The dice are the GM's roll; a 1 is put into the hands that need one, as a roll could give it.
    await table.act("gm", async () => {
      const combat = table.gm.combats.get(COMBAT)!;
      const round = combat.getFlag("zilch", "round") as RoundState;
      const cd = round.countdown!;
      const participants = cd.participants.map((p) =>
        ids.includes(p.id) ? { ...p, hand: [1, ...p.hand] } : p,
      );
      await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
    });
    await table.act("gm", () => game.actors!.get(ACTORS.ana._id)!.setCondition("stunned", true));
    return table;
  }

  const recoverStun = (table: Table) =>
    ask(table, "alice", { kind: "recoverStun", combatId: COMBAT, combatantId: combatantId(table, "ana") });

  it("CD-15: Ana spends a 1 to recover from Stun: the GM's client saves at ♥7 with the Maim's −2, as her dialog says", async () => {
    const table = await stunnedInCountdown([]);
    const expected = dialogTarget(table, "alice", "ana", { card: "hearts", save: true });
    expect(await recoverStun(table)).toBe(true);
    expect(postedTarget(table, /recover from Stun: \d+ against (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(5);
  });

  it("CD-15: the orc's Pressure on Ana reaches her Stun recovery save (3, as her dialog says) and is used up", async () => {
    const table = await stunnedInCountdown(["orc"]);
    const [orc, ana] = [combatantId(table, "orc"), combatantId(table, "ana")];
    const pressure = { kind: "spendOne", combatId: COMBAT, combatantId: orc, use: "pressure", target: ana };
    expect(await ask(table, "gm", pressure as never)).toBe(true);
    const expected = dialogTarget(table, "alice", "ana", { card: "hearts", save: true });
    expect(await recoverStun(table)).toBe(true);
    expect(postedTarget(table, /recover from Stun: \d+ against (−?-?\d+)/)).toBe(expected);
    expect(expected).toBe(3);
    expect(dialogTarget(table, "alice", "ana", { card: "hearts", save: true })).toBe(5);
  });
});

describe("T-2: the saves and tests of the attack card read what the roll dialog reads", () => {
  /**
   * Ana (♣12, Strength 14) swings her greatsword, which carries a Shaken rider with a ♠ save, at the
   * orc (a Foe with a Maim, Deafened, Bold); every die the GM's client rolls reads 0.5 (a d12 of 6).
   * Just before the GM applies the hit, the orc's ♠ is set so that the GM's roll dialog shows
   * `target` for its ♠ save (its domino is shown by now: the defence counted its pips).
   */
  async function riderSave(target: number) {
    const w = attackWorld();
    const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { classes: ["fighter"], suits: { clubs: { primary: 12, secondary: 14 } } };
    const sword = ana.items[0]!;
    const rider = { kind: "condition", condition: "shaken", saveSuit: "spades", saveModifier: 0 };
    ana.items = [
      { ...sword, system: { ...sword.system, riders: [{ amount: 1, suit: "hearts", ...rider }] } },
    ];
    const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = {
      tier: "foe",
      suits: { spades: { value: 5 }, hearts: { value: 12 } },
      hp: { value: 30, max: 30, temp: 0 },
    };
    orc.items = [MAIM] as never;
    const table = await Table.open({ world: w });
    await table.act("gm", () => game.actors!.get(ACTORS.orc._id)!.setCondition("deafened", true));
    await startCombat(table);
    await everyoneDeclares(table);
    expect(await firstTurnTo(table, "ana")).toBe(true);
    table.gm.run(() => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
    });
    // The attack's dominoes, too (the round's draws: src/dice/secret-dice.ts).
    table.gm.scriptSecrets(() => 0.5);
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    for (let n = 0; n < 8 && stateOn(table.gm)?.step !== "apply"; n++) {
      const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
      expect(await clickStep(table, seat, kind, extra)).toEqual({ ok: true });
    }
    const gm = table.gm;
    const pips = gm.run(
      () => gm.system.combatFacts(gm.actors.get(ACTORS.orc._id) as never)?.domino.defense ?? NaN,
    );
    // The Maim's −2 and the Bold domino's defensive pips (T-7) on top of the card.
    const spades = target + 2 - pips;
    await table.act("gm", () =>
      gm.actors.get(ACTORS.orc._id)!.update({ system: { suits: { spades: { value: spades } } } } as never),
    );
    expect(dialogTarget(table, "gm", "orc", { card: "spades", save: true })).toBe(target);
    expect(await clickStep(table, "gm", "applyDamage", {})).toEqual({ ok: true });
    return table.server.actor(ACTORS.orc._id).statuses;
  }

  it("DMG-6: the GM's client saves for the orc against a rider at the dialog's target: a 6 holds at 6 and fails at 5", async () => {
    expect(await riderSave(6)).not.toContain("shaken");
    expect(await riderSave(5)).toContain("shaken");
  });

  it("SW-5: the orc's wound save reads its ♥ save target at declaration (♥7 with the Maim's −2), then the wound's own modifier", async () => {
    const w = attackWorld();
    const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { tier: "foe", suits: { hearts: { value: 7 } } };
    orc.items = [MAIM] as never;
    // The GM's seeds under which Ana's swing at the Reckless orc's chest is Red (test/table/wound-bleeder).
    const table = await Table.open({ world: w, seeds: { gm: 78 }, cryptoSeeds: { gm: 1 } });
    await startCombat(table);
    for (const [seat, key, stance] of [
      ["alice", "ana", "reckless"],
      ["bob", "bo", "bold"],
      ["gm", "orc", "reckless"],
    ] as const)
      expect(await declare(table, seat, key, stance)).toBe(true);
    const hearts = dialogTarget(table, "gm", "orc", { card: "hearts", save: true });
    const tests = (["clubs", "spades"] as const).map((card) =>
      dialogTarget(table, "gm", "orc", { card, save: false }),
    );
    const contest = dialogTarget(table, "alice", "ana", { card: "clubs", save: false });
    expect(await firstTurnTo(table, "ana")).toBe(true);
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    // SP-1, SP-3, GW-4, OPT-1: the contests, reactions and margin saves read these tests too.
    expect(stateOn(table.gm)?.defender).toMatchObject({ hearts, clubs: tests[0], spades: tests[1] });
    expect(stateOn(table.gm)?.attacker.contest).toBe(contest);
    await playCard(table);
    const wound = stateOn(table.gm)?.wound;
    expect(wound?.check.saveModifier).not.toBeNull();
    expect(wound?.target).toBe(hearts + wound!.check.saveModifier!);
    expect(hearts).toBe(5);
  });

  /**
   * KN-2 Stunning Fist: Ana (a Fighter with the knack and a ♣ chip) punches the orc (with a Maim);
   * every die the GM's client rolls from the damage on reads 0.5 (a d12 of 6). Before the GM applies
   * the hit, the orc's ♥ is set so that the GM's roll dialog shows `target` for its ♥ save.
   */
  async function stunningFistSave(target: number) {
    const w = attackWorld();
    const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = {
      classes: ["fighter"],
      suits: { clubs: { primary: 10, secondary: 14 } },
      chips: { clubs: 2 },
    };
    const fist = { category: "tiny", slot: "hands", hands: 1, brawling: true };
    const knack = {
      key: "stunningFist",
      class: "fighter",
      chipSuit: "clubs",
      chipCost: 1,
      trigger: "afterHit",
    };
    ana.items = [
      { _id: "itmFist000000001", name: "Fist", type: "weapon", system: fist },
      { _id: "itmKnackStun0001", name: "Stunning Fist", type: "knack", system: knack },
    ];
    const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { suits: { spades: { value: 6 }, hearts: { value: 12 } }, hp: { value: 20 } };
    orc.items = [MAIM] as never;
    const table = await Table.open({ world: w });
    const alice = table.alice;
    alice.targets.clear();
    alice.targets.add({ document: alice.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const declared = await alice.run(() => {
      const actor = alice.actors.get(ACTORS.ana._id)!;
      const item = actor.items.get("itmFist000000001");
      return alice.system.startAttack(actor as never, item as never, { mode: "melee", aim: "chest" });
    });
    await table.settle();
    expect(declared).toBe(true);
    await closeWindows(table);
    if (stateOn(table.gm)!.step === "margin")
      expect(await clickStep(table, "alice", "chooseMargin", { margin: [] })).toEqual({ ok: true });
    table.gm.run(() => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
    });
    const fistControl = { knack: "stunningFist" };
    expect(await clickStep(table, "alice", "rollDamage", fistControl)).toEqual({ ok: true });
    expect(stateOn(table.gm)!.step).toBe("apply");
    // The Maim's −2 on top of the card (a ♥ save adds no pips).
    await table.act("gm", () =>
      table.gm.actors
        .get(ACTORS.orc._id)!
        .update({ system: { suits: { hearts: { value: target + 2 } } } } as never),
    );
    expect(dialogTarget(table, "gm", "orc", { card: "hearts", save: true })).toBe(target);
    expect(await clickStep(table, "gm", "applyDamage")).toEqual({ ok: true });
    return table.server.actor(ACTORS.orc._id).statuses;
  }

  it("KN-2: the GM's client makes the orc's Stunning Fist save at the dialog's target: a 6 holds at 6 and fails at 5", async () => {
    expect(await stunningFistSave(6)).not.toContain("stunned");
    expect(await stunningFistSave(5)).toContain("stunned");
  });

  /**
   * CD-13: in a countdown round the orc is called and Ana (with her Maim) holds a 5; she challenges.
   * Every die the GM's client rolls reads 0.5 (a d12 of 6), and the orc's ♠ test is 9, so it always
   * succeeds: Ana wins (as the initiator, T-9) exactly when her own ♠ test succeeds on a 6. Her ♠ is
   * set so that her roll dialog shows `target` for the test.
   */
  async function challengeAt(target: number): Promise<string> {
    const w = world();
    w.settings = { ...w.settings, "zilch.initiativeMode": "countdown" };
    const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { ...orc.system, suits: { spades: { value: 9 } } };
    const table = await attackTable({ world: w });
    const [ana, called] = [combatantId(table, "ana"), combatantId(table, "orc")];
    await table.act("gm", async () => {
      const combat = table.gm.combats.get(COMBAT)!;
      const round = combat.getFlag("zilch", "round") as RoundState;
      const cd = round.countdown!;
      const participants = cd.participants.map((p) => (p.id === ana ? { ...p, held: 5 } : p));
      await combat.setFlag("zilch", "round", {
        ...round,
        countdown: { ...cd, participants, current: called },
      });
    });
    // The Maim's −2 on top of the card (a test adds no pips).
    const spades = { primary: target + 2, secondary: target + 2 };
    await table.act("gm", () =>
      table.gm.actors.get(ACTORS.ana._id)!.update({ system: { suits: { spades } } } as never),
    );
    expect(dialogTarget(table, "alice", "ana", { card: "spades", save: false })).toBe(target);
    table.gm.run(() => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
    });
    expect(await ask(table, "alice", { kind: "challenge", combatId: COMBAT, combatantId: ana })).toBe(true);
    return chatText(table);
  }

  it("CD-13: the GM's client tests Ana's ♠ in a challenge at her dialog's target: a 6 wins at 6 and loses at 5", async () => {
    expect(await challengeAt(6)).toContain("Ana wins the challenge");
    expect(await challengeAt(5)).toContain("Ana loses the challenge");
  });
});
