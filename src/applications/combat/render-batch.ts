/**
 * One render for a burst of render requests. A countdown call saves the combat once, but a step that
 * also changes statuses, chips or a card makes several documents change in the same instant, and
 * every change asks the tracker to render again on every client. Requests that arrive before the next
 * frame are merged into one render: the union of the parts asked for (all of them when any request
 * named none) and the other options of the latest request. The flush waits for the next animation
 * frame, or at most `MAX_WAIT_MS` (a background tab gets no frames, and a caller that awaits its
 * render must not wait for the tab to come back).
 */
export interface BatchedOptions {
  parts?: string[];
}

export const MAX_WAIT_MS = 50;

/** The options of one render that does what every merged request asked. */
export function mergeRenderOptions<O extends BatchedOptions>(first: O, ...rest: readonly O[]): O {
  const requests = [first, ...rest];
  const merged = rest.reduce<O>((all, r) => ({ ...all, ...r }), { ...first });
  const named = requests.every((r) => Array.isArray(r.parts));
  if (named) merged.parts = [...new Set(requests.flatMap((r) => r.parts ?? []))];
  else delete merged.parts;
  return merged;
}

export interface Scheduler {
  frame(run: () => void): void;
  timeout(run: () => void, ms: number): void;
}

/** The browser's own clocks (`requestAnimationFrame` and `setTimeout`). */
export const BROWSER_SCHEDULER: Scheduler = {
  frame: (run) => requestAnimationFrame(() => run()),
  timeout: (run, ms) => void setTimeout(run, ms),
};

/** Collects render requests and runs `render` once per burst, resolving every request's promise. */
export class RenderBatch<O extends BatchedOptions, R> {
  #waiting: { requests: O[]; settle: Array<(result: Promise<R>) => void> } | null = null;

  constructor(
    private readonly render: (options: O) => Promise<R>,
    private readonly scheduler: Scheduler = BROWSER_SCHEDULER,
  ) {}

  /** Asks for a render; it happens, merged with the others of its burst, at the next frame. */
  request(options: O): Promise<R> {
    const batch = this.#waiting ?? this.#open();
    batch.requests.push(options);
    return new Promise<R>((resolve, reject) => batch.settle.push((result) => result.then(resolve, reject)));
  }

  #open() {
    const batch = { requests: [] as O[], settle: [] as Array<(result: Promise<R>) => void> };
    this.#waiting = batch;
    let flushed = false;
    const flush = () => {
      if (flushed) return;
      flushed = true;
      if (this.#waiting === batch) this.#waiting = null;
      const [first, ...rest] = batch.requests;
      if (!first) return;
      const result = this.render(mergeRenderOptions(first, ...rest));
      for (const settle of batch.settle) settle(result);
    };
    this.scheduler.frame(flush);
    this.scheduler.timeout(flush, MAX_WAIT_MS);
    return batch;
  }
}
