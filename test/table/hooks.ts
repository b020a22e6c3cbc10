/**
 * One client's `Hooks` (https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html): `on`,
 * `once`, `off`, `callAll` (every handler, in order) and `call` (stops at a handler returning false).
 * A handler that throws is logged and the others still run, as Foundry does.
 */
type Handler = (...args: unknown[]) => unknown;

export class HookBus {
  private readonly handlers = new Map<string, { fn: Handler; once: boolean; id: number }[]>();
  private next = 1;

  on(event: string, fn: Handler): number {
    return this.add(event, fn, false);
  }

  once(event: string, fn: Handler): number {
    return this.add(event, fn, true);
  }

  off(event: string, fn: Handler | number): void {
    const list = this.handlers.get(event) ?? [];
    this.handlers.set(
      event,
      list.filter((h) => h.fn !== fn && h.id !== fn),
    );
  }

  callAll(event: string, ...args: unknown[]): true {
    for (const h of this.take(event)) this.invoke(event, h.fn, args);
    return true;
  }

  call(event: string, ...args: unknown[]): boolean {
    for (const h of this.take(event)) if (this.invoke(event, h.fn, args) === false) return false;
    return true;
  }

  private add(event: string, fn: Handler, once: boolean): number {
    const id = this.next++;
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), { fn, once, id }]);
    return id;
  }

  private take(event: string) {
    const list = this.handlers.get(event) ?? [];
    this.handlers.set(
      event,
      list.filter((h) => !h.once),
    );
    return list;
  }

  private invoke(event: string, fn: Handler, args: unknown[]): unknown {
    try {
      return fn(...args);
    } catch (error) {
      console.error(`table: hook ${event} failed`, error);
      return undefined;
    }
  }
}
