import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { modeStandIn, scriptDice } from "../stand-in/chat";
import { characterSource, createActor, makeActor, type CharacterData, type NpcData } from "./models-setup";
import type { DamageResult } from "../../src/rules/damage";
import {
  bandageAndAnnounce,
  bandageWounds,
  endGritEncounter,
  gainAdrenalineGrit,
  rollGritAtStart,
} from "../../src/documents/grit-and-wounds";
import { creatureTestTarget } from "../../src/documents/creature-test";
import { standInFoundry, strictNamespace } from "../stand-in";
import { createRenderer } from "../templates/harness";
import { coreModeSetting } from "../stand-in/profile";

/** The roller and the GM the roll mode whispers to. */
const PLAYER = { id: "player", isGM: false };
const GM = { id: "gm", isGM: true };

type Globals = { game: Record<string, unknown>; ChatMessage?: unknown; foundry: unknown };
const g = globalThis as unknown as Globals;

let world: Record<string, unknown>;
let posts: { content: string; whisper?: string[]; rolls: unknown[] }[];
let saved: { settings: unknown; i18n: unknown; ChatMessage: unknown; foundry: unknown };
/** Chat cards render through the real templates (v13 `renderTemplate(path, context)`). */
const renderer = createRenderer();
/** Die results the stand-in Roll hands out, in order (the stand-in's scripted queue). */
let dice: number[];

beforeEach(() => {
  saved = { settings: g.game.settings, i18n: g.game.i18n, ChatMessage: g.ChatMessage, foundry: g.foundry };
  g.foundry = strictNamespace("foundry", {
    ...standInFoundry,
    applications: strictNamespace("foundry.applications", {
      handlebars: strictNamespace("foundry.applications.handlebars", {
        renderTemplate: async (path: string, context: object) => renderer.render(path, context),
      }),
    }),
  });
  world = { gritWounds: true };
  posts = [];
  dice = scriptDice();
  g.game.settings = {
    settings: new Map([["zilch.gritWounds", {}]]),
    get: (ns: string, key: string) => (ns === "core" ? coreModeSetting(key, () => undefined) : world[key]),
  };
  g.game.i18n = {
    localize: (key: string) => key,
    format: (key: string, data: Record<string, unknown>) => `${key} ${JSON.stringify(data)}`,
  };
  g.ChatMessage = {
    create: async (data: (typeof posts)[number]) => void posts.push(data),
    getSpeaker: () => ({}),
    getWhisperRecipients: () => [{ id: "gm" }],
    ...modeStandIn(PLAYER, [PLAYER, GM]),
  };
});
afterEach(() => {
  g.game.settings = saved.settings;
  g.game.i18n = saved.i18n;
  g.ChatMessage = saved.ChatMessage;
  g.foundry = saved.foundry;
  expect(dice).toEqual([]);
});

const pc = (rest: Record<string, unknown> = {}, hearts = 7) =>
  makeActor({
    name: "Kell",
    type: "character",
    system: characterSource({ hearts: { primary: hearts } }, rest),
  });
const sys = (actor: ReturnType<typeof pc>) => actor.creature as CharacterData;
const npc = (tier: "enemy" | "foe", rest: Record<string, unknown> = {}) =>
  makeActor({ name: tier, type: "npc", system: { tier, suits: { hearts: { value: 7 } }, ...rest } });
const hit = (final: number): DamageResult => ({ base: final, scaled: final, final, outcome: "damage" });

describe("Grit and Wounds data (GW-1, GW-7, §23)", () => {
  it("EX-GW-1: ♥7 gives a d6 Grit die and a wound limit of 4, on characters and NPCs", () => {
    expect(sys(pc()).grit).toMatchObject({ die: 6, woundLimit: 4, active: true, value: 0, wounds: 0 });
    expect((npc("foe").creature as NpcData).grit).toMatchObject({ die: 6, woundLimit: 4, active: true });
  });

  it("GW-1: the die and limit follow eff(♥), drain included (GW-3: drain still applies)", () => {
    const drained = makeActor({
      name: "D",
      type: "character",
      system: characterSource({ hearts: { primary: 9, drain: 4 } }),
    });
    expect((drained.creature as CharacterData).grit).toMatchObject({ die: 4, woundLimit: 3 });
    expect(sys(pc({}, 12)).grit).toMatchObject({ die: 10, woundLimit: 6 });
  });

  it("§23: the mode applies to PCs and Foes only while the setting is on; Enemies never", () => {
    expect((npc("enemy").creature as NpcData).grit.active).toBe(false);
    world.gritWounds = false;
    expect(sys(pc()).grit.active).toBe(false);
    expect((npc("foe").creature as NpcData).grit.active).toBe(false);
  });

  it("the stored track is bounded integers; a new actor starts with nothing", async () => {
    const actor = await createActor({
      name: "B",
      type: "character",
      system: { grit: { value: 500, wounds: -3, adrenaline: 2, unbandaged: 1 } },
    });
    expect(sys(actor)._source.grit).toEqual({ value: 99, wounds: 0, adrenaline: 2, unbandaged: 1 });
    expect(sys(pc())._source.grit).toEqual({ value: 0, wounds: 0, adrenaline: 0, unbandaged: 0 });
  });
});

describe("ZilchActor under Grit and Wounds (GW-5, GW-6, GW-8, GW-10)", () => {
  it("EX-GW-1: Grit 5, a 3-damage hit, test at 4, roll 2 → Grit 2, HP untouched", async () => {
    const actor = pc({ grit: { value: 5 }, hp: { value: 6 } });
    const applied = await actor.applyHit(hit(3), [], { woundRoll: 2 });
    expect(applied.damage?.grit).toMatchObject({
      grit: 2,
      wounds: 0,
      check: { target: 4, roll: 2, dos: "S" },
    });
    expect(applied.damage).toMatchObject({ lost: 0, drainAdded: 0, killed: false });
    expect(sys(actor)._source.grit).toMatchObject({ value: 2, wounds: 0, adrenaline: 0 });
    expect(sys(actor)._source.hp.value).toBe(6);
  });

  it("GW-5, T-2: a Maim's −2 reaches the wound check: ♥7, 3 damage, test at 2, as the roll dialog's model reads the ♥ test", async () => {
    const maim = {
      name: "Maim",
      type: "injury",
      system: { kind: "grievousInjury", effect: "maim", location: "groin" },
    };
    const actor = makeActor({
      name: "Kell",
      type: "character",
      system: characterSource({ hearts: { primary: 7 } }, { grit: { value: 5 }, hp: { value: 6 } }),
      items: [maim],
    });
    const applied = await actor.applyHit(hit(3), [], { woundRoll: 3 });
    const dialog = creatureTestTarget(actor as never, { card: "hearts", save: false, modifier: -3 });
    expect(applied.damage?.grit?.check).toMatchObject({ target: dialog, roll: 3, dos: "F" });
    expect(dialog).toBe(2);
  });

  it("EX-GW-1: a 9-damage hit → 1 automatic Wound, the remainder 2 tested at 5, roll 8 → 2 Wounds, adrenaline 2", async () => {
    const actor = pc({ grit: { value: 5 } });
    const applied = await actor.applyDamage(9, { woundRoll: 8 });
    expect(applied.grit).toMatchObject({ woundsGained: 2, check: { target: 5, roll: 8, dos: "F" } });
    expect(sys(actor)._source.grit).toEqual({ value: 5, wounds: 2, adrenaline: 2, unbandaged: 2 });
    expect(actor.statuses.has("dead")).toBe(false);
  });

  it("GW-5: the wound check is rolled with Foundry dice when the caller did not roll it", async () => {
    const actor = pc({ grit: { value: 5 } });
    dice.push(12, 3);
    const applied = await actor.applyDamage(3);
    expect(applied.grit?.check).toMatchObject({ target: 4, roll: 15, dos: "CF" });
    expect(applied.grit?.rolls).toHaveLength(2);
    expect(sys(actor)._source.grit.wounds).toBe(1);
  });

  it("GW-5: Grit 0 is an automatic Wound with no roll; GW-9 unbandaged Wounds put the check at −2", async () => {
    const actor = pc({ grit: { value: 0 } });
    await actor.applyDamage(2);
    expect(sys(actor)._source.grit).toMatchObject({ wounds: 1, adrenaline: 1, unbandaged: 1 });
    await actor.update({ "system.grit.value": 6 });
    const applied = await actor.applyDamage(2, { woundRoll: 4 });
    expect(applied.grit?.check).toMatchObject({ target: 3, dos: "F" });
  });

  it("GW-7: reaching the wound limit kills (Dead)", async () => {
    const actor = pc({ grit: { value: 0, wounds: 3 } });
    const applied = await actor.applyDamage(1);
    expect(applied.killed).toBe(true);
    expect(actor.statuses.has("dead")).toBe(true);
  });

  it("GW-10: temporary damage costs Grit, and what would wound knocks out for 1d10 minutes instead", async () => {
    const actor = pc({ grit: { value: 5 } });
    await actor.applyDamage(3, { temporary: true, woundRoll: 1 });
    expect(sys(actor)._source.grit.value).toBe(2);
    dice.push(7);
    const applied = await actor.applyDamage(3, { temporary: true, woundRoll: 11 });
    expect(applied.grit).toMatchObject({ unconscious: true, unconsciousMinutes: 7, woundsGained: 0 });
    expect(applied.becameUnconscious).toBe(true);
    expect(sys(actor)._source.grit).toMatchObject({ value: 2, wounds: 0, adrenaline: 0 });
    expect(actor.statuses.has("unconscious")).toBe(true);
  });

  it("DMG-6: an energy rider's damage goes through Grit too", async () => {
    const actor = pc({ grit: { value: 4 } });
    dice.push(3);
    const applied = await actor.applyHit(hit(1), [{ kind: "energy", amount: 2 }], { woundRoll: 1 });
    expect(applied.riderDamage[0]?.grit).not.toBeNull();
    expect(sys(actor)._source.grit.value).toBe(4 - 1 - 2);
  });

  it("DRN-4: ♥ drained to 0 still kills under Grit and Wounds", async () => {
    const actor = pc({ grit: { value: 4 } }, 3);
    await actor.applyDrain("hearts", 3);
    expect(sys(actor).conditions.has("dead")).toBe(true);
    const applied = await actor.applyDamage(2);
    expect(applied.grit).toMatchObject({ dead: true, woundsGained: 0 });
  });

  it("§23: an Enemy keeps HP-2 with the setting on", async () => {
    const enemy = npc("enemy", { hp: { value: 6 } });
    const applied = await enemy.applyDamage(4);
    expect(applied).toMatchObject({ lost: 4, grit: null });
    expect((enemy.creature as NpcData)._source.hp.value).toBe(2);
    expect((enemy.creature as NpcData)._source.grit.wounds).toBe(0);
  });

  it("a Foe takes the hit as Grit", async () => {
    const foe = npc("foe", { hp: { value: 6 }, grit: { value: 5 } });
    await foe.applyDamage(3, { woundRoll: 2 });
    expect((foe.creature as NpcData)._source).toMatchObject({ hp: { value: 6 }, grit: { value: 2 } });
  });

  it("setting off: a PC keeps HP-2 and its Grit track is untouched", async () => {
    world.gritWounds = false;
    const actor = pc({ grit: { value: 5 }, hp: { value: 6 } });
    const applied = await actor.applyDamage(3);
    expect(applied).toMatchObject({ lost: 3, grit: null });
    expect(sys(actor)._source.hp.value).toBe(3);
    expect(sys(actor)._source.grit.value).toBe(5);
  });
});

describe("Grit through a combat (GW-2, GW-8, GW-9)", () => {
  it("GW-2: the Grit die is rolled with Foundry dice into Grit, and a chat line says so", async () => {
    const actor = pc({ grit: { value: 1 } });
    dice.push(4);
    expect(await rollGritAtStart(actor)).toEqual({ rolled: 4, gained: 4, grit: 5 });
    expect(sys(actor)._source.grit.value).toBe(5);
    expect(posts[0]?.content).toContain("ZILCH.Grit.Rolled");
    expect(posts[0]?.content).toContain("&quot;die&quot;:&quot;d6&quot;");
  });

  it("GW-2: an Enemy, or any creature with the setting off, rolls nothing", async () => {
    expect(await rollGritAtStart(npc("enemy"))).toBeNull();
    world.gritWounds = false;
    expect(await rollGritAtStart(pc())).toBeNull();
    expect(posts).toEqual([]);
  });

  it("GW-8: each round start adds adrenaline to Grit; none held, nothing changes", async () => {
    const actor = pc({ grit: { value: 1, wounds: 2, adrenaline: 2 } });
    expect(await gainAdrenalineGrit(actor)).toEqual({ rolled: null, gained: 2, grit: 3 });
    expect(sys(actor)._source.grit.value).toBe(3);
    expect(await gainAdrenalineGrit(pc({ grit: { value: 1 } }))).toBeNull();
  });

  it("GW-9: at the end of the encounter Grit is lost, adrenaline resets and the GM is told the injury rolls", async () => {
    const actor = pc({
      grit: { value: 3, wounds: 2, adrenaline: 2, unbandaged: 2 },
      recovery: { rallyUsed: true },
    });
    const ended = await actor.endEncounter();
    expect(ended.injuryRolls).toBe(2);
    expect(sys(actor)._source.grit).toEqual({ value: 0, wounds: 2, adrenaline: 0, unbandaged: 2 });
    expect(sys(actor)._source.recovery.rallyUsed).toBe(false);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ whisper: ["gm"] });
    expect(posts[0]?.content).toContain("ZILCH.Grit.InjuryRolls");
  });

  it("GW-9: endGritEncounter alone; no adrenaline, no line; setting off, nothing", async () => {
    const actor = pc({ grit: { value: 3, adrenaline: 1 } });
    expect(await endGritEncounter(actor)).toBe(1);
    expect(sys(actor)._source.grit).toMatchObject({ value: 0, adrenaline: 0 });
    expect(await endGritEncounter(pc({ grit: { value: 3 } }))).toBe(0);
    expect(posts).toHaveLength(1);
    world.gritWounds = false;
    const off = pc({ grit: { value: 3, adrenaline: 1 } });
    expect(await endGritEncounter(off)).toBe(0);
    expect((await off.endEncounter()).injuryRolls).toBeUndefined();
    expect(sys(off)._source.grit.value).toBe(3);
  });
});

describe("Grit and Wounds after the fight (GW-9, GW-3 with OD-2)", () => {
  it("GW-9: bandaging lifts the −2 in one update; refused with nothing to bandage or without the mode", async () => {
    const actor = pc({ grit: { value: 4, wounds: 2, unbandaged: 2 } });
    const spy = vi.spyOn(actor, "update");
    expect(await bandageWounds(actor)).toEqual({ ok: true, n: 2 });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(sys(actor)._source.grit).toMatchObject({ wounds: 2, unbandaged: 0 });
    // The next wound check is back at eff(♥) − damage: 7 − 2 = 5.
    const applied = await actor.applyDamage(2, { woundRoll: 5 });
    expect(applied.grit?.check).toMatchObject({ target: 5, dos: "S" });
    expect(await bandageWounds(actor)).toEqual({ ok: false, problem: "noneUnbandaged" });
    world.gritWounds = false;
    expect(await bandageWounds(pc({ grit: { wounds: 1, unbandaged: 1 } }))).toEqual({
      ok: false,
      problem: "noGrit",
    });
  });

  it("GW-9: from the sheet, bandaging posts a chat line; a refusal warns and posts nothing", async () => {
    const gl = globalThis as unknown as { ui?: unknown };
    const savedUi = gl.ui;
    const warnings: string[] = [];
    gl.ui = { notifications: { warn: (text: string) => warnings.push(text) } };
    const i18n = g.game.i18n as Record<string, unknown>;
    i18n.localize = (key: string) => key;
    try {
      const actor = pc({ grit: { wounds: 2, unbandaged: 2 } });
      expect(await bandageAndAnnounce(actor as never)).toBe(true);
      expect(posts).toHaveLength(1);
      expect(posts[0]?.content).toContain("ZILCH.Grit.Bandaged");
      expect(posts[0]?.content).toContain("&quot;n&quot;:&quot;2&quot;");
      expect(await bandageAndAnnounce(actor as never)).toBe(false);
      expect(posts).toHaveLength(1);
      expect(warnings).toEqual(["ZILCH.Grit.BandageRefused.noneUnbandaged"]);
    } finally {
      gl.ui = savedUi;
    }
  });

  it("GW-9: each Sleep heals one Wound, whatever the ♥ test, and the summary says so", async () => {
    const actor = pc({ grit: { value: 0, wounds: 3, unbandaged: 1 } });
    const outcome = await actor.sleep("F");
    expect(outcome.ok && outcome.summary.woundsHealed).toEqual({ n: 1, wounds: 2 });
    expect(sys(actor)._source.grit).toMatchObject({ wounds: 2, unbandaged: 1 });
    await actor.sleep("CS");
    await actor.sleep("S");
    const last = await actor.sleep("S");
    expect(last.ok && last.summary.woundsHealed).toEqual({ n: 0, wounds: 0 });
    expect(sys(actor)._source.grit).toMatchObject({ wounds: 0, unbandaged: 0 });
  });

  it("GW-9: with the setting off a Sleep leaves the Wound counters alone and reports none", async () => {
    world.gritWounds = false;
    const actor = pc({ grit: { wounds: 2 } });
    const outcome = await actor.sleep("S");
    expect(outcome.ok && outcome.summary.woundsHealed).toBeUndefined();
    expect(sys(actor)._source.grit.wounds).toBe(2);
  });

  it("GW-3: a ♥ ongoing tick is damage through the wound check, not HP; a ♣ poison still drains", async () => {
    const actor = pc({ grit: { value: 5 }, hp: { value: 6 } });
    await actor.addOngoing({ rating: 1, suit: "clubs", modifier: 0, tag: "poison", origin: null });
    await actor.addOngoing({ rating: 2, suit: "hearts", modifier: 0, tag: "burning", origin: null });
    const ticks = await actor.tickOngoing([
      { key: "ongoing.0", dos: "F" },
      { key: "ongoing.1", dos: "CF", woundRoll: 2 },
    ]);
    expect(ticks.map((t) => t.harm)).toEqual(["drain", "damage"]);
    expect(ticks[0]?.grit).toBeNull();
    // CF on rating 2 deals 3: a ♥ test at 7 − 3 = 4, roll 2 → S, Grit 5 − 3 = 2.
    expect(ticks[1]).toMatchObject({
      amount: 3,
      damage: null,
      grit: { grit: 2, check: { target: 4, dos: "S" } },
    });
    expect(sys(actor)._source.hp.value).toBe(6);
    expect(sys(actor)._source.suits.clubs.drain).toBe(1);
    expect(sys(actor)._source.grit).toMatchObject({ value: 2, wounds: 0 });
  });

  it("GW-3: the ongoing wound check is rolled when not given; a failed one wounds", async () => {
    const actor = pc({ grit: { value: 5 }, hp: { value: 6 } });
    await actor.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "burning", origin: null });
    dice.push(9);
    const [tick] = await actor.tickOngoing([{ key: "ongoing.0", dos: "F" }]);
    expect(tick?.grit).toMatchObject({ woundsGained: 1, check: { target: 6, roll: 9, dos: "F" } });
    expect(sys(actor)._source.grit).toMatchObject({ value: 5, wounds: 1, adrenaline: 1, unbandaged: 1 });
    expect(sys(actor)._source.hp.value).toBe(6);
  });

  it("an Enemy keeps HP for ongoing ♥ damage with the setting on", async () => {
    const enemy = npc("enemy", { hp: { value: 5 } });
    await enemy.addOngoing({ rating: 1, suit: "hearts", modifier: 0, tag: "burning", origin: null });
    const [tick] = await enemy.tickOngoing([{ key: "ongoing.0", dos: "F" }]);
    expect(tick?.grit).toBeNull();
    expect((enemy.creature as NpcData)._source.hp.value).toBe(4);
  });
});
