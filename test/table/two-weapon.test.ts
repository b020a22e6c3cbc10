/**
 * AC-3 and EQ-14 two-weapon fighting at the table, with EX-AC-1: Ana (Alice's Rogue) holds two short
 * swords. In her Spades turn Alice declares the first attack with "Two weapons" and its share of the
 * offensive pips, through `startAttack` as the declaration dialog calls it; the GM's client records the
 * Full action and the card takes that share; her attack with the other sword takes the rest. Illegal
 * pairs, too few pips and a split leaving an attack without a pip are refused, with nothing posted.
 * The world's dominoes are `d8+d4` and the GM's secret draws are scripted so every revealed domino is the
 * example's tile (its d8, then its d4).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table, type Seat } from "./table";
import { attackWorld, CELLAR, clickStep, SCENE, stateOn, TOKENS } from "./attack-card";
import {
  ask,
  COMBAT,
  combatantId,
  currentActor,
  declare,
  endTurn,
  nextCall,
  seatOf,
  startCombat,
  everyoneDeclares,
} from "./play";
import type { ActorData } from "./permissions";
import type { RoundState } from "../../src/rules/round/state";
import { uniformFor } from "./dice";

const LEFT = "itmShortSwordL01";
const RIGHT = "itmShortSwordR01";
const GREATSWORD = "itmGreatsword001";
const DAGGER = "itmDagger0000001";

type ItemData = ActorData["items"][number];
const weapon = (
  _id: string,
  name: string,
  category: string,
  extra: Record<string, unknown> = {},
): ItemData => ({
  _id,
  name,
  type: "weapon",
  system: {
    category,
    hands: 1,
    slot: "hands",
    modes: { melee: true, thrown: false, launcher: false },
    ...extra,
  },
});
const SHORT_SWORDS = [weapon(LEFT, "Left short sword", "light"), weapon(RIGHT, "Right short sword", "light")];

interface Setup {
  readonly classes?: string[];
  /** More of Ana's system data (suits, chips, Boons). */
  readonly system?: Record<string, unknown>;
  readonly items?: ItemData[];
  readonly stance?: string;
  /** Every revealed domino's d8 and d4. */
  readonly tile?: [number, number];
  /** The GM's client views another scene than the fight's once Ana's turn comes. */
  readonly gmAway?: boolean;
}

/** The attack world with Ana a Rogue holding `items`, stances declared, and Spades turns ended until Ana's. */
async function anasTurn(s: Setup = {}): Promise<Table> {
  const world = attackWorld({ "zilch.dominoSource": "d8+d4" });
  if (s.gmAway) {
    world.scenes = [
      ...(world.scenes ?? []),
      { _id: CELLAR, name: "Cellar", active: false, grid: { size: 100 }, tokens: [] },
    ];
    world.combats = world.combats.map((c) => ({ ...c, scene: SCENE }));
  }
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { classes: s.classes ?? ["rogue"], ...s.system };
  ana.items = s.items ?? SHORT_SWORDS;
  const table = await Table.open({ world });
  await startCombat(table);
  expect(await declare(table, "alice", "ana", s.stance ?? "bold")).toBe(true);
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  const [d8, d4] = s.tile ?? [5, 2];
  let n = 0;
  table.gm.scriptSecrets(() => (n++ % 2 === 0 ? uniformFor(d8, 8) : uniformFor(d4, 4)));
  expect(await nextCall(table)).toBe(true);
  for (let i = 0; i < 3 && currentActor(table, table.gm) !== "ana"; i++) {
    const actor = currentActor(table, table.gm)!;
    expect(await endTurn(table, seatOf(actor), actor)).toBe(true);
  }
  expect(currentActor(table, table.gm)).toBe("ana");
  if (s.gmAway) table.gm.view(CELLAR);
  return table;
}

/** Alice targets the orc and attacks with `itemId`, declaring `extra` (a two-weapon choice) as the dialog does. */
async function attack(table: Table, itemId: string, extra: Record<string, unknown> = {}): Promise<unknown> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const asked = client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(itemId) as never, {
      mode: "melee",
      aim: "chest",
      ...extra,
    });
  });
  await table.settle();
  return asked;
}

/** What Ana's turn has recorded, as the GM's client stores it in the combat's flags. */
function recorded(table: Table): { actions: string[]; twoWeapon?: { itemId: string; pips: number } } {
  const stored = table.gm.combats.get(COMBAT)!.getFlag("zilch", "combatants") as Record<
    string,
    { turn?: { actions: string[]; twoWeapon?: { itemId: string; pips: number } } }
  >;
  return stored[combatantId(table, "ana")]?.turn ?? { actions: [] };
}

/**
 * Alice closes the first attack's window (committing `commit`), as the card's control does; a window
 * with nothing Ana could commit was closed by the GM's client already.
 */
async function closeFirst(table: Table, commit: { chips?: number; boon?: boolean } = {}): Promise<void> {
  const spends = Boolean(commit.chips) || Boolean(commit.boon);
  if (!spends && stateOn(table.gm)?.step !== "attacker") return;
  expect(await clickStep(table, "alice", "commitAttacker", commit)).toEqual({ ok: true });
}

const cards = (table: Table) => [...table.gm.messages.values()].filter((m) => m.type === "attack").length;
const warnings = (table: Table, seat: Seat) => table.client(seat).notices.map((n) => n.message);

/** The weapons the declaration dialog offers Alice as the other of a pair with `itemId`. */
function partnersOffered(table: Table, itemId: string): string[] {
  const client = table.alice;
  return client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    const offered = client.system.twoWeaponPartners(ana as never, ana.items.get(itemId) as never);
    return offered.map((i) => i.id ?? "");
  });
}

describe("AC-3, EQ-14: two-weapon fighting from the declaration", () => {
  it("the GM's client on another scene records the two-weapon attack as Ana's Full action all the same", async () => {
    const table = await anasTurn({ gmAway: true });
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 2 } })).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(2);
    expect(recorded(table).actions).toEqual(["twoWeaponFighting"]);
    expect(recorded(table).twoWeapon).toEqual({ itemId: RIGHT, pips: 3 });
  });

  it("EX-AC-1: a Rogue in Bold with 5|2 makes 2WF with 2 + 3 pips, one attack per sword, as one Full action", async () => {
    const table = await anasTurn();
    expect(partnersOffered(table, LEFT)).toEqual([RIGHT]);
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 2 } })).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(2);
    expect(stateOn(table.alice)!.declaration.weaponName).toBe("Left short sword");
    expect(recorded(table)).toEqual({
      actions: ["twoWeaponFighting"],
      paid: null,
      springAttack: false,
      twoWeapon: { itemId: RIGHT, pips: 3 },
      dragged: 0,
      matched: 0,
    });
    // The dialog on Alice's client names the second attack and its 3 pips (the left sword has none).
    const waiting = (itemId: string) =>
      table.alice.run(() => table.alice.system.secondAttackPips(TOKENS.ana, itemId));
    expect([waiting(RIGHT), waiting(LEFT)]).toEqual([3, null]);
    await closeFirst(table);
    expect(await attack(table, RIGHT)).toBe(true);
    expect(cards(table)).toBe(2);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(3);
    expect(stateOn(table.gm)!.declaration.weaponName).toBe("Right short sword");
    expect(recorded(table).actions).toEqual(["twoWeaponFighting"]);
    expect(recorded(table).twoWeapon ?? null).toBeNull();
    // AC-1: the Full action used the whole turn: a third attack is refused.
    expect(await attack(table, RIGHT)).toBe(false);
    expect(cards(table)).toBe(2);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("AC-3, AC-6: a 1-square step between the two attacks is allowed; a Move is not", async () => {
    const table = await anasTurn();
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 2 } })).toBe(true);
    const step = (action: "step" | "move") =>
      ask(table, "alice", {
        kind: "takeAction",
        combatId: COMBAT,
        combatantId: combatantId(table, "ana"),
        action,
      });
    expect(await step("move")).toBe(false);
    expect(await step("step")).toBe(true);
    await closeFirst(table);
    expect(await attack(table, RIGHT)).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(3);
    expect(recorded(table).actions).toEqual(["twoWeaponFighting", "step"]);
  });

  it("the second attack must be with the other weapon: the first sword again is refused", async () => {
    const table = await anasTurn();
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 4 } })).toBe(true);
    expect(await attack(table, LEFT)).toBe(false);
    expect(cards(table)).toBe(1);
    expect(recorded(table).twoWeapon).toEqual({ itemId: RIGHT, pips: 1 });
  });

  it("EX-AC-1: a Rogue in Cautious with 4|1 has offensive 1 and cannot make 2WF: refused, nothing recorded", async () => {
    const table = await anasTurn({ stance: "cautious", tile: [4, 1] });
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 1 } })).toBe(false);
    expect(cards(table)).toBe(0);
    expect(recorded(table).actions).toEqual([]);
    expect(warnings(table, "alice").at(-1)).toContain("at least 2 offensive pips");
  });

  it("AC-3: a split leaving the second attack without a pip is refused (5 pips, all 5 to the first)", async () => {
    const table = await anasTurn();
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 5 } })).toBe(false);
    expect(cards(table)).toBe(0);
    expect(recorded(table).actions).toEqual([]);
    expect(warnings(table, "alice").at(-1)).toContain("at least 1 offensive pip");
  });

  it("EQ-14: Heavy + Light is not a pair and a Wizard is no Fighter or Rogue: refused with both problems", async () => {
    const items = [weapon(GREATSWORD, "Broadsword", "heavy"), weapon(LEFT, "Short sword", "light")];
    const table = await anasTurn({ classes: ["wizard"], items });
    expect(partnersOffered(table, GREATSWORD)).toEqual([]);
    expect(await attack(table, GREATSWORD, { twoWeapon: { partnerId: LEFT, firstShare: 2 } })).toBe(false);
    expect(cards(table)).toBe(0);
    const said = warnings(table, "alice").at(-1)!;
    expect(said).toContain("only a Fighter or Rogue");
    expect(said).toContain("two one-handed Light weapons");
    expect(said).not.toMatch(/EQ-14|twoWeapon/);
  });

  it("INJ-7, SW-7: with a disabled left arm the pair is not offered and 2WF is refused", async () => {
    const armDisabled: ItemData = {
      _id: "woundArmLeft0001",
      name: "Arm disabled",
      type: "injury",
      system: { kind: "specificWound", effect: "armDisabled", location: "leftArm" },
    };
    const table = await anasTurn({ items: [...SHORT_SWORDS, armDisabled] });
    expect(partnersOffered(table, LEFT)).toEqual([]);
    expect(await attack(table, RIGHT, { twoWeapon: { partnerId: LEFT, firstShare: 2 } })).toBe(false);
    expect(cards(table)).toBe(0);
    expect(recorded(table).actions).toEqual([]);
    expect(warnings(table, "alice").at(-1)).toContain("cannot be used until its injury heals");
  });

  it("EQ-14: a Fighter's Heavy + Tiny pair is legal; a dagger left in the pack is not in hand", async () => {
    const items = [weapon(GREATSWORD, "Broadsword", "heavy"), weapon(DAGGER, "Dagger", "tiny")];
    const table = await anasTurn({ classes: ["fighter"], items });
    expect(partnersOffered(table, GREATSWORD)).toEqual([DAGGER]);
    expect(await attack(table, GREATSWORD, { twoWeapon: { partnerId: DAGGER, firstShare: 3 } })).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(3);
    await closeFirst(table);
    expect(await attack(table, DAGGER)).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(2);

    const packed = [
      weapon(GREATSWORD, "Broadsword", "heavy"),
      weapon(DAGGER, "Dagger", "tiny", { slot: "pack" }),
    ];
    const other = await anasTurn({ classes: ["fighter"], items: packed });
    expect(partnersOffered(other, GREATSWORD)).toEqual([]);
    expect(await attack(other, GREATSWORD, { twoWeapon: { partnerId: DAGGER, firstShare: 3 } })).toBe(false);
    expect(warnings(other, "alice").at(-1)).toContain("in your hands");
  });

  describe("AC-3, CH-3: chips go to one of the two attacks, and at most one Boon to the whole action", () => {
    const fighter = {
      classes: ["fighter"],
      items: [weapon(GREATSWORD, "Broadsword", "heavy"), weapon(DAGGER, "Dagger", "tiny")],
      system: { suits: { clubs: { primary: 12, secondary: 14 } }, chips: { clubs: 3 }, boons: 2 },
    };
    const first = { twoWeapon: { partnerId: DAGGER, firstShare: 2 } };

    it("the second attack waits until the first's window is closed", async () => {
      const table = await anasTurn(fighter);
      expect(await attack(table, GREATSWORD, first)).toBe(true);
      expect(stateOn(table.gm)!.attacker.chips).toBe(3);
      expect(await attack(table, DAGGER)).toBe(false);
      expect(warnings(table, "alice").at(-1)).toContain("finish your first attack");
      expect(cards(table)).toBe(1);
    });

    it("chips on the first attack: none for the second, which keeps the Boon", async () => {
      const table = await anasTurn(fighter);
      expect(await attack(table, GREATSWORD, first)).toBe(true);
      await closeFirst(table, { chips: 1 });
      expect(await attack(table, DAGGER)).toBe(true);
      const second = stateOn(table.gm)!.attacker;
      expect([second.chips, second.boon]).toEqual([0, true]);
    });

    it("the Boon on the first attack: no Boon for the second, which keeps the chips", async () => {
      const table = await anasTurn(fighter);
      expect(await attack(table, GREATSWORD, first)).toBe(true);
      await closeFirst(table, { boon: true });
      expect(await attack(table, DAGGER)).toBe(true);
      const second = stateOn(table.gm)!.attacker;
      expect([second.chips, second.boon]).toEqual([3, false]);
    });

    it("nothing on the first attack: the second may take chips and the Boon", async () => {
      const table = await anasTurn(fighter);
      expect(await attack(table, GREATSWORD, first)).toBe(true);
      await closeFirst(table);
      expect(await attack(table, DAGGER)).toBe(true);
      const second = stateOn(table.gm)!.attacker;
      expect([second.chips, second.boon]).toEqual([3, true]);
    });
  });

  it("EQ-14: a double-ended weapon gives both attacks, as two Light weapons", async () => {
    const staff = weapon(LEFT, "Double-bladed sword", "light", { doubleEnded: true });
    const table = await anasTurn({ items: [staff] });
    expect(partnersOffered(table, LEFT)).toEqual([LEFT]);
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: LEFT, firstShare: 2 } })).toBe(true);
    await closeFirst(table);
    expect(await attack(table, LEFT)).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(3);
  });

  it("EQ-14: at range a shortbow gives both attacks; a longbow is refused with the ranged words", async () => {
    const bow = (rangeClass: string) =>
      weapon(LEFT, `${rangeClass} bow`, "light", {
        hands: 2,
        modes: { melee: false, thrown: false, launcher: true },
        rangeClass,
      });
    const table = await anasTurn({ items: [bow("short")] });
    expect(partnersOffered(table, LEFT)).toEqual([LEFT]);
    const shot = { mode: "launcher", aim: null, twoWeapon: { partnerId: LEFT, firstShare: 1 } };
    expect(await attack(table, LEFT, shot)).toBe(true);
    await closeFirst(table);
    expect(await attack(table, LEFT, { mode: "launcher", aim: null })).toBe(true);
    expect(stateOn(table.gm)!.attacker.side.offense).toBe(4);

    const other = await anasTurn({ items: [bow("long")] });
    expect(partnersOffered(other, LEFT)).toEqual([]);
    expect(await attack(other, LEFT, shot)).toBe(false);
    expect(warnings(other, "alice").at(-1)).toContain("no longbow, sling or crossbow");
  });

  it("AC-3: two-weapon fighting is made in your own turn: before it, refused", async () => {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { classes: ["rogue"] };
    ana.items = SHORT_SWORDS;
    const table = await Table.open({ world });
    await startCombat(table);
    await everyoneDeclares(table, "reckless");
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 1 } })).toBe(false);
    expect(cards(table)).toBe(0);
    expect(warnings(table, "alice").at(-1)).toContain("own turn");
  });
});

describe("AC-3, CD-7: two-weapon fighting in a countdown round", () => {
  it("is a Full action: an Act paid with a 6 cannot make it (8), and nothing is recorded or posted", async () => {
    const world = attackWorld({ "zilch.initiativeMode": "countdown" });
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { classes: ["rogue"] };
    ana.items = SHORT_SWORDS;
    const table = await Table.open({ world });
    await startCombat(table);
    await everyoneDeclares(table, "reckless");
    const id = combatantId(table, "ana");
    await table.act("gm", async () => {
      const combat = table.gm.combats.get(COMBAT)!;
      const round = combat.getFlag("zilch", "round") as RoundState;
      const cd = round.countdown!;
      const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [6] : [2] }));
      await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
    });
    expect(await ask(table, "gm", { kind: "nextCall", combatId: COMBAT })).toBe(true);
    const act = { kind: "act" } as const;
    expect(
      await ask(table, "alice", { kind: "countdownChoice", combatId: COMBAT, combatantId: id, choice: act }),
    ).toBe(true);
    expect(await attack(table, LEFT, { twoWeapon: { partnerId: RIGHT, firstShare: 1 } })).toBe(false);
    expect(warnings(table, "alice").at(-1)).toContain("lower than that action's speed");
    expect(cards(table)).toBe(0);
    expect(recorded(table).actions).toEqual([]);
    // The same Act pays for one attack with a sword (Light, 4).
    expect(await attack(table, LEFT)).toBe(true);
    expect(cards(table)).toBe(1);
  });
});
