/**
 * Cues at the table: the player whose Spades turn it is, whose countdown call it is, who must declare a
 * stance, or whose window on an attack card waits, is told on their own client: a notification and,
 * as the world's `cueKind` says, a sound (unless their device mutes it) or a whisper to themselves.
 * Nobody else is told, the GMs get none, and a cue never tells a secret: with different secret stances
 * the other player's cues are the same.
 */
import { describe, expect, it } from "vitest";
import { attackWithSword, attackWorld, clickStep, stateOn } from "./attack-card";
import { countdownOn, countdownStep, countdownWorld, type CountdownLog } from "./countdown";
import {
  combatantId,
  currentActor,
  declare,
  endTurn,
  firstTurnTo,
  nextCall,
  seatOf,
  startCombat,
  everyoneDeclares,
} from "./play";
import { ACTORS, defaultWorld, Table, USERS, type Seat } from "./table";

const SEATS = ["gm", "assistant", "alice", "bob"] as const;

/** The cue notices `seat`'s client has shown (info notices; refusals are warnings). */
const cuesOn = (table: Table, seat: Seat) =>
  table
    .client(seat)
    .notices.filter((n) => n.level === "info")
    .map((n) => n.message);

/** Everything each seat was told from now on: its new info notices and the sounds it played. */
function watch(table: Table) {
  const start = Object.fromEntries(
    SEATS.map((s) => [s, { notices: cuesOn(table, s).length, sounds: table.client(s).sounds.length }]),
  );
  return (seat: (typeof SEATS)[number]) => ({
    notices: cuesOn(table, seat).slice(start[seat].notices),
    sounds: table.client(seat).sounds.slice(start[seat].sounds).length,
  });
}

describe("cues: whose turn, call or declaration it is", () => {
  it("at round start only the players are told to declare, each for their own combatant, with a sound", async () => {
    const table = await Table.open();
    const told = watch(table);
    await startCombat(table);
    expect(told("alice")).toEqual({
      notices: ["Declare a stance for Ana in the combat tracker."],
      sounds: 1,
    });
    expect(told("bob")).toEqual({ notices: ["Declare a stance for Bo in the combat tracker."], sounds: 1 });
    expect(told("gm")).toEqual({ notices: [], sounds: 0 });
    expect(told("assistant")).toEqual({ notices: [], sounds: 0 });
    const sound = table.alice.run(() => CONFIG.sounds.notification);
    expect(table.alice.sounds.at(-1)?.src).toBe(sound);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("in Spades order, each turn's owner is told once, and nobody else", async () => {
    const table = await Table.open();
    await startCombat(table);
    await everyoneDeclares(table);
    const told = watch(table);
    expect(await nextCall(table)).toBe(true);
    for (let n = 0; n < 3; n++) {
      const actor = currentActor(table, table.gm);
      if (actor === null) break;
      expect(await endTurn(table, seatOf(actor), actor)).toBe(true);
    }
    expect(told("alice").notices).toEqual(["It is Ana's turn."]);
    expect(told("bob").notices).toEqual(["It is Bo's turn."]);
    expect(told("alice").sounds).toBe(1);
    expect(told("gm").notices).toEqual([]);
    expect(told("assistant").notices).toEqual([]);
  });

  it("in the countdown, the called participant's owner is told at each of its calls", async () => {
    const table = await Table.open({ world: countdownWorld(), seats: ["gm", "assistant", "alice", "bob"] });
    await startCombat(table);
    await everyoneDeclares(table);
    const told = watch(table);
    const calls: Record<string, number> = { ana: 0, bo: 0, orc: 0 };
    const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
    let last: string | null = null;
    for (let n = 0; n < 60 && countdownOn(table.gm).phase !== "closed"; n++) {
      await countdownStep(table, log);
      const cd = countdownOn(table.gm);
      const key = cd.current ? `${cd.calls.length}:${cd.current}` : null;
      if (cd.current && key !== last)
        for (const actor of ["ana", "bo", "orc"] as const)
          if (combatantId(table, actor) === cd.current) calls[actor]++;
      last = key;
    }
    expect(calls.ana + calls.bo, "the players were called").toBeGreaterThan(0);
    expect(told("alice").notices).toEqual(
      Array(calls.ana).fill("Ana is called: answer the call in the combat tracker."),
    );
    expect(told("bob").notices).toEqual(
      Array(calls.bo).fill("Bo is called: answer the call in the combat tracker."),
    );
    expect(told("gm").notices).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("cues: as the table chooses", () => {
  it("a player who mutes the sound on their device still gets the notification", async () => {
    const table = await Table.open();
    table.alice.clientSettingValues.set("zilch.cueSoundMuted", true);
    const told = watch(table);
    await startCombat(table);
    expect(told("alice")).toEqual({
      notices: ["Declare a stance for Ana in the combat tracker."],
      sounds: 0,
    });
    expect(told("bob").sounds).toBe(1);
  });

  it("with whispers, each player's client whispers the cue to that player alone; no sound", async () => {
    const table = await Table.open({ world: defaultWorld({ "zilch.cueKind": "whisper" }) });
    const before = table.server.world.messages.length;
    const told = watch(table);
    await startCombat(table);
    const whispers = table.server.world.messages
      .slice(before)
      .filter((m) => (m.whisper ?? []).length > 0)
      .map((m) => ({ to: m.whisper, by: m.author, text: m.content }))
      .sort((a, b) => String(a.by).localeCompare(String(b.by)));
    expect(whispers).toEqual([
      {
        to: [USERS.alice._id],
        by: USERS.alice._id,
        text: "<p>Declare a stance for Ana in the combat tracker.</p>",
      },
      {
        to: [USERS.bob._id],
        by: USERS.bob._id,
        text: "<p>Declare a stance for Bo in the combat tracker.</p>",
      },
    ]);
    expect(told("alice").sounds + told("bob").sounds).toBe(0);
    expect(told("alice").notices).toHaveLength(1);
  });

  it("with notifications only, nothing more", async () => {
    const table = await Table.open({ world: defaultWorld({ "zilch.cueKind": "notification" }) });
    const before = table.server.world.messages.length;
    const told = watch(table);
    await startCombat(table);
    expect(told("alice")).toEqual({
      notices: ["Declare a stance for Ana in the combat tracker."],
      sounds: 0,
    });
    expect(table.server.world.messages.length - before).toBe(1); // the round's own chat line
  });
});

describe("cues: an attack card's window", () => {
  it("the attacker's owner is told when its window waits, then the defender's owner for theirs", async () => {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { ...ana.system, boons: 1 };
    const bo = world.actors.find((a) => a._id === ACTORS.bo._id)!;
    bo.system = { ...bo.system, boons: 1 };
    const table = await Table.open({ world });
    await startCombat(table);
    await everyoneDeclares(table);
    expect(await firstTurnTo(table, "ana")).toBe(true);
    let told = watch(table);
    expect(await attackWithSword(table, "alice", "bo")).toBe(true);
    expect(stateOn(table.gm)?.step).toBe("attacker");
    const text = "Ana attacks Bo: the attack card waits for your choices.";
    expect(told("alice").notices).toEqual([text]);
    expect(told("bob").notices).toEqual([]);
    told = watch(table);
    expect(await clickStep(table, "alice", "commitAttacker")).toEqual({ ok: true });
    expect(stateOn(table.gm)?.step).toBe("defender");
    expect(told("bob").notices).toEqual([text]);
    expect(told("alice").notices).toEqual([]);
    expect(told("gm").notices).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("cues tell no secret", () => {
  async function bobsCues(orc: string) {
    const table = await Table.open({ seeds: { gm: 9 } });
    const told = watch(table);
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "gm", "orc", orc)).toBe(true);
    expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
    expect(await nextCall(table)).toBe(true);
    return { bob: told("bob"), alice: told("alice") };
  }

  it("the players' cues are the same whatever stance the orc declared in secret", async () => {
    const reckless = await bobsCues("reckless");
    const guarded = await bobsCues("guarded");
    expect(reckless.bob.notices).toContain("Declare a stance for Bo in the combat tracker.");
    expect(reckless).toEqual(guarded);
    expect(JSON.stringify(reckless)).not.toMatch(/Reckless|Guarded|Bold|Cautious/);
  });
});
