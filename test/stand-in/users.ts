/**
 * Users, connected clients and the v13 query contract, for tests of the request channel
 * (src/requests/). Several clients live in one process: `game` and `ui` are read through the client
 * whose code is running (Node's AsyncLocalStorage follows awaits), so a handler run by a query sees
 * the target's client while the sender's code keeps its own.
 *
 * Modelled v13 behaviour, each with its evidence (FOUNDRY-FACTS.md):
 * - `User#query(name, data, { timeout })` runs `CONFIG.queries[name]` on the target user's client and
 *   resolves to the handler's result; the handler is called `(data, { timeout })` and is NOT told the
 *   sender (§1; foundryvtt#11235, #13418; draw-steel src/module/helpers/sockets.mjs). Data crosses
 *   the socket, so both ways it is a JSON copy.
 * - Only the user itself or a GM may update a User document, its flags included (§2;
 *   crnormand/gurps#284; monks-tokenbar, starwarsffg, dcc write `game.user.setFlag` from players).
 *   `setFlag` resolves after the server's reply, when this copy has changed (§4, #10833).
 * - After a User update lands, every connected client runs the `updateUser` hooks with
 *   `(user, changed, options, userId)`, `userId` the writer's (§3; dnd5e class.mjs, item.mjs). Hooks are
 *   registered once per process (the system's modules are shared by the clients here), `Hooks.once`
 *   handlers are kept but no other event is fired.
 * - `game.users.activeGM` is the one GM that applies requests (§1). Which connected GM v13 picks is
 *   not modelled: the test names it, and a GM that is not connected is never active.
 * Not implemented (each throws): a query to a user who is not connected or to an unregistered query
 * name, and what v13 does when a query times out (§11.2, unknown), flags outside the `zilch` scope.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { Collection } from "./documents";
import { notImplemented } from "./fields";

/** CONST.USER_ROLES: PLAYER 1, TRUSTED 2, ASSISTANT 3, GAMEMASTER 4; roles from ASSISTANT up are GMs. */
export const ROLES = { player: 1, trusted: 2, assistant: 3, gamemaster: 4 } as const;

const json = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

export interface Notice {
  readonly level: "info" | "warn" | "error";
  readonly text: string;
}

/** One browser: its user, its `game` and `ui`, and the notices it showed. */
export class StandInClient {
  readonly notices: Notice[] = [];
  readonly game: Record<string, unknown>;
  readonly ui: Record<string, unknown>;

  constructor(
    readonly world: StandInWorld,
    readonly user: StandInUser,
  ) {
    this.game = {
      user,
      users: world.users,
      world: { id: world.id },
      i18n: {
        localize: (key: string) => key,
        format: (key: string, data: Record<string, string>) => `${key} ${JSON.stringify(data)}`,
      },
    };
    const note = (level: Notice["level"]) => (text: string) => void this.notices.push({ level, text });
    this.ui = { notifications: { info: note("info"), warn: note("warn"), error: note("error") } };
  }

  /** Runs `fn` as this client's code. */
  run<T>(fn: () => T): T {
    return clientStore.run(this, fn);
  }
}

const clientStore = new AsyncLocalStorage<StandInClient>();

function current(): StandInClient {
  return clientStore.getStore() ?? notImplemented("code running outside any client (use client.run)");
}

/** A Foundry collection of users with the active GM (v13 `Users`). */
export class StandInUsers extends Collection<StandInUser> {
  constructor(private readonly world: StandInWorld) {
    super();
  }

  get activeGM(): StandInUser | null {
    const gm = this.world.activeGMId ? this.get(this.world.activeGMId) : undefined;
    return gm && this.world.clients.has(gm.id) ? gm : null;
  }
}

export class StandInUser {
  flags: Record<string, Record<string, unknown>> = {};

  constructor(
    private readonly world: StandInWorld,
    readonly id: string,
    readonly name: string,
    readonly role: number,
  ) {}

  get isGM(): boolean {
    return this.role >= ROLES.assistant;
  }

  get active(): boolean {
    return this.world.clients.has(this.id);
  }

  get isSelf(): boolean {
    return current().user === this;
  }

  get isActiveGM(): boolean {
    return this.world.users.activeGM === this;
  }

  getFlag(scope: string, key: string): unknown {
    if (scope !== "zilch") notImplemented(`User#getFlag scope "${scope}"`);
    return json(this.flags[scope]?.[key]);
  }

  /** The server refuses a non-GM's update of another user; the change lands after a server round trip. */
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    if (scope !== "zilch") notImplemented(`User#setFlag scope "${scope}"`);
    const by = current().user;
    if (by !== this && !by.isGM) throw new Error(`User ${by.id} lacks permission to update User ${this.id}`);
    await this.world.latency();
    this.flags[scope] = { ...this.flags[scope], [key]: json(value) };
    const changed = { _id: this.id, flags: { [scope]: { [key]: json(value) } } };
    for (const client of this.world.clients.values())
      for (const hook of hooks.filter((h) => h.event === "updateUser"))
        client.run(() => hook.fn(this, changed, {}, by.id));
    return this;
  }

  /** v13 User#query: the handler runs on this user's client with `(data, { timeout })` only. */
  async query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    current();
    const target =
      this.world.clients.get(this.id) ?? notImplemented(`query to a user not connected (${this.id})`);
    const queries = (globalThis as { CONFIG?: { queries?: Record<string, unknown> } }).CONFIG?.queries;
    const handler = queries?.[name];
    if (typeof handler !== "function") notImplemented(`query "${name}" with no registered handler`);
    const sent = json(data);
    await this.world.latency();
    const answer: unknown = await target.run(() => handler(sent, { timeout: options.timeout }));
    await this.world.latency();
    return json(answer);
  }
}

/** The users of one world and the clients connected to it. */
export class StandInWorld {
  readonly users: StandInUsers = new StandInUsers(this);
  readonly clients = new Map<string, StandInClient>();
  activeGMId: string | null = null;
  /** A server round trip: by default one macrotask, so replies interleave as they would. */
  latency: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0));

  constructor(readonly id = "standin-world") {}

  addUser(id: string, role: number, name = id): StandInUser {
    const user = new StandInUser(this, id, name, role);
    this.users.set(id, user);
    return user;
  }

  connect(user: StandInUser): StandInClient {
    const client = new StandInClient(this, user);
    this.clients.set(user.id, client);
    return client;
  }

  disconnect(user: StandInUser): void {
    this.clients.delete(user.id);
  }
}

const hooks: { event: string; fn: (...args: unknown[]) => unknown }[] = [];

/** Makes `game` and `ui` globals resolve to the running client's, and installs `Hooks` (see the file comment). */
export function installClients(): void {
  hooks.length = 0;
  Reflect.set(globalThis, "Hooks", {
    on: (event: string, fn: (...args: unknown[]) => unknown) => void hooks.push({ event, fn }),
    once: (event: string, fn: (...args: unknown[]) => unknown) => void hooks.push({ event, fn }),
  });
  for (const name of ["game", "ui"] as const) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => current()[name],
    });
  }
}
