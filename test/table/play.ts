/**
 * What a person at the table does, through the system's own entry points on that person's client:
 * the GM starts the combat and moves rounds on; a player (or the GM for its NPCs) asks for a stance,
 * an end of turn, a countdown choice… through the system's request function, exactly as the tracker's
 * buttons do. Each helper runs as the seat's code and waits for the table to settle.
 */
import { expect } from "vitest";
import type { CombatRequest } from "../../src/rules/round/authority";
import type { RoundState } from "../../src/rules/round/state";
import type { Seat, Table } from "./table";
import { ACTORS } from "./table";
import type { TableClient } from "./client";
import type { TableCombat } from "./documents";

export const COMBAT = "combatTable00001";

type ActorKey = keyof typeof ACTORS;

/** The combat as `client` holds it. */
export function combatOn(client: TableClient): TableCombat {
  const combat = client.combats.get(COMBAT);
  if (!combat) throw new Error(`${client.name} holds no combat ${COMBAT}`);
  return combat;
}

/** The combatant id of an actor in the table's combat. */
export function combatantId(table: Table, actor: ActorKey): string {
  const combatant = table.server.combat(COMBAT).combatants.find((c) => c.actorId === ACTORS[actor]._id);
  if (!combatant) throw new Error(`no combatant for ${actor}`);
  return combatant._id;
}

/** The public round state as `client` reads it (the combat's flag, or the system's own reader). */
export function roundOn(client: TableClient): RoundState | undefined {
  return client.run(() => combatOn(client).getFlag("zilch", "round") as RoundState | undefined);
}

/** The GM (or whoever) starts the combat from the tracker: `Combat#startCombat`. */
export async function startCombat(table: Table, seat: Seat = "gm"): Promise<void> {
  await table.act(seat, () => combatOn(table.client(seat)).startCombat());
}

/** The tracker's Next Round button: `Combat#nextRound`. */
export async function nextRound(table: Table, seat: Seat = "gm"): Promise<void> {
  await table.act(seat, () => combatOn(table.client(seat)).nextRound());
}

/**
 * A request through the system's channel on `seat`'s client (what a tracker button calls); resolves
 * with whether the system reported success to that user.
 */
export async function ask(table: Table, seat: Seat, request: CombatRequest): Promise<boolean> {
  const client = table.client(seat);
  const result = await client.run(() => client.system.requestCombat(request));
  await table.settle();
  return result;
}

/** ST-1: `seat` declares `stance` for `actor`'s combatant. */
export function declare(table: Table, seat: Seat, actor: ActorKey, stance: string): Promise<boolean> {
  return ask(table, seat, {
    kind: "declareStance",
    combatId: COMBAT,
    combatantId: combatantId(table, actor),
    stance: stance as never,
  });
}

/** ST-1: Alice, Bob and the GM declare `stance` for Ana, Bo and the orc, each accepted. */
export async function everyoneDeclares(table: Table, stance = "bold"): Promise<void> {
  for (const [seat, actor] of [
    ["alice", "ana"],
    ["bob", "bo"],
    ["gm", "orc"],
  ] as const)
    expect(await declare(table, seat, actor, stance)).toBe(true);
}

/** ST-1: Alice, Bob and the GM declare each of Ana's, Bo's and the orc's stance in `stances`, each accepted. */
export async function declareAll(
  table: Table,
  stances: Readonly<Record<"ana" | "bo" | "orc", string>>,
): Promise<void> {
  expect(await declare(table, "alice", "ana", stances.ana)).toBe(true);
  expect(await declare(table, "bob", "bo", stances.bo)).toBe(true);
  expect(await declare(table, "gm", "orc", stances.orc)).toBe(true);
}

/** CB-2: `seat` ends `actor`'s Spades turn. */
export function endTurn(table: Table, seat: Seat, actor: ActorKey): Promise<boolean> {
  return ask(table, seat, { kind: "endTurn", combatId: COMBAT, combatantId: combatantId(table, actor) });
}

/** The GM's Next button: the next Spades turn or countdown call. */
export function nextCall(table: Table, seat: Seat = "gm"): Promise<boolean> {
  return ask(table, seat, { kind: "nextCall", combatId: COMBAT });
}

/**
 * INI-4, CB-2: the GM moves `actor` to the head of the Spades order (the tracker's up button) and
 * starts the turns, so `actor` acts first; true once it is its turn.
 */
export async function firstTurnTo(table: Table, actor: ActorKey): Promise<boolean> {
  const id = combatantId(table, actor);
  for (let n = 0; n < 4 && roundOn(table.gm)?.order[0] !== id; n++)
    if (!(await ask(table, "gm", { kind: "reorder", combatId: COMBAT, combatantId: id, direction: "up" })))
      return false;
  return (await nextCall(table)) && currentActor(table, table.gm) === actor;
}

/** The actor key whose combatant is acting in Spades mode now, per `client`'s copy. */
export function currentActor(table: Table, client: TableClient): ActorKey | null {
  const id = roundOn(client)?.current ?? null;
  if (id === null) return null;
  return (Object.keys(ACTORS) as ActorKey[]).find((k) => combatantId(table, k) === id) ?? null;
}

/** Ends Spades turns, each from its actor's seat, until it is `actor`'s turn; true once it is. */
export async function endTurnsUntil(table: Table, actor: ActorKey, limit = 3): Promise<boolean> {
  for (let n = 0; n < limit && currentActor(table, table.gm) !== actor; n++) {
    const current = currentActor(table, table.gm)!;
    if (!(await endTurn(table, seatOf(current), current))) return false;
  }
  return currentActor(table, table.gm) === actor;
}

/** ST-1, CB-2: Ana declares Cautious, Bo and the orc Bold; once shown, turns end until Ana's. */
export async function cautiousAnasTurn(table: Table): Promise<void> {
  expect(await declare(table, "alice", "ana", "cautious")).toBe(true);
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  expect(await nextCall(table)).toBe(true);
  expect(await endTurnsUntil(table, "ana")).toBe(true);
}

/** The actions `actor`'s turn has recorded, as the GM's client stores them in the combat's flags. */
export function turnActions(table: Table, actor: ActorKey): readonly string[] {
  const stored = table.gm.combats.get(COMBAT)!.getFlag("zilch", "combatants") as Record<
    string,
    { turn?: { actions: string[] } }
  >;
  return stored[combatantId(table, actor)]?.turn?.actions ?? [];
}

/** Every notice `seat`'s client has shown, as one string. */
export function noticesOn(table: Table, seat: Seat): string {
  return table
    .client(seat)
    .notices.map((n) => n.message)
    .join(" ");
}

/** The chat as the server holds it: each message's content, one a line. */
export function chatText(table: Table): string {
  return table.server.world.messages.map((m) => m.content).join("\n");
}

/** Who may act for an actor: its owner's seat, the GM for NPCs. */
export function seatOf(actor: ActorKey): Seat {
  return actor === "ana" ? "alice" : actor === "bo" ? "bob" : "gm";
}

/** The steps of a Spades round, as `playSpadesRound` reaches them. */
export type SpadesStep =
  | "started"
  | "aliceDeclared"
  | "bobDeclared"
  | "shown"
  | "firstTurn"
  | "turnEnded:1"
  | "turnEnded:2"
  | "turnEnded:3"
  | "nextRound";

/** What a Spades round's steps did: every request's answer, in order. */
export interface RoundLog {
  readonly answers: { step: string; ok: boolean }[];
  readonly order: ActorKey[];
}

/**
 * A full Spades round of Ana (Alice), Bo (Bob) and the orc (GM), every request from the seat whose
 * button it is; `at` runs extra actions (an attack from a console, a reload…) after a step.
 */
export async function playSpadesRound(
  table: Table,
  at: Partial<Record<SpadesStep, () => Promise<unknown>>> = {},
  stances: { ana?: string; bo?: string; orc?: string } = {},
): Promise<RoundLog> {
  const log: RoundLog = { answers: [], order: [] };
  const step = async (name: SpadesStep, ok?: boolean) => {
    if (ok !== undefined) log.answers.push({ step: name, ok });
    await at[name]?.();
    await table.settle();
  };
  await startCombat(table);
  await step("started");
  await step("aliceDeclared", await declare(table, "alice", "ana", stances.ana ?? "bold"));
  await step("bobDeclared", await declare(table, "bob", "bo", stances.bo ?? "cautious"));
  await step("shown", await declare(table, "gm", "orc", stances.orc ?? "bold"));
  await step("firstTurn", await nextCall(table));
  for (const n of [1, 2, 3] as const) {
    const actor = currentActor(table, table.gm);
    if (actor === null) break;
    log.order.push(actor);
    await step(`turnEnded:${n}`, await endTurn(table, seatOf(actor), actor));
  }
  await nextRound(table);
  await step("nextRound");
  return log;
}

/** The stance `client` shows for `actor`'s combatant, through the system's own reader. */
export function stanceOn(table: Table, client: TableClient, actor: ActorKey): string | null {
  return client.run(() => {
    const combatant = combatOn(client).combatants.get(combatantId(table, actor)) as unknown as {
      zilchRound: { stance: string | null };
    };
    return combatant.zilchRound.stance;
  });
}

/** The GM's Force reveal button (ST-1). */
export function forceReveal(table: Table, seat: Seat = "gm"): Promise<boolean> {
  return ask(table, seat, { kind: "forceReveal", combatId: COMBAT });
}

/** Every combatant takes its turn (its owner ends it, or the GM for a seat that is away). */
export async function playTurns(table: Table, away: readonly Seat[] = []): Promise<string[]> {
  const order: string[] = [];
  if (!(await nextCall(table))) return order;
  for (let n = 0; n < 3; n++) {
    const actor = currentActor(table, table.gm);
    if (actor === null) break;
    order.push(actor);
    const seat = away.includes(seatOf(actor)) ? "gm" : seatOf(actor);
    if (!(await endTurn(table, seat, actor))) break;
  }
  return order;
}

/**
 * The token HUD's combat toggle on `seat`'s client: `actor`'s token on the scene that client views
 * joins the viewed combat (`game.combat`), created from that user's own client with the token's ids
 * and no name (foundryvtt#8797, #10735). Resolves with the new combatant's id.
 */
export async function toggleIntoCombat(table: Table, seat: Seat, actor: ActorKey): Promise<string> {
  const client = table.client(seat);
  const created = await client.run(async () => {
    const token = client.actors.get(ACTORS[actor]._id)!.getActiveTokens(false, true)[0];
    if (!token) throw new Error(`${actor} has no token on ${seat}'s canvas`);
    const combat = client.combats.get(game.combat!.id!)!;
    return combat.createEmbeddedDocuments("Combatant", [
      { tokenId: token.id, sceneId: token.parent!.id, actorId: token.actorId, hidden: false },
    ]);
  });
  await table.settle();
  return created[0]!.id;
}

/** The GM removes `actor`'s combatant from the combat (the tracker's Remove Combatant). */
export async function removeFromCombat(table: Table, actor: ActorKey): Promise<void> {
  const id = combatantId(table, actor);
  await table.act("gm", () => combatOn(table.gm).deleteEmbeddedDocuments("Combatant", [id]));
}
