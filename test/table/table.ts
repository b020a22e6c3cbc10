/**
 * A table: the simulated server, its world and its clients (a GM, an Assistant GM, two players by
 * default). Tests act through `client.run(() => …)`, wait with `table.settle()`, and read what each
 * client holds with `client.snapshot()` (./snapshot.ts).
 */
import { TableClient, type Browser, type SeededCrypto } from "./client";
import { ROLES, type ActorData, type CombatData, type UserData } from "./permissions";
import { TableServer, type Operation, type WorldData } from "./server";
import { seededUniform } from "./dice";

export const USERS = {
  gm: { _id: "userGamemaster01", name: "Gemma (GM)", role: ROLES.GAMEMASTER, flags: {} },
  assistant: { _id: "userAssistant001", name: "Asa (Assistant GM)", role: ROLES.ASSISTANT, flags: {} },
  alice: { _id: "userPlayerAlice1", name: "Alice", role: ROLES.PLAYER, flags: {} },
  bob: { _id: "userPlayerBob001", name: "Bob", role: ROLES.PLAYER, flags: {} },
} satisfies Record<string, UserData>;

/**
 * Who sits at the table: one client per user, `gmTab`, the GM's second tab (a second monitor): the
 * GM's user again, in the GM's browser, and `aliceTab`, Alice's second tab in Alice's browser
 * (docs/table-layer.md, "one user connected twice").
 */
export type Seat = keyof typeof USERS | "gmTab" | "aliceTab";

/** The seat whose browser a second tab opens in. */
const FIRST_TAB: Partial<Record<Seat, Seat>> = { gmTab: "gm", aliceTab: "alice" };

const userOf = (seat: Seat) => USERS[seat === "gmTab" ? "gm" : seat === "aliceTab" ? "alice" : seat];

/** A character owned by one player. */
export function character(
  id: string,
  name: string,
  owner: string,
  system: Record<string, unknown> = {},
): ActorData {
  return {
    _id: id,
    name,
    type: "character",
    system,
    flags: {},
    ownership: { default: 0, [owner]: 3 },
    items: [],
    statuses: [],
  };
}

/** An NPC only the GMs own. */
export function npc(id: string, name: string, system: Record<string, unknown> = {}): ActorData {
  return {
    _id: id,
    name,
    type: "npc",
    system,
    flags: {},
    ownership: { default: 0 },
    items: [],
    statuses: [],
  };
}

/** A combat of these actors, not started, active (the viewed combat). */
export function combatOf(id: string, actors: readonly ActorData[]): CombatData {
  return {
    _id: id,
    round: 0,
    turn: null,
    active: true,
    flags: {},
    combatants: actors.map((a, i) => ({
      _id: `cbt${a._id.slice(3, 16)}`.slice(0, 16).padEnd(16, String(i)),
      actorId: a._id,
      name: a.name,
      type: "base",
      hidden: false,
      defeated: false,
      initiative: null,
      system: {},
      flags: {},
    })),
  };
}

export const ACTORS = {
  ana: character("actAna000000001", "Ana", USERS.alice._id),
  bo: character("actBo0000000001", "Bo", USERS.bob._id),
  orc: npc("actOrc000000001", "Orc"),
};

/** The default world: the four users, Ana (Alice's), Bo (Bob's) and an orc in one combat. */
export function defaultWorld(settings: Record<string, unknown> = {}): WorldData {
  const actors = [ACTORS.ana, ACTORS.bo, ACTORS.orc];
  return {
    users: Object.values(USERS),
    actors,
    combats: [combatOf("combatTable00001", actors)],
    messages: [],
    settings,
  };
}

/**
 * Every seat's Web Crypto seeded (`cryptoSeeds`), for a test that compares two runs of the same play:
 * keys, ids and the GM's secret draws then repeat from run to run.
 */
export const EVERY_SEAT_SEEDED: Readonly<Record<Seat, number>> = {
  gm: 101,
  gmTab: 102,
  aliceTab: 106,
  assistant: 103,
  alice: 104,
  bob: 105,
};

export interface TableOptions {
  readonly world?: WorldData;
  /** One-way latency of every link, in virtual milliseconds. */
  readonly latency?: number;
  /** Which seats connect at the start (all four by default). */
  readonly seats?: readonly Seat[];
  /** Seeds of each seat's dice (`CONFIG.Dice.randomUniform`): the GM's decides the public rolls. */
  readonly seeds?: Partial<Record<Seat, number>>;
  /**
   * Seeds of a seat's Web Crypto source (client.ts `cryptoSource`), for a test that needs keys, ids
   * and the GM's secret draws (dominoes, Closing die, tiebreakers, hands) to repeat from run to run.
   * One stream per seat, continued across reloads, so a reload still draws a new key. By default every
   * seat is seeded (`EVERY_SEAT_SEEDED`): a test's hidden draws then repeat from run to run instead of
   * making its outcome a matter of luck. `{}` leaves every seat to its own unpredictable source.
   */
  readonly cryptoSeeds?: Partial<Record<Seat, number>>;
  /** False: every seat's page is served over plain HTTP (no `crypto.subtle`, client.ts). */
  readonly secureContext?: boolean;
}

export class Table {
  readonly server: TableServer;
  readonly clients = new Map<Seat, TableClient>();
  readonly latency: number;
  private readonly seeds: Partial<Record<Seat, number>>;
  private readonly cryptoSeeds: Partial<Record<Seat, number>>;
  /** Each seeded seat's Web Crypto stream, kept across its reloads. */
  private readonly cryptoStreams = new Map<Seat, SeededCrypto>();
  private readonly secureContext: boolean;

  constructor(options: TableOptions = {}) {
    this.server = new TableServer(options.world ?? defaultWorld());
    this.latency = options.latency ?? 20;
    this.seeds = options.seeds ?? {};
    this.cryptoSeeds = options.cryptoSeeds ?? EVERY_SEAT_SEEDED;
    this.secureContext = options.secureContext !== false;
  }

  static async open(options: TableOptions = {}): Promise<Table> {
    const table = new Table(options);
    for (const seat of options.seats ?? (["gm", "assistant", "alice", "bob"] as const))
      await table.join(seat);
    return table;
  }

  client(seat: Seat): TableClient {
    const client = this.clients.get(seat);
    if (!client) throw new Error(`table: ${seat} is not connected`);
    return client;
  }

  get gm(): TableClient {
    return this.client("gm");
  }
  get assistant(): TableClient {
    return this.client("assistant");
  }
  get alice(): TableClient {
    return this.client("alice");
  }
  get bob(): TableClient {
    return this.client("bob");
  }

  /** The seat's seeded Web Crypto stream, made at its first join; undefined when it is not seeded. */
  private cryptoStream(seat: Seat): SeededCrypto | undefined {
    const seed = this.cryptoSeeds[seat];
    if (seed === undefined) return undefined;
    const stream = this.cryptoStreams.get(seat) ?? {
      words: seededUniform(seed ^ 0x5a5a5a5a),
      bytes: seededUniform(seed ^ 0x3c3c3c3c),
    };
    this.cryptoStreams.set(seat, stream);
    return stream;
  }

  /**
   * A seat logs in (or reloads, keeping its browser) and boots the system. The GM's second tab opens
   * in the GM's browser unless told otherwise.
   */
  async join(seat: Seat, browser?: Browser, seed?: number): Promise<TableClient> {
    const userId = userOf(seat)._id;
    const firstOfUser = !this.server.isConnected(userId);
    const client = new TableClient(this.server, {
      name: seat,
      userId,
      latency: this.latency,
      seed: seed ?? this.seeds[seat] ?? seatSeed(seat),
      cryptoSource: this.cryptoStream(seat),
      browser: browser ?? (FIRST_TAB[seat] ? this.clients.get(FIRST_TAB[seat])?.browser : undefined),
      secureContext: this.secureContext,
    });
    this.clients.set(seat, client);
    await client.boot();
    if (firstOfUser) this.announce(client, true);
    await this.settle();
    return client;
  }

  /**
   * `userConnected(user, connected)` on every other client after its own link latency: how a client
   * learns that someone came or went (community modules register `Hooks.on("userConnected", (user,
   * connected) => …)`; not in FOUNDRY-FACTS). Only then does that client count the user as connected
   * and recompute its active GM from what it knows (client.ts `learnConnection`): until the news
   * arrives it still names the old one.
   */
  private announce(client: TableClient, connected: boolean): void {
    const userId = client.userId;
    for (const other of this.clients.values()) {
      if (other.userId === userId) continue;
      this.server.clock.schedule(other.latency, other.context, () => {
        other.learnConnection(userId, connected);
        other.hooks.callAll("userConnected", other.users.get(userId), connected);
      });
    }
  }

  /**
   * The seat closes its tab (`pagehide` fires): it stops receiving, and its in-memory state is gone.
   * Other clients hear that the user left only when its last tab closes.
   */
  async leave(seat: Seat): Promise<Browser> {
    const browser = this.cut(seat);
    await this.settle();
    return browser;
  }

  private cut(seat: Seat): Browser {
    const client = this.client(seat);
    client.close();
    this.server.disconnect(client);
    this.server.clock.cancelContext(client.context);
    this.clients.delete(seat);
    if (!this.server.isConnected(client.userId)) this.announce(client, false);
    return client.browser;
  }

  /**
   * The seat's connection drops just after the server has applied the first operation it sends that
   * `match` picks: the others receive its broadcast, the seat never sees its echo, and what the seat
   * was doing stops there. Foundry's socket.io link gives no delivery guarantee for an event in flight
   * when the connection breaks, and the server buffers nothing for a client that missed one
   * (foundryvtt/foundryvtt#10562, quoting the socket.io docs); the user comes back by reloading
   * (#4770), which a test does with `join(seat, browser)` on the browser this returns.
   */
  dropAfter(seat: Seat, match: (operation: Operation) => boolean): Promise<Browser> {
    const client = this.client(seat);
    return new Promise((resolve) => {
      this.server.afterApplied = (from, operation) => {
        if (from !== client || !match(operation)) return;
        this.server.afterApplied = null;
        resolve(this.cut(seat));
      };
    });
  }

  /** F5 in the same browser: memory is lost, the browser's storage stays. */
  async reload(seat: Seat): Promise<TableClient> {
    const storage = await this.leave(seat);
    return this.join(seat, storage);
  }

  /** Waits until every message in flight is delivered and handled. */
  settle(): Promise<void> {
    return this.server.clock.idle();
  }

  /** Runs `fn` as `seat`'s code and waits for the table to settle. */
  async act<T>(seat: Seat, fn: () => Promise<T> | T): Promise<T> {
    const result = await this.client(seat).run(fn);
    await this.settle();
    return result;
  }
}

function seatSeed(seat: Seat): number {
  return { gm: 101, assistant: 202, alice: 303, bob: 404, gmTab: 505, aliceTab: 606 }[seat];
}
