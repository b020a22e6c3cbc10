/**
 * foundry.utils.Semaphore, as crucible uses it to serialise query-driven updates [FACTS §4: crucible
 * module/dice/group-check.mjs; in core since 0.8, League-of-Foundry-Developers/foundry-vtt-types#678]:
 * `new Semaphore(max = 1)`, `add(fn, ...args)` runs `fn` when a slot is free and resolves with its
 * result; `remaining`, `active`, `clear()`.
 */
export class Semaphore {
  private readonly queue: (() => void)[] = [];
  active = 0;

  constructor(readonly max = 1) {}

  get remaining(): number {
    return this.queue.length;
  }

  async add<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await fn(...args);
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }

  clear(): void {
    this.queue.length = 0;
  }
}
