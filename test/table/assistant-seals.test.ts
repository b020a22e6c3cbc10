/**
 * Attack cards when the Assistant GM is the active GM. The cards' seals live in a world setting, which
 * needs SETTINGS_MODIFY; an Assistant GM lacks it unless the Gamemaster grants it (#11678, FOUNDRY-FACTS
 * "Assistant GMs and other users"; the table's permission configuration gives it to the GAMEMASTER
 * only). Such an Assistant could seal nothing, so it refuses a declaration and a step before anything
 * happens, and says why in words; it still applies a sealed card's damage to selected tokens, and a
 * card it deletes keeps no seal. Granted the permission, it runs cards as the Gamemaster does.
 */
import { describe, expect, it } from "vitest";
import type { RequestResult } from "../../src/requests/channel";
import {
  attackTable,
  attackWithSword,
  cardOn,
  clickStep,
  nextClick,
  SCENE,
  seqOn,
  stateOn,
  TOKENS,
} from "./attack-card";
import { publicWorld } from "./attacks";
import { ROLES } from "./permissions";
import type { Browser } from "./client";
import { ACTORS, EVERY_SEAT_SEEDED, USERS, type Table } from "./table";

/** The GM's dice seed under which Ana's first swing hits (as in attack-card.test.ts). */
const HIT_SEED = 5;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 12;
/** The secret draws under which Ana's swing at Bo hits when her turn's start drew her domino first. */
const CRYPTO_HIT = 5;
const open = (crypto = CRYPTO_GM) =>
  attackTable({
    seeds: { gm: HIT_SEED, assistant: HIT_SEED },
    cryptoSeeds: { ...EVERY_SEAT_SEEDED, gm: crypto, assistant: crypto },
  });
const CANNOT_SEAL = "may not change world settings, where attack cards are recorded";
const SEALS = "zilch.attackSeals";

/** The Gamemaster leaves (its browser's storage returned); the Assistant GM is the active GM on every client. */
async function assistantRuns(table: Table): Promise<Browser> {
  const storage = await table.leave("gm");
  expect(table.alice.run(() => game.users!.activeGM?.id)).toBe(USERS.assistant._id);
  return storage;
}

const words = (table: Table, seat: "alice" | "assistant") =>
  table
    .client(seat)
    .notices.map((n) => n.message)
    .join(" ");

/** The active GM's client sends "apply to selected" for the card `messageId` with `who`'s token selected. */
async function applySelected(
  table: Table,
  messageId: string,
  who: keyof typeof TOKENS,
): Promise<RequestResult> {
  const client = table.client(
    table.alice.run(() => game.users!.activeGM!.id) === USERS.gm._id ? "gm" : "assistant",
  );
  const result: RequestResult = await client.run(() =>
    client.system.askGM(client.system.applySelectedRequest, {
      messageId,
      tokenUuids: [`Scene.${SCENE}.Token.${TOKENS[who]}`],
    }),
  );
  await table.settle();
  return result;
}

/** What the server holds of a creature's vitals (HP, drain, Grit). */
const vitals = (table: Table, who: keyof typeof TOKENS) =>
  JSON.stringify(table.server.actor(ACTORS[who]._id).system);

describe("an Assistant GM without SETTINGS_MODIFY as the active GM", () => {
  it("refuses a player's attack before anything happens, and the player is told why", async () => {
    const table = await open();
    await assistantRuns(table);
    const before = publicWorld(table);
    expect(await attackWithSword(table, "alice", "orc")).toBe(false);
    // No card, no turn recorded, no domino revealed, no seal write refused by the server.
    expect(publicWorld(table)).toEqual(before);
    expect(cardOn(table.alice)).toBeUndefined();
    expect(table.server.refusals).toEqual([]);
    expect(words(table, "alice")).toContain(CANNOT_SEAL);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("refuses its own attack for a creature the same way", async () => {
    const table = await open();
    await assistantRuns(table);
    const before = publicWorld(table);
    expect(await attackWithSword(table, "assistant", "orc")).toBe(false);
    expect(publicWorld(table)).toEqual(before);
    expect(words(table, "assistant")).toContain(CANNOT_SEAL);
  });

  it("refuses a step on a card the Gamemaster opened, and leaves the card as it was", async () => {
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
    expect(seat).toBe("alice");
    await assistantRuns(table);
    const before = publicWorld(table);
    expect(await clickStep(table, "alice", kind, extra)).toMatchObject({ ok: false, code: "cannotSeal" });
    expect(publicWorld(table)).toEqual(before);
    expect(table.server.refusals).toEqual([]);
  });

  it("applies a sealed card's damage to selected tokens; a card it deletes cannot come back under its id", async () => {
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    for (let n = 0; n < 10 && stateOn(table.gm)?.step !== "apply"; n++) {
      const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
      expect(await clickStep(table, seat, kind, extra)).toEqual({ ok: true });
    }
    expect(stateOn(table.gm)?.step).toBe("apply");
    const card = cardOn(table.gm)!;
    const source = structuredClone(table.server.world.messages.find((m) => m._id === card.id)!);
    const storage = await assistantRuns(table);
    const bo = vitals(table, "bo");
    expect(await applySelected(table, card.id, "bo")).toEqual({ ok: true });
    expect(vitals(table, "bo")).not.toBe(bo);
    // The Assistant GM deletes the card: it may not drop the seal from the store, so it notes the id.
    await table.act("assistant", () => cardOn(table.assistant)!.delete());
    expect(Object.keys(table.server.world.settings[SEALS] as object)).toContain(card.id);
    await table.act("alice", () =>
      ChatMessage.create({ ...source, author: USERS.alice._id } as never, { keepId: true }),
    );
    const orc = vitals(table, "orc");
    expect(await applySelected(table, card.id, "orc")).toMatchObject({ ok: false, code: "unsealed" });
    // The Gamemaster comes back and runs the game again: the re-created card is still not its own.
    await table.join("gm", storage);
    expect(table.alice.run(() => game.users!.activeGM?.id)).toBe(USERS.gm._id);
    expect(await applySelected(table, card.id, "orc")).toMatchObject({ ok: false, code: "unsealed" });
    expect(vitals(table, "orc")).toBe(orc);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("an Assistant GM granted SETTINGS_MODIFY as the active GM", () => {
  it("opens, seals and steps attack cards as the Gamemaster does", async () => {
    const table = await open(CRYPTO_HIT);
    table.server.permissions = {
      ...table.server.permissions,
      SETTINGS_MODIFY: [ROLES.ASSISTANT, ROLES.GAMEMASTER],
    };
    await assistantRuns(table);
    // Ana's swing at Bo hits on these draws (at the orc it misses, and a spent card keeps no seal).
    expect(await attackWithSword(table, "alice", "bo")).toBe(true);
    const card = cardOn(table.alice)!;
    expect(card._source.author).toBe(USERS.assistant._id);
    expect(Object.keys(table.server.world.settings[SEALS] as object)).toEqual([card.id]);
    const [seat, kind, extra] = nextClick(stateOn(table.assistant)!);
    expect(seat).toBe("alice");
    expect(await clickStep(table, "alice", kind, extra)).toEqual({ ok: true });
    // The step was applied and sealed: the card moved on to step number 2, and its seal with it.
    expect(seqOn(table.alice)).toBe(2);
    expect(table.server.world.settings[SEALS]).toEqual({ [card.id]: expect.objectContaining({ seq: 2 }) });
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });
});
