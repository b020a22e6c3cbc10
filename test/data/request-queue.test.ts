import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installStandIn } from "../stand-in";
import { installClients, ROLES, StandInWorld, type StandInClient } from "../stand-in/users";
import { FairQueue, HELD_PER_SENDER, WAITING_PER_LANE, type Admission } from "../../src/requests/queue";
import { Answers, KEPT_MS, KEPT_PER_SENDER } from "../../src/requests/answers";
import type * as Channel from "../../src/requests/channel";

/**
 * The applier under load: other users' requests wait their turn per lane, round-robin between
 * senders, capped per sender (`busy` at once), repeats sharing one answer, never run once their
 * sender was told they were not; and the sender is told "not applied" only on the GM's word.
 */
const admission = (sender: string, id: string, over: Partial<Admission> = {}): Admission => ({
  sender,
  id,
  lane: "combat.1",
  repeat: null,
  waitMs: 7_500,
  ...over,
});

/** A request the test finishes by hand; `ran` lists the ids that started, in order. */
function gates() {
  const ran: string[] = [];
  const open = new Map<string, () => void>();
  const run = (id: string) => () => {
    ran.push(id);
    return new Promise<string>((resolve) => open.set(id, () => resolve(id)));
  };
  const finish = async (id: string) => {
    open.get(id)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { ran, run, finish };
}

afterEach(() => vi.useRealTimers());

describe("the fair queue (pure)", () => {
  it("takes a lane's next request from each sender in turn, so one sender's burst waits behind another's click", async () => {
    const queue = new FairQueue<string>();
    const { ran, run, finish } = gates();
    for (const id of ["a1", "a2", "a3", "a4"]) void queue.admit(admission("alice", id), run(id));
    void queue.admit(admission("bob", "b1"), run("b1"));
    await finish("a1");
    expect(ran).toEqual(["a1", "a2"]);
    await finish("a2");
    expect(ran).toEqual(["a1", "a2", "b1"]);
  });

  it("answers busy at once past a sender's cap in a lane, and past its cap in all lanes; others still get in", async () => {
    const queue = new FairQueue<string>();
    const { ran, run } = gates();
    const answers = [];
    for (let i = 0; i <= WAITING_PER_LANE + 1; i++)
      answers.push(queue.admit(admission("alice", `a${i}`), run(`a${i}`)));
    // One runs, WAITING_PER_LANE wait, the next is refused before anything else happens.
    expect(await answers.at(-1)).toEqual({ ok: false, code: "busy" });
    for (let i = 0; i < HELD_PER_SENDER; i++)
      void queue.admit(admission("alice", `c${i}`, { lane: `card.${i}` }), run(`c${i}`));
    expect(ran.filter((id) => id.startsWith("c"))).toHaveLength(HELD_PER_SENDER - WAITING_PER_LANE - 1);
    expect(await queue.admit(admission("alice", "x", { lane: "card.x" }), run("x"))).toEqual({
      ok: false,
      code: "busy",
    });
    void queue.admit(admission("bob", "b1", { lane: "card.y" }), run("b1"));
    expect(ran).toContain("b1");
  });

  it("a repeat of the sender's last waiting request shares its answer; behind a different one it queues", async () => {
    const queue = new FairQueue<string>();
    const { ran, run, finish } = gates();
    void queue.admit(admission("alice", "a0"), run("a0"));
    const bold = queue.admit(admission("alice", "a1", { repeat: "bold" }), run("a1"));
    const again = queue.admit(admission("alice", "a2", { repeat: "bold" }), run("a2"));
    void queue.admit(admission("alice", "a3", { repeat: "reckless" }), run("a3"));
    void queue.admit(admission("alice", "a4", { repeat: "bold" }), run("a4"));
    await finish("a0");
    await finish("a1");
    expect(await again).toBe("a1");
    expect(await bold).toBe("a1");
    await finish("a3");
    expect(ran).toEqual(["a0", "a1", "a3", "a4"]);
  });

  it("a request still waiting when the wait limit runs out, or withdrawn, is answered busy and never runs", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const queue = new FairQueue<string>();
    const { ran, run, finish } = gates();
    void queue.admit(admission("alice", "a0"), run("a0"));
    const late = queue.admit(admission("bob", "b1", { waitMs: 1_000 }), run("b1"));
    const withdrawn = queue.admit(admission("carol", "c1"), run("c1"));
    expect(queue.withdraw("carol", "c1")).toBe(true);
    expect(await withdrawn).toEqual({ ok: false, code: "busy" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await late).toEqual({ ok: false, code: "busy" });
    await finish("a0");
    expect(ran).toEqual(["a0"]);
    // Running or finished: no longer withdrawn.
    expect(queue.withdraw("alice", "a0")).toBe(false);
  });
});

describe("the book of answers (pure)", () => {
  it("keeps each sender's newest answers; pushing out a young one makes an unknown id 'may have been answered' for a while", () => {
    let now = 0;
    const book = new Answers<string>(() => now);
    book.set("alice", "a", Promise.resolve("a"));
    now = KEPT_MS;
    for (let i = 0; i < KEPT_PER_SENDER; i++) book.set("alice", `x${i}`, Promise.resolve("x"));
    // The oldest went, but it was old: nothing a question can still come for.
    expect(book.get("alice", "a")).toBeUndefined();
    expect(book.get("alice", "x0")).toBeDefined();
    expect(book.mayHaveForgotten("alice")).toBe(false);
    book.set("alice", "y", Promise.resolve("y"));
    expect(book.get("alice", "x0")).toBeUndefined();
    expect(book.mayHaveForgotten("alice")).toBe(true);
    expect(book.mayHaveForgotten("bob")).toBe(false);
    now += KEPT_MS;
    expect(book.mayHaveForgotten("alice")).toBe(false);
  });
});

describe("the channel: nothing applied after its sender was told it was not", () => {
  let channel: typeof Channel;
  let world: StandInWorld;
  let gm: StandInClient, ana: StandInClient;
  const applied: unknown[] = [];
  let release: (() => void) | null = null;

  beforeAll(async () => {
    installStandIn();
    Reflect.set(globalThis, "CONFIG", { queries: {} });
    installClients();
    channel = await import("../../src/requests/channel");
    channel.registerRequestChannel(
      {
        echo: async (payload) => {
          applied.push(payload);
          return { ok: true };
        },
        // Holds its lane until the test releases it.
        hold: () => new Promise((resolve) => (release = () => resolve({ ok: true }))),
      },
      { echo: () => ({ lane: "lane", repeat: null }), hold: () => ({ lane: "lane", repeat: null }) },
    );
  });

  beforeEach(async () => {
    world = new StandInWorld();
    const users = {
      gm: world.addUser("gmUser0000000001", ROLES.gamemaster),
      ana: world.addUser("anaUser000000001", ROLES.player),
    };
    [gm, ana] = [users.gm, users.ana].map((u) => world.connect(u));
    world.activeGMId = users.gm.id;
    applied.length = 0;
    for (const client of [gm, ana]) expect(await client.run(() => channel.publishRequestKey())).toBe(true);
  });

  const warned = (client: StandInClient) =>
    client.notices.filter((n) => n.level === "warn").map((n) => n.text);

  /** The GM's User as Ana's client sends to it, with the first query kept back or its answer lost. */
  function interfere(how: "lost on the way" | "answer lost"): () => Promise<unknown> {
    const real = gm.user.query.bind(gm.user);
    let held: () => Promise<unknown> = () => Promise.resolve();
    let first = true;
    gm.user.query = (name: string, data: unknown, options?: { timeout?: number }) => {
      if (!first) return real(name, data, options);
      first = false;
      if (how === "lost on the way") {
        held = () => ana.run(() => real(name, data, options));
        return new Promise(() => undefined);
      }
      return real(name, data, options).then(() => new Promise(() => undefined));
    };
    return () => held();
  }

  it("a request lost on the way: the GM says it never came, Ana is told busy, and the copy arriving later is refused", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const arrivesLate = interfere("lost on the way");
    const asked = ana.run(() => channel.askGM("echo", "late"));
    await vi.advanceTimersByTimeAsync(channel.REQUEST_TIMEOUT_MS + 1_000);
    expect(await asked).toMatchObject({ ok: false, code: "busy", notified: true });
    expect(warned(ana)).toEqual(["ZILCH.Request.Error.busy"]);
    const late = arrivesLate();
    await vi.advanceTimersByTimeAsync(100);
    expect(await late).toEqual({ ok: false, code: "busy" });
    expect(applied).toEqual([]);
  });

  it("an answer lost on the way back: asked what became of it, the GM gives the answer it gave", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    interfere("answer lost");
    const asked = ana.run(() => channel.askGM("echo", "once"));
    await vi.advanceTimersByTimeAsync(channel.REQUEST_TIMEOUT_MS + 1_000);
    expect(await asked).toEqual({ ok: true });
    expect(applied).toEqual(["once"]);
    expect(warned(ana)).toEqual([]);
  });

  it("the GM drops a request that waited half the sender's time limit, answers busy, and never applies it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const holding = ana.run(() => channel.askGM("hold", {}));
    await vi.advanceTimersByTimeAsync(10);
    const waiting = ana.run(() => channel.askGM("echo", "waited"));
    await vi.advanceTimersByTimeAsync(channel.REQUEST_TIMEOUT_MS / 2 + 10);
    expect(await waiting).toMatchObject({ ok: false, code: "busy" });
    release!();
    await vi.advanceTimersByTimeAsync(10);
    expect(await holding).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(channel.REQUEST_TIMEOUT_MS * 2);
    expect(applied).toEqual([]);
  });

  it("the GM's own request skips the players' queue", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const holding = ana.run(() => channel.askGM("hold", {}));
    await vi.advanceTimersByTimeAsync(10);
    const own = gm.run(() => channel.askGM("echo", "gm"));
    await vi.advanceTimersByTimeAsync(10);
    expect(await own).toEqual({ ok: true });
    expect(applied).toEqual(["gm"]);
    release!();
    await vi.advanceTimersByTimeAsync(10);
    expect(await holding).toEqual({ ok: true });
  });
});
