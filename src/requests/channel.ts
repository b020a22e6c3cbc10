/**
 * The one request channel from any client to the active GM's client
 * (docs/multiplayer.md holds the contract and why it holds).
 *
 * - `askGM(type, payload)` is the only way a client asks for a change it may not write itself. On the
 *   active GM's own client it applies at once; otherwise it sends ONE query, `zilch.request`, to the
 *   active GM only (never to any GM: a second GM is not the one that applies; FOUNDRY-FACTS §1,
 *   draw-steel helpers/sockets.mjs, dnd5e request-message-data.mjs).
 * - The query handler (`receiveRequest`) is called by v13 as `(data, { timeout })`: Foundry does not
 *   pass the sender (FOUNDRY-FACTS §1; foundryvtt#13418). The sender's id travels in the payload and
 *   is proven by the key whose hash that user published on its own User document (./identity.ts).
 * - Only the active GM's client applies, and of its tabs only the one that leads (./applier.ts): a
 *   GM's other tab hands what it is asked to that one, and a request handed over twice (a query that
 *   reached both tabs) is applied once.
 * - Each request type has one handler in one table (src/setup/queries.ts). A handler gets the payload
 *   as `unknown` (a console can send anything) and the proven sender.
 * - Other users' requests wait their turn per lane, capped per sender (./queue.ts); the active GM's
 *   own never wait there. A sender that hears nothing in time asks what became of its request and
 *   tells its user "not applied" only on the GM's word (docs/multiplayer.md §1 "Timeouts", §4).
 */
import { SYSTEM_ID } from "../data/settings";
import { hashRequestKey, keyProves, newRequestKey } from "./identity";
import { keyOverwritten, watchKeyWrites } from "./key-writes";
import {
  forwardToLeader,
  isApplier,
  leaderKnown,
  leadsHere,
  announceKeyHash,
  keyHashEchoed,
  onForwarded,
  runsElsewhere,
  randomId,
  type Forwarded,
} from "./applier";
import { BUSY, FairQueue } from "./queue";
import { Answers } from "./answers";

/** The single query name registered in CONFIG.queries. */
export const REQUEST_QUERY = "zilch.request";
/** About 15 s; v13's own behaviour on timeout is unknown (FOUNDRY-FACTS §11.2). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** How long a sender waits for the answer to "what became of my request?" after its own wait ran out. */
export const WITHDRAW_TIMEOUT_MS = 5_000;
/** The channel's own request type: the sender gave up on a request and asks what became of it. */
export const WITHDRAW_REQUEST = "withdraw";
/** The User flag holding the SHA-256 hash of the user's request key. */
export const KEY_FLAG = "requestKey";
/** How long a GM's browser that another browser of the same GM replaced waits before refusing. */
const ELSEWHERE_ANSWER_MS = 10_000;
/** How long a client waits before asking once more when the GM has not yet seen its published key. */
const KEY_RETRY_MS = 1_000;

export type RequestResult =
  | { ok: true }
  | {
      ok: false;
      code: string;
      data?: Record<string, string>;
      /** The channel has already told the user why (the caller shows nothing more). */
      notified?: boolean;
    };

/** Applies one request type on the active GM's client, as the proven sender. */
export type RequestHandler = (payload: unknown, sender: User.Implementation) => Promise<RequestResult>;
export type RequestTable = Readonly<Record<string, RequestHandler>>;
/**
 * Where another user's request of one type waits on the applier (./queue.ts): the lane its handler
 * serialises on, and a repeat key when repeating it changes nothing. Null: it runs at once (a payload
 * the handler refuses anyway).
 */
export type RequestRoute = (payload: unknown) => { lane: string; repeat: string | null } | null;
export type RouteTable = Readonly<Record<string, RequestRoute>>;

/**
 * What travels in the query: the type, the claimed sender, its key, the type's own payload, and a
 * random id by which the GM's leading tab applies a request it is handed twice only once.
 */
export interface RequestEnvelope {
  readonly type: string;
  readonly userId: string;
  readonly key: string;
  readonly payload: unknown;
  readonly id: string;
}

/** Refusals the channel itself makes; each has `ZILCH.Request.Error.<code>`, shown by askGM. */
export const CHANNEL_CODES = [
  "noGM",
  "noIdentity",
  "timeout",
  "busy",
  "failed",
  "notActiveGM",
  "malformed",
  "unknownRequest",
  "unknownUser",
  "notYou",
  "otherBrowser",
  "gmTwice",
] as const;
export type ChannelCode = (typeof CHANNEL_CODES)[number];
const CHANNEL: ReadonlySet<string> = new Set(CHANNEL_CODES);

let table: RequestTable = {};
let routes: RouteTable = {};
/**
 * This client's secret key and the promise that its hash is on its User document. A browser holds
 * only its own user's entry; keying by user id keeps clients apart where one process hosts several
 * (the multi-client tests).
 */
const identities = new Map<string, { key: string; published: Promise<boolean> }>();
/**
 * The requests this tab applied, is applying or refused, by sender and id: a second copy gets the same
 * answer, and so does a sender asking what became of one. Times are this client's own monotonic clock.
 */
const answers = new Answers<RequestResult>(() => performance.now());
/** Other users' requests waiting their turn on this tab (./queue.ts). */
const queue = new FairQueue<RequestResult>();

/** Installs the handler table, where other users' requests wait, and the one query handler (at init). */
export function registerRequestChannel(handlers: RequestTable, handlerRoutes: RouteTable = {}): void {
  table = handlers;
  routes = handlerRoutes;
  CONFIG.queries[REQUEST_QUERY] = receiveRequest;
  onForwarded(applyForwarded, () => game.user?.getFlag(SYSTEM_ID, KEY_FLAG), adoptTabKey);
  watchKeyWrites(
    KEY_FLAG,
    (user) => user.getFlag(SYSTEM_ID, KEY_FLAG),
    () => void publishRequestKey(),
  );
}

/**
 * Another tab of this browser published a new key for this user: its hash replaces this tab's on the
 * User document, so this tab sends with that key from now on (a player with two tabs open).
 */
function adoptTabKey(key: string): void {
  const id = game.user?.id;
  if (id && typeof key === "string") identities.set(id, { key, published: Promise.resolve(true) });
}

/** On the leading tab: a request another tab of this user handed over. */
function applyForwarded(request: Forwarded): Promise<RequestResult> {
  if (!isApplier()) return Promise.resolve({ ok: false, code: "notActiveGM" });
  if (request.kind === "query") return applyEnvelope(request.data);
  // The tabs of one browser share its storage, and so the GM's secrets: they are one user's.
  return applyRequest(request.type, request.payload, game.user!);
}

/**
 * At `ready`: a fresh key in memory only, its hash on this user's own User document. Only the user
 * itself or a GM may update a User document (crnormand/gurps#284; modules write their own user's
 * flags from player clients: monks-tokenbar, starwarsffg, dcc), so no player can publish a hash for
 * this user; a hash a GM-role user writes here proves nothing (./key-writes.ts). Resolves once the
 * update has come back from the server (FOUNDRY-FACTS §4).
 */
export function publishRequestKey(): Promise<boolean> {
  const key = newRequestKey();
  const user = game.user;
  if (!user?.id) return Promise.resolve(false);
  const published = (async () => {
    const hash = await hashRequestKey(key);
    announceKeyHash(hash, key);
    await user.setFlag(SYSTEM_ID, KEY_FLAG, hash);
    const mine = user.getFlag(SYSTEM_ID, KEY_FLAG) === hash;
    if (mine) keyHashEchoed();
    return mine;
  })().catch((error: unknown) => {
    console.error("Zilch | could not publish the request key", error);
    return false;
  });
  identities.set(user.id, { key, published });
  return published;
}

/** A request's id: what `randomId` draws (./applier.ts). */
const REQUEST_ID = /^[0-9a-f]{16}$/;

/** Shape check of a query's data: anything else is refused before a handler sees it. */
export function parseEnvelope(data: unknown): RequestEnvelope | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, userId, key, payload, id } = data as Record<string, unknown>;
  if (typeof type !== "string" || typeof userId !== "string" || typeof key !== "string") return null;
  if (typeof id !== "string" || !REQUEST_ID.test(id)) return null;
  return { type, userId, key, payload, id };
}

/** Runs the request's handler as `sender`; a handler that throws refuses (and is logged). */
async function applyRequest(
  type: string,
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  if (!Object.hasOwn(table, type)) return { ok: false, code: "unknownRequest" };
  try {
    return await table[type](payload, sender);
  } catch (error) {
    console.error(`Zilch | request "${type}" failed`, error);
    return { ok: false, code: "failed" };
  }
}

/**
 * The `zilch.request` query handler, on the target's client. v13 calls it `(data, { timeout })`
 * (FOUNDRY-FACTS §1): it never learns the sender from Foundry, only from a key that proves it.
 */
export async function receiveRequest(data: unknown, options?: { timeout?: number }): Promise<RequestResult> {
  if (!game.user?.isActiveGM) return { ok: false, code: "notActiveGM" };
  if (runsElsewhere()) {
    // The GM's other browser runs the game and may have this query too: answer late, so its answer
    // is the one the sender gets whenever the query reached both (docs/multiplayer.md §6).
    await wait(ELSEWHERE_ANSWER_MS);
    return { ok: false, code: "gmTwice" };
  }
  if (!leadsHere()) {
    // Another tab of this GM leads: it applies, and answers this copy as it answers any other.
    if (!parseEnvelope(data)) return { ok: false, code: "malformed" };
    const answer = await forwardToLeader({ kind: "query", data });
    if (answer !== "lead") return asResult(answer);
  }
  return applyEnvelope(data, options?.timeout);
}

/**
 * On the leading tab: checks the envelope and the sender's key, then admits it once per id. `timeout`
 * is the sender's own, as v13 passes it to the handler (FOUNDRY-FACTS §1): a time span, so no two
 * clients' clocks are compared.
 */
async function applyEnvelope(data: unknown, timeout?: number): Promise<RequestResult> {
  if (!isApplier()) return { ok: false, code: "notActiveGM" };
  const envelope = parseEnvelope(data);
  if (!envelope) return { ok: false, code: "malformed" };
  const sender = game.users?.get(envelope.userId);
  if (!sender) return { ok: false, code: "unknownUser" };
  // A hash another user wrote on the sender's User document proves nothing (./key-writes.ts).
  if (keyOverwritten(sender.id!) || !(await keyProves(envelope.key, sender.getFlag(SYSTEM_ID, KEY_FLAG))))
    return { ok: false, code: "notYou" };
  if (envelope.type === WITHDRAW_REQUEST) return withdraw(sender.id!, envelope.payload);
  const earlier = answers.get(sender.id!, envelope.id);
  if (earlier) return earlier;
  const applying = admit(envelope, sender, timeout);
  answers.set(sender.id!, envelope.id, applying);
  return applying;
}

/**
 * Another user's request waits its turn in its lane (./queue.ts), at most half the sender's time
 * limit, so a `busy` answer reaches the sender before it gives up. The active GM's own requests never
 * come here (`applyHere`).
 */
function admit(
  envelope: RequestEnvelope,
  sender: User.Implementation,
  timeout?: number,
): Promise<RequestResult> {
  const run = () => applyRequest(envelope.type, envelope.payload, sender);
  const route = Object.hasOwn(routes, envelope.type) ? routes[envelope.type]!(envelope.payload) : null;
  if (!route) return run();
  const budget = Math.min(timeout ?? REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
  return queue.admit({ sender: sender.id!, id: envelope.id, ...route, waitMs: budget / 2 }, run);
}

/**
 * The sender heard nothing in time and asks what became of request `id`. Still waiting: it never runs
 * (`busy`). Running or answered: its answer, once there is one. Never seen: it is refused for good, so
 * a copy arriving later is not applied either, unless this sender's flood may have pushed its answer
 * out of the book (./answers.ts): then the outcome is unknown (`timeout`).
 */
async function withdraw(sender: string, payload: unknown): Promise<RequestResult> {
  const id = typeof payload === "object" && payload !== null ? (payload as { id?: unknown }).id : undefined;
  if (typeof id !== "string" || !REQUEST_ID.test(id)) return { ok: false, code: "malformed" };
  if (queue.withdraw(sender, id)) return BUSY;
  const answer = answers.get(sender, id);
  if (answer) return answer;
  if (answers.mayHaveForgotten(sender)) return { ok: false, code: "timeout" };
  answers.set(sender, id, Promise.resolve(BUSY));
  return BUSY;
}

/** Anything the GM's client answered that is not a result counts as a failure. */
function asResult(value: unknown): RequestResult {
  if (typeof value !== "object" || value === null) return { ok: false, code: "failed" };
  const { ok, code, data } = value as Record<string, unknown>;
  if (ok === true) return { ok: true };
  if (ok !== false || typeof code !== "string") return { ok: false, code: "failed" };
  const strings =
    typeof data === "object" && data !== null
      ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))
      : undefined;
  return strings ? { ok: false, code, data: strings } : { ok: false, code };
}

const wait = (ms: number) => new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms));

/** What `queryGM` resolves to when no answer came. */
const NO_ANSWER = Symbol("no answer");

/**
 * One query to the active GM, with our own timer beside v13's timeout; `NO_ANSWER` when the query
 * failed or the time ran out. What v13 does then is unknown (FOUNDRY-FACTS §11.2), so no outcome is
 * assumed from it: the caller asks the GM what became of the request.
 */
async function queryGM(
  gm: User.Implementation,
  envelope: RequestEnvelope,
  timeout: number,
): Promise<RequestResult | typeof NO_ANSWER> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Our own timer is cleared once the GM answers, so no request leaves one pending.
  const ownTimeout = new Promise<typeof NO_ANSWER>((resolve) => {
    timer = setTimeout(() => resolve(NO_ANSWER), timeout + 500);
  });
  try {
    const answer = await Promise.race([gm.query(REQUEST_QUERY, envelope, { timeout }), ownTimeout]);
    return answer === NO_ANSWER ? NO_ANSWER : asResult(answer);
  } catch (error) {
    console.warn("Zilch | no answer from the GM to a request", error);
    return NO_ANSWER;
  } finally {
    clearTimeout(timer);
  }
}

/** Answers to "what became of it?" that say nothing about the request itself. */
const SAYS_NOTHING: ReadonlySet<string> = new Set([
  "notActiveGM",
  "malformed",
  "unknownUser",
  "notYou",
  "gmTwice",
]);

/**
 * No answer came in time: the sender asks the GM what became of its request, and only the GM's word
 * makes it "not applied" (`busy`): a request is never applied after its sender was told it was not.
 * Without that word the outcome is unknown (`timeout`: "may still have been applied").
 */
async function settleUnanswered(gm: User.Implementation, envelope: RequestEnvelope): Promise<RequestResult> {
  const question: RequestEnvelope = {
    ...envelope,
    type: WITHDRAW_REQUEST,
    payload: { id: envelope.id },
    id: randomId(),
  };
  const answer = await queryGM(gm, question, WITHDRAW_TIMEOUT_MS);
  if (answer === NO_ANSWER || (!answer.ok && SAYS_NOTHING.has(answer.code)))
    return { ok: false, code: "timeout" };
  return answer;
}

/**
 * The active GM's own request: applied here when this tab leads, else handed to the tab that does,
 * with the same time limit as a query.
 */
async function applyHere(type: string, payload: unknown, user: User.Implementation): Promise<RequestResult> {
  if (!leadsHere()) await leaderKnown();
  if (runsElsewhere()) return { ok: false, code: "otherBrowser" };
  if (leadsHere()) return applyRequest(type, payload, user);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<RequestResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, code: "timeout" }), REQUEST_TIMEOUT_MS + 500);
  });
  const handed = await Promise.race([forwardToLeader({ kind: "own", type, payload }), late]);
  clearTimeout(timer);
  return handed === "lead" ? applyRequest(type, payload, user) : asResult(handed);
}

async function send(type: string, payload: unknown): Promise<RequestResult> {
  const user = game.user;
  const gm = game.users?.activeGM;
  if (!user || !gm) return { ok: false, code: "noGM" };
  if (gm.isSelf) return applyHere(type, payload, user);
  const identity = identities.get(user.id!);
  if (!identity || !(await identity.published)) return { ok: false, code: "noIdentity" };
  const envelope: RequestEnvelope = { type, userId: user.id!, key: identity.key, payload, id: randomId() };
  let sent = envelope;
  let answer = await queryGM(gm, sent, REQUEST_TIMEOUT_MS);
  if (answer !== NO_ANSWER && !answer.ok && answer.code === "notYou") {
    // The GM's copy of our User document may not have our new hash yet (FOUNDRY-FACTS §4), or another
    // tab of ours published a newer key meanwhile: once more, with the key this tab holds now.
    await wait(KEY_RETRY_MS);
    sent = { ...envelope, key: identities.get(user.id!)?.key ?? envelope.key };
    answer = await queryGM(gm, sent, REQUEST_TIMEOUT_MS);
  }
  return answer === NO_ANSWER ? settleUnanswered(gm, sent) : answer;
}

/**
 * Asks the active GM to apply a request; resolves to its result. Channel refusals (no GM, timeout,
 * identity) are shown here and come back `notified`; the caller shows its own refusals.
 */
export async function askGM(type: string, payload: unknown): Promise<RequestResult> {
  const result = await send(type, payload);
  if (result.ok || !CHANNEL.has(result.code)) return result;
  ui.notifications?.warn(game.i18n.localize(`ZILCH.Request.Error.${result.code}`));
  return { ...result, notified: true };
}
