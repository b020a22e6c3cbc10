/**
 * foundry.utils.Collection as the system reads it: keyed by id like a Map, but iterating its values,
 * not [key, value] pairs (https://foundryvtt.com/api/v13/classes/foundry.utils.Collection.html; public
 * v13 systems write `for ( const item of this.actor.items )` and read `item.system` straight away,
 * e.g. Black Flag's and dnd5e's actor sheets). One class for the document stand-in (./documents.ts) and
 * the table layer (test/table/documents.ts), so neither drifts into a Map's iteration. It has no Map
 * methods beyond these: calling another fails (not a function) instead of answering as Foundry might not.
 */
export class Collection<V> {
  private readonly entries = new Map<string, V>();
  get size(): number {
    return this.entries.size;
  }
  get(id: string): V | undefined {
    return this.entries.get(id);
  }
  has(id: string): boolean {
    return this.entries.has(id);
  }
  set(id: string, value: V): this {
    this.entries.set(id, value);
    return this;
  }
  delete(id: string): boolean {
    return this.entries.delete(id);
  }
  keys(): MapIterator<string> {
    return this.entries.keys();
  }
  values(): MapIterator<V> {
    return this.entries.values();
  }
  [Symbol.iterator](): MapIterator<V> {
    return this.entries.values();
  }
  get contents(): V[] {
    return [...this.entries.values()];
  }
  find(predicate: (v: V) => boolean): V | undefined {
    return this.contents.find(predicate);
  }
  filter(predicate: (v: V) => boolean): V[] {
    return this.contents.filter(predicate);
  }
  some(predicate: (v: V) => boolean): boolean {
    return this.contents.some(predicate);
  }
  map<T>(fn: (v: V) => T): T[] {
    return this.contents.map(fn);
  }
}
