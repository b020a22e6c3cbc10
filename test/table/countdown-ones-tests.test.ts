/**
 * CD-15 at the table, for tests: a 1 spent for Effort (+2) or Pressure (−2) in a countdown round
 * changes the marked creature's next test rolled from the roll dialog. The player's dialog shows it in
 * the summary, the posted test's target has it, and the active GM's client uses it up through the
 * request channel: only for the creature's owner, and never twice for two rolls at once.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, type Seat, type Table } from "./table";
import { ask, COMBAT, combatantId } from "./play";
import { countdownAttackTable, countdownOn } from "./countdown";
import { DEFAULT_REQUEST } from "../../src/rules/roll-request";
import type { TableClient } from "./client";
import { lookup } from "../support/i18n";

type Who = "ana" | "orc";

const pending = (table: Table, who: Who) =>
  countdownOn(table.gm).participants.find((p) => p.id === combatantId(table, who));

const actorOn = (client: TableClient, who: Who) => client.actors.get(ACTORS[who]._id) as never;

/** What the roll dialog's summary shows `seat` for a plain ♣ test of `who`. */
function summaryOn(table: Table, seat: Seat, who: Who) {
  const client = table.client(seat);
  return client.run(() => {
    const { facts } = client.system.rollerFacts(actorOn(client, who));
    return client.system.rollSummaryContext({ ...DEFAULT_REQUEST, card: "clubs" }, facts);
  });
}

/** `seat` shift-clicks `who`'s ♣ card: the dialog's defaults are rolled at once (the sheet's `rollCard`). */
async function rollClubs(table: Table, seat: Seat, who: Who): Promise<void> {
  const client = table.client(seat);
  await table.act(seat, () =>
    client.system.openRollDialog(actorOn(client, who), { card: "clubs", fastForward: true }),
  );
}

/** The targets of the test cards posted so far, as the GM's client holds them (oldest first). */
function testTargets(table: Table): number[] {
  return table.gm.messages.contents.flatMap((m) => {
    const test = m.getFlag("zilch", "test") as { test: { target: number } } | undefined;
    return test ? [test.test.target] : [];
  });
}

/** The Effort and Pressure notes of the test cards posted so far, as the GM's client shows them. */
function cardNotes(table: Table): string[][] {
  return table.gm.messages.contents
    .filter((m) => m.getFlag("zilch", "test") !== undefined)
    .map((m) => [...m.content.matchAll(/<p class="ones-note">([^<]*)<\/p>/g)].map((hit) => hit[1]));
}

async function spendEffort(table: Table): Promise<void> {
  const ana = combatantId(table, "ana");
  expect(
    await ask(table, "alice", { kind: "spendOne", combatId: COMBAT, combatantId: ana, use: "effort" }),
  ).toBe(true);
  expect(pending(table, "ana")?.effort).toBe(true);
}

describe("CD-15: Effort and Pressure reach a test from the roll dialog", () => {
  it("Alice's Effort for Ana: the summary says +2, her test's target is 2 higher, and the GM uses it up", async () => {
    const table = await countdownAttackTable(["ana"]);
    const plain = summaryOn(table, "alice", "ana").summary.target;
    await spendEffort(table);
    const shown = summaryOn(table, "alice", "ana");
    expect(shown.summary.ones).toEqual({ effort: 2, pressure: 0 });
    expect(shown.onesText.effort).toBe("+2");
    expect(shown.summary.target).toBe(plain + 2);
    await rollClubs(table, "alice", "ana");
    expect(testTargets(table)).toEqual([plain + 2]);
    // Used up on the GM's client, and every client sees it gone.
    expect(pending(table, "ana")?.effort).toBe(false);
    expect(summaryOn(table, "alice", "ana").summary.ones).toEqual({ effort: 0, pressure: 0 });
    // The next test is a plain one again.
    await rollClubs(table, "alice", "ana");
    expect(testTargets(table)).toEqual([plain + 2, plain]);
    // The card says why its target is 2 higher; the plain one says nothing.
    expect(cardNotes(table)).toEqual([["Effort +2 to the target (a 1 spent for it)."], []]);
    expect(table.alice.notices.filter((n) => n.level !== "info")).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the orc's 1 Pressures Ana: her test is −2, shown as such, and the Pressure is used up", async () => {
    const table = await countdownAttackTable(["orc"]);
    const plain = summaryOn(table, "alice", "ana").summary.target;
    const [orc, ana] = [combatantId(table, "orc"), combatantId(table, "ana")];
    expect(
      await ask(table, "gm", {
        kind: "spendOne",
        combatId: COMBAT,
        combatantId: orc,
        use: "pressure",
        target: ana,
      }),
    ).toBe(true);
    const shown = summaryOn(table, "alice", "ana");
    expect(shown.summary.ones).toEqual({ effort: 0, pressure: -2 });
    expect(shown.onesText.pressure).toBe("\u22122");
    await rollClubs(table, "alice", "ana");
    expect(testTargets(table)).toEqual([plain - 2]);
    expect(cardNotes(table)).toEqual([["Pressure \u22122 to the target (a 1 an enemy spent)."]]);
    expect(pending(table, "ana")?.pressured).toBe(false);
  });

  it("Bob cannot use up Ana's Effort: refused with a reason, and it still waits for her test", async () => {
    const table = await countdownAttackTable(["ana"]);
    await spendEffort(table);
    const ana = combatantId(table, "ana");
    const before = countdownOn(table.gm);
    expect(
      await ask(table, "bob", {
        kind: "usePendingOnes",
        combatId: COMBAT,
        combatantId: ana,
        effort: true,
        pressure: false,
      }),
    ).toBe(false);
    expect(table.bob.notices.at(-1)).toEqual({
      level: "warn",
      message: lookup("ZILCH.Combat.Error.notOwner"),
    });
    expect(countdownOn(table.gm)).toEqual(before);
  });

  it("two rolls at once: only one takes the Effort; the other is refused, rolls nothing and says why", async () => {
    const table = await countdownAttackTable(["ana"]);
    const plain = summaryOn(table, "alice", "ana").summary.target;
    await spendEffort(table);
    const client = table.alice;
    const roll = () =>
      client.system.openRollDialog(actorOn(client, "ana"), { card: "clubs", fastForward: true });
    await table.act("alice", () => Promise.all([roll(), roll()]));
    expect(testTargets(table)).toEqual([plain + 2]);
    expect(pending(table, "ana")?.effort).toBe(false);
    const warned = client.notices.filter((n) => n.level === "warn");
    expect(warned).toHaveLength(1);
    expect(warned[0].message).toBe(lookup("ZILCH.Combat.Error.Countdown.notPending"));
  });

  it("a test outside any Effort or Pressure asks the GM for nothing", async () => {
    const table = await countdownAttackTable([]);
    const plain = summaryOn(table, "alice", "ana").summary.target;
    const before = countdownOn(table.gm);
    await rollClubs(table, "alice", "ana");
    expect(testTargets(table)).toEqual([plain]);
    expect(countdownOn(table.gm)).toEqual(before);
  });
});
