/**
 * One client of the table: a browser tab logged in as one user. It has its own globals (`game`,
 * `CONFIG`, `Hooks`, `ui`, `foundry`, the document classes, `localStorage`, `crypto`…), its own copy
 * of every document, and its own module instance of the system: the system's entry module is imported
 * afresh for each client (`vi.resetModules()` + dynamic import inside the client's AsyncLocalStorage
 * context), so module-level state (a GM's in-memory secrets) is per client, as in separate browsers.
 * Boot follows Foundry's order: `init` hooks, then the world's documents, then `setup` and `ready`.
 */
import { createHash, webcrypto } from "node:crypto";
import { vi } from "vitest";
import * as fields from "../stand-in/fields";
import { DataModel, TypeDataModel } from "../stand-in/data-model";
import { strictNamespace } from "../stand-in/index";
import {
  coreModeSetting,
  defineStatusEffects,
  MODE_SETTING,
  modeName,
  standInRelease,
} from "../stand-in/profile";
import { textEditorStandIn } from "../stand-in/text-editor";
import { localize } from "../support/i18n";
import { als, installClientGlobals, type Context } from "./net";
import type { TableDocument } from "./documents";
import {
  Collection,
  movementOf,
  setDocumentHost,
  TableActor,
  TableChatMessage,
  TableCombat,
  TableCombatant,
  TableItem,
  TableScene,
  TableUser,
  type DocumentHost,
  type TableToken,
} from "./documents";
import {
  PermissionError,
  type Broadcast,
  type Connection,
  type Operation,
  type TableServer,
  type TokenRef,
} from "./server";
import { clone, getProperty } from "./objects";
import { seededUniform, TableRoll } from "./dice";
import { Semaphore } from "./semaphore";
import { systemPacks, TableRollTable, worldTables } from "./roll-tables";
import { HookBus } from "./hooks";
import { ROLES } from "./permissions";
import { loadSystemEntryPoints, type SystemEntryPoints } from "./system";
import { createRenderer, type Renderer } from "../templates/harness";

/** The system's real templates, rendered by the templates layer's Handlebars harness (shared: pure). */
let renderer: Renderer | null = null;
const templates = (): Renderer => (renderer ??= createRenderer());

/** A client's browser storage; it outlives a reload of the same browser (a GM reload keeps it). */
export class BrowserStorage {
  readonly items = new Map<string, string>();
  /** Which tab wrote or removed which key, in order (a test reads who writes the GM's secrets). */
  readonly writes: { key: string; tab: string }[] = [];
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes.push({ key, tab: als.getStore()?.name ?? "" });
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.writes.push({ key, tab: als.getStore()?.name ?? "" });
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
}

/** A message on a BroadcastChannel, as a listener receives it. */
interface ChannelMessage {
  readonly data: unknown;
}

/**
 * The BroadcastChannel objects of one browser (HTML standard, "Broadcasting to other browsing
 * contexts"; MDN BroadcastChannel): `postMessage` reaches every other open channel of the same name in
 * the same browser, never the sending object itself, as a copy, in a task of the receiving tab (here
 * after 1 virtual ms: local, faster than any server round trip). MDN marks no secure-context
 * restriction on it, so it is there on plain-HTTP pages. Only `onmessage`, `postMessage` and `close`
 * are modelled.
 */
class ChannelHub {
  private readonly open = new Set<{ name: string; context: Context; deliver: (m: ChannelMessage) => void }>();

  classFor(client: TableClient): new (name: string) => object {
    const hub = this.open;
    const clock = client.server.clock;
    return class TableBroadcastChannel {
      onmessage: ((message: ChannelMessage) => void) | null = null;
      private readonly entry;
      constructor(readonly name: string) {
        this.entry = { name, context: client.context, deliver: (m: ChannelMessage) => this.onmessage?.(m) };
        hub.add(this.entry);
        client.channels.push(() => hub.delete(this.entry));
      }
      postMessage(data: unknown): void {
        if (!hub.has(this.entry)) throw new Error("InvalidStateError: the channel is closed");
        for (const other of hub)
          if (other !== this.entry && other.name === this.name) {
            const copy = clone(data);
            clock.schedule(1, other.context, () => {
              if (hub.has(other)) other.deliver({ data: copy });
            });
          }
      }
      close(): void {
        hub.delete(this.entry);
      }
      addEventListener(): never {
        return fields.notImplemented("BroadcastChannel#addEventListener");
      }
    };
  }
}

/** One browser profile: its storage and its BroadcastChannels, shared by the tabs open in it. */
export class Browser {
  readonly storage = new BrowserStorage();
  readonly channels = new ChannelHub();
}

export interface ClientOptions {
  readonly name: string;
  readonly userId: string;
  /** One-way latency of this client's link, in virtual milliseconds. */
  readonly latency: number;
  /** Seed of this client's dice (`CONFIG.Dice.randomUniform`). */
  readonly seed: number;
  /**
   * A seeded stand-in for this client's Web Crypto source (a uniform in [0, 1) per value), for a test
   * that asks for repeatable keys, ids and secret draws; the table keeps one per seat, so a reload
   * goes on with the stream and still draws a new key. Absent: unpredictable, as in a browser.
   */
  readonly cryptoSource?: SeededCrypto | undefined;
  /** The browser: pass the previous one to model a reload, or another tab's for a second tab. */
  readonly browser?: Browser;
  /**
   * False for a page served over plain HTTP from another machine (a self-hosted Foundry without
   * certificates): the browser then gives it no `crypto.subtle` and `isSecureContext` is false
   * [MDN, "Secure contexts" and "Crypto: subtle property": available only in secure contexts;
   * `getRandomValues` is not restricted]. True (HTTPS or localhost) by default.
   */
  readonly secureContext?: boolean;
}

/**
 * A seeded Web Crypto stand-in: one stream for 32-bit words (the secret dice draw words), one for
 * bytes (keys, ids), so a run that sends one more request still deals the same dominoes.
 */
export interface SeededCrypto {
  readonly words: () => number;
  readonly bytes: () => number;
}

/** A notification the system showed this client's user. */
export interface Notice {
  readonly level: "info" | "warn" | "error";
  readonly message: string;
}

/** The client's registered settings: config and the world's values (this client's copy). */
interface SettingConfig {
  scope?: string;
  default?: unknown;
  onChange?: (value: unknown) => void;
}

const CONST = {
  TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
  GRID_TYPES: { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 },
  USER_ROLES: ROLES,
  DOCUMENT_OWNERSHIP_LEVELS: { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 },
};

/** An embedded collection of a parent and the key of its sources (Item, ActiveEffect; Combatant). */
function embeddedOf(
  parent: TableActor | TableCombat,
  documentName: string,
): { key: string; collection: Collection<TableDocument> } {
  if (parent instanceof TableActor) return parent.embedded(documentName);
  return { key: "combatants", collection: parent.combatants as unknown as Collection<TableDocument> };
}

/** A class a module-level `extends` can name; constructing an application is not implemented. */
const uiBase = (name: string) =>
  class {
    static readonly standInName = name;
    constructor() {
      fields.notImplemented(`new ${name}`);
    }
  };

export class TableClient implements DocumentHost, Connection {
  /** The ids of the messages this client's chat log was asked to draw again, in order. */
  readonly rerendered: string[] = [];
  readonly name: string;
  readonly userId: string;
  readonly latency: number;
  readonly context: Context;
  readonly browser: Browser;
  /** Closes this tab's BroadcastChannels (when the tab goes). */
  readonly channels: (() => void)[] = [];
  /** The tab's `pagehide` listeners (`addEventListener("pagehide", …)`), run when it closes or reloads. */
  readonly pagehide: (() => void)[] = [];
  readonly users = new Collection<TableUser>();
  readonly actors = new Collection<TableActor>();
  readonly combats = new Collection<TableCombat>();
  readonly messages = new Collection<TableChatMessage>();
  readonly scenes = new Collection<TableScene>();
  /**
   * The scene this client's canvas shows (`canvas.scene`): the active scene when the client loads, until
   * the test makes the user view another (`view`). Each client views its own: a GM may prepare the next
   * scene while the players fight on the active one (v13 API, Actor#getActiveTokens: "in the current
   * canvas Scene"; CombatData.scene: "The _id of a Scene within which this Combat occurs").
   */
  viewedSceneId: string | null = null;
  /** The tokens this client's user targets (`User#targets`), set by the test as a click on the canvas. */
  readonly targets = new Set<{ document: TableToken }>();
  readonly settingValues = new Map<string, unknown>();
  /**
   * Core's own settings the system reads: the chat log's mode, a client setting (each user's own choice,
   * never the world's) that starts public: v13 `core.rollMode` "publicroll", v14 `core.messageMode`
   * "public" [FOUNDRY-FACTS §6; dnd5e module/documents/actor/actor.mjs; ../stand-in/profile.ts].
   */
  readonly settingConfigs = new Map<string, SettingConfig>([
    [`core.${MODE_SETTING}`, { scope: "client", default: modeName("public") }],
  ]);
  /** This browser's values of client settings (none set: each reads its default). */
  readonly clientSettingValues = new Map<string, unknown>();
  readonly notices: Notice[] = [];
  /** The sounds this client played for itself only (`AudioHelper.play(data, false)`). */
  readonly sounds: { src: string; volume?: number }[] = [];
  readonly hooks = new HookBus();
  /** Every answer this client's queries got, in order (what its user could read from the console). */
  readonly queryAnswers: ({ name: string; answer: unknown } | { name: string; failed: string })[] = [];
  /** Every broadcast this client received, as it came off the socket (before its copy applied it). */
  readonly received: Broadcast[] = [];
  /** Every query this client's handlers received, as it arrived (the payload a GM sees). */
  readonly queriesReceived: { name: string; data: unknown; options: unknown }[] = [];
  private readonly globals: Record<string, unknown> = {};
  /** This client's dice source behind `CONFIG.Dice.randomUniform`; `reseed` replaces it. */
  private dice: () => number = () => 0;
  /**
   * A test's source of the 32-bit words `crypto.getRandomValues` gives (as uniforms in [0, 1)), or
   * null: the client's own unpredictable source, as every browser's Web Crypto is.
   */
  private secretWords: (() => number) | null = null;
  /** This client's module instance of the system's entry points (./system.ts). */
  system!: SystemEntryPoints;

  constructor(
    readonly server: TableServer,
    options: ClientOptions,
  ) {
    this.name = options.name;
    this.userId = options.userId;
    this.latency = options.latency;
    this.browser = options.browser ?? new Browser();
    this.secureContext = options.secureContext !== false;
    this.context = { name: options.name, globals: this.globals, client: this } as Context;
    this.installGlobals(options.seed, options.cryptoSource ?? null);
  }

  /** Whether the page is a secure context (HTTPS or localhost): only then has it `crypto.subtle`. */
  readonly secureContext: boolean;

  /** Web Crypto's `subtle`, as much of it as the system could call (SHA-256 digests). */
  private subtleCrypto() {
    return {
      digest: async (algorithm: string, data: ArrayBuffer | ArrayBufferView) => {
        if (algorithm !== "SHA-256") fields.notImplemented(`crypto.subtle.digest(${algorithm})`);
        const bytes =
          data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        const hash = createHash("sha256").update(bytes).digest();
        return hash.buffer.slice(hash.byteOffset, hash.byteOffset + hash.byteLength);
      },
    };
  }

  /** This browser's storage (`localStorage`), shared by its tabs. */
  get storage(): BrowserStorage {
    return this.browser.storage;
  }

  /** The tab closes or reloads: `pagehide` fires, then its channels close. */
  close(): void {
    this.run(() => {
      for (const listener of this.pagehide) listener();
    });
    for (const closeChannel of this.channels.splice(0)) closeChannel();
  }

  /** From now on this client's dice follow `seed` (public rolls part ways here). */
  reseed(seed: number): void {
    this.dice = seededUniform(seed);
  }

  /** From now on this client's secret draws follow `seed` (two runs part ways in their secrets here). */
  reseedSecrets(seed: number): void {
    this.secretWords = seededUniform(seed ^ 0x5a5a5a5a);
  }

  /**
   * From now on this client's secret draws read `next` (a uniform in [0, 1) per word: the secret
   * die turns u into face ⌊u·faces⌋ + 1 but at the very edges of a face); null gives back the
   * client's own unpredictable source.
   */
  scriptSecrets(next: (() => number) | null): void {
    this.secretWords = next;
  }

  /** Runs `fn` as code of this client (its globals, its documents). */
  run<T>(fn: () => T): T {
    return als.run(this.context, fn);
  }

  get user(): TableUser {
    return this.users.get(this.userId)!;
  }

  // ── boot ──────────────────────────────────────────────────────────────────────────────────────

  /** Loads the system afresh, runs `init`, builds the world's documents, then `setup` and `ready`. */
  async boot(): Promise<void> {
    await this.run(async () => {
      vi.resetModules();
      await import("../../src/zilch");
      // The same module instances the entry loaded (no reset in between): the system's own entry points.
      this.system = await loadSystemEntryPoints();
      this.hooks.callAll("init");
      this.server.connect(this);
      this.loadWorld();
      this.hooks.callAll("setup");
      this.hooks.callAll("ready");
    });
    await this.server.clock.idle();
  }

  private loadWorld(): void {
    const world = clone(this.server.world);
    for (const [key, value] of Object.entries(world.settings)) this.settingValues.set(key, value);
    for (const u of world.users) this.users.set(u._id, new TableUser(u as never));
    for (const id of this.server.activeUserIds) this.connectedAsKnown.add(id);
    for (const scene of world.scenes ?? []) this.scenes.set(scene._id, new TableScene(scene as never));
    this.viewedSceneId = (world.scenes ?? []).find((s) => s.active)?._id ?? null;
    for (const a of world.actors) this.actors.set(a._id, this.build("Actor", a as never) as TableActor);
    for (const c of world.combats) this.combats.set(c._id, this.build("Combat", c as never) as TableCombat);
    for (const m of world.messages)
      this.messages.set(m._id, this.build("ChatMessage", m as never) as TableChatMessage);
    for (const a of this.actors.values()) a.prepareData();
    for (const c of this.combats.values()) c.prepareData();
  }

  private build(documentName: string, data: Record<string, unknown>): TableDocument {
    const Base = { Actor: TableActor, Combat: TableCombat, ChatMessage: TableChatMessage, User: TableUser }[
      documentName
    ]!;
    const Class = (this.config(documentName).documentClass ?? Base) as typeof TableDocument;
    return new Class(data);
  }

  // ── DocumentHost ─────────────────────────────────────────────────────────────────────────────

  config(documentName: string): { documentClass?: unknown; dataModels?: Record<string, never> } {
    const config = this.globals.CONFIG as Record<
      string,
      { documentClass?: unknown; dataModels?: Record<string, never> }
    >;
    return config[documentName] ?? {};
  }
  userById(id: string): TableUser | undefined {
    return this.users.get(id);
  }
  rolesWith(permission: string): readonly number[] {
    const { SETTINGS_MODIFY, QUERY_USER } = this.server.permissions;
    if (permission === "SETTINGS_MODIFY") return SETTINGS_MODIFY;
    if (permission === "QUERY_USER") return QUERY_USER;
    return fields.notImplemented(`the permission ${permission}`);
  }
  actorById(id: string): TableActor | undefined {
    return this.actors.get(id);
  }
  callHooks(event: string, ...args: unknown[]): void {
    this.hooks.callAll(event, ...args);
  }
  callPreHooks(event: string, ...args: unknown[]): boolean {
    return this.hooks.call(event, ...args);
  }
  request(operation: Operation): Promise<Broadcast> {
    if (!this.server.connections.includes(this)) return Promise.reject(new Error(`${this.name} is offline`));
    return this.server.send(this, operation);
  }

  // ── Connection ───────────────────────────────────────────────────────────────────────────────

  /** Applies an echoed operation to this client's copy and runs the document callbacks and hooks. */
  receive(broadcast: Broadcast): void {
    // Kept as sent: every client applies a clone of it, so nothing changes it afterwards.
    this.received.push(broadcast);
    const { operation: op, userId } = broadcast;
    const result = clone(broadcast.result);
    const options = clone(op.options ?? {});
    if (op.documentName === "Setting") return this.receiveSettings(result);
    if (op.documentName === "Token") return this.receiveMoves(op, result, options, userId);
    const parent = this.parentOf(op);
    for (const data of result) {
      if (op.action === "create") this.receiveCreate(op, parent, data, options, userId);
      else if (op.action === "update") this.receiveUpdate(op, parent, data, options, userId);
      else this.receiveDelete(op, parent, String(data._id), options, userId);
    }
    if (op.token) this.tokenOf(op.token)?.keepDelta();
    else if (op.documentName === "Actor" || parent instanceof TableActor)
      for (const id of op.documentName === "Actor" ? result.map((r) => String(r._id)) : [parent!.id])
        for (const scene of this.scenes.values())
          for (const token of scene.tokens.values()) if (token.actorId === id) token.followBase();
  }

  /** The unlinked token an operation on its own actor names (foundryvtt#9131). */
  private tokenOf(ref: TokenRef): TableToken | undefined {
    const token = this.scenes.get(ref.sceneId)?.tokens.get(ref.tokenId);
    return token && !token.actorLink ? token : undefined;
  }

  /**
   * A token's move reaches every client: its copy takes the new position, then `updateToken` and
   * `moveToken(document, movement, operation, user)` run with the requester (FACTS §3; the movement
   * hook's arguments: src/types/movement.ts), the movement holding where the token stood before.
   */
  private receiveMoves(
    op: Operation,
    result: Record<string, unknown>[],
    options: Record<string, unknown>,
    userId: string,
  ): void {
    const scene = this.scenes.get(op.parentId!);
    const methods = (options.movement ?? {}) as Record<string, { method?: string }>;
    for (const changes of result) {
      const token = scene?.tokens.get(String(changes._id));
      if (!token) continue;
      const origin = { x: token.x, y: token.y };
      token.applyEcho(changes, options);
      const method = methods[token.id]?.method ?? "api";
      const movement = movementOf({
        id: `${token.id}.${op.parentId}`,
        method,
        origin,
        destination: { x: token.x, y: token.y },
      });
      this.hooks.callAll("updateToken", token, changes, options, userId);
      this.hooks.callAll("moveToken", token, movement, options, this.users.get(userId));
    }
  }

  private parentOf(op: Operation): TableActor | TableCombat | null {
    if (op.documentName === "Item" || op.documentName === "ActiveEffect")
      return (op.token ? this.tokenOf(op.token)?.actor : this.actors.get(op.parentId!)) ?? null;
    if (op.documentName === "Combatant") return this.combats.get(op.parentId!) ?? null;
    return null;
  }

  private collectionOf(name: string): Collection<TableDocument> {
    const map: Record<string, Collection<TableDocument>> = {
      User: this.users,
      Actor: this.actors,
      Combat: this.combats,
      ChatMessage: this.messages,
    };
    return map[name] ?? fields.notImplemented(`collection ${name}`);
  }

  private receiveCreate(
    op: Operation,
    parent: TableActor | TableCombat | null,
    data: Record<string, unknown>,
    options: object,
    userId: string,
  ): void {
    let doc: TableDocument | undefined;
    if (parent) {
      const { key, collection } = embeddedOf(parent, op.documentName);
      ((parent._source[key] ??= []) as Record<string, unknown>[]).push(data);
      parent.syncEmbedded();
      doc = collection.get(String(data._id));
      parent.prepareData();
      if (parent instanceof TableActor && doc)
        parent._onCreateDescendantDocuments(parent, key, [doc], [data], options, userId);
    } else {
      doc = this.build(op.documentName, data);
      this.collectionOf(op.documentName).set(doc.id, doc);
      doc.prepareData();
    }
    doc!._onCreate(data, options, userId);
    this.hooks.callAll(`create${op.documentName}`, doc, options, userId);
  }

  private receiveUpdate(
    op: Operation,
    parent: TableActor | TableCombat | null,
    changes: Record<string, unknown>,
    options: object,
    userId: string,
  ): void {
    const id = String(changes._id);
    let doc: TableDocument | undefined;
    if (parent) {
      const { key, collection } = embeddedOf(parent, op.documentName);
      const source = ((parent._source[key] ?? []) as Record<string, unknown>[]).find((d) => d._id === id);
      if (!source) return;
      doc = collection.get(id);
      doc!.applyEcho(changes, options);
      Object.assign(source, clone(doc!._source));
      parent.prepareData();
      if (parent instanceof TableActor)
        parent._onUpdateDescendantDocuments(parent, key, [doc!], [changes], options, userId);
    } else {
      doc = op.token
        ? (this.tokenOf(op.token)?.actor ?? undefined)
        : this.collectionOf(op.documentName).get(id);
      if (!doc) return;
      const statusesBefore = doc instanceof TableActor ? new Set(doc.statuses) : null;
      doc.applyEcho(changes, options);
      if (doc instanceof TableActor) doc.syncEmbedded();
      if (doc instanceof TableCombat) doc.syncEmbedded();
      doc.prepareData();
      if (doc instanceof TableActor && statusesBefore && "statuses" in changes) {
        doc._onUpdate(changes, options, userId);
        this.hooks.callAll(`update${op.documentName}`, doc, changes, options, userId);
        this.statusEffectHooks(doc, statusesBefore, options, userId);
        return;
      }
    }
    doc!._onUpdate(changes, options, userId);
    this.hooks.callAll(`update${op.documentName}`, doc, changes, options, userId);
  }

  /**
   * Actor#toggleStatusEffect creates (or deletes) an ActiveEffect whose `statuses` holds the status id
   * (v13 API, Actor#toggleStatusEffect: "Promise<ActiveEffect | boolean | undefined>"), and every client
   * runs the `createActiveEffect` / `deleteActiveEffect` hooks with `(effect, options, userId)` as for
   * any document (FOUNDRY-FACTS §3). The stand-in keeps statuses as a set on the actor, so it fires
   * those hooks here with an effect that holds only `parent`, `statuses` and `documentName`.
   */
  private statusEffectHooks(actor: TableActor, before: Set<string>, options: object, userId: string): void {
    const effect = (statuses: string[]) =>
      strictNamespace("ActiveEffect(status)", {
        documentName: "ActiveEffect",
        parent: actor,
        statuses: new Set(statuses),
        active: true,
      });
    for (const id of actor.statuses)
      if (!before.has(id)) this.hooks.callAll("createActiveEffect", effect([id]), options, userId);
    for (const id of before)
      if (!actor.statuses.has(id)) this.hooks.callAll("deleteActiveEffect", effect([id]), options, userId);
  }

  private receiveDelete(
    op: Operation,
    parent: TableActor | TableCombat | null,
    id: string,
    options: object,
    userId: string,
  ): void {
    let doc: TableDocument | undefined;
    if (parent) {
      const { key, collection } = embeddedOf(parent, op.documentName);
      const list = (parent._source[key] ?? []) as Record<string, unknown>[];
      doc = collection.get(id);
      parent._source[key] = list.filter((d) => d._id !== id);
      parent.syncEmbedded();
      parent.prepareData();
      if (parent instanceof TableActor && doc)
        parent._onDeleteDescendantDocuments(parent, key, [doc], [id], options, userId);
    } else {
      const collection = this.collectionOf(op.documentName);
      doc = collection.get(id);
      collection.delete(id);
    }
    if (!doc) return;
    doc._onDelete(options, userId);
    this.hooks.callAll(`delete${op.documentName}`, doc, options, userId);
  }

  private receiveSettings(result: Record<string, unknown>[]): void {
    for (const entry of result) {
      const key = String(entry._id);
      this.settingValues.set(key, clone(entry.value));
      this.settingConfigs.get(key)?.onChange?.(clone(entry.value));
    }
  }

  /** Runs this client's query handler: `CONFIG.queries[name](data, { timeout })` [FACTS §1: #13418]. */
  answer(name: string, data: unknown, options: { timeout?: number }): Promise<unknown> {
    this.queriesReceived.push({ name, data: clone(data), options: clone(options) });
    const queries = (this.globals.CONFIG as { queries: Record<string, (d: unknown, o: unknown) => unknown> })
      .queries;
    const handler = queries[name];
    if (!handler) return Promise.reject(new Error(`no query handler ${name}`));
    return this.run(async () => handler(data, { timeout: options.timeout }));
  }

  /** This client's `CONFIG.queries`, for tests that register a handler of their own. */
  get queryHandlers(): Record<string, (data: unknown, options: unknown) => unknown> {
    return (this.globals.CONFIG as { queries: Record<string, (d: unknown, o: unknown) => unknown> }).queries;
  }

  /** `User#query` from this client; its answer (or failure) is kept in `queryAnswers`. */
  query(targetId: string, name: string, data: unknown, timeout?: number): Promise<unknown> {
    const asked =
      targetId === this.userId
        ? this.answer(name, data, { timeout })
        : this.server.query(this, targetId, name, data, timeout);
    return asked.then(
      (answer) => {
        this.queryAnswers.push({ name, answer: clone(answer) });
        return answer;
      },
      (error: unknown) => {
        this.queryAnswers.push({ name, failed: String(error) });
        throw error;
      },
    );
  }

  /** A raw operation from this client's console, past every client-side check (the cheater's tool). */
  raw(operation: Operation): Promise<Broadcast> {
    return this.run(() => this.request(operation));
  }

  // ── globals ──────────────────────────────────────────────────────────────────────────────────

  private installGlobals(seed: number, seeded: SeededCrypto | null): void {
    installClientGlobals();
    setDocumentHost(() => {
      const store = als.getStore() as (Context & { client?: TableClient }) | undefined;
      if (!store?.client) throw new Error("table: a document was used outside every client");
      return store.client;
    });
    this.dice = seededUniform(seed);
    const uniform = () => this.dice();
    const words = () => this.secretWords;
    const me = () => this.user;
    const activeGM = () => this.activeGM();
    const viewed = () => this.viewedCombat();
    const connected = (id: string) => this.knowsConnected(id);
    const settings = this.settings();
    const game = strictNamespace("game", {
      get user() {
        return me();
      },
      users: Object.defineProperties(this.users, {
        activeGM: { get: activeGM },
        isConnected: { value: connected },
      }),
      actors: this.actors,
      // The table's world has no world items; scenes only where a test's world places tokens.
      items: new Collection(),
      scenes: Object.defineProperties(this.scenes, {
        viewed: { get: () => this.viewedScene },
        active: { get: () => this.scenes.find((s) => s.active) ?? null },
      }),
      tables: worldTables(this.server.world.tables ?? []),
      packs: systemPacks(),
      combats: this.combats,
      messages: this.messages,
      get combat() {
        return viewed();
      },
      settings,
      i18n: strictNamespace("game.i18n", {
        localize: (key: string) => localize(key),
        format: (key: string, data: Record<string, unknown> = {}) => localize(key, data),
      }),
      world: { id: "table-world" },
      release: standInRelease(),
      dice3d: undefined,
      zilchTable: {
        query: (target: string, name: string, data: unknown, timeout?: number) =>
          this.query(target, name, data, timeout),
      },
    });
    const notify = (level: Notice["level"]) => (message: string) => {
      this.notices.push({ level, message });
      return {};
    };
    // CONFIG.statusEffects as the profile's generation has it (an array on v13, by id on v14).
    const config = {
      Actor: {},
      Item: {},
      ActiveEffect: {},
      Combat: {},
      Combatant: {},
      ChatMessage: {},
      User: {},
      Scene: {},
      Token: {},
      ui: {},
      queries: {},
      specialStatusEffects: {},
      // A world's round and turn lengths in seconds (dnd5e sets `CONFIG.time.roundTime = 6`); core's
      // defaults are not in our evidence, and the server does not keep the world time.
      time: { roundTime: 6, turnTime: 0 },
      // CONFIG.Dice.rolls starts with core's Roll; systems add their subclasses [dnd5e dnd5e.mjs].
      Dice: { randomUniform: uniform, rolls: [TableRoll] },
      // Core's notification sound, which systems pass as a chat message's `sound` (dcc, titan,
      // weirdwizard read `CONFIG.sounds.notification`); its path is not in our evidence and no test reads it.
      sounds: strictNamespace("CONFIG.sounds", { notification: "sounds/notification.stand-in" }),
    };
    defineStatusEffects(config);
    Object.assign(this.globals, {
      game,
      CONST,
      CONFIG: strictNamespace("CONFIG", config),
      ui: strictNamespace("ui", {
        notifications: strictNamespace("ui.notifications", {
          info: notify("info"),
          warn: notify("warn"),
          error: notify("error"),
        }),
        combat: { render: () => undefined },
        // The table draws no chat log: re-rendering one message (`ui.chat.updateMessage`, which systems
        // call from a world setting's onChange to refresh their cards) has nothing to draw.
        // It records which messages were asked for, so a test can see that a card is drawn again.
        chat: {
          render: () => undefined,
          updateMessage: (message: { id: string }) => void this.rerendered.push(message.id),
        },
      }),
      foundry: this.foundryNamespace(),
      Hooks: this.hooks,
      Handlebars: strictNamespace("Handlebars", { registerHelper: () => undefined }),
      ChatMessage: TableChatMessage,
      Actor: TableActor,
      Item: TableItem,
      Combat: TableCombat,
      Combatant: TableCombatant,
      User: TableUser,
      Roll: TableRoll,
      RollTable: TableRollTable,
      fromUuid: async (uuid: string) => this.fromUuid(uuid),
      localStorage: this.browser.storage,
      BroadcastChannel: this.browser.channels.classFor(this),
      addEventListener: (type: string, listener: () => void) => {
        if (type !== "pagehide") fields.notImplemented(`addEventListener("${type}")`);
        this.pagehide.push(listener);
      },
      crypto: {
        // Web Crypto [https://developer.mozilla.org/en-US/docs/Web/API/Crypto/getRandomValues]: each
        // browser's own unpredictable source, never seeded by the page, so a reload draws new keys.
        // Only a test that asks seeds it (`cryptoSource`), or scripts the 32-bit words the secret
        // dice draw (`reseedSecrets`, `scriptSecrets`); bytes (keys, ids) never follow a script.
        getRandomValues: <T extends Uint8Array | Uint32Array>(array: T): T => {
          const scripted =
            array instanceof Uint32Array ? (words() ?? seeded?.words ?? null) : (seeded?.bytes ?? null);
          if (scripted === null) return webcrypto.getRandomValues(array);
          const span = 2 ** (8 * array.BYTES_PER_ELEMENT);
          for (let i = 0; i < array.length; i++) array[i] = Math.floor(scripted() * span);
          return array;
        },
        randomUUID: () => fields.notImplemented("crypto.randomUUID"),
        ...(!this.secureContext ? {} : { subtle: this.subtleCrypto() }),
      },
      isSecureContext: this.secureContext,
      __ZILCH_VERSION__: "table",
      // The browser's timers run on the table's virtual clock, in this client's context.
      setTimeout: (fn: () => void, ms = 0) => this.server.clock.schedule(ms, this.context, fn),
      clearTimeout: (handle: unknown) => this.server.clock.cancel(handle),
    });
  }

  /** The scene this client views (`canvas.scene`, `game.scenes.viewed`), or null with no canvas. */
  get viewedScene(): TableScene | null {
    return this.viewedSceneId === null ? null : (this.scenes.get(this.viewedSceneId) ?? null);
  }

  /** The user views another scene (Scene#view: this client only; the server and the others see nothing). */
  view(sceneId: string): void {
    if (!this.scenes.get(sceneId)) throw new Error(`table: no scene ${sceneId}`);
    this.viewedSceneId = sceneId;
  }

  /**
   * `game.combat` (`game.combats.viewed`): the combat this client's tracker shows. A combat bound to a
   * scene is shown while its scene is viewed; one bound to none (`scene` null) everywhere. Which one
   * core's tracker shows among several, or when the viewed scene has none, is UNKNOWN: a public
   * module's stream camera says relying on it "can leave `game.combat` null or pointing at a combat on
   * another scene". The table takes the case that exposes a system leaning on it: the first active
   * combat of the viewed scene (or unbound), else null, so a GM viewing another scene has no
   * `game.combat` (docs/table-layer.md).
   */
  private viewedCombat(): TableCombat | null {
    return (
      this.combats.find((c) => c.active && (c.sceneId === null || c.sceneId === this.viewedSceneId)) ?? null
    );
  }

  /**
   * Who this client believes is connected (`User#active`): the users connected when it loaded the
   * world, then each arrival and departure as its news reaches this client (`learnConnection`, after
   * this client's own link latency). Each client learns at its own time, so for a moment two clients may
   * name different active GMs, or one names a GM who has gone (the 2026-11-28 security review, §4 row
   * 17). Its own user is always connected to itself.
   */
  private readonly connectedAsKnown = new Set<string>();

  private knowsConnected(userId: string): boolean {
    return userId === this.userId || this.connectedAsKnown.has(userId);
  }

  /** News of a user's first client arriving or its last leaving reaches this client. */
  learnConnection(userId: string, connected: boolean): void {
    if (connected) this.connectedAsKnown.add(userId);
    else this.connectedAsKnown.delete(userId);
  }

  /** `game.users.activeGM`: the connected GAMEMASTER or ASSISTANT with the lowest id [FACTS §1]. */
  private activeGM(): TableUser | null {
    const gms = [...this.users.values()]
      .filter((u) => u.isGM && this.knowsConnected(u.id))
      .sort((a, b) => b.role - a.role || a.id.localeCompare(b.id));
    return gms[0] ?? null;
  }

  private settings() {
    return strictNamespace("game.settings", {
      /** ClientSettings#settings: the registered settings by "namespace.key". */
      settings: this.settingConfigs,
      register: (namespace: string, key: string, config: SettingConfig) => {
        this.settingConfigs.set(`${namespace}.${key}`, config);
      },
      get: (namespace: string, key: string) => {
        const id = `${namespace}.${key}`;
        const config = this.settingConfigs.get(id);
        // The other generation's chat-mode key: absent on v13, deprecated on v14 (../stand-in/profile.ts).
        if (!config && namespace === "core") coreModeSetting(key, () => undefined);
        if (!config) throw new Error(`setting ${id} is not registered`);
        // A client setting lives in this browser's localStorage, one value per device, never the
        // world's, and any user may change it [foundryvtt.wiki/en/development/api/settings: "scope:
        // client" is "part of the device's localStorage"; dnd5e module/settings.mjs registers
        // autoCollapseItemCards so]. The test sets it in `clientSettingValues`, as the user would.
        const values = config.scope === "client" ? this.clientSettingValues : null;
        if (values) return clone(values.has(id) ? values.get(id) : config.default);
        if (config.scope !== "world") fields.notImplemented(`${config.scope ?? "client"} setting ${id}`);
        return clone(this.settingValues.has(id) ? this.settingValues.get(id) : config.default);
      },
      set: async (namespace: string, key: string, value: unknown) => {
        const id = `${namespace}.${key}`;
        if (this.settingConfigs.get(id)?.scope === "client")
          fields.notImplemented(`client setting ${id} set`);
        await this.request({
          action: "update",
          documentName: "Setting",
          updates: [{ _id: id, value: clone(value) }],
        });
        return value;
      },
    });
  }

  private foundryNamespace() {
    const applications = strictNamespace("foundry.applications", {
      api: strictNamespace("foundry.applications.api", {
        ApplicationV2: uiBase("ApplicationV2"),
        DialogV2: uiBase("DialogV2"),
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin pattern requires any[].
        HandlebarsApplicationMixin: <T extends new (...args: any[]) => object>(Base: T) =>
          class extends Base {},
      }),
      sheets: strictNamespace("foundry.applications.sheets", {
        ActorSheetV2: uiBase("ActorSheetV2"),
        ItemSheetV2: uiBase("ItemSheetV2"),
      }),
      apps: strictNamespace("foundry.applications.apps", {
        DocumentSheetConfig: strictNamespace("DocumentSheetConfig", { registerSheet: () => undefined }),
      }),
      handlebars: strictNamespace("foundry.applications.handlebars", {
        loadTemplates: async () => [],
        // v13 renderTemplate(path, data) resolves to the HTML string; the system's templates with the
        // real Handlebars of the templates layer (test/templates/harness.ts, its helpers per v13 docs).
        renderTemplate: async (path: string, data: object) => templates().render(path, data),
      }),
      sidebar: strictNamespace("foundry.applications.sidebar", {
        tabs: strictNamespace("foundry.applications.sidebar.tabs", {
          CombatTracker: uiBase("CombatTracker"),
        }),
      }),
      // TextEditor.implementation.enrichHTML, as test/stand-in/text-editor.ts models it (the spell card's text).
      ux: textEditorStandIn().ux,
    });
    return strictNamespace("foundry", {
      audio: strictNamespace("foundry.audio", {
        AudioHelper: strictNamespace("AudioHelper", {
          /**
           * `AudioHelper.play(data, false)` plays on this client only (Dice So Nice's sound effects,
           * City of Mist's sounds.ts); broadcasting it (`true` or socket options) is not modelled. The
           * Sound it resolves to is not modelled either: nothing here reads it.
           */
          play: async (data: { src: string; volume?: number }, socket: unknown) => {
            if (socket !== false) fields.notImplemented("AudioHelper.play broadcast to other clients");
            this.sounds.push({ src: data.src, volume: data.volume });
            return undefined;
          },
        }),
      }),
      data: strictNamespace("foundry.data", {
        fields: strictNamespace("foundry.data.fields", {
          DataField: fields.DataField,
          SchemaField: fields.SchemaField,
          NumberField: fields.NumberField,
          StringField: fields.StringField,
          HTMLField: fields.HTMLField,
          BooleanField: fields.BooleanField,
          ArrayField: fields.ArrayField,
          SetField: fields.SetField,
          ObjectField: fields.ObjectField,
        }),
      }),
      abstract: strictNamespace("foundry.abstract", { DataModel, TypeDataModel }),
      applications,
      utils: strictNamespace("foundry.utils", {
        getProperty,
        escapeHTML: (text: string) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
        Semaphore,
        deepClone: clone,
      }),
    });
  }

  /**
   * fromUuid for the documents the table holds ("Actor.id", "Actor.id.Item.id", "ChatMessage.id",
   * "Scene.id.Token.id"…).
   */
  fromUuid(uuid: string): TableDocument | null {
    const parts = uuid.split(".");
    const top = {
      Actor: this.actors,
      Combat: this.combats,
      ChatMessage: this.messages,
      User: this.users,
      Scene: this.scenes,
    }[parts[0] as "Actor"] as Collection<TableDocument> | undefined;
    if (!top) return fields.notImplemented(`fromUuid("${uuid}")`);
    const doc = top.get(parts[1] ?? "") ?? null;
    if (parts.length === 2 || !doc) return doc;
    if (parts[2] === "Item") return (doc as TableActor).items.get(parts[3] ?? "") ?? null;
    if (parts[2] === "Combatant") return (doc as TableCombat).combatants.get(parts[3] ?? "") ?? null;
    if (parts[2] === "Token" && parts.length === 4)
      return (doc as TableScene).tokens.get(parts[3] ?? "") ?? null;
    // An unlinked token's own actor: Scene.<id>.Token.<id>.Actor.<id> (foundryvtt#11544), and its items.
    if (parts[2] === "Token" && parts[4] === "Actor" && (parts.length === 6 || parts[6] === "Item")) {
      const actor = (doc as TableScene).tokens.get(parts[3] ?? "")?.actor ?? null;
      if (!actor || actor.id !== parts[5]) return null;
      return parts.length === 6
        ? actor
        : parts.length === 8
          ? (actor.items.get(parts[7] ?? "") ?? null)
          : null;
    }
    return fields.notImplemented(`fromUuid("${uuid}")`);
  }
}

export { PermissionError };
