import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installStandIn } from "../stand-in";
import { installClients, ROLES, StandInWorld, type StandInClient } from "../stand-in/users";
import { hashRequestKey, keyProves, newRequestKey } from "../../src/requests/identity";
import type * as Channel from "../../src/requests/channel";
import { lookup } from "../support/i18n";

/**
 * The one request channel, through the stand-in's v13 query contract (handlers are
 * called `(data, { timeout })`, never told the sender). A GM, an Assistant GM and two players, each
 * on its own client.
 */
let channel: typeof Channel;
let world: StandInWorld;
let gm: StandInClient, assistant: StandInClient, ana: StandInClient, bo: StandInClient;
const seen: { type: string; sender: string; payload: unknown }[] = [];

const table: Channel.RequestTable = {
  echo: async (payload, sender) => {
    seen.push({ type: "echo", sender: sender.id!, payload });
    return { ok: true };
  },
  refuse: async () => ({ ok: false, code: "notOwner" }),
  hang: () => new Promise(() => undefined),
  explode: async () => {
    throw new Error("boom");
  },
};

const warned = (client: StandInClient) => client.notices.filter((n) => n.level === "warn").map((n) => n.text);

beforeAll(async () => {
  installStandIn();
  Reflect.set(globalThis, "CONFIG", { queries: {} });
  installClients();
  channel = await import("../../src/requests/channel");
  channel.registerRequestChannel(table);
});

beforeEach(async () => {
  world = new StandInWorld();
  const users = {
    gm: world.addUser("gmUser0000000001", ROLES.gamemaster),
    assistant: world.addUser("assistant0000001", ROLES.assistant),
    ana: world.addUser("anaUser000000001", ROLES.player),
    bo: world.addUser("boUser0000000001", ROLES.player),
  };
  [gm, assistant, ana, bo] = [users.gm, users.assistant, users.ana, users.bo].map((u) => world.connect(u));
  world.activeGMId = users.gm.id;
  seen.length = 0;
  // Every client publishes its key at `ready`; a query goes to the GM's client, which must see the hash.
  for (const client of [gm, assistant, ana, bo])
    expect(await client.run(() => channel.publishRequestKey())).toBe(true);
});

afterEach(() => vi.useRealTimers());

describe("identity (pure)", () => {
  it("hashes with SHA-256 and accepts only the key whose hash was published", async () => {
    expect(await hashRequestKey("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const key = newRequestKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(newRequestKey()).not.toBe(key);
    const published = await hashRequestKey(key);
    expect(await keyProves(key, published)).toBe(true);
    expect(await keyProves(newRequestKey(), published)).toBe(false);
    expect(await keyProves(published, published)).toBe(false);
    expect(await keyProves(key, undefined)).toBe(false);
    expect(await keyProves(undefined, published)).toBe(false);
    expect(await keyProves(key.toUpperCase(), published)).toBe(false);
  });
});

describe("askGM and the handler table", () => {
  it("has a notice in lang/en.json for every refusal the channel makes", () => {
    expect(channel.CHANNEL_CODES.filter((code) => !lookup(`ZILCH.Request.Error.${code}`))).toEqual([]);
  });

  it("a player's request reaches the handler of its type, with the player as the proven sender", async () => {
    expect(await ana.run(() => channel.askGM("echo", { x: 1 }))).toEqual({ ok: true });
    expect(seen).toEqual([{ type: "echo", sender: "anaUser000000001", payload: { x: 1 } }]);
    expect(warned(ana)).toEqual([]);
  });

  it("the active GM applies its own request locally, as itself", async () => {
    expect(await gm.run(() => channel.askGM("echo", 2))).toEqual({ ok: true });
    expect(seen).toEqual([{ type: "echo", sender: "gmUser0000000001", payload: 2 }]);
  });

  it("an Assistant GM's request goes to the active GM like anyone's", async () => {
    expect(await assistant.run(() => channel.askGM("echo", 3))).toEqual({ ok: true });
    expect(seen.map((s) => s.sender)).toEqual(["assistant0000001"]);
  });

  it("a handler's refusal comes back to the caller to show; an unknown type is the channel's notice", async () => {
    expect(await ana.run(() => channel.askGM("refuse", {}))).toEqual({ ok: false, code: "notOwner" });
    expect(warned(ana)).toEqual([]);
    expect(await ana.run(() => channel.askGM("toString", {}))).toMatchObject({
      code: "unknownRequest",
      notified: true,
    });
    expect(warned(ana)).toEqual(["ZILCH.Request.Error.unknownRequest"]);
  });

  it("a handler that throws refuses with a notice and the GM's client carries on", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await bo.run(() => channel.askGM("explode", {}))).toMatchObject({ ok: false, code: "failed" });
    expect(warned(bo)).toEqual(["ZILCH.Request.Error.failed"]);
    expect(await bo.run(() => channel.askGM("echo", 4))).toEqual({ ok: true });
  });

  it("with no active GM the user is told plainly and nothing is sent", async () => {
    world.activeGMId = null;
    expect(await ana.run(() => channel.askGM("echo", 5))).toMatchObject({ ok: false, code: "noGM" });
    expect(warned(ana)).toEqual(["ZILCH.Request.Error.noGM"]);
    world.disconnect(gm.user);
    world.activeGMId = gm.user.id;
    expect(await ana.run(() => channel.askGM("echo", 5))).toMatchObject({ code: "noGM" });
    expect(seen).toEqual([]);
  });

  it("a GM that does not answer within about 15 s, nor says then what became of it, gives a timeout notice", async () => {
    vi.useFakeTimers();
    const asked = ana.run(() => channel.askGM("hang", {}));
    // The request runs on the GM's client and never ends: asked what became of it, the GM cannot say.
    await vi.advanceTimersByTimeAsync(channel.REQUEST_TIMEOUT_MS + channel.WITHDRAW_TIMEOUT_MS + 2_000);
    expect(await asked).toMatchObject({ ok: false, code: "timeout", notified: true });
    expect(warned(ana)).toEqual(["ZILCH.Request.Error.timeout"]);
  });

  it("an answered request leaves no timer of its own pending", async () => {
    // Only the timeouts are fake: the key's digest is real async work that may take a while under load.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let answer: unknown;
    const asked = ana.run(() => channel.askGM("echo", 7)).then((a) => (answer = a));
    for (let step = 0; step < 400 && answer === undefined; step++) {
      await vi.advanceTimersByTimeAsync(10);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await asked;
    expect(answer).toEqual({ ok: true });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("what a console can forge is refused by the active GM", () => {
  const send = (from: StandInClient, to: StandInClient, data: unknown) =>
    from.run(() => to.user.query(channel.REQUEST_QUERY, data, { timeout: 1000 }));
  /** A well-formed request id (a console can make one up as easily as the client draws it). */
  const id = "0123456789abcdef";

  it("another user's id with one's own key, or with a made-up key, proves nothing", async () => {
    // Ana does not know Bo's or the GM's key (only hashes are published): she makes one up.
    for (const userId of ["boUser0000000001", "gmUser0000000001"]) {
      const forged = { type: "echo", userId, key: newRequestKey(), payload: "forged", id };
      expect(await send(ana, gm, forged)).toEqual({ ok: false, code: "notYou" });
    }
    expect(
      await send(ana, gm, { type: "echo", userId: "nobody0000000001", key: newRequestKey(), payload: 0, id }),
    ).toEqual({
      ok: false,
      code: "unknownUser",
    });
    expect(seen).toEqual([]);
  });

  it("a published hash sent as the key, an absent key or a malformed request is refused", async () => {
    const hash = ana.run(() => ana.user.getFlag("zilch", channel.KEY_FLAG));
    expect(
      await send(ana, gm, { type: "echo", userId: "anaUser000000001", key: hash, payload: 0, id }),
    ).toEqual({
      ok: false,
      code: "notYou",
    });
    for (const bad of [
      null,
      7,
      "echo",
      { type: "echo", userId: "anaUser000000001" },
      { type: 1, userId: "x", key: "y" },
      { type: "echo", userId: "anaUser000000001", key: hash, payload: 0 },
      { type: "echo", userId: "anaUser000000001", key: hash, payload: 0, id: "not-an-id" },
    ])
      expect(await send(ana, gm, bad)).toEqual({ ok: false, code: "malformed" });
    expect(seen).toEqual([]);
  });

  it("a client that is not the active GM refuses any request, even a well-formed one", async () => {
    expect(
      await send(ana, assistant, { type: "echo", userId: "anaUser000000001", key: "", payload: 0 }),
    ).toEqual({
      ok: false,
      code: "notActiveGM",
    });
    expect(await send(ana, bo, { type: "echo", userId: "anaUser000000001", key: "", payload: 0 })).toEqual({
      ok: false,
      code: "notActiveGM",
    });
    expect(seen).toEqual([]);
  });

  it("a player cannot publish a hash on another user's User document", async () => {
    const hash = await hashRequestKey(newRequestKey());
    await expect(ana.run(() => bo.user.setFlag("zilch", channel.KEY_FLAG, hash))).rejects.toThrow(
      /permission/,
    );
    expect(bo.run(() => bo.user.getFlag("zilch", channel.KEY_FLAG))).not.toBe(hash);
  });

  it("a key published again (a reload) replaces the old one: the old key proves nothing more", async () => {
    await ana.run(() => channel.publishRequestKey());
    expect(await ana.run(() => channel.askGM("echo", 6))).toEqual({ ok: true });
    expect(seen.map((s) => s.sender)).toEqual(["anaUser000000001"]);
  });
});
