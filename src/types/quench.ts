/**
 * The part of the Quench module's API (Ethaks/FVTT-Quench, src/module/quench.ts) the live batch uses.
 * Quench fires `quenchReady` with its instance once it is active; `registerBatch(key, fn, options)`
 * stores a batch whose key starts with the package id, and calls `fn` with Mocha's `describe`, `it`,
 * `before`, `after` and Chai's `assert` when the user runs it from the Quench window.
 */
export interface QuenchAssert {
  ok(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  isNull(value: unknown, message?: string): void;
  isNotNull(value: unknown, message?: string): void;
}

/** A Mocha test, as `it` returns it: its timeout can be set (mocha.js, Runnable#timeout). */
export interface MochaTest {
  timeout(ms: number): unknown;
}

/** `this` in a Mocha hook written as a function (an arrow function has none: FOUNDRY-FACTS §12). */
export interface MochaHookContext {
  timeout(ms: number): unknown;
}

/** Mocha and Chai functions Quench passes to a batch (QuenchBatchContext, trimmed to what we call). */
export interface QuenchBatchContext {
  describe(title: string, fn: () => void): void;
  it(title: string, fn: () => Promise<void> | void): MochaTest;
  before(fn: (this: MochaHookContext) => Promise<void> | void): void;
  after(fn: (this: MochaHookContext) => Promise<void> | void): void;
  assert: QuenchAssert;
}

export interface Quench {
  registerBatch(
    key: string,
    fn: (context: QuenchBatchContext) => void | Promise<void>,
    options?: { displayName?: string; preSelected?: boolean },
  ): void;
}

/** Quench's hook, with its instance (Ethaks/FVTT-Quench src/module/quench-init.ts). */
declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the types declare the hook table in a namespace; merging needs one.
  namespace Hooks {
    interface HookConfig {
      quenchReady: (quench: Quench) => void;
    }
  }
}
