/**
 * A card the GM's seal does not vouch for (a player's own message with a card's data, or a deleted
 * card's id re-created by a player) shows as such on every client: it is marked as not verified and
 * offers no control and no "apply to selected" button, to anyone. The GM's own card is not marked.
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWithSword, cardOn, clickStep, nextClick, stateOn } from "./attack-card";
import { USERS, type Seat, type Table } from "./table";

/** The GM's dice seed under which Ana's first swing hits (as in attack-card.test.ts). */
const HIT_SEED = 5;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 12;
const SEATS: readonly Seat[] = ["gm", "alice", "bob"];

/** Ana hits the orc; the card is played up to the GM's Apply step, its damage rolled. */
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

/** The message `id` as each seat's chat log shows it (its stored content when nothing is added). */
async function shown(table: Table, id: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const seat of SEATS) {
    const client = table.client(seat);
    const message = client.messages.get(id)!;
    const html = await client.run(() => client.system.cardHtmlFor(message as never, client.user as never));
    out[seat] = html ?? String(message.content);
  }
  return out;
}

const UNVERIFIED = 'class="unverified"';
const APPLY = 'data-action="zilchApplySelected"';

describe("an unsealed card shows as such to everyone", () => {
  it("the GM's sealed card is not marked and offers the GM its apply button", async () => {
    const table = await rolledCard();
    const views = await shown(table, cardOn(table.gm)!.id);
    for (const seat of SEATS) expect(views[seat]).not.toContain(UNVERIFIED);
    expect(views.gm).toContain(APPLY);
  });

  it("each client draws a card again when its seal changes, so a step's first render is not left marked", async () => {
    const table = await rolledCard();
    const id = cardOn(table.gm)!.id;
    for (const seat of SEATS) table.client(seat).rerendered.length = 0;
    const [seat, kind, extra] = nextClick(stateOn(table.gm)!);
    expect(await clickStep(table, seat, kind, extra)).toEqual({ ok: true });
    await table.settle();
    for (const s of SEATS) expect(table.client(s).rerendered).toContain(id);
  });

  it("a player's copy of a real card, its damage raised, is marked on every client with no button", async () => {
    const table = await rolledCard();
    const real = stateOn(table.gm)!;
    const forged = { ...real, declaration: { ...real.declaration, weaponValue: 99 } };
    const created = await table.act("alice", () =>
      ChatMessage.create({ type: "attack", system: { ...forged, seq: 3 }, content: "" } as never),
    );
    const views = await shown(table, (created as unknown as { id: string }).id);
    for (const seat of SEATS) {
      expect(views[seat]).toContain(UNVERIFIED);
      expect(views[seat]).not.toContain("data-action=");
    }
  });

  it("a deleted card's id re-created by a player holds no seal and is marked on every client", async () => {
    const table = await rolledCard();
    const card = cardOn(table.gm)!;
    const source = structuredClone(table.server.world.messages.find((m) => m._id === card.id)!);
    await table.act("gm", () => cardOn(table.gm)!.delete());
    await table.act("alice", () =>
      ChatMessage.create({ ...source, author: USERS.alice._id } as never, { keepId: true }),
    );
    await table.settle();
    const seals = table.server.world.settings["zilch.attackSeals"] as Record<string, unknown>;
    expect(Object.keys(seals)).not.toContain(card.id);
    const views = await shown(table, card.id);
    for (const seat of SEATS) {
      expect(views[seat]).toContain(UNVERIFIED);
      expect(views[seat]).not.toContain(APPLY);
    }
  });

  it("a GM's card between its write and its seal is drawn without controls but not marked", async () => {
    const table = await rolledCard();
    const card = cardOn(table.gm)!;
    // The GM's client writes a step; its seal follows once the update has come back. Here it never
    // comes, so every client sees the GM's newest write with only the earlier step's seal.
    const state = stateOn(table.gm)!;
    await table.act("gm", () =>
      card.update({
        system: {
          ...state,
          declaration: { ...state.declaration, weaponValue: state.declaration.weaponValue + 1 },
        },
      } as never),
    );
    const views = await shown(table, card.id);
    for (const seat of SEATS) {
      expect(views[seat]).not.toContain(UNVERIFIED);
      expect(views[seat]).not.toContain(APPLY);
    }
  });
});
