/**
 * The table layer's network (ARCHITECTURE.md §6 "table"): a virtual clock that delivers every message
 * between the simulated server and its clients after a configurable latency, one event at a time, and
 * an AsyncLocalStorage that says which client's globals (`game`, `CONFIG`, `Hooks`…) the running code
 * sees. Virtual time makes a run deterministic: the same inputs deliver the same events in the same
 * order, which the secrecy test (same public history, different secrets) depends on.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One client's world as its code sees it: the values behind the global names. */
export interface Context {
  readonly name: string;
  readonly globals: Record<string, unknown>;
}

export const als = new AsyncLocalStorage<Context>();

/** The client whose code is running; code running outside every client (the server) has none. */
export function currentContext(): Context {
  const context = als.getStore();
  if (!context) throw new Error("table: code ran outside every client (no game, CONFIG… here)");
  return context;
}

/** The global names each client has its own copy of. */
export const CLIENT_GLOBALS = [
  "game",
  "CONFIG",
  "CONST",
  "ui",
  "foundry",
  "Hooks",
  "Handlebars",
  "ChatMessage",
  "Actor",
  "Item",
  "Combat",
  "Combatant",
  "User",
  "Roll",
  "RollTable",
  "fromUuid",
  "localStorage",
  "BroadcastChannel",
  "addEventListener",
  "crypto",
  "isSecureContext",
  "__ZILCH_VERSION__",
] as const;

/**
 * Browser timers, per client on the virtual clock; code outside every client (Vitest itself) keeps
 * Node's own.
 */
export const CLIENT_TIMERS = ["setTimeout", "clearTimeout"] as const;

let installed = false;

/**
 * Makes each client global a getter (and setter) that resolves through the AsyncLocalStorage, so two
 * clients' code interleaving across awaits keeps apart. Reading a name a client lacks throws.
 */
export function installClientGlobals(): void {
  if (installed) return;
  installed = true;
  for (const name of CLIENT_GLOBALS) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const { globals, name: client } = currentContext();
        if (!(name in globals))
          throw new Error(`not implemented by the stand-in: ${name} (client ${client})`);
        return globals[name];
      },
      set(value: unknown) {
        currentContext().globals[name] = value;
      },
    });
  }
  for (const name of CLIENT_TIMERS) {
    let node = (globalThis as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const context = als.getStore();
        return context && name in context.globals ? context.globals[name] : node;
      },
      // Vitest puts its own timers back at the end of a run.
      set(value: unknown) {
        node = value;
      },
    });
  }
}

interface Event {
  readonly at: number;
  readonly seq: number;
  cancelled?: boolean;
  readonly context: Context | null;
  readonly run: () => void;
}

/**
 * Virtual time. `schedule` queues a delivery; a pump delivers the earliest one after every microtask of
 * the previous delivery has run (a `setImmediate` turn), inside the receiving client's context.
 */
export class Clock {
  now = 0;
  private seq = 0;
  private queue: Event[] = [];
  private pumping: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  /** Errors thrown by deliveries (a client's echo handling, a timer): tests expect none. */
  readonly errors: { client: string; error: unknown }[] = [];

  /** Queues `run` in `context` after `delay` virtual ms; returns a handle for `cancel`. */
  schedule(delay: number, context: Context | null, run: () => void): number {
    const event: Event = { at: this.now + Math.max(0, delay), seq: this.seq++, context, run };
    const index = this.queue.findIndex((e) => e.at > event.at);
    if (index < 0) this.queue.push(event);
    else this.queue.splice(index, 0, event);
    this.pumping ??= this.pump();
    return event.seq;
  }

  /** A closed tab: nothing more is delivered to it, and its timers die with it. */
  cancelContext(context: Context): void {
    for (const event of this.queue) if (event.context === context) event.cancelled = true;
  }

  cancel(handle: unknown): void {
    const event = this.queue.find((e) => e.seq === handle);
    if (event) event.cancelled = true;
  }

  private async pump(): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const event = this.queue.shift();
      if (!event) break;
      if (event.cancelled) continue;
      this.now = event.at;
      try {
        if (event.context) als.run(event.context, event.run);
        else als.exit(event.run);
      } catch (error) {
        // A handler that throws stops only itself, as an uncaught error in one browser would.
        this.errors.push({ client: event.context?.name ?? "server", error });
        console.error(`table: ${event.context?.name ?? "server"} failed`, error);
      }
    }
    this.pumping = null;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once nothing is in flight (every delivery made, every microtask after it run). */
  async idle(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pumping) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
