/**
 * At the table, once Ana's hit on the orc has its damage rolled, the card's "apply to
 * selected tokens" sends the clicking user's selection to the active GM through the one request
 * channel. A player may apply it only to tokens they own; the GM to any; the same card's damage never
 * lands twice on one token, even when two clicks arrive together.
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
  stateOn,
  TOKENS,
} from "./attack-card";
import { ACTORS, USERS, type Seat, type Table } from "./table";

/** The GM's dice seed under which Ana's first swing hits (as in attack-card.test.ts). */
const HIT_SEED = 5;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 12;
type Who = keyof typeof TOKENS;

/** Ana attacks the orc; the card is played up to the GM's Apply step, its damage rolled. */
async function rolledCard(): Promise<Table> {
  const table = await attackTable({ seeds: { gm: HIT_SEED }, cryptoSeeds: { gm: CRYPTO_GM } });
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  for (let n = 0; n < 10 && stateOn(table.gm)?.step !== "apply"; n++) {
    const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
    expect(await clickStep(table, seat, kind, extra)).toEqual({ ok: true });
  }
  expect(stateOn(table.gm)?.step).toBe("apply");
  return table;
}

const uuidOf = (who: Who) => `Scene.${SCENE}.Token.${TOKENS[who]}`;

/** `seat` clicks "apply to selected tokens" with these tokens selected; the request as the button sends it. */
function ask(table: Table, seat: Seat, tokens: readonly Who[]): Promise<RequestResult> {
  const client = table.client(seat);
  const message = cardOn(client)!;
  return client.run(() =>
    client.system.askGM(client.system.applySelectedRequest, {
      messageId: message.id,
      tokenUuids: tokens.map(uuidOf),
    }),
  );
}

async function applySelected(table: Table, seat: Seat, tokens: readonly Who[]): Promise<RequestResult> {
  const result = await ask(table, seat, tokens);
  await table.settle();
  return result;
}

/** What the server holds of a creature's vitals (HP, drain, Grit). */
const vitals = (table: Table, who: Who) => JSON.stringify(table.server.actor(ACTORS[who]._id).system);

describe("apply a card's damage to the selected tokens", () => {
  it("a player applies it to their own token; the card records it", async () => {
    const table = await rolledCard();
    const before = vitals(table, "ana");
    expect(await applySelected(table, "alice", ["ana"])).toEqual({ ok: true });
    expect(vitals(table, "ana")).not.toBe(before);
    expect(cardOn(table.bob)!.getFlag("zilch", "appliedTo")).toEqual([uuidOf("ana")]);
    // The card's own step is untouched: the GM still applies the damage to the orc.
    expect(stateOn(table.gm)?.step).toBe("apply");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a player is refused for another's token, and nothing is applied to any token of that request", async () => {
    const table = await rolledCard();
    const before = [vitals(table, "ana"), vitals(table, "bo"), vitals(table, "orc")];
    const result = await applySelected(table, "alice", ["ana", "bo"]);
    expect(result).toMatchObject({ ok: false, code: "notOwner", data: { names: "Bo" } });
    expect(await applySelected(table, "bob", ["orc"])).toMatchObject({ ok: false, code: "notOwner" });
    expect([vitals(table, "ana"), vitals(table, "bo"), vitals(table, "orc")]).toEqual(before);
    expect(cardOn(table.gm)!.getFlag("zilch", "appliedTo")).toBeUndefined();
  });

  it("the GM applies it to several tokens at once, each taking it once", async () => {
    const table = await rolledCard();
    const before = { bo: vitals(table, "bo"), orc: vitals(table, "orc"), ana: vitals(table, "ana") };
    expect(await applySelected(table, "gm", ["bo", "orc"])).toEqual({ ok: true });
    expect(vitals(table, "bo")).not.toBe(before.bo);
    expect(vitals(table, "orc")).not.toBe(before.orc);
    expect(vitals(table, "ana")).toBe(before.ana);
    const again = await applySelected(table, "gm", ["orc"]);
    expect(again).toMatchObject({ ok: false, code: "alreadyApplied", data: { names: "Orc" } });
  });

  it("two clicks at once apply it once: the same end as one click", async () => {
    const once = await rolledCard();
    expect(await applySelected(once, "alice", ["ana"])).toEqual({ ok: true });
    const table = await rolledCard();
    const results = await Promise.all([ask(table, "alice", ["ana"]), ask(table, "alice", ["ana"])]);
    await table.settle();
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: "alreadyApplied" });
    expect(vitals(table, "ana")).toBe(vitals(once, "ana"));
    expect(cardOn(table.gm)!.getFlag("zilch", "appliedTo")).toEqual([uuidOf("ana")]);
  });

  it("a malformed request (no tokens, a repeated token, not a list) is refused", async () => {
    const table = await rolledCard();
    const client = table.alice;
    const message = cardOn(client)!;
    for (const tokenUuids of [[], [uuidOf("ana"), uuidOf("ana")], uuidOf("ana")]) {
      const r = await client.run(() =>
        client.system.askGM(client.system.applySelectedRequest, { messageId: message.id, tokenUuids }),
      );
      expect(r).toMatchObject({ ok: false, code: "malformed" });
    }
  });
});

describe("apply to selected trusts only the cards the GM's client sealed", () => {
  it("a card a player copied from a real one, with its damage raised, applies nothing", async () => {
    const table = await rolledCard();
    const real = stateOn(table.gm)!;
    const before = [vitals(table, "orc"), vitals(table, "bo")];
    const forged = {
      ...real,
      declaration: { ...real.declaration, weaponValue: 99 },
    };
    const created = await table.act("alice", () =>
      ChatMessage.create({ type: "attack", system: { ...forged, seq: 3 }, content: "forged" } as never),
    );
    const id = (created as unknown as { id: string }).id;
    const client = table.client("gm");
    const result = await client.run(() =>
      client.system.askGM(client.system.applySelectedRequest, {
        messageId: id,
        tokenUuids: [uuidOf("orc"), uuidOf("bo")],
      }),
    );
    await table.settle();
    expect(result).toMatchObject({ ok: false, code: "unsealed" });
    expect([vitals(table, "orc"), vitals(table, "bo")]).toEqual(before);
  });

  it("a finished card still applies from its seal; a player's copy of it, damage raised, applies nothing", async () => {
    const table = await rolledCard();
    for (let n = 0; n < 10 && stateOn(table.gm)?.step !== "done"; n++) {
      const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
      expect(await clickStep(table, seat, kind, extra)).toEqual({ ok: true });
    }
    const done = stateOn(table.gm)!;
    expect(done.step).toBe("done");
    const bo = vitals(table, "bo");
    expect(await applySelected(table, "gm", ["bo"])).toEqual({ ok: true });
    expect(vitals(table, "bo")).not.toBe(bo);
    const forged = { ...done, declaration: { ...done.declaration, weaponValue: 99 } };
    const created = await table.act("alice", () =>
      ChatMessage.create({ type: "attack", system: { ...forged, seq: 9 }, content: "forged" } as never),
    );
    const orc = vitals(table, "orc");
    const client = table.client("gm");
    const result = await client.run(() =>
      client.system.askGM(client.system.applySelectedRequest, {
        messageId: (created as unknown as { id: string }).id,
        tokenUuids: [uuidOf("orc")],
      }),
    );
    await table.settle();
    expect(result).toMatchObject({ ok: false, code: "unsealed" });
    expect(vitals(table, "orc")).toBe(orc);
  });

  it("a sealed card applies; once deleted, its id re-created by a player applies nothing", async () => {
    const table = await rolledCard();
    const card = cardOn(table.gm)!;
    const source = structuredClone(table.server.world.messages.find((m) => m._id === card.id)!);
    expect(await applySelected(table, "gm", ["bo"])).toEqual({ ok: true });
    await table.act("gm", () => cardOn(table.gm)!.delete());
    const seals = table.server.world.settings["zilch.attackSeals"] as Record<string, unknown>;
    expect(Object.keys(seals)).not.toContain(card.id);
    const before = vitals(table, "orc");
    await table.act("alice", () =>
      ChatMessage.create({ ...source, author: USERS.alice._id } as never, { keepId: true }),
    );
    const again = await ask(table, "gm", ["orc"]);
    await table.settle();
    expect(again).toMatchObject({ ok: false, code: "unsealed" });
    expect(vitals(table, "orc")).toBe(before);
  });
});
