/**
 * T-4, T-5, B-1 and SK-5 at the table: what Alice's roll dialog shows for Ana (its summary, read
 * from Ana's document by the system's `rollerFacts`) and the test card its Roll button posts (the
 * system's `rollChoice` on her client), with Ana's ♦ 7 so every target is easy to read.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table, USERS } from "./table";
import { DEFAULT_REQUEST, type RollRequest } from "../../src/rules/roll-request";
import type { TestCardFlags } from "../../src/dice/test-roll";
import type { RollMode } from "../../src/dice/roll-mode";

const SUITS = {
  clubs: { primary: 9, secondary: 9 },
  spades: { primary: 8, secondary: 8 },
  diamonds: { primary: 7, secondary: 7 },
  hearts: { primary: 6, secondary: 6 },
};
/** Under this seed, the first d12 Alice's client rolls shows 9 (checked on every card below). */
const NINE = 3;

async function anaAtTable(): Promise<Table> {
  const t = await Table.open();
  await t.act("gm", () => t.gm.actors.get(ACTORS.ana._id)!.update({ system: { suits: SUITS } } as never));
  return t;
}

const diamonds = (change: Partial<RollRequest>): RollRequest => ({
  ...DEFAULT_REQUEST,
  card: "diamonds",
  save: false,
  ...change,
});

/** What Alice's roll dialog shows for Ana's ♦ test with `change`. */
function summary(t: Table, change: Partial<RollRequest>) {
  const alice = t.alice;
  return alice.run(() => {
    const { facts } = alice.system.rollerFacts(alice.actors.get(ACTORS.ana._id) as never);
    return alice.system.rollSummaryContext(diamonds(change), facts).summary;
  });
}

/** Alice rolls Ana's ♦ test with `change` from the dialog; her d12 shows 9. The card's result words. */
async function rolled(t: Table, change: Partial<RollRequest>) {
  const alice = t.alice;
  alice.reseed(NINE);
  const request = diamonds(change);
  await alice.run(() =>
    alice.system.rollChoice(
      alice.actors.get(ACTORS.ana._id) as never,
      { request, skillId: undefined, opponent: "", opponentCard: "diamonds", opponentModifier: 0 },
      null,
    ),
  );
  await t.settle();
  const message = [...t.gm.messages.values()].at(-1)!;
  const flags = message.getFlag("zilch", "test") as TestCardFlags;
  expect(flags.test.dice).toEqual({ d12: 9 });
  return { target: flags.test.target, content: message.content };
}

describe("T-5: the dialog's difficulty presets reach the target", () => {
  it("T-5: Ana's ♦ 7 is 2 very hard, 5 hard, 7 normal, 9 easy; the rolled 9 fails at 7 and succeeds when easy", async () => {
    const t = await anaAtTable();
    expect(summary(t, { difficulty: "veryHard" }).target).toBe(2);
    expect(summary(t, { difficulty: "hard" }).target).toBe(5);
    expect(summary(t, { difficulty: "normal" }).target).toBe(7);
    expect(summary(t, { difficulty: "easy" }).target).toBe(9);
    expect(await rolled(t, {})).toMatchObject({ target: 7, content: expect.stringContaining("Failure") });
    const easy = await rolled(t, { difficulty: "easy" });
    expect(easy.target).toBe(9);
    expect(easy.content).toContain("Success");
    expect(easy.content).not.toContain("Failure");
  });

  it("T-5: easy with a free +3 (+5 in all) suggests no roll is needed; easy alone does not", async () => {
    const t = await anaAtTable();
    expect(summary(t, { difficulty: "easy", modifier: 3 }).noRollNeeded).toBe(true);
    expect(summary(t, { difficulty: "easy" }).noRollNeeded).toBe(false);
  });
});

describe("B-1 and T-4: the chance the dialog shows", () => {
  it("B-1: Ana's ♦ 7 succeeds on a d12 of 7 or less: 58.3%", async () => {
    const t = await anaAtTable();
    expect(summary(t, {}).chance).toBe(58.3);
  });

  it("T-4: targets 11 and 12 both show 91.7% and the plateau hint; 10 shows neither; 20 always succeeds", async () => {
    const t = await anaAtTable();
    expect(summary(t, { modifier: 4 })).toMatchObject({ target: 11, chance: 91.7, plateau: true });
    expect(summary(t, { modifier: 5 })).toMatchObject({ target: 12, chance: 91.7, plateau: true });
    expect(summary(t, { modifier: 3 }).plateau).toBe(false);
    expect(summary(t, { modifier: 13 })).toMatchObject({ target: 20, chance: 100 });
  });
});

describe("SK-5: untrained caps a success at F", () => {
  it("SK-5: ticked, the rolled 9 against 14 is a Failure on the card, and the dialog shows 0%", async () => {
    const t = await anaAtTable();
    expect(summary(t, { modifier: 7, untrained: true })).toMatchObject({ target: 14, chance: 0 });
    const capped = await rolled(t, { modifier: 7, untrained: true });
    expect(capped.target).toBe(14);
    expect(capped.content).toContain("Failure");
    expect(capped.content).not.toContain("Critical success");
    expect((await rolled(t, { modifier: 7 })).content).toContain("Critical success");
  });
});

describe("the roll dialog's 'Who sees the roll' reaches the card", () => {
  /** Alice rolls Ana's ♦ test with the mode chosen in the dialog; the message as the GM's world holds it. */
  async function rolledAs(t: Table, rollMode: RollMode | undefined) {
    const alice = t.alice;
    const choice = {
      request: diamonds({}),
      skillId: undefined,
      opponent: "",
      opponentCard: "diamonds" as const,
      opponentModifier: 0,
      ...(rollMode ? { rollMode } : {}),
    };
    await alice.run(() => alice.system.rollChoice(alice.actors.get(ACTORS.ana._id) as never, choice, null));
    await t.settle();
    return [...t.gm.messages.values()].at(-1)!;
  }

  it("'Me and the GM' whispers the card to the GM, 'Only me' to Alice, the GM-only choice is blind to her", async () => {
    const t = await anaAtTable();
    // The chat log's own mode is public: what the dialog chose, not the chat log, decides.
    const gm = await rolledAs(t, "gm");
    expect(gm.whisper).toContain(USERS.gm._id);
    expect(gm.whisper).not.toContain(USERS.bob._id);
    const self = await rolledAs(t, "self");
    expect([...self.whisper]).toEqual([USERS.alice._id]);
    const blind = await rolledAs(t, "blind");
    expect(blind.blind).toBe(true);
    expect(blind.whisper).toContain(USERS.gm._id);
    const everyone = await rolledAs(t, "public");
    expect([...everyone.whisper]).toEqual([]);
    expect(everyone.blind).toBe(false);
  });
});
