/**
 * The simulated Foundry server of the table layer. It holds the canonical documents (users, actors
 * with their items, combats with their combatants, chat messages, world settings), checks each client
 * operation against v13's permission rules (./permissions.ts), applies it, and broadcasts it to every
 * connected client after the echo latency — the requester included, whose own copy changes only when
 * its echo arrives [FACTS §4: #10833]. Every client then runs `_onCreate/_onUpdate/_onDelete` and the
 * hooks with the requester's id [FACTS §3]. The server runs no system code [FACTS §2: #8680, #8967].
 * `User#query` is routed to its target user's client only [FACTS §1: #11235]. One user may be
 * connected twice (foundryvtt#9425, #14728): every broadcast reaches each of its clients (socketlib#3),
 * and which of them a query reaches is UNKNOWN, so `queryRouting` chooses (docs/table-layer.md).
 */
import type { RollTableData } from "./roll-tables";
import { Clock, type Context } from "./net";
import type { SceneGridData } from "./documents";
import {
  canCreateCombatant,
  canCreateMessage,
  canCreateOrDeleteWorldDocument,
  canDeleteMessage,
  canModifyActor,
  canMoveToken,
  canQuery,
  canUpdateCombat,
  canUpdateCombatant,
  canUpdateMessage,
  canUpdateUser,
  canWriteSetting,
  DEFAULT_PERMISSIONS,
  type ActorData,
  type CombatData,
  type CombatantData,
  type MessageData,
  type PermissionConfig,
  type UserData,
  type Verdict,
} from "./permissions";
import { applyChanges, clone } from "./objects";
import { deltaOf, syntheticSource } from "./delta";

export type DocumentName =
  | "User"
  | "Actor"
  | "Item"
  | "ActiveEffect"
  | "Combat"
  | "Combatant"
  | "ChatMessage"
  | "Setting"
  /** A token's move (x and y only: `TableToken#move`); its parent is the scene. */
  | "Token";

/** One database operation as a client sends it (Foundry's DatabaseBackend request, simplified). */
export interface Operation {
  readonly action: "create" | "update" | "delete";
  readonly documentName: DocumentName;
  /** The parent of an embedded document (Item and ActiveEffect in Actor, Combatant in Combat). */
  readonly parentId?: string;
  readonly data?: Record<string, unknown>[];
  readonly updates?: Record<string, unknown>[];
  readonly ids?: string[];
  readonly options?: Record<string, unknown>;
  /**
   * The unlinked token whose own actor an Actor, Item or ActiveEffect operation writes: the change goes
   * into that token's ActorDelta, never into the world actor (foundryvtt#9131; ./delta.ts).
   */
  readonly token?: TokenRef;
}

/** An unlinked token, by its scene and its id. */
export interface TokenRef {
  readonly sceneId: string;
  readonly tokenId: string;
}

/** What every client receives for an applied operation (with the requester's id, FACTS §3). */
export interface Broadcast {
  readonly operation: Operation;
  readonly userId: string;
  /** The created documents' full data, or the applied changes (each with `_id`). */
  readonly result: Record<string, unknown>[];
}

/** A connected client as the server sees it: its user and how to deliver to it. */
export interface Connection {
  readonly userId: string;
  readonly context: Context;
  /** Latency of this client's link, one way, in virtual milliseconds. */
  readonly latency: number;
  receive(broadcast: Broadcast): void;
  /** Runs a query handler on this client; resolves with its result. */
  answer(name: string, data: unknown, options: { timeout?: number }): Promise<unknown>;
}

export interface WorldData {
  users: UserData[];
  actors: ActorData[];
  combats: CombatData[];
  messages: MessageData[];
  settings: Record<string, unknown>;
  /**
   * Scenes with their tokens. A scene is read-only (`DocumentName` has no Scene); a token may only be
   * moved (`TableToken#move`: its `x` and `y`).
   */
  scenes?: SceneData[];
  /** The world's RollTables, read-only (test/table/roll-tables.ts); the compendium's come from its source. */
  tables?: RollTableData[];
}

/**
 * A token placed on a scene. A linked token's actor is its world actor; an unlinked token's is its own,
 * the world actor with the token's `delta` applied (./delta.ts).
 */
export interface TokenData {
  _id: string;
  name: string;
  actorId: string;
  actorLink: boolean;
  x: number;
  y: number;
  /** An unlinked token's own changes to its actor (the table's form of its ActorDelta, ./delta.ts). */
  delta?: Record<string, unknown>;
  width?: number;
  height?: number;
  disposition?: number;
}

export interface SceneData {
  _id: string;
  name: string;
  active: boolean;
  grid: SceneGridData;
  tokens: TokenData[];
}

/** A refused operation, as the requester sees it ("User X lacks permission…", Aliharu/Foundry-Ex3#17). */
export class PermissionError extends Error {}

/**
 * Which clients of a user connected twice receive a query addressed to the user: UNKNOWN (no public
 * evidence; docs/table-layer.md). "every": all of them, the first answer counts; "first": the one that
 * connected first; "last": the one that connected last.
 */
export type QueryRouting = "every" | "first" | "last";

export class TableServer {
  readonly clock = new Clock();
  readonly world: WorldData;
  /** The connected clients in the order they connected; one user may hold several. */
  readonly connections: Connection[] = [];
  queryRouting: QueryRouting = "every";
  permissions: PermissionConfig = { ...DEFAULT_PERMISSIONS };
  /** Every refused operation, for tests to read ("refused, and nothing lost"). */
  readonly refusals: { userId: string; operation: Operation; reason: string }[] = [];
  /** How many operations the server applied. */
  applied = 0;
  /** Told of each operation the server has applied and broadcast, with its sender (table.ts `dropAfter`). */
  afterApplied: ((from: Connection, operation: Operation) => void) | null = null;
  private counter = 0;

  constructor(world: WorldData) {
    this.world = clone(world);
  }

  /** A 16-character id, deterministic per run (Foundry's are random; tests compare runs). */
  nextId(): string {
    this.counter += 1;
    return `tbl${String(this.counter).padStart(13, "0")}`;
  }

  user(id: string): UserData {
    const user = this.world.users.find((u) => u._id === id);
    if (!user) throw new Error(`table: no user ${id}`);
    return user;
  }

  /** The users connected now; `game.users.activeGM` is chosen from these [FACTS §1]. */
  get activeUserIds(): string[] {
    return [...new Set(this.connections.map((c) => c.userId))];
  }

  /** Whether any client of this user is connected (`User#active`). */
  isConnected(userId: string): boolean {
    return this.connections.some((c) => c.userId === userId);
  }

  /** A client sends an operation: it reaches the server after the link latency, the reply after as much again. */
  send(from: Connection, operation: Operation): Promise<Broadcast> {
    return new Promise((resolve, reject) => {
      this.clock.schedule(from.latency, null, () => {
        const outcome = this.apply(from.userId, operation);
        if (!outcome.ok) {
          this.clock.schedule(from.latency, from.context, () =>
            reject(new PermissionError(`User ${from.userId} lacks permission: ${outcome.reason}`)),
          );
          return;
        }
        for (const connection of this.connections) {
          this.clock.schedule(connection.latency, connection.context, () => {
            connection.receive(outcome.broadcast);
            if (connection === from) resolve(outcome.broadcast);
          });
        }
        if (!this.connections.includes(from)) resolve(outcome.broadcast);
        this.afterApplied?.(from, operation);
      });
    });
  }

  /** Checks and applies one operation; on refusal nothing changes. */
  apply(
    userId: string,
    operation: Operation,
  ): { ok: true; broadcast: Broadcast } | { ok: false; reason: string } {
    const user = this.user(userId);
    const verdicts = this.check(user, operation);
    const refused = verdicts.find((v): v is { ok: false; reason: string } => !v.ok);
    if (refused) {
      this.refusals.push({ userId, operation, reason: refused.reason });
      return refused;
    }
    this.applied += 1;
    return { ok: true, broadcast: { operation, userId, result: this.write(user, operation) } };
  }

  private check(user: UserData, op: Operation): Verdict[] {
    const updates = op.updates ?? [];
    switch (op.documentName) {
      case "User":
        if (op.action !== "update") return [canCreateOrDeleteWorldDocument(user)];
        return updates.map((u) => canUpdateUser(this.user(String(u._id)), u, user));
      case "Actor":
        if (op.token) return this.syntheticVerdicts(op, op.token, user);
        if (op.action !== "update") return [canCreateOrDeleteWorldDocument(user)];
        return updates.map((u) => canModifyActor(this.actor(String(u._id)), user));
      case "Item":
      case "ActiveEffect":
        if (op.token) return this.syntheticVerdicts(op, op.token, user);
        return [canModifyActor(this.actor(op.parentId!), user)];
      case "Combat":
        if (op.action !== "update") return [canCreateOrDeleteWorldDocument(user)];
        return updates.map((u) => {
          const combat = this.combat(String(u._id));
          return canUpdateCombat(combat, u, user);
        });
      case "Combatant": {
        if (op.action === "create")
          return (op.data ?? []).map((d) =>
            canCreateCombatant(this.combatantActor(d as Partial<CombatantData>), user),
          );
        if (op.action !== "update") return [canCreateOrDeleteWorldDocument(user)];
        const combat = this.combat(op.parentId!);
        return updates.map((u) => {
          const combatant = combat.combatants.find((c) => c._id === u._id);
          if (!combatant) return { ok: false, reason: `no combatant ${String(u._id)}` };
          return canUpdateCombatant(this.combatantActor(combatant), user);
        });
      }
      case "ChatMessage":
        if (op.action === "create")
          return (op.data ?? []).map((d) =>
            canCreateMessage(d as unknown as MessageData, user, this.permissions),
          );
        if (op.action === "delete") return [canDeleteMessage(user)];
        return updates.map((u) => canUpdateMessage(this.message(String(u._id)), user));
      case "Setting":
        return updates.map((u) => canWriteSetting(String(u._id), user, this.permissions));
      case "Token":
        return updates.map((u) => this.tokenMoveVerdict(op, u, user));
    }
  }

  /** A token's move: only `x` and `y`, by an owner of its actor or a GM. */
  private tokenMoveVerdict(op: Operation, update: Record<string, unknown>, user: UserData): Verdict {
    if (op.action !== "update") return { ok: false, reason: "only a token's move is modelled" };
    const keys = Object.keys(update).filter((k) => k !== "_id");
    if (keys.some((k) => k !== "x" && k !== "y")) return { ok: false, reason: "only x and y are modelled" };
    return canMoveToken(this.tokenActor(op.parentId!, String(update._id)), user);
  }

  /**
   * A write to an unlinked token's own actor: allowed to the owners of that actor, whose ownership is
   * the base actor's merged with the token's (foundryvtt#9509, #11034). Only updates of the actor and
   * the creation, update and deletion of its items and effects are modelled (the rest is refused).
   */
  private syntheticVerdicts(op: Operation, ref: TokenRef, user: UserData): Verdict[] {
    const token = this.token(ref.sceneId, ref.tokenId);
    if (token.actorLink) return [{ ok: false, reason: "a linked token's actor is its world actor" }];
    if (op.documentName === "Actor" && op.action !== "update")
      return [{ ok: false, reason: "creating or deleting a token's own actor is not modelled" }];
    const wrongActor = op.documentName === "Actor" ? op.updates?.find((u) => u._id !== token.actorId) : null;
    if (wrongActor || (op.documentName !== "Actor" && op.parentId !== token.actorId))
      return [{ ok: false, reason: "not this token's actor" }];
    return [canModifyActor(this.syntheticActor(ref), user)];
  }

  /** An unlinked token's own actor, as its base actor with the token's delta applied. */
  syntheticActor(ref: TokenRef): ActorData {
    const token = this.token(ref.sceneId, ref.tokenId);
    return syntheticSource(
      this.actor(token.actorId) as unknown as Record<string, unknown>,
      token.delta,
    ) as unknown as ActorData;
  }

  /** The actor a token stands for: its world actor when linked, else its own. */
  tokenActor(sceneId: string, tokenId: string): ActorData {
    const token = this.token(sceneId, tokenId);
    return token.actorLink ? this.actor(token.actorId) : this.syntheticActor({ sceneId, tokenId });
  }

  /** A combatant's actor: its unlinked token's own, else the world actor it names. */
  private combatantActor(combatant: Partial<CombatantData>): ActorData | undefined {
    const { sceneId, tokenId } = combatant;
    const token = sceneId && tokenId ? this.findToken(sceneId, tokenId) : undefined;
    if (token && !token.actorLink) return this.syntheticActor({ sceneId: sceneId!, tokenId: tokenId! });
    return this.world.actors.find((a) => a._id === combatant.actorId);
  }

  private findToken(sceneId: string, tokenId: string): TokenData | undefined {
    return this.world.scenes?.find((s) => s._id === sceneId)?.tokens.find((t) => t._id === tokenId);
  }

  token(sceneId: string, tokenId: string): TokenData {
    const token = this.findToken(sceneId, tokenId);
    if (!token) throw new Error(`table: no token ${tokenId} on scene ${sceneId}`);
    return token;
  }

  actor(id: string): ActorData {
    const actor = this.world.actors.find((a) => a._id === id);
    if (!actor) throw new Error(`table: no actor ${id}`);
    return actor;
  }

  combat(id: string): CombatData {
    const combat = this.world.combats.find((c) => c._id === id);
    if (!combat) throw new Error(`table: no combat ${id}`);
    return combat;
  }

  message(id: string): MessageData {
    const message = this.world.messages.find((m) => m._id === id);
    if (!message) throw new Error(`table: no message ${id}`);
    return message;
  }

  /** The collection an operation writes into (an embedded one needs its parent). */
  private collection(op: Operation): Record<string, unknown>[] {
    const w = this.world as unknown as Record<string, Record<string, unknown>[]>;
    switch (op.documentName) {
      case "User":
        return w.users!;
      case "Actor":
        return w.actors!;
      case "Combat":
        return w.combats!;
      case "ChatMessage":
        return w.messages!;
      case "Item":
        return this.actor(op.parentId!).items as unknown as Record<string, unknown>[];
      case "ActiveEffect":
        return (this.actor(op.parentId!).effects ??= []) as unknown as Record<string, unknown>[];
      case "Combatant":
        return this.combat(op.parentId!).combatants as unknown as Record<string, unknown>[];
      case "Setting":
        throw new Error("settings are not a collection");
      case "Token":
        return (this.world.scenes?.find((sc) => sc._id === op.parentId)?.tokens ?? []) as unknown as Record<
          string,
          unknown
        >[];
    }
  }

  private write(user: UserData, op: Operation): Record<string, unknown>[] {
    if (op.token) return this.writeSynthetic(user, op, op.token);
    if (op.documentName === "Setting") {
      for (const u of op.updates ?? []) this.world.settings[String(u._id)] = clone(u.value);
      return clone(op.updates ?? []);
    }
    return this.writeInto(this.collection(op), user, op);
  }

  private writeInto(
    list: Record<string, unknown>[],
    user: UserData,
    op: Operation,
  ): Record<string, unknown>[] {
    if (op.action === "create") {
      const created = (op.data ?? []).map((d) => ({
        ...clone(d),
        _id: typeof d._id === "string" && op.options?.keepId ? d._id : this.nextId(),
        ...(op.documentName === "ChatMessage" ? { author: d.author ?? user._id } : {}),
      }));
      list.push(...created);
      return clone(created);
    }
    if (op.action === "delete") {
      for (const id of op.ids ?? []) {
        const index = list.findIndex((d) => d._id === id);
        if (index >= 0) list.splice(index, 1);
      }
      return (op.ids ?? []).map((_id) => ({ _id }));
    }
    return (op.updates ?? []).map((u) => {
      const target = list.find((d) => d._id === u._id);
      if (!target) throw new Error(`table: no ${op.documentName} ${String(u._id)}`);
      applyChanges(target, u, op.options);
      return clone(u);
    });
  }

  /**
   * A write to an unlinked token's own actor: applied to that actor as to any actor, then kept as the
   * token's delta; the world actor is unchanged (foundryvtt#9131).
   */
  private writeSynthetic(user: UserData, op: Operation, ref: TokenRef): Record<string, unknown>[] {
    const token = this.token(ref.sceneId, ref.tokenId);
    const base = this.actor(token.actorId) as unknown as Record<string, unknown>;
    const synthetic = syntheticSource(base, token.delta);
    const list =
      op.documentName === "Actor"
        ? [synthetic]
        : ((synthetic[op.documentName === "Item" ? "items" : "effects"] ??= []) as Record<string, unknown>[]);
    const result = this.writeInto(list, user, op);
    token.delta = deltaOf(base, synthetic);
    return result;
  }

  /**
   * `User#query`: runs the handler on the target user's client only and resolves with its result
   * [FACTS §1]. The sender needs QUERY_USER [#11235]. The handler receives `(data, { timeout })` and no
   * sender [FACTS §1: #13418]. An offline target, a thrown handler or a timeout is UNKNOWN (FACTS
   * §11.2): the table rejects the query in each case, and tests hold whatever v13 chooses.
   */
  query(from: Connection, targetId: string, name: string, data: unknown, timeout?: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const fail = (why: string) =>
        this.clock.schedule(from.latency, from.context, () =>
          reject(new Error(`query ${name} failed: ${why}`)),
        );
      this.clock.schedule(from.latency, null, () => {
        const allowed = canQuery(this.user(from.userId), this.permissions);
        if (!allowed.ok) return fail(allowed.reason);
        const targets = this.routeQuery(targetId);
        if (targets.length === 0) return fail("the target user is not connected");
        let settled = false;
        if (timeout !== undefined)
          this.clock.schedule(timeout, null, () => {
            if (settled) return;
            settled = true;
            fail("timed out");
          });
        for (const target of targets)
          this.clock.schedule(target.latency, target.context, () => {
            // The payload crosses the wire: the handler gets a copy, never the sender's objects.
            target.answer(name, clone(data), { timeout }).then(
              (value) => {
                if (settled) return;
                settled = true;
                const reply = clone(value);
                this.clock.schedule(target.latency + from.latency, from.context, () => resolve(reply));
              },
              (error: unknown) => {
                if (settled) return;
                settled = true;
                fail(`the handler threw: ${String(error)}`);
              },
            );
          });
      });
    });
  }

  /** The clients of `userId` that receive a query addressed to it (see `QueryRouting`). */
  private routeQuery(userId: string): Connection[] {
    const all = this.connections.filter((c) => c.userId === userId);
    if (this.queryRouting === "every" || all.length < 2) return all;
    return [this.queryRouting === "first" ? all[0]! : all[all.length - 1]!];
  }

  connect(connection: Connection): void {
    if (!this.connections.includes(connection)) this.connections.push(connection);
  }

  disconnect(connection: Connection): void {
    const index = this.connections.indexOf(connection);
    if (index >= 0) this.connections.splice(index, 1);
  }
}
