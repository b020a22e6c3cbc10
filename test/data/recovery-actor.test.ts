import { describe, expect, it, vi } from "vitest";
import { characterSource, makeActor, type CharacterData, type NpcData } from "./models-setup";

const pc = (system: Record<string, unknown>, extra: { statuses?: string[]; items?: unknown[] } = {}) =>
  makeActor({ name: "PC", type: "character", system, ...(extra as object) });
type Actor = ReturnType<typeof pc>;
const sys = (actor: Actor) => actor.creature as CharacterData;

const injury = (name: string, system: Record<string, unknown>) => ({ name, type: "injury", system });
const gear = (name: string, healingItem: string, quantity = 1) => ({
  name,
  type: "gear",
  system: { healingItem, quantity },
});

/** Counts the actor's own updates during `run` (embedded changes are counted apart). */
async function updatesDuring(actor: Actor, run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(actor, "update");
  await run();
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  return calls;
}

describe("ZilchActor.rally (REC-1)", () => {
  const rogueFighter = () =>
    pc(
      characterSource(
        // CH-2: two classes halve each capacity: ♣ 5, ♠ 4 as in EX-REC-3.
        { clubs: { primary: 10 }, spades: { primary: 8 } },
        { classes: ["fighter", "rogue"], chips: { clubs: 1, spades: 0 } },
      ),
    );

  it("EX-REC-3: an S splits 2 chips as chosen, in one update, and marks the Rally used", async () => {
    const actor = rogueFighter();
    expect(sys(actor).suits.clubs.capacity).toBe(5);
    let outcome;
    expect(
      await updatesDuring(actor, async () => (outcome = await actor.rally("S", { clubs: 1, spades: 1 }))),
    ).toBe(1);
    expect(outcome).toMatchObject({
      ok: true,
      summary: { kind: "rally", dos: "S", chips: { clubs: 1, spades: 1 } },
    });
    expect(sys(actor)._source.chips).toMatchObject({ clubs: 2, spades: 1 });
    expect(sys(actor)._source.recovery.rallyUsed).toBe(true);
  });

  it("REC-1: a second Rally in the encounter and an illegal split are refused, changing nothing", async () => {
    const actor = rogueFighter();
    expect(await actor.rally("CS", { diamonds: 1 })).toEqual({ ok: false, problem: "notClassSuit" });
    expect(await actor.rally("S", { clubs: 3 })).toEqual({ ok: false, problem: "overRegained" });
    expect(sys(actor)._source.chips).toMatchObject({ clubs: 1, spades: 0 });
    await actor.rally("F");
    expect(await actor.rally("CS")).toEqual({ ok: false, problem: "alreadyRallied" });
    await actor.endEncounter();
    expect((await actor.rally("CF")).ok).toBe(true);
  });

  it("REC-1: chips beyond every class suit's room are reported unused; no HP", async () => {
    const actor = pc(
      characterSource(
        { clubs: { primary: 5 }, hearts: { primary: 6 } },
        {
          classes: ["fighter"],
          chips: { clubs: 4 },
          hp: { value: 2 },
        },
      ),
    );
    const outcome = await actor.rally("CS");
    expect(outcome).toMatchObject({ ok: true, summary: { unusedChips: 2, hp: { before: 2, after: 2 } } });
    expect(sys(actor).chips.clubs).toBe(5);
  });
});

describe("ZilchActor.rest (REC-2)", () => {
  it("EX-HP-2: value 3, temp 2 rests to value 5, temp 0; chips refill; the count rises", async () => {
    const actor = pc(
      characterSource(
        { hearts: { primary: 6 }, spades: { primary: 6 } },
        {
          classes: ["rogue"],
          chips: { spades: 1 },
          hp: { value: 3, temp: 2 },
        },
      ),
    );
    let outcome;
    expect(await updatesDuring(actor, async () => (outcome = await actor.rest()))).toBe(1);
    expect(outcome).toMatchObject({ ok: true, summary: { hp: { before: 3, after: 5 }, temp: { after: 0 } } });
    expect(sys(actor)._source).toMatchObject({ hp: { value: 5, temp: 0 }, chips: { spades: 6 } });
    expect(sys(actor)._source.recovery.restsToday).toBe(1);
  });

  it("REC-2: a third Rest before Sleep is refused; a Sleep resets the count", async () => {
    const actor = pc({});
    await actor.rest();
    await actor.rest();
    expect(await actor.rest()).toEqual({ ok: false, problem: "restLimit" });
    await actor.sleep("F");
    expect(sys(actor)._source.recovery.restsToday).toBe(0);
    expect((await actor.rest()).ok).toBe(true);
  });

  it("HP-5: an Unconscious creature at 0 HP whose temporary pool returns wakes", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 0, temp: 3 } }), {
      statuses: ["unconscious"],
    });
    const outcome = await actor.rest();
    expect(outcome).toMatchObject({ ok: true, summary: { woke: true, ended: ["unconscious"] } });
    expect(actor.statuses.has("unconscious")).toBe(false);
  });
});

describe("ZilchActor.sleep (REC-3, INJ-9, SW-8)", () => {
  it("EX-DRN-1: S goes to ♥ taint (HP stays 2); the next CS heals to 5", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6, taint: 2 } }, { hp: { value: 2 } }));
    const first = await actor.sleep("S");
    expect(first).toMatchObject({ ok: true, summary: { taint: { hearts: -2 }, hp: { after: 2 } } });
    await actor.sleep("CS");
    expect(sys(actor).hp.value).toBe(5);
  });

  it("EX-DRN-2: each Sleep recovers one point on a drained suit, taint first", async () => {
    const actor = pc(characterSource({ clubs: { primary: 5, secondary: 4, drain: 2, taint: 2 } }));
    await actor.sleep("CF");
    expect(sys(actor)._source.suits.clubs).toMatchObject({ drain: 2, taint: 1 });
  });

  it("TL-6: Boons reset to boonsMax (0 without slow start)", async () => {
    const actor = pc({ boons: 3 });
    const outcome = await actor.sleep("F");
    expect(outcome).toMatchObject({ ok: true, summary: { boons: 0 } });
    expect(sys(actor)._source.boons).toBe(0);
  });

  it("INJ-9: clocks lose a day; at 0 the injury goes, with its 'until healed' conditions", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }), {
      items: [
        injury("Fracture", { location: "leftArm", effect: "fracture", daysRemaining: 14 }),
        injury("Sight", { location: "head", effect: "sight", daysRemaining: 1 }),
      ],
    });
    const sight = actor.items.contents.find((i) => i.name === "Sight")!;
    await actor.applyCondition("visuallyImpaired", { kind: "untilHealed" }, sight.id!);
    await actor.applyCondition("deafened", { kind: "untilHealed" }, "someone else");
    let outcome;
    expect(await updatesDuring(actor, async () => (outcome = await actor.sleep("S")))).toBe(1);
    expect(outcome).toMatchObject({ ok: true, summary: { healed: ["Sight"], ended: ["visuallyImpaired"] } });
    expect(
      actor.items.contents.map((i) => [
        i.name,
        (i.system as unknown as { daysRemaining: number }).daysRemaining,
      ]),
    ).toEqual([["Fracture", 13]]);
    expect(actor.statuses.has("visuallyImpaired")).toBe(false);
    expect(actor.statuses.has("deafened")).toBe(true);
    expect(sys(actor)._source.appliedConditions.map((c) => c.condition)).toEqual(["deafened"]);
  });

  it("SW-8: an armed wound heals after a Sleep that ends at full HP with no ♥ taint; else it stays", async () => {
    const wound = injury("Leg crippled", {
      kind: "specificWound",
      location: "rightLeg",
      effect: "legCrippled",
    });
    const brawl = injury("Swept", { kind: "specificWound", location: "rightLeg", effect: "swept" });
    const full = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 5 } }), {
      items: [wound, brawl],
    });
    const outcome = await full.sleep("F");
    expect(outcome).toMatchObject({ ok: true, summary: { healed: ["Leg crippled"] } });
    expect(full.items.contents.map((i) => i.name)).toEqual(["Swept"]);

    const hurt = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 2 } }), { items: [wound] });
    await hurt.sleep("CS");
    expect(hurt.items.size).toBe(1);
  });

  it("HP-5: a Sleep that heals a creature at 0 wakes it", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 0 } }), {
      statuses: ["unconscious"],
    });
    expect(await actor.sleep("S")).toMatchObject({ ok: true, summary: { woke: true } });
    expect(actor.statuses.has("unconscious")).toBe(false);
  });

  it("NPC-2: an NPC sleeps too (no class chips to refill)", async () => {
    const npc = makeActor({ name: "Orc", type: "npc", system: { hp: { value: 1 }, tier: "foe" } });
    await npc.sleep("CS");
    expect((npc.creature as NpcData).hp.value).toBe(4);
  });
});

describe("ZilchActor.useHealingItem (REC-6)", () => {
  it("EX-REC-1: a salve egg at 3/8 gives 6/8 HP and 2 ♠ drain, and uses one egg", async () => {
    const actor = pc(
      characterSource({ hearts: { primary: 8 }, spades: { primary: 6 } }, { hp: { value: 3 } }),
      {
        items: [gear("Salve eggs", "salveEgg", 2)],
      },
    );
    const eggs = actor.items.contents[0]!;
    let outcome;
    expect(await updatesDuring(actor, async () => (outcome = await actor.useHealingItem(eggs)))).toBe(1);
    expect(outcome).toMatchObject({
      ok: true,
      summary: { kind: "salveEgg", hp: { after: 6 }, drain: { spades: 2 } },
    });
    expect(sys(actor)._source.suits.spades.drain).toBe(2);
    expect((eggs.system as unknown as { quantity: number }).quantity).toBe(1);
  });

  it("REC-6: war pitch is refused in combat and with none left; gear that heals nothing is refused", async () => {
    const actor = pc(characterSource({ hearts: { primary: 8 } }, { hp: { value: 3 } }), {
      items: [
        gear("Pitch", "warPitch", 1),
        gear("Empty", "warPitch", 0),
        { name: "Rope", type: "gear", system: {} },
      ],
    });
    const [pitch, empty, rope] = actor.items.contents;
    expect(await actor.useHealingItem(pitch!, { inCombat: true })).toEqual({
      ok: false,
      problem: "outOfCombatOnly",
    });
    expect(await actor.useHealingItem(empty!, { inCombat: false })).toEqual({
      ok: false,
      problem: "noneLeft",
    });
    expect(await actor.useHealingItem(rope!)).toEqual({ ok: false, problem: "notHealingItem" });
    expect(sys(actor).hp.value).toBe(3);
    expect(await actor.useHealingItem(pitch!, { inCombat: false })).toMatchObject({ ok: true });
    expect(sys(actor).hp.value).toBe(6);
  });

  it("OD-4: a war-pitch patch ends every bleeding effect (item and stored), keeps burning, heals 1", async () => {
    const actor = pc(characterSource({ hearts: { primary: 8 } }, { hp: { value: 3 } }), {
      items: [
        injury("Bleeder", {
          location: "leftLeg",
          effect: "bleeder",
          daysRemaining: null,
          ongoing: { active: true },
        }),
        injury("Cut", {
          location: "chest",
          effect: "fracture",
          daysRemaining: 14,
          ongoing: { active: true },
        }),
        gear("Patch", "warPitchPatch", 1),
      ],
    });
    await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: null });
    await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "burning", origin: null });
    expect(actor.ongoingEntries()).toHaveLength(4);
    const patch = actor.items.contents.find((i) => i.name === "Patch")!;
    await actor.useHealingItem(patch);
    expect(actor.ongoingEntries().map((e) => e.effect.tag)).toEqual(["burning"]);
    // The bleeder injury lasted only as long as its bleeding (INJ-7 heals: ongoingEnds); the
    // fracture's item stays with its bleeding off; the used-up patch stays at quantity 0.
    expect(actor.items.contents.map((i) => i.name)).toEqual(["Cut", "Patch"]);
    expect(actor.items.contents[0]!.system).toMatchObject({ ongoing: { active: false } });
    expect(patch.system).toMatchObject({ quantity: 0 });
    expect(sys(actor).hp.value).toBe(4);
  });

  it("EX-REC-2: cure-all syrup at 1/6 with ♥ taint 1: taint 0, temp 2; a Rest then gives 3", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6, taint: 1 } }, { hp: { value: 1 } }), {
      items: [gear("Syrup", "cureAllSyrup", 1)],
    });
    await actor.useHealingItem(actor.items.contents[0]!);
    expect(sys(actor)._source.hp).toEqual({ value: 1, temp: 2 });
    expect(sys(actor)._source.suits.hearts.taint).toBe(0);
    await actor.rest();
    expect(sys(actor)._source.hp).toEqual({ value: 3, temp: 0 });
  });
});

describe("ZilchActor: condition durations (CON-5, CB-4, CB-5)", () => {
  it("CB-4: 'end of your next turn' applied in the owner's turn ends at the following turn end", async () => {
    const actor = pc({});
    await actor.applyCondition("stunned", { kind: "endOfNextTurn", turnEnds: 2 }, "orc");
    expect(sys(actor).conditions.has("threatened")).toBe(true);
    expect(await actor.advanceConditions("turnEnd")).toEqual([]);
    expect(sys(actor)._source.appliedConditions[0]).toMatchObject({ duration: "endOfNextTurn", count: 1 });
    expect(await actor.advanceConditions("turnEnd")).toEqual(["stunned"]);
    expect(actor.statuses.has("stunned")).toBe(false);
    expect(sys(actor)._source.appliedConditions).toEqual([]);
  });

  it("CON-5: N rounds end at the Nth round end; a status still held by another source stays", async () => {
    const actor = pc({});
    await actor.applyCondition("prone", { kind: "rounds", rounds: 1 }, "trip");
    await actor.applyCondition("prone", { kind: "rounds", rounds: 2 }, "shove");
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(actor.statuses.has("prone")).toBe(true);
    expect(await actor.advanceConditions("roundEnd")).toEqual(["prone"]);
  });

  it("CON-5: removing a condition through the API forgets its records", async () => {
    const actor = pc({});
    await actor.applyCondition("shaken", { kind: "rounds", rounds: 1 }, "roar");
    await actor.setCondition("shaken", false);
    expect(sys(actor)._source.appliedConditions).toEqual([]);
    await actor.setCondition("shaken", true);
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(actor.statuses.has("shaken")).toBe(true);
  });

  it("CON-5: a record whose status was removed elsewhere (token HUD) is dropped at the next event", async () => {
    const actor = pc({});
    await actor.applyCondition("shaken", { kind: "rounds", rounds: 3 }, "roar");
    await actor.toggleStatusEffect("shaken", { active: false });
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    await actor.toggleStatusEffect("shaken", { active: true });
    expect(await actor.advanceConditions("roundEnd")).toEqual([]);
    expect(actor.statuses.has("shaken")).toBe(true);
    expect(sys(actor)._source.appliedConditions).toEqual([]);
  });

  it("CB-5: endEncounter removes encounter conditions and injuries, resets the Rally, keeps the rest", async () => {
    const actor = pc(
      { recovery: { rallyUsed: true } },
      {
        items: [
          injury("Stun", { location: "head", effect: "stun", daysRemaining: null }),
          injury("Fracture", { location: "leftArm", effect: "fracture", daysRemaining: 14 }),
        ],
        statuses: ["deafened"],
      },
    );
    await actor.applyCondition("shaken", { kind: "endOfEncounter" }, "wind");
    await actor.applyCondition("blind", { kind: "indefinite" }, "curse");
    const ended = await actor.endEncounter();
    expect(ended).toEqual({ ended: ["shaken"], healed: ["Stun"] });
    expect([...actor.statuses].sort()).toEqual(["blind", "deafened"]);
    expect(actor.items.contents.map((i) => i.name)).toEqual(["Fracture"]);
    expect(sys(actor)._source.recovery.rallyUsed).toBe(false);
  });
});

describe("ZilchActor.tickOngoing (OD-2)", () => {
  const bleeding = () =>
    pc(characterSource({ hearts: { primary: 6 }, clubs: { primary: 6 } }, { hp: { value: 6 } }), {
      items: [
        injury("Bleeder", {
          location: "leftLeg",
          effect: "bleeder",
          daysRemaining: null,
          ongoing: { active: true },
        }),
      ],
    });

  it("EX-OD-1: F deals 1, CF deals 2, each in one update", async () => {
    const actor = bleeding();
    const key = actor.ongoingEntries()[0]!.key;
    expect(await updatesDuring(actor, () => actor.tickOngoing([{ key, dos: "F" }]))).toBe(1);
    expect(sys(actor).hp.value).toBe(5);
    const [cf] = await actor.tickOngoing([{ key, dos: "CF" }]);
    expect(cf).toMatchObject({ ends: false, amount: 2, harm: "damage" });
    expect(sys(actor).hp.value).toBe(3);
  });

  it("OD-2a: an injury's bleeder is not ended by its own S or CS: no damage, and it goes on", async () => {
    const actor = bleeding();
    const key = actor.ongoingEntries()[0]!.key;
    const [s] = await actor.tickOngoing([{ key, dos: "S" }]);
    expect(s).toMatchObject({ ends: false, amount: 0, harm: "none" });
    const [cs] = await actor.tickOngoing([{ key, dos: "CS" }]);
    expect(cs).toMatchObject({ ends: false, amount: 0, harm: "none" });
    expect(sys(actor).hp.value).toBe(6);
    expect(actor.items.size).toBe(1);
    expect(actor.ongoingEntries().map((e) => e.effect.tag)).toEqual(["bleeding"]);
    // The next failure still hurts (EX-OD-1: roll 9 against ♥6 is F, 1 damage).
    await actor.tickOngoing([{ key, dos: "F" }]);
    expect(sys(actor).hp.value).toBe(5);
  });

  it("OD-5: after combat, a First Aid S stops the injury bleeder and its injury goes; F changes nothing", async () => {
    const actor = bleeding();
    expect(await actor.receiveFirstAid("F", { inCombat: false })).toEqual({ stoppedBleeders: 0, healed: [] });
    expect(actor.ongoingEntries()).toHaveLength(1);
    expect(await actor.receiveFirstAid("S", { inCombat: false })).toEqual({ stoppedBleeders: 1, healed: [] });
    expect(actor.ongoingEntries()).toEqual([]);
    expect(actor.items.size).toBe(0);
  });

  it("OD-5: in combat First Aid does not stop an injury bleeder; a sever's bleeder stops but the injury stays", async () => {
    const actor = bleeding();
    await actor.receiveFirstAid("CS", { inCombat: true });
    expect(actor.ongoingEntries()).toHaveLength(1);
    const severed = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }), {
      items: [
        injury("Sever", {
          location: "leftArm",
          effect: "sever",
          daysRemaining: 28,
          ongoing: { active: true },
        }),
      ],
    });
    await severed.receiveFirstAid("CS", { inCombat: false });
    expect(severed.ongoingEntries()).toEqual([]);
    expect(severed.items.contents.map((i) => i.name)).toEqual(["Sever"]);
  });

  it("INJ-9: a First Aid S heals Stun and Wind injuries, in combat too, and leaves the others", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }), {
      items: [
        injury("Stun", { location: "head", effect: "stun", daysRemaining: null }),
        injury("Wind", { location: "chest", effect: "wind", daysRemaining: null }),
        injury("Maim", { location: "abdomen", effect: "maim", daysRemaining: 28 }),
      ],
    });
    expect((await actor.receiveFirstAid("S", { inCombat: true })).healed.sort()).toEqual(["Stun", "Wind"]);
    expect(actor.items.contents.map((i) => i.name)).toEqual(["Maim"]);
  });

  it("OD-2a, EX-OD-1: a bleeder from any other source (a rider's) ends on S, as in OD-2", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }));
    await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "chest" });
    const [s] = await actor.tickOngoing([{ key: "ongoing.0", dos: "S" }]);
    expect(s).toMatchObject({ ends: true, amount: 0 });
    expect(actor.ongoingEntries()).toEqual([]);
  });

  it("OD-2: a ♣ poison drains; an ended stored effect is dropped while the others stay", async () => {
    const actor = bleeding();
    await actor.addOngoing({ rating: 1, suit: "clubs", modifier: 0, tag: "poison", origin: null });
    await actor.addOngoing({ rating: 2, suit: "hearts", modifier: 0, tag: "burning", origin: null });
    const ticks = await actor.tickOngoing([
      { key: "ongoing.0", dos: "F" },
      { key: "ongoing.1", dos: "CS" },
    ]);
    expect(ticks.map((t) => t.harm)).toEqual(["drain", "none"]);
    expect(sys(actor)._source.suits.clubs.drain).toBe(1);
    expect(sys(actor)._source.ongoing.map((o) => o.tag)).toEqual(["poison"]);
    await expect(actor.tickOngoing([{ key: "ongoing.9", dos: "F" }])).rejects.toThrow(/no ongoing effect/);
  });

  it("OD-4: a second bleeder from the same location is ignored; another location stacks", async () => {
    const actor = bleeding();
    expect(
      await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "leftLeg" }),
    ).toBe(false);
    expect(
      await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "chest" }),
    ).toBe(true);
    expect(actor.ongoingEntries()).toHaveLength(2);
  });

  it("HP-2: a tick that takes the last HP knocks the creature out", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 1 } }));
    await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "burning", origin: null });
    await actor.tickOngoing([{ key: "ongoing.0", dos: "F" }]);
    expect(actor.statuses.has("unconscious")).toBe(true);
  });
});
