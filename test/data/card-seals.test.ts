import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { canonicalJson, hashCardState, MAX_SEALS, nextSeals, sealProblem } from "../../src/requests/seal";
import { installStandIn } from "../stand-in";
import type * as Seals from "../../src/documents/attack/seals";
import type * as Flow from "../../src/applications/combat/attack-flow";
import type { AttackCardData } from "../../src/data/chat/attack-card";

/**
 * The active GM applies a step only to attack-card state it wrote itself, at the
 * step number the asker saw; a player-made message with attack data, a changed card, a replayed or
 * double-clicked step applies nothing.
 */
describe("seals (pure)", () => {
  it("hashes equal data alike whatever its key order, and different data differently", async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    expect(await hashCardState({ x: 1, y: 2 })).toBe(await hashCardState({ y: 2, x: 1 }));
    expect(await hashCardState({ x: 1 })).not.toBe(await hashCardState({ x: 2 }));
  });

  it("refuses a card with no seal, a changed card, and a step asked at another step number", async () => {
    const card = { state: { step: "damage", hp: 3 }, seq: 4 };
    const seal = { hash: await hashCardState(card), seq: 4 };
    expect(await sealProblem(seal, card, 4)).toBeNull();
    expect(await sealProblem(undefined, card, 4)).toBe("unsealed");
    expect(await sealProblem(seal, { ...card, state: { step: "damage", hp: 30 } }, 4)).toBe("unsealed");
    expect(await sealProblem(seal, { ...card, seq: 5 }, 5)).toBe("unsealed");
    expect(await sealProblem(seal, card, 3)).toBe("staleStep");
    expect(await sealProblem(seal, card, undefined)).toBe("staleStep");
  });

  it("keeps one seal per live card: a finished card's and a deleted message's seals go", () => {
    const seals = { a: { hash: "h", seq: 1 }, gone: { hash: "h", seq: 2 } };
    const exists = (id: string) => id !== "gone";
    expect(nextSeals(seals, "b", { hash: "k", seq: 1 }, exists)).toEqual({
      a: { hash: "h", seq: 1 },
      b: { hash: "k", seq: 1 },
    });
    expect(nextSeals(seals, "a", null, exists)).toEqual({});
  });

  it("keeps only the newest MAX_SEALS: the oldest cards' seals go first, the written one stays", () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_SEALS }, (_, i) => [`m${i}`, { hash: "h", seq: 1 }]),
    );
    const next = nextSeals(many, "new", { hash: "k", seq: 1 }, () => true);
    expect(Object.keys(next)).toHaveLength(MAX_SEALS);
    expect(next.m0).toBeUndefined();
    expect(next.m1).toBeDefined();
    expect(next.new).toEqual({ hash: "k", seq: 1 });
  });
});

/**
 * A chat message as the GM's client holds it: an `attack` message whose `system` is the card model,
 * or (`legacy`) a message that kept the card in `flags.zilch` before the subtype.
 */
class FakeMessage {
  system: unknown = {};
  flags: Record<string, Record<string, unknown>> = {};
  constructor(
    readonly id: string,
    card: { attack: Record<string, unknown>; attackSeq: number },
    legacy = false,
  ) {
    if (legacy) this.flags = { zilch: card };
    else this.system = new AttackCard({ ...card.attack, seq: card.attackSeq } as never);
  }
}

let seals: typeof Seals;
let AttackCard: typeof AttackCardData;
let flow: typeof Flow;
let world: Record<string, unknown>;
const messages = new Map<string, FakeMessage>();
const GM = { isGM: true, id: "gm" } as never;

beforeAll(async () => {
  installStandIn();
  for (const name of ["Combat", "Combatant", "Actor", "Item"]) Reflect.set(globalThis, name, class {});
  Reflect.set(globalThis, "CONFIG", { Dice: { randomUniform: () => 0.5 }, queries: {} });
  Reflect.set(globalThis, "game", {
    // The Gamemaster, who holds every permission (User#can), SETTINGS_MODIFY included.
    user: { isGM: true, isActiveGM: true, can: () => true },
    messages,
    settings: {
      // World settings as the server holds them; a set resolves once stored (FOUNDRY-FACTS §2, §4).
      register: () => undefined,
      get: (scope: string, key: string) => structuredClone(world[`${scope}.${key}`]),
      set: async (scope: string, key: string, value: unknown) => {
        world[`${scope}.${key}`] = structuredClone(value);
        return value;
      },
    },
  });
  seals = await import("../../src/documents/attack/seals");
  ({ AttackCardData: AttackCard } = await import("../../src/data/chat/attack-card"));
  flow = await import("../../src/applications/combat/attack-flow");
});

beforeEach(() => {
  world = { "zilch.attackSeals": {} };
  messages.clear();
});

const state = { step: "apply", attacker: { actorId: "Actor.a" }, defender: { actorId: "Actor.d" } };
const step = (messageId: string, seq: number | undefined) =>
  flow.handleAttackStep({ messageId, kind: "applyDamage", seq }, GM);

describe("attack steps only on sealed cards", () => {
  it("a player's own message with attack data, whatever it claims, applies nothing", async () => {
    messages.set("forged", new FakeMessage("forged", { attack: state, attackSeq: 1 }));
    expect(await step("forged", 1)).toEqual({ ok: false, code: "unsealed" });
  });

  it("a card the GM sealed and someone changed since applies nothing", async () => {
    const message = new FakeMessage("m1", { attack: state, attackSeq: 3 });
    messages.set("m1", message);
    await seals.sealCard(message as never);
    expect(world["zilch.attackSeals"]).toMatchObject({ m1: { seq: 3 } });
    message.system = new AttackCard({
      ...state,
      seq: 3,
      defender: { actorId: "Actor.someoneElse" },
    } as never);
    expect(await step("m1", 3)).toEqual({ ok: false, code: "unsealed" });
  });

  it("a card kept in flags before the subtype is sealed and checked the same way", async () => {
    const message = new FakeMessage("old", { attack: state, attackSeq: 2 }, true);
    messages.set("old", message);
    expect(await step("old", 2)).toEqual({ ok: false, code: "unsealed" });
    await seals.sealCard(message as never);
    expect(seals.cardSeq(message as never)).toBe(2);
    expect(world["zilch.attackSeals"]).toMatchObject({ old: { seq: 2 } });
    message.flags.zilch!.attack = { ...state, defender: { actorId: "Actor.someoneElse" } };
    expect(await step("old", 2)).toEqual({ ok: false, code: "unsealed" });
  });

  it("a replayed or double-clicked step (an old step number) applies nothing", async () => {
    const message = new FakeMessage("m2", { attack: state, attackSeq: 3 });
    messages.set("m2", message);
    await seals.sealCard(message as never);
    expect(seals.cardSeq(message as never)).toBe(3);
    expect(await step("m2", 2)).toEqual({ ok: false, code: "staleStep" });
    expect(await step("m2", undefined)).toEqual({ ok: false, code: "staleStep" });
  });

  it("a finished card's seal is dropped, with those of deleted messages", async () => {
    const live = new FakeMessage("live", { attack: state, attackSeq: 1 });
    const done = new FakeMessage("done", { attack: { ...state, step: "done" }, attackSeq: 5 });
    messages.set("live", live);
    messages.set("done", done);
    await Promise.all([seals.sealCard(live as never), seals.sealCard(done as never)]);
    expect(Object.keys(world["zilch.attackSeals"] as object)).toEqual(["live"]);
    messages.delete("live");
    await seals.sealCard(new FakeMessage("other", { attack: state, attackSeq: 1 }) as never);
    expect(Object.keys(world["zilch.attackSeals"] as object)).toEqual(["other"]);
  });
});
