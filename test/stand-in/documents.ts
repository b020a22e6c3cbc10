/**
 * Plain in-memory documents for the document-API tests (ARCHITECTURE.md §6), mirroring only what
 * ZilchActor and ZilchItem use of the v13 client documents:
 * - https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html (id, uuid, name, type,
 *   system, parent, update, toObject, createEmbeddedDocuments, deleteEmbeddedDocuments, _onUpdate)
 * - https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html (prepareData order:
 *   base, embedded documents, derived)
 * - https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html (items, statuses,
 *   toggleStatusEffect)
 * - https://foundryvtt.com/api/v13/classes/foundry.utils.Collection.html (get, contents, iteration)
 * The model of a document's `system` comes from CONFIG[documentName].dataModels[type], as in Foundry.
 * Statuses are kept as a set of ids instead of ActiveEffect documents: the models read only the set.
 */
import { expandObject, type TypeDataModel } from "./data-model";
import { notImplemented } from "./fields";
import { Collection } from "./collection";

type ModelClass = new (data: Record<string, unknown>, options: { parent: unknown }) => TypeDataModel;

export interface DocumentData {
  _id?: string;
  name?: string;
  type: string;
  system?: Record<string, unknown>;
  items?: DocumentData[];
  statuses?: string[];
}

let counter = 0;
/** A 16-character id, like Foundry's randomID, but deterministic per test run. */
export function nextId(): string {
  counter += 1;
  return `standin${String(counter).padStart(9, "0")}`;
}

function configFor(documentName: string): { dataModels: Record<string, ModelClass> } {
  const config = (globalThis as { CONFIG?: Record<string, { dataModels?: Record<string, ModelClass> }> })
    .CONFIG;
  const entry = config?.[documentName];
  if (!entry?.dataModels) return notImplemented(`CONFIG.${documentName}.dataModels`);
  return { dataModels: entry.dataModels };
}

export { Collection } from "./collection";

export class StandInDocument {
  static documentName = "Document";
  readonly id: string;
  name: string;
  readonly type: string;
  system: TypeDataModel;
  readonly parent: StandInDocument | null;

  constructor(data: DocumentData, options: { parent?: StandInDocument | null } = {}) {
    const ctor = this.constructor as typeof StandInDocument;
    const Model = configFor(ctor.documentName).dataModels[data.type];
    if (!Model) throw new Error(`${ctor.documentName} type "${data.type}" has no data model`);
    this.id = data._id ?? nextId();
    this.name = data.name ?? "";
    this.type = data.type;
    this.parent = options.parent ?? null;
    this.system = new Model(data.system ?? {}, { parent: this });
  }

  /** Document#uuid: the document's name and id, after its parent's uuid when embedded. */
  get uuid(): string {
    const own = `${(this.constructor as typeof StandInDocument).documentName}.${this.id}`;
    return this.parent ? `${this.parent.uuid}.${own}` : own;
  }

  /** Document#prepareData: base data, embedded documents, derived data. */
  prepareData(): void {
    this.system.reset();
    this.system.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.system.prepareDerivedData();
  }

  prepareEmbeddedDocuments(): void {}

  /**
   * Document#reset: back to the source, prepared again (what pf2e's `resetActors`,
   * foundryvtt/pf2e src/module/actor/helpers.ts, relies on to re-prepare actors after a setting changes).
   */
  reset(): void {
    this.resets += 1;
    this.prepareData();
  }
  /** How often reset() ran, for the tests. */
  resets = 0;

  /**
   * Document#render: re-renders the document's open sheets (pf2e `resetActors` calls it after reset).
   * The stand-in has no sheets, so it only counts the calls.
   */
  render(): void {
    this.renders += 1;
  }
  renders = 0;

  /** Document#flags: each package's flags under its own scope. */
  flags: Record<string, Record<string, unknown>> = {};

  /** Document#getFlag(scope, key): the stored value, or undefined. */
  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  /** Document#setFlag(scope, key, value): an update of `flags.<scope>.<key>`. */
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }

  /** Document#update: apply the change to the source, prepare again, then run _onUpdate. */
  async update(changes: Record<string, unknown>): Promise<this> {
    const expanded = expandObject(changes);
    for (const key of Object.keys(expanded))
      if (key !== "system" && key !== "name" && key !== "flags") notImplemented(`update of "${key}"`);
    if (typeof expanded.name === "string") this.name = expanded.name;
    for (const [scope, values] of Object.entries((expanded.flags ?? {}) as Record<string, object>))
      this.flags[scope] = { ...this.flags[scope], ...values };
    if (expanded.system) this.system.updateSource(expanded.system as Record<string, unknown>);
    this.prepareData();
    this.parent?.prepareData();
    this._onUpdate(expanded, {}, currentUserId());
    await settle();
    return this;
  }

  protected _onUpdate(_changed: Record<string, unknown>, _options: object, _userId: string): void {}

  /**
   * Document#_onCreateDescendantDocuments, _onUpdateDescendantDocuments, _onDeleteDescendantDocuments:
   * run on the parent after its embedded documents changed, with its data already prepared again
   * (dnd5e's Actor5e reads its item-derived encumbrance there: foundryvtt/dnd5e
   * module/documents/actor/actor.mjs, `updateEncumbrance`), on every client, with the changing user's id.
   */
  protected _onCreateDescendantDocuments(
    _parent: StandInDocument,
    _collection: string,
    _documents: StandInDocument[],
    _data: object[],
    _options: object,
    _userId: string,
  ): void {}

  protected _onUpdateDescendantDocuments(
    _parent: StandInDocument,
    _collection: string,
    _documents: StandInDocument[],
    _changes: object[],
    _options: object,
    _userId: string,
  ): void {}

  protected _onDeleteDescendantDocuments(
    _parent: StandInDocument,
    _collection: string,
    _documents: StandInDocument[],
    _ids: string[],
    _options: object,
    _userId: string,
  ): void {}

  protected async _preCreate(_data: object, _options: object, _user: unknown): Promise<boolean | void> {}

  /**
   * Actor#prototypeToken, as far as _preCreate sets it: a plain record of the token defaults
   * (https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#prototypetoken).
   */
  prototypeToken: Record<string, unknown> = {};

  /** Document#updateSource: change the source without a database update (used in _preCreate). */
  updateSource(changes: Record<string, unknown>): void {
    const expanded = expandObject(changes);
    for (const key of Object.keys(expanded))
      if (key !== "system" && key !== "prototypeToken") notImplemented(`updateSource of "${key}"`);
    if (expanded.prototypeToken)
      this.prototypeToken = {
        ...this.prototypeToken,
        ...(expanded.prototypeToken as Record<string, unknown>),
      };
    if (expanded.system) this.system.updateSource(expanded.system as Record<string, unknown>);
    this.prepareData();
  }

  /** Document.create: build the document, run _preCreate (which may refuse), prepare it. */
  static async create<T extends StandInDocument>(
    this: new (data: DocumentData) => T,
    data: DocumentData,
  ): Promise<T | undefined> {
    const doc = new this(data);
    const user = (globalThis as { game?: { user?: unknown } }).game?.user;
    if ((await doc._preCreate(data, {}, user)) === false) return undefined;
    doc.prepareData();
    return doc;
  }

  toObject(): Record<string, unknown> {
    return { _id: this.id, name: this.name, type: this.type, system: this.system.toObject() };
  }
}

/** The id of the user on this client (game.user), as Foundry passes it to the change callbacks. */
function currentUserId(): string {
  return (globalThis as { game?: { user?: { id?: string } } }).game?.user?.id ?? "";
}

/** Lets updates started by `_onUpdate` (which Foundry does not await) finish before a test reads. */
async function settle(): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

export class StandInItem extends StandInDocument {
  static override documentName = "Item";

  /** Document#delete of an embedded Item: its parent's deleteEmbeddedDocuments with its id. */
  async delete(): Promise<this> {
    const parent = this.parent;
    if (!(parent instanceof StandInActor)) return notImplemented("Item#delete without a parent actor");
    await parent.deleteEmbeddedDocuments("Item", [this.id]);
    return this;
  }
}

export class StandInActor extends StandInDocument {
  static override documentName = "Actor";
  readonly items = new Collection<StandInItem>();
  readonly statuses: Set<string>;

  constructor(data: DocumentData, options: { parent?: StandInDocument | null } = {}) {
    super(data, options);
    this.statuses = new Set(data.statuses ?? []);
    for (const item of data.items ?? []) this.addItem(item);
    this.prepareData();
  }

  private addItem(data: DocumentData): StandInItem {
    const ItemClass = ((globalThis as { CONFIG?: { Item?: { documentClass?: typeof StandInItem } } }).CONFIG
      ?.Item?.documentClass ?? StandInItem) as typeof StandInItem;
    const item = new ItemClass(data, { parent: this });
    this.items.set(item.id, item);
    return item;
  }

  override prepareEmbeddedDocuments(): void {
    for (const item of this.items.values()) item.prepareData();
  }

  async createEmbeddedDocuments(name: string, data: DocumentData[]): Promise<StandInItem[]> {
    if (name !== "Item") notImplemented(`createEmbeddedDocuments("${name}")`);
    const created = data.map((d) => this.addItem(d));
    this.prepareData();
    this._onCreateDescendantDocuments(this, "items", created, data, {}, currentUserId());
    await settle();
    return created;
  }

  /**
   * Document#updateEmbeddedDocuments: each change names its document by `_id`; the whole batch is
   * checked before any is applied, then the parent is prepared once.
   */
  async updateEmbeddedDocuments(name: string, updates: Record<string, unknown>[]): Promise<StandInItem[]> {
    if (name !== "Item") notImplemented(`updateEmbeddedDocuments("${name}")`);
    const targets = updates.map((u) => {
      const item = this.items.get(String(u._id));
      if (!item) throw new Error(`no embedded Item ${String(u._id)}`);
      return item;
    });
    targets.forEach((item, i) => {
      const expanded = expandObject(updates[i]!);
      for (const key of Object.keys(expanded))
        if (key !== "system" && key !== "_id") notImplemented(`embedded update of "${key}"`);
      if (expanded.system) item.system.updateSource(expanded.system as Record<string, unknown>);
    });
    this.prepareData();
    this._onUpdateDescendantDocuments(this, "items", targets, updates, {}, currentUserId());
    await settle();
    return targets;
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<string[]> {
    if (name !== "Item") notImplemented(`deleteEmbeddedDocuments("${name}")`);
    const deleted = ids.map((id) => this.items.get(id)).filter((item) => item !== undefined);
    for (const id of ids) this.items.delete(id);
    this.prepareData();
    this._onDeleteDescendantDocuments(this, "items", deleted, ids, {}, currentUserId());
    await settle();
    return ids;
  }

  /** Actor#toggleStatusEffect, as the set of status ids it changes. */
  async toggleStatusEffect(id: string, options: { active?: boolean } = {}): Promise<boolean> {
    const active = options.active ?? !this.statuses.has(id);
    if (active) this.statuses.add(id);
    else this.statuses.delete(id);
    this.prepareData();
    return active;
  }
}
