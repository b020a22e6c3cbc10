/**
 * One applier per GM (docs/multiplayer.md §6): of the tabs one user has open in one browser, exactly
 * one leads, and only the leading tab of the active GM applies requests, runs the follow-ups hooks
 * trigger and writes the round's secrets to the browser's storage.
 *
 * Why the tabs must agree among themselves: Foundry lets one user connect twice (foundryvtt#9425,
 * #14728 on 14.367), and for that user `game.users.activeGM.isSelf` holds in every tab, every tab runs
 * the document hooks (FOUNDRY-FACTS §3) and every tab receives a socket broadcast (socketlib#3: "if you
 * executeAsUser/AsGM for a user with two tabs open, then both will execute"). Which tab receives a
 * `User#query` addressed to the user is not in our evidence (docs/table-layer.md, open question), so a
 * tab that does not lead forwards what it receives to the one that does, and the leader answers a
 * request it is handed twice only once (channel.ts).
 *
 * How they agree: a BroadcastChannel per world and user. It reaches every same-origin tab of the same
 * browser, and unlike the Web Locks API (`navigator.locks`, secure contexts only: MDN; WPT
 * web-locks/non-secure-context.any.js) it exists on the plain-HTTP pages most self-hosted servers
 * serve (MDN lists no secure-context restriction for it). A tab claims the lead at `ready`; a tab that
 * already leads answers, and the others follow it. Among tabs that claim together the lowest id wins.
 * A leader closing its tab says so (`pagehide`); a forwarded request nobody acknowledges means the
 * leader is gone, and the tab elects again. Where the browser has no BroadcastChannel, the tab leads.
 */
/** How long a claim waits for a leader's answer or a rival claim (channel delivery is local). */
export const ELECTION_MS = 250;
/** How long a forwarded request waits for the leader to acknowledge it before electing again. */
export const ACK_MS = 2_000;

/** What a tab that does not lead hands to the leader: its own user's request, or a query it received. */
export type Forwarded =
  | { readonly kind: "own"; readonly type: string; readonly payload: unknown }
  | { readonly kind: "query"; readonly data: unknown };

type TabMessage =
  | { readonly kind: "claim" | "lead" | "leaving"; readonly from: string }
  | { readonly kind: "key"; readonly hash: string; readonly key: string }
  | { readonly kind: "request"; readonly from: string; readonly id: string; readonly request: Forwarded }
  | { readonly kind: "ack"; readonly to: string; readonly id: string }
  | { readonly kind: "result"; readonly to: string; readonly id: string; readonly result: unknown };

interface Tab {
  readonly id: string;
  readonly channel: BroadcastChannel;
  phase: "electing" | "leading" | "following";
  leader: string | null;
  /** The tabs that claimed during the election this tab is running (none when it runs none). */
  candidates: Set<string> | null;
  settled: Promise<void>;
  settle: () => void;
}

/** Null until `ready` (or for good without a BroadcastChannel): this tab is alone, so it leads. */
let tab: Tab | null = null;
/** The election has started (or there is none to run): `whenLeading` may run its function now. */
let started = false;
/** The leader's side (channel.ts): answers are checked by the tab that handed the request over. */
let applyForwarded: ((request: Forwarded) => Promise<unknown>) | null = null;
const onLead: (() => void)[] = [];
const waiting = new Map<string, { ack: () => void; answer: (result: unknown) => void }>();
/** The request-key hashes the tabs of this browser published on their user (channel.ts). */
const browserHashes = new Set<string>();
/** Takes up a key another tab of this browser published for this user (channel.ts). */
let adoptKey: (key: string) => void = () => undefined;
/** Reads the hash on this client's User document now (channel.ts). */
let publishedHash: () => unknown = () => undefined;
/** This tab's own hash is back from the server: from then on a hash no tab here announced is newer. */
let ownHashEchoed = false;

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
/** A random id for a tab or a forwarded request. */
export const randomId = (): string => hex(crypto.getRandomValues(new Uint8Array(8)));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** This tab leads its user's tabs in this browser. */
export function leadsHere(): boolean {
  return tab === null || tab.phase === "leading";
}

/**
 * The same user is signed in from another browser too, and a tab there published its key after every
 * tab here (foundryvtt#14728): the User document holds a hash no tab of this browser announced. The
 * server orders the updates, so every client of the user agrees which browser published last; that
 * one runs the game, and this one stands aside (docs/multiplayer.md §6).
 */
export function runsElsewhere(): boolean {
  if (!tab || !ownHashEchoed) return false;
  const hash = publishedHash();
  return typeof hash === "string" && !browserHashes.has(hash);
}

/**
 * This client applies requests: it is the active GM's, the tab that leads, and its browser is the
 * one the GM's user signed in from last. Every "only the active GM acts" check asks this, never
 * `isActiveGM` (or `activeGM.isSelf`) alone.
 */
export function isApplier(): boolean {
  return !!game.user?.isActiveGM && leadsHere() && !runsElsewhere();
}

/**
 * Before a tab publishes its key's hash on its user, it tells the other tabs of this browser (the
 * channel is local, the User update goes through the server), so none takes the hash for another
 * browser's.
 */
export function announceKeyHash(hash: string, key: string): void {
  browserHashes.add(hash);
  // The channel is this user's alone in this browser (zilch.<world>.<user>): its other tabs take the key
  // up too, since the User document holds one hash and this one replaces theirs.
  post({ kind: "key", hash, key });
}

/** This tab's hash is on its User document (the update is back from the server, FOUNDRY-FACTS §4). */
export function keyHashEchoed(): void {
  ownHashEchoed = true;
}

/** Runs `fn` each time this tab takes the lead (and at once if it leads already). */
export function whenLeading(fn: () => void): void {
  onLead.push(fn);
  if (started && leadsHere()) fn();
}

/**
 * The leader's side, registered by channel.ts: how a forwarded request is applied, and how to read
 * the key hash on this client's User document.
 */
export function onForwarded(
  apply: (request: Forwarded) => Promise<unknown>,
  readHash: () => unknown,
  adopt: (key: string) => void,
): void {
  applyForwarded = apply;
  publishedHash = readHash;
  adoptKey = adopt;
}

function post(message: TabMessage): void {
  tab?.channel.postMessage(message);
}

function newSettled(t: Tab): void {
  t.settled = new Promise<void>((resolve) => (t.settle = resolve));
}

function follow(t: Tab, leader: string): void {
  t.phase = "following";
  t.leader = leader;
  t.settle();
}

function lead(t: Tab): void {
  t.phase = "leading";
  t.leader = t.id;
  post({ kind: "lead", from: t.id });
  t.settle();
  for (const fn of onLead) fn();
}

/** Claims the lead; a leader's answer or a lower rival id decides otherwise. */
async function elect(t: Tab): Promise<void> {
  if (t.candidates) return t.settled;
  t.phase = "electing";
  t.leader = null;
  t.candidates = new Set([t.id]);
  newSettled(t);
  post({ kind: "claim", from: t.id });
  await sleep(ELECTION_MS);
  if (t.phase !== "electing") return;
  const best = [...(t.candidates ?? [t.id])].sort()[0]!;
  t.candidates = null;
  if (best === t.id) lead(t);
  else follow(t, best);
}

function receive(t: Tab, message: TabMessage): void {
  switch (message.kind) {
    case "claim":
      if (t.phase === "leading") post({ kind: "lead", from: t.id });
      else t.candidates?.add(message.from);
      return;
    case "lead":
      if (message.from === t.id) return;
      // Two leaders (a claim crossed an answer): the lower id keeps the lead and says so again.
      if (t.phase === "leading" && t.id < message.from) return post({ kind: "lead", from: t.id });
      t.candidates = null;
      return follow(t, message.from);
    case "key":
      browserHashes.add(message.hash);
      adoptKey(message.key);
      return;
    case "leaving":
      if (t.leader === message.from) void elect(t);
      return;
    case "request":
      if (t.phase === "leading") void answer(message.from, message.id, message.request);
      return;
    case "ack":
      if (message.to === t.id) waiting.get(message.id)?.ack();
      return;
    case "result":
      if (message.to === t.id) waiting.get(message.id)?.answer(message.result);
      return;
  }
}

async function answer(to: string, id: string, request: Forwarded): Promise<void> {
  post({ kind: "ack", to, id });
  const result: unknown = applyForwarded
    ? await applyForwarded(request).catch((error: unknown) => {
        console.error("Zilch | a request handed over by another tab failed", error);
        return { ok: false, code: "failed" };
      })
    : { ok: false, code: "failed" };
  post({ kind: "result", to, id, result });
}

/**
 * At `ready`: this tab joins its user's tabs in this browser and claims the lead. Resolves once it
 * knows who leads.
 */
export function startTabElection(worldId: string, userId: string): Promise<void> {
  if (started) return leaderKnown();
  started = true;
  if (typeof BroadcastChannel !== "function") {
    for (const fn of onLead) fn();
    return Promise.resolve();
  }
  const t: Tab = {
    id: randomId(),
    channel: new BroadcastChannel(`zilch.${worldId}.${userId}`),
    phase: "electing",
    leader: null,
    candidates: null,
    settled: Promise.resolve(),
    settle: () => undefined,
  };
  tab = t;
  t.channel.onmessage = (event: MessageEvent<TabMessage>) => receive(t, event.data);
  // A leader closing its tab (a reload too) hands the lead on at once.
  if (typeof addEventListener === "function")
    addEventListener("pagehide", () => {
      if (t.phase === "leading") post({ kind: "leaving", from: t.id });
    });
  return elect(t);
}

/** Resolves once this tab knows who leads (at once where there is no election). */
export function leaderKnown(): Promise<void> {
  return tab?.settled ?? Promise.resolve();
}

function handOver(t: Tab, request: Forwarded): { acked: Promise<boolean>; result: Promise<unknown> } {
  const id = randomId();
  let ack = (): void => undefined;
  let answer = (_: unknown): void => undefined;
  const acked = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ACK_MS);
    ack = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
  const result = new Promise<unknown>((resolve) => (answer = resolve));
  waiting.set(id, { ack, answer });
  void result.then(() => waiting.delete(id));
  post({ kind: "request", from: t.id, id, request });
  return { acked, result };
}

/**
 * Hands a request to the tab that leads and resolves to its answer; "lead" when this tab leads (the
 * caller applies it here). A leader that does not acknowledge is gone: this tab elects again first.
 */
export async function forwardToLeader(request: Forwarded): Promise<unknown> {
  for (let attempt = 0; attempt < 2; attempt++) {
    await leaderKnown();
    const t = tab;
    if (!t || t.phase === "leading") return "lead";
    const { acked, result } = handOver(t, request);
    if (await acked) return result;
    await elect(t);
  }
  return { ok: false, code: "timeout" };
}
