/**
 * The client-side documents of the table layer: each client holds its own copy of every document
 * the server sends it, built with its own classes (the system's subclasses of these bases) and its own
 * data models. Only the members the system's combat code uses are here, each following the v13 API
 * (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html and the pages of Actor, Item,
 * Combat, Combatant, ChatMessage, User); anything else throws `not implemented by the stand-in`.
 *
 * Modelled behaviour and its evidence (design FOUNDRY-FACTS.md):
 * - `update`/`create`/`delete` send an operation to the server and resolve when this client's echo
 *   arrives; until then this client's copy is unchanged [§4: #10833].
 * - Data-model validation runs on the sending client before dispatch; the server does not run it
 *   [§2: #8967]. A console attacker sends raw operations past it (`TableClient.raw`). So do the
 *   `preUpdate…` hooks, whose handlers may add to the update's options (`preUpdate` below).
 * - Every client applies the echo, prepares the document again and runs `_onCreate/_onUpdate/
 *   _onDelete` and the `create…/update…/delete…` hooks with the requester's id [§3].
 * - A refused operation rejects with "User … lacks permission" [Aliharu/Foundry-Ex3#17].
 * - Statuses are a set of ids (as in test/stand-in/documents.ts), changed by an actor update the
 *   server checks like an ActiveEffect creation on the actor (owners only, Aliharu/Foundry-Ex3#17).
 * - ActiveEffects are embedded in their actor (`actor.effects`), each with `statuses` and `disabled`;
 *   the actor's `statuses` are its toggled ids and those of its effects that are not disabled (v13
 *   Actor#statuses; an item's transferred effects are not modelled). Creating, editing or deleting one
 *   runs the `createActiveEffect`/`updateActiveEffect`/`deleteActiveEffect` hooks on every client [§3].
 */
import type { TypeDataModel } from "../stand-in/data-model";
import { applyChanges, clone, getProperty, isPlainObject } from "./objects";
import { OWNER, ROLES, isGM, type UserData } from "./permissions";
import type { DocumentName, Operation, TokenRef } from "./server";
import { deltaOf, syntheticSource } from "./delta";
import { notImplemented } from "../stand-in/fields";
import { chatModeStatics } from "../stand-in/profile";
import { Collection } from "../stand-in/collection";

export { Collection };

type ModelClass = new (data: Record<string, unknown>, options: { parent: unknown }) => TypeDataModel;

/** What a document needs of the client it lives on. */
export interface DocumentHost {
  readonly userId: string;
  request(operation: Operation): Promise<{ result: Record<string, unknown>[] }>;
  config(documentName: string): { documentClass?: unknown; dataModels?: Record<string, ModelClass> };
  userById(id: string): TableUser | undefined;
  /** The roles the world's permission configuration gives a permission (throws for one the table does not configure). */
  rolesWith(permission: string): readonly number[];
  /** Every user of the world this client knows. */
  readonly users: Collection<TableUser>;
  actorById(id: string): TableActor | undefined;
  /** The scenes this client holds (read-only in the table). */
  readonly scenes: Collection<TableScene>;
  /** The scene this client's canvas shows (`canvas.scene`), or null. */
  readonly viewedSceneId: string | null;
  /** The tokens this client's user targets (`User#targets`). */
  readonly targets: Set<{ document: TableToken }>;
  callHooks(event: string, ...args: unknown[]): void;
  /** `Hooks.call`: the handlers in order, stopping at one that returns false (which it reports). */
  callPreHooks(event: string, ...args: unknown[]): boolean;
}

let host: () => DocumentHost = () => notImplemented("document host");
/** The client whose documents are being built or used (resolved through the client's globals). */
export function setDocumentHost(resolve: () => DocumentHost): void {
  host = resolve;
}

export class TableDocument {
  static documentName: DocumentName = "Actor";
  _source: Record<string, unknown>;
  system: TypeDataModel | undefined;
  readonly parent: TableDocument | null;

  constructor(data: Record<string, unknown>, options: { parent?: TableDocument | null } = {}) {
    this._source = clone(data);
    this.parent = options.parent ?? null;
    this.system = this.buildSystem();
  }

  get documentName(): DocumentName {
    return (this.constructor as typeof TableDocument).documentName;
  }

  private buildSystem(): TypeDataModel | undefined {
    const Model = host().config(this.documentName).dataModels?.[String(this._source.type ?? "base")];
    if (!Model) return undefined;
    return new Model((this._source.system ?? {}) as Record<string, unknown>, { parent: this });
  }

  get id(): string {
    return String(this._source._id);
  }
  get _id(): string {
    return this.id;
  }
  get name(): string {
    return String(this._source.name ?? "");
  }
  get type(): string {
    return String(this._source.type ?? "base");
  }
  get flags(): Record<string, unknown> {
    return (this._source.flags ??= {}) as Record<string, unknown>;
  }
  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    return this.parent ? `${this.parent.uuid}.${own}` : own;
  }

  getFlag(scope: string, key: string): unknown {
    return clone(getProperty(this.flags[scope], key));
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  async unsetFlag(scope: string, key: string): Promise<this> {
    const parts = key.split(".");
    const last = parts.pop()!;
    return this.update({ [["flags", scope, ...parts, `-=${last}`].join(".")]: null });
  }

  /** The sending client's validation: system changes must pass the model [FACTS §2: #8967]. */
  protected validateChanges(changes: Record<string, unknown>): Record<string, unknown> {
    const system = Object.entries(changes).filter(([k]) => k === "system" || k.startsWith("system."));
    if (system.length === 0 || !this.system) return changes;
    const Model = this.system.constructor as ModelClass;
    const probe = new Model(clone(this.system._source), { parent: null });
    probe.updateSource(Object.fromEntries(system));
    return changes;
  }

  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const checked = this.validateChanges(changes);
    preUpdate(this, checked, options);
    await host().request({
      action: "update",
      documentName: this.documentName,
      ...this.route(),
      updates: [{ ...checked, _id: this.id }],
      options,
    });
    return this;
  }

  async delete(options: Record<string, unknown> = {}): Promise<this> {
    await host().request({
      action: "delete",
      documentName: this.documentName,
      ...this.route(),
      ids: [this.id],
      options,
    });
    return this;
  }

  /** Where an operation on this document goes: its parent, and the unlinked token it lives in, if any. */
  protected route(): { parentId?: string; token?: TokenRef } {
    return { parentId: this.parent?.id };
  }

  /** Takes a whole new source (an unlinked token's actor made again from its base and delta). */
  replaceSource(source: Record<string, unknown>): void {
    this._source = clone(source);
    this.system = this.buildSystem();
  }

  /** Applies an echoed change to this client's copy, then prepares again [FACTS §3, §4]. */
  applyEcho(changes: Record<string, unknown>, options: { recursive?: unknown } = {}): void {
    applyChanges(this._source, changes, options);
    if (this.system && "system" in expandKeys(changes)) {
      try {
        this.system = this.buildSystem();
      } catch (error) {
        // What a client does with relayed system data its model rejects is UNKNOWN (FACTS §11.11).
        notImplemented(`relayed system data the model rejects (${String(error)})`);
      }
    }
  }

  prepareData(): void {
    this.system?.reset();
    this.system?.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.system?.prepareDerivedData();
  }
  prepareEmbeddedDocuments(): void {}

  /** Document#reset: prepare again from the source. */
  reset(): void {
    this.prepareData();
  }

  /** Document#render re-renders the document's open applications; the table opens none. */
  render(): void {}

  _onCreate(_data: object, _options: object, _userId: string): void {}
  _onUpdate(_changed: object, _options: object, _userId: string): void {}
  _onDelete(_options: object, _userId: string): void {}
  async _preCreate(_data: object, _options: object, _user: unknown): Promise<boolean | void> {}

  toObject(): Record<string, unknown> {
    const out = clone(this._source);
    if (this.system) out.system = this.system.toObject();
    return out;
  }

  /** Document#testUserPermission for the levels the system asks about. */
  testUserPermission(user: { id: string } | TableUser, level: string | number): boolean {
    const wanted =
      typeof level === "number" ? level : level === "OWNER" ? OWNER : notImplemented(`level ${level}`);
    return this.levelOf(user.id) >= wanted;
  }
  protected levelOf(userId: string): number {
    const user = host().userById(userId);
    return user && isGM(user._source as unknown as UserData) ? OWNER : 0;
  }
  get isOwner(): boolean {
    return this.levelOf(host().userId) >= OWNER;
  }
}

/**
 * The `preUpdate…` hook of one document, on the sending client only, before the change is sent, with
 * (document, changes, options, userId) [FACTS §2: #8967]. Its handlers may add to the options, which
 * travel with the change to every client's `_onUpdate` and `update…` hook [FACTS §3; dnd5e
 * module/data/actor/templates/attributes.mjs:520 and 536; draw-steel src/module/data/actor/
 * base-actor.mjs:270-295]. A handler returning false cancels the update: not modelled.
 */
function preUpdate(
  doc: TableDocument,
  changes: Record<string, unknown>,
  options: Record<string, unknown>,
): void {
  const allowed = host().callPreHooks(`preUpdate${doc.documentName}`, doc, changes, options, host().userId);
  if (!allowed) notImplemented(`a preUpdate${doc.documentName} hook that cancels the update`);
}

function expandKeys(changes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(changes).map((k) => [k.split(".")[0]!, true]));
}

export class TableUser extends TableDocument {
  static override documentName: DocumentName = "User";
  get role(): number {
    return Number(this._source.role);
  }
  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }
  get isSelf(): boolean {
    return this.id === host().userId;
  }
  /** User#isActiveGM: this user is the active GM (FACTS §1). */
  get isActiveGM(): boolean {
    const game = (globalThis as unknown as { game: { users: { activeGM: TableUser | null } } }).game;
    return game.users.activeGM?.id === this.id;
  }
  get active(): boolean {
    return (
      globalThis as unknown as { game: { users: { isConnected(id: string): boolean } } }
    ).game.users.isConnected(this.id);
  }
  get character(): null {
    return null;
  }
  /**
   * User#targets: the Token placeables this user targets, each with its `document` (the system reads
   * `[...game.user.targets][0].document`; dnd5e and draw-steel read targets the same way). Targets are
   * local to the user's own client; another user's are not modelled.
   */
  get targets(): Set<{ document: TableToken }> {
    return this.isSelf ? host().targets : notImplemented("another user's targets");
  }
  /**
   * User#can(permission), on v13 and v14 (dnd5e 5.3.x `game.user.can("TOKEN_CREATE")`, activity/summon.mjs):
   * the Gamemaster holds every permission (the server lets it write any setting, permissions.ts); any
   * other role holds one when the world's permission configuration lists it. That configuration is a
   * world setting every client reads, so the table reads the server's [#10912, #11678: an Assistant
   * GM has no SETTINGS_MODIFY unless granted].
   */
  can(permission: string): boolean {
    return this.role === ROLES.GAMEMASTER || host().rolesWith(permission).includes(this.role);
  }
  protected override levelOf(userId: string): number {
    return userId === this.id ? OWNER : super.levelOf(userId);
  }
  query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    const game = (
      globalThis as unknown as { game: { zilchTable: { query: (...a: unknown[]) => Promise<unknown> } } }
    ).game;
    return game.zilchTable.query(this.id, name, data, options.timeout);
  }
}

export class TableItem extends TableDocument {
  static override documentName: DocumentName = "Item";
  /** An item of an unlinked token's actor is written through that token (foundryvtt#9131). */
  protected override route(): { parentId?: string; token?: TokenRef } {
    return (this.parent as TableActor | null)?.embeddedRoute() ?? super.route();
  }
  protected override levelOf(userId: string): number {
    return (this.parent as TableActor | null)?.levelFor(userId) ?? super.levelOf(userId);
  }
}

/** An ActiveEffect on an actor: its name, the status ids it gives, and whether it is off. */
export class TableActiveEffect extends TableDocument {
  static override documentName: DocumentName = "ActiveEffect";
  protected override route(): { parentId?: string; token?: TokenRef } {
    return (this.parent as TableActor | null)?.embeddedRoute() ?? super.route();
  }
  get statuses(): Set<string> {
    return new Set((this._source.statuses ?? []) as string[]);
  }
  get disabled(): boolean {
    return this._source.disabled === true;
  }
  /** ActiveEffect#active: not disabled (suppression by an item is not modelled). */
  get active(): boolean {
    return !this.disabled;
  }
  protected override levelOf(userId: string): number {
    return (this.parent as TableActor | null)?.levelFor(userId) ?? super.levelOf(userId);
  }
}

/** (parent, collection, documents, data/changes/ids, options, userId), as the descendant callbacks take them. */
type DescendantArgs = [TableDocument, string, TableDocument[], unknown[], object, string];

/** The embedded collections of an actor, by document name, and where their sources live. */
const ACTOR_EMBEDDED = { Item: "items", ActiveEffect: "effects" } as const;
type ActorEmbedded = keyof typeof ACTOR_EMBEDDED;
const embeddedName = (name: string): ActorEmbedded =>
  name === "Item" || name === "ActiveEffect" ? name : notImplemented(`embedded ${name} in an actor`);

export class TableActor extends TableDocument {
  static override documentName: DocumentName = "Actor";
  readonly items = new Collection<TableItem>();
  readonly effects = new Collection<TableActiveEffect>();
  statuses = new Set<string>();
  prototypeToken: Record<string, unknown> = {};

  /**
   * Actor#isToken: this is an unlinked token's own actor (its parent is the token; foundryvtt#9131),
   * and Actor#token that token. A world actor has neither (crucible and other systems read
   * `actor.isToken ? actor.token : …`).
   */
  get isToken(): boolean {
    return this.parent instanceof TableToken;
  }
  get token(): TableToken | null {
    return this.parent instanceof TableToken ? this.parent : null;
  }

  /** The token whose delta an operation on this actor writes, if it is an unlinked token's actor. */
  private tokenRef(): TokenRef | undefined {
    const token = this.token;
    return token ? { sceneId: token.parent!.id, tokenId: token.id } : undefined;
  }
  protected override route(): { parentId?: string; token?: TokenRef } {
    const token = this.tokenRef();
    return token ? { token } : super.route();
  }
  /** Where an operation on one of this actor's items or effects goes. */
  embeddedRoute(): { parentId: string; token?: TokenRef } {
    const token = this.tokenRef();
    return token ? { parentId: this.id, token } : { parentId: this.id };
  }
  override async delete(options: Record<string, unknown> = {}): Promise<this> {
    if (this.isToken) notImplemented("deleting an unlinked token's actor");
    return super.delete(options);
  }

  constructor(data: Record<string, unknown>, options: { parent?: TableDocument | null } = {}) {
    super(data, options);
    this.syncEmbedded();
  }

  /** Rebuilds the items and statuses from the source (after construction or an echo). */
  syncEmbedded(): void {
    const ItemClass = (host().config("Item").documentClass ?? TableItem) as typeof TableItem;
    const sources = (this._source.items ?? []) as Record<string, unknown>[];
    const keep = new Set(sources.map((s) => String(s._id)));
    for (const id of this.items.keys()) if (!keep.has(id)) this.items.delete(id);
    for (const source of sources) {
      const existing = this.items.get(String(source._id));
      if (existing) {
        existing._source = clone(source);
        existing.system = new (existing.system!.constructor as ModelClass)(
          clone(source.system ?? {}) as never,
          {
            parent: existing,
          },
        );
      } else this.items.set(String(source._id), new ItemClass(source, { parent: this }));
    }
    const effects = (this._source.effects ?? []) as Record<string, unknown>[];
    const kept = new Set(effects.map((e) => String(e._id)));
    for (const id of this.effects.keys()) if (!kept.has(id)) this.effects.delete(id);
    for (const source of effects) {
      const existing = this.effects.get(String(source._id));
      if (existing) existing._source = clone(source);
      else this.effects.set(String(source._id), new TableActiveEffect(source, { parent: this }));
    }
    this.prepareStatuses();
  }

  /** Actor#statuses: the toggled ids and those of every effect that is not disabled. */
  private prepareStatuses(): void {
    const statuses = new Set((this._source.statuses ?? []) as string[]);
    for (const effect of this.effects.values())
      if (effect.active) for (const id of effect.statuses) statuses.add(id);
    this.statuses = statuses;
  }

  /** The embedded collection of `name` and the key of its sources. */
  embedded(name: string): { key: string; collection: Collection<TableDocument> } {
    const which = embeddedName(name);
    return {
      key: ACTOR_EMBEDDED[which],
      collection: (which === "Item" ? this.items : this.effects) as Collection<TableDocument>,
    };
  }

  /**
   * Document#_onCreateDescendantDocuments, _onUpdateDescendantDocuments, _onDeleteDescendantDocuments:
   * run on every client after the actor is prepared again, with the acting user's id (FOUNDRY-FACTS
   * §13; dnd5e module/documents/actor/actor.mjs reads its derived encumbrance there). The base does
   * nothing the system reads.
   */
  _onCreateDescendantDocuments(..._args: DescendantArgs): void {}
  _onUpdateDescendantDocuments(..._args: DescendantArgs): void {}
  _onDeleteDescendantDocuments(..._args: DescendantArgs): void {}

  override prepareEmbeddedDocuments(): void {
    this.prepareStatuses();
    for (const item of this.items.values()) item.prepareData();
  }

  levelFor(userId: string): number {
    const user = host().userById(userId);
    if (user?.isGM) return OWNER;
    const ownership = (this._source.ownership ?? {}) as Record<string, number>;
    return ownership[userId] ?? ownership.default ?? 0;
  }
  protected override levelOf(userId: string): number {
    return this.levelFor(userId);
  }
  /** Actor#hasPlayerOwner: a non-GM user owns it. */
  get hasPlayerOwner(): boolean {
    const ownership = (this._source.ownership ?? {}) as Record<string, number>;
    return Object.entries(ownership).some(
      ([id, level]) => id !== "default" && level >= OWNER && !host().userById(id)?.isGM,
    );
  }

  async createEmbeddedDocuments(name: string, data: Record<string, unknown>[]): Promise<TableDocument[]> {
    const documentName = embeddedName(name);
    const reply = await host().request({ action: "create", documentName, ...this.embeddedRoute(), data });
    return reply.result.map((r) => this.embedded(name).collection.get(String(r._id))!);
  }
  async updateEmbeddedDocuments(
    name: string,
    updates: Record<string, unknown>[],
    options: Record<string, unknown> = {},
  ): Promise<TableDocument[]> {
    const documentName = embeddedName(name);
    for (const u of updates) {
      const doc = this.embedded(name).collection.get(String(u._id));
      if (doc) preUpdate(doc, u, options);
    }
    await host().request({ action: "update", documentName, ...this.embeddedRoute(), updates, options });
    return updates.map((u) => this.embedded(name).collection.get(String(u._id))!);
  }
  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]> {
    const documentName = embeddedName(name);
    await host().request({ action: "delete", documentName, ...this.embeddedRoute(), ids });
    return ids;
  }
  /**
   * Actor#getActiveTokens(linked, document): this actor's tokens on the scene this client views, as
   * TokenDocuments when `document` is true (v13 API: "active tokens which represent this Actor in the
   * current canvas Scene. If the canvas is not currently active … the returned Array will be empty";
   * pf2e, dnd5e modules and others call `actor.getActiveTokens(false, true)` and read `.parent`, `.id`,
   * `.uuid` of each). A token on a scene this client does not view is not among them.
   * The same API comment: "If the Actor is a synthetic token actor, only the exact Token which it
   * represents will be returned", and `linked` "Limit results to Tokens which are linked to the Actor.
   * Otherwise return all Tokens even those which are not linked": a world actor's list holds the
   * unlinked tokens made from it unless `linked`. A token's actor asked for linked tokens: not in our
   * evidence, it throws.
   */
  getActiveTokens(linked: boolean, document: boolean): TableToken[] {
    if (!document) notImplemented("getActiveTokens without document=true (canvas placeables)");
    const viewed = host().viewedSceneId === null ? undefined : host().scenes.get(host().viewedSceneId!);
    const token = this.token;
    if (token && linked) notImplemented("getActiveTokens(true) of an unlinked token's actor");
    if (token) return token.parent === viewed ? [token] : [];
    return (viewed?.tokens.filter((t) => t.actorId === this.id) ?? []).filter((t) => !linked || t.actorLink);
  }

  /** Actor#toggleStatusEffect, as the set of status ids it changes (see the header). */
  async toggleStatusEffect(id: string, options: { active?: boolean } = {}): Promise<boolean> {
    const active = options.active ?? !this.statuses.has(id);
    // The toggled ids only: a status an effect gives stays that effect's.
    const next = new Set((this._source.statuses ?? []) as string[]);
    if (active) next.add(id);
    else next.delete(id);
    await this.update({ statuses: [...next] });
    return active;
  }
}

export class TableCombatant extends TableDocument {
  static override documentName: DocumentName = "Combatant";
  get actorId(): string {
    return String(this._source.actorId);
  }
  /**
   * Combatant#actor: an unlinked token's own actor for that token's combatant, else the world actor
   * (an unlinked creature's combatant acts on the token's actor: Nimble-Co/FoundryVTT-Nimble#463, whose
   * `combatant.actor` is the synthetic actor the `updateActor` hook hands them, a different object
   * from the world actor; the system's live batch checks the card's defender is the token's actor).
   */
  get actor(): TableActor | null {
    const token = this.token;
    if (token && !token.actorLink) return token.actor;
    return host().actorById(this.actorId) ?? null;
  }
  /**
   * Its name: the stored one, else its token's, else its actor's (CombatantData.name: "A customized
   * name which replaces the name of the Token in the tracker"; the token HUD's toggle sends none).
   */
  override get name(): string {
    const own = String(this._source.name ?? "");
    return own || this.token?.name || this.actor?.name || "";
  }
  get tokenId(): string | null {
    return (this._source.tokenId ?? null) as string | null;
  }
  get sceneId(): string | null {
    return (this._source.sceneId ?? null) as string | null;
  }
  /** Combatant#token: its token on its scene; worlds without scenes place none. */
  get token(): TableToken | null {
    if (!this.sceneId || !this.tokenId) return null;
    return host().scenes.get(this.sceneId)?.tokens.get(this.tokenId) ?? null;
  }
  get defeated(): boolean {
    return Boolean(this._source.defeated);
  }
  get hidden(): boolean {
    return Boolean(this._source.hidden);
  }
  /**
   * Whether this user's tracker lists it: an owner always, anyone else unless the GM hid it (draw-steel's
   * src/module/documents/combatant-group.mjs `get visible`, marked @inheritdoc: core's Combatant rule).
   */
  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }
  get initiative(): number | null {
    return (this._source.initiative ?? null) as number | null;
  }
  get combat(): TableDocument | null {
    return this.parent;
  }
  get hasPlayerOwner(): boolean {
    return this.actor?.hasPlayerOwner ?? false;
  }
  /** Combatant permissions follow its actor [FACTS §2 "Combatant"]. */
  protected override levelOf(userId: string): number {
    return this.actor?.levelFor(userId) ?? super.levelOf(userId);
  }
}

export class TableCombat extends TableDocument {
  static override documentName: DocumentName = "Combat";
  readonly combatants = new Collection<TableCombatant>();

  constructor(data: Record<string, unknown>, options: { parent?: TableDocument | null } = {}) {
    super(data, options);
    this.syncEmbedded();
  }

  syncEmbedded(): void {
    const CombatantClass = (host().config("Combatant").documentClass ??
      TableCombatant) as typeof TableCombatant;
    const sources = (this._source.combatants ?? []) as Record<string, unknown>[];
    const keep = new Set(sources.map((s) => String(s._id)));
    for (const id of this.combatants.keys()) if (!keep.has(id)) this.combatants.delete(id);
    for (const source of sources) {
      const existing = this.combatants.get(String(source._id));
      if (existing) {
        existing._source = clone(source);
        if (existing.system)
          existing.system = new (existing.system.constructor as ModelClass)(
            clone(source.system ?? {}) as never,
            {
              parent: existing,
            },
          );
      } else this.combatants.set(String(source._id), new CombatantClass(source, { parent: this }));
    }
  }

  override prepareEmbeddedDocuments(): void {
    for (const c of this.combatants.values()) c.prepareData();
  }

  get round(): number {
    return Number(this._source.round ?? 0);
  }
  get turn(): number | null {
    return (this._source.turn ?? null) as number | null;
  }
  /** `started` means round > 0 [FACTS §5: #9742]. */
  get started(): boolean {
    return this.round > 0;
  }
  get active(): boolean {
    return Boolean(this._source.active);
  }
  /** The id of the scene the combat belongs to (CombatData.scene), or null for one bound to none. */
  get sceneId(): string | null {
    return typeof this._source.scene === "string" && this._source.scene ? this._source.scene : null;
  }
  /** Combat#scene: its scene, or null for a combat bound to none. */
  get scene(): TableScene | null {
    return this.sceneId === null ? null : (host().scenes.get(this.sceneId) ?? null);
  }
  /** `turns`: the combatants sorted by initiative, then name [FACTS §5: #11238]. */
  get turns(): TableCombatant[] {
    return [...this.combatants.values()].sort(
      (a, b) =>
        (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity) ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    );
  }
  /** `combatant` is `turns[turn]`; a null turn means nobody is acting [FACTS §5: #11238]. */
  get combatant(): TableCombatant | null {
    return this.turn === null ? null : (this.turns[this.turn] ?? null);
  }

  /**
   * Combat#createEmbeddedDocuments("Combatant", data): what the token HUD's combat toggle and the
   * tracker send (foundryvtt#10735); resolves with this client's copies once its echo arrived.
   */
  async createEmbeddedDocuments(name: string, data: Record<string, unknown>[]): Promise<TableCombatant[]> {
    if (name !== "Combatant") notImplemented(`createEmbeddedDocuments("${name}")`);
    const sent = data.map((d) => ({
      type: "base",
      hidden: false,
      defeated: false,
      system: {},
      flags: {},
      ...d,
    }));
    const reply = await host().request({
      action: "create",
      documentName: "Combatant",
      parentId: this.id,
      data: sent,
    });
    return reply.result.map((r) => this.combatants.get(String(r._id))!);
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]> {
    if (name !== "Combatant") notImplemented(`deleteEmbeddedDocuments("${name}")`);
    await host().request({ action: "delete", documentName: "Combatant", parentId: this.id, ids });
    return ids;
  }

  async updateEmbeddedDocuments(name: string, updates: Record<string, unknown>[]): Promise<TableCombatant[]> {
    if (name !== "Combatant") notImplemented(`updateEmbeddedDocuments("${name}")`);
    await host().request({ action: "update", documentName: "Combatant", parentId: this.id, updates });
    return updates.map((u) => this.combatants.get(String(u._id))!);
  }

  /**
   * Combat#startCombat / #nextRound: the round number moves on. What `turn` core writes then is UNKNOWN
   * (FACTS §11.5), so the stand-in writes only `round`, and a system that needs a turn writes it.
   */
  async startCombat(): Promise<this> {
    return this.update({ round: 1 });
  }
  async nextRound(): Promise<this> {
    return this.update({ round: this.round + 1 });
  }
}

export class TableChatMessage extends TableDocument {
  static override documentName: DocumentName = "ChatMessage";
  get content(): string {
    return String(this._source.content ?? "");
  }
  get author(): TableUser | undefined {
    return host().userById(String(this._source.author));
  }
  get whisper(): string[] {
    return (this._source.whisper ?? []) as string[];
  }
  /**
   * ChatMessage#speaker as the author's client wrote it (systems read its actor id: pf2e's
   * ChatMessagePF2e#actor is `getSpeakerActor(this.speaker)`). Any author may name any actor here.
   */
  get speaker(): { actor?: string | null; alias?: string } {
    return (this._source.speaker ?? {}) as { actor?: string | null; alias?: string };
  }
  get blind(): boolean {
    return Boolean(this._source.blind);
  }
  get rolls(): unknown[] {
    return (this._source.rolls ?? []) as unknown[];
  }
  protected override levelOf(userId: string): number {
    return this._source.author === userId ? OWNER : super.levelOf(userId);
  }

  /**
   * ChatMessage.create: rolls travel as their JSON; the author defaults to this client's user. The one
   * create option passed on is `keepId` (documented, no role restriction known: FACTS §11 "Message ids").
   */
  static async create(
    data: Record<string, unknown>,
    options: { keepId?: boolean } = {},
  ): Promise<TableChatMessage> {
    // A roll may be a Roll, its data, or its JSON string (the field's stored form).
    const rolls = ((data.rolls ?? []) as unknown[]).map((r) =>
      typeof r === "string" ? JSON.parse(r) : isPlainObject(r) ? r : (r as { toJSON(): unknown }).toJSON(),
    );
    // The sending client validates a subtype's system data before dispatch [FACTS §2: #8967].
    const Model = host().config("ChatMessage").dataModels?.[String(data.type ?? "base")];
    if (Model) new Model(clone(data.system ?? {}) as Record<string, unknown>, { parent: null });
    const sent = {
      flags: {},
      whisper: [],
      blind: false,
      content: "",
      ...data,
      rolls,
      author: data.author ?? host().userId,
    };
    const reply = await host().request({
      action: "create",
      documentName: "ChatMessage",
      data: [sent],
      ...(options.keepId ? { options: { keepId: true } } : {}),
    });
    const game = (globalThis as unknown as { game: { messages: Collection<TableChatMessage> } }).game;
    return game.messages.get(String(reply.result[0]!._id))!;
  }

  /** ChatMessage.getSpeaker, as far as the system passes an actor. */
  static getSpeaker({ actor }: { actor?: TableActor | null } = {}): Record<string, unknown> {
    return { actor: actor?.id ?? null, alias: actor?.name ?? host().userById(host().userId)?.name ?? "" };
  }
}

/**
 * ChatMessage's mode function of the profile's generation [FOUNDRY-FACTS §6; ../stand-in/profile.ts]: v13
 * `applyRollMode`, v14 `applyMode` (v14's `applyRollMode` throws as deprecated). A public roll whispers
 * to nobody, a self roll to the roller alone, a GM roll to the world's GMs (assistants included: core
 * whispers to `getWhisperRecipients("GM")`, every user whose `isGM` holds), a blind roll to them with
 * `blind: true`.
 */
Object.assign(
  TableChatMessage,
  chatModeStatics(
    () => host().userId,
    () => [...host().users.values()].filter((u) => u.isGM).map((u) => u.id!),
  ),
);

/** A scene's grid data: square (type 1) unless said otherwise, 1 unit a square, diagonals counted as 1. */
export interface SceneGridData {
  size: number;
  type?: number;
  distance?: number;
  /** CONST.GRID_DIAGONALS: the world's diagonal rule (core.gridDiagonals) that the grid measures with. */
  diagonals?: number;
}

const SQUARE = 1;

/**
 * The cost of `n` diagonal steps under each CONST.GRID_DIAGONALS rule, as the public modules re-creating
 * v13's square-grid measure count them (EQUIDISTANT 1, EXACT √2, APPROXIMATE 1.5, RECTILINEAR 2,
 * ALTERNATING_1 1-2-1…, ALTERNATING_2 2-1-2…; ILLEGAL goes round, 2 a diagonal).
 */
function diagonalCost(rule: number, n: number): number {
  const costs: Record<number, number> = {
    0: n,
    1: Math.SQRT2 * n,
    2: 1.5 * n,
    3: 2 * n,
    4: n + Math.floor(n / 2),
    5: n + Math.ceil(n / 2),
    6: 2 * n,
  };
  const cost = costs[rule];
  return cost === undefined ? notImplemented(`grid diagonals ${rule}`) : cost;
}

/**
 * A scene's grid, as src/documents/scene-grid.ts reads it: `getOffset` of a pixel point and
 * `measurePath` between two offsets on a square grid (distance in grid units, with the diagonal
 * rule; spaces counts every step as 1). Hex grids and measuring on a gridless scene are not modelled.
 */
export class TableGrid {
  readonly size: number;
  readonly type: number;
  readonly distance: number;
  readonly diagonals: number;
  constructor(data: SceneGridData) {
    this.size = data.size;
    this.type = data.type ?? SQUARE;
    this.distance = data.distance ?? 1;
    this.diagonals = data.diagonals ?? 0;
  }
  getOffset({ x, y }: { x: number; y: number }): { i: number; j: number } {
    if (this.type !== SQUARE) return notImplemented(`getOffset on grid type ${this.type}`);
    return { i: Math.floor(y / this.size), j: Math.floor(x / this.size) };
  }
  measurePath(waypoints: readonly { i: number; j: number }[]): { distance: number; spaces: number } {
    if (this.type !== SQUARE || waypoints.length !== 2)
      return notImplemented("measurePath beyond two squares");
    const [a, b] = waypoints as [{ i: number; j: number }, { i: number; j: number }];
    const di = Math.abs(a.i - b.i);
    const dj = Math.abs(a.j - b.j);
    const diagonal = Math.min(di, dj);
    const straight = Math.max(di, dj) - diagonal;
    const steps = this.diagonals === 6 ? di + dj : straight + diagonal;
    return { distance: (straight + diagonalCost(this.diagonals, diagonal)) * this.distance, spaces: steps };
  }
}

/**
 * A Scene as the attack flow reads it: its grid size (squares between tokens, src/applications/combat/
 * cast.ts) and its tokens. Read-only in the table: nothing here writes a scene.
 */
export class TableScene extends TableDocument {
  static override documentName: DocumentName = "Scene" as DocumentName;
  readonly tokens = new Collection<TableToken>();

  constructor(data: Record<string, unknown>) {
    super(data);
    for (const t of (data.tokens ?? []) as Record<string, unknown>[])
      this.tokens.set(String(t._id), new TableToken(t, { parent: this }));
  }
  get grid(): TableGrid {
    return new TableGrid(clone(this._source.grid) as SceneGridData);
  }
  get active(): boolean {
    return Boolean(this._source.active);
  }
  override async update(): Promise<this> {
    return notImplemented("Scene#update");
  }
}

/**
 * A TokenDocument. A linked token's `actor` is its world actor (dnd5e and draw-steel reach a token's
 * creature through `token.actor`; FOUNDRY-FACTS §7 "Drag and drop" on uuids); an unlinked token's is its
 * own, the world actor with the token's delta applied, whose parent is the token (./delta.ts has the
 * evidence). Its uuid is `Scene.<id>.Token.<id>`; `x`, `y` in pixels, `parent` its scene. A token is
 * written only by `move` (and an unlinked token's delta through its actor).
 */
export class TableToken extends TableDocument {
  static override documentName: DocumentName = "Token" as DocumentName;
  private synthetic: TableActor | null = null;
  get actorId(): string {
    return String(this._source.actorId);
  }
  get actorLink(): boolean {
    return this._source.actorLink === true;
  }
  /** TokenDocument#baseActor: the world actor it was made from. */
  get baseActor(): TableActor | null {
    return host().actorById(this.actorId) ?? null;
  }
  get actor(): TableActor | null {
    if (this.actorLink) return this.baseActor;
    if (!this.synthetic) {
      const base = this.baseActor;
      if (!base) return null;
      const ActorClass = (host().config("Actor").documentClass ?? TableActor) as typeof TableActor;
      this.synthetic = new ActorClass(this.syntheticSource(base), { parent: this });
      this.synthetic.prepareData();
    }
    return this.synthetic;
  }
  private syntheticSource(base: TableActor): Record<string, unknown> {
    return syntheticSource(base._source, this._source.delta as Record<string, unknown> | undefined);
  }
  /** After its actor took an echoed change: keeps the change as this token's delta (./delta.ts). */
  keepDelta(): void {
    const base = this.baseActor;
    if (this.synthetic && base) this._source.delta = deltaOf(base._source, this.synthetic._source);
  }
  /**
   * After its world actor changed: its own actor is made again from the base and this token's delta
   * (Rughalt/D35E#353). Which hooks Foundry runs for it then is not in our evidence: none here.
   */
  followBase(): void {
    const base = this.baseActor;
    if (!this.synthetic || !base) return;
    this.synthetic.replaceSource(this.syntheticSource(base));
    this.synthetic.syncEmbedded();
    this.synthetic.prepareData();
  }
  get x(): number {
    return Number(this._source.x);
  }
  get y(): number {
    return Number(this._source.y);
  }
  /** Its size in squares (1 unless the data says otherwise). */
  get width(): number {
    return Number(this._source.width ?? 1);
  }
  get height(): number {
    return Number(this._source.height ?? 1);
  }
  get scene(): TableDocument | null {
    return this.parent;
  }
  /**
   * TokenDocument#disposition (CONST.TOKEN_DISPOSITIONS), which threat detection reads (CON-1). A test
   * world that gives its tokens none leaves them neutral, nobody's enemy, as its tables always were.
   */
  get disposition(): number {
    return typeof this._source.disposition === "number" ? this._source.disposition : 0;
  }
  override async update(): Promise<this> {
    return notImplemented("TokenDocument#update");
  }
  /**
   * TokenDocument#move (v13: foundryvtt#11843) to one waypoint, `x` and `y` in pixels. The method
   * (`dragging`, `keyboard`, `api`…: foundryvtt#11875) travels in the operation's `movement` option,
   * keyed by the token's id (foundryvtt#12240: "as part of an entry in operation/options.movement").
   * Waypoints, elevation and the other movement options are not modelled.
   */
  async move(to: { x: number; y: number }, options: { method?: string } = {}): Promise<boolean> {
    await host().request({
      action: "update",
      documentName: "Token",
      parentId: this.parent?.id,
      updates: [{ _id: this.id, x: to.x, y: to.y }],
      options: { movement: { [this.id]: { method: options.method ?? "api" } } },
    });
    return true;
  }
}

/** The members of a committed movement the table models; reading any other throws. */
const MOVEMENT_MEMBERS = new Set(["id", "method", "chain", "origin", "destination"]);

/**
 * What `moveToken(document, movement, operation, user)` hands its listeners (src/types/movement.ts has
 * the evidence): the movement's method, an empty `chain` (one segment), and the token's position
 * before and after the move (`origin`, `destination`: `x`, `y` in pixels).
 */
export function movementOf(data: {
  id: string;
  method: string;
  origin: { x: number; y: number };
  destination: { x: number; y: number };
}): object {
  const movement = Object.freeze({ ...data, chain: Object.freeze([]) });
  return new Proxy(movement, {
    get(target, key) {
      if (typeof key === "string" && !MOVEMENT_MEMBERS.has(key)) notImplemented(`movement.${key}`);
      return Reflect.get(target, key);
    },
  });
}
