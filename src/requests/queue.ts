/**
 * Fair admission of other users' requests on the applier (docs/multiplayer.md §4 "Under load").
 * Foundry-free: timers only, so it is tested directly.
 *
 * Each request names a lane (the combat or card its handler serialises on) and may name a repeat key.
 * A lane runs one request at a time and takes the next from its senders in turn (round-robin), so one
 * sender's burst delays another's request by at most one request of each sender ahead. A sender may
 * have only a few requests waiting: past the cap the answer is `busy` at once. A request that repeats
 * the sender's last waiting one in that lane (same repeat key: the same kind, combatant and choice)
 * shares its place and its answer instead of queueing again; only requests whose repetition changes
 * nothing name a repeat key, and only the last waiting one is matched, so a later different choice is
 * never overtaken by an earlier one. A request still waiting when the GM's wait limit runs out, or
 * withdrawn by its sender, is answered `busy` and never runs.
 *
 * The active GM's own requests never enter: they go straight to their handler (channel.ts), so a
 * player's burst holds the GM's click for at most the one request of each lane that is running.
 */

/** What the queue answers in place of a request it will never run. */
export interface Busy {
  readonly ok: false;
  readonly code: "busy";
}
export const BUSY: Busy = { ok: false, code: "busy" };

/** Where a request waits and what it repeats. */
export interface Admission {
  readonly sender: string;
  readonly id: string;
  readonly lane: string;
  /** Set for a request whose repetition changes nothing: its kind, combatant and choice. */
  readonly repeat: string | null;
  /** How long it may wait on this client before it is answered `busy` without running. */
  readonly waitMs: number;
}

/** At most this many requests of one sender wait in one lane (the running one not counted). */
export const WAITING_PER_LANE = 8;
/** At most this many requests of one sender wait or run in all lanes together. */
export const HELD_PER_SENDER = 16;

interface Entry<T> {
  readonly sender: string;
  readonly repeat: string | null;
  readonly ids: string[];
  readonly run: () => Promise<T>;
  readonly answer: Promise<T | Busy>;
  settle: (value: T | Busy | PromiseLike<T>) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Lane<T> {
  /** Senders with requests waiting, in the order they take their next turn. */
  readonly turns: string[];
  readonly waiting: Map<string, Entry<T>[]>;
  running: boolean;
}

export class FairQueue<T> {
  private readonly lanes = new Map<string, Lane<T>>();
  /** Every waiting request by `sender.id` (a repeat's id too), with the lane it waits in. */
  private readonly byId = new Map<string, { lane: string; entry: Entry<T> }>();
  /** How many requests of each sender wait or run. */
  private readonly heldOf = new Map<string, number>();

  /** Runs `run` in its turn and resolves to its answer, or to `busy` when it never runs. */
  admit(admission: Admission, run: () => Promise<T>): Promise<T | Busy> {
    const lane = this.laneOf(admission.lane);
    const mine = lane.waiting.get(admission.sender) ?? [];
    const last = mine.at(-1);
    if (admission.repeat !== null && last?.repeat === admission.repeat) {
      last.ids.push(admission.id);
      this.byId.set(`${admission.sender}.${admission.id}`, { lane: admission.lane, entry: last });
      return last.answer;
    }
    const held = this.heldOf.get(admission.sender) ?? 0;
    if (mine.length >= WAITING_PER_LANE || held >= HELD_PER_SENDER) {
      this.forgetIfIdle(admission.lane, lane);
      return Promise.resolve(BUSY);
    }
    const entry = this.entry(admission, run);
    if (mine.length === 0) {
      lane.waiting.set(admission.sender, mine);
      lane.turns.push(admission.sender);
    }
    mine.push(entry);
    this.heldOf.set(admission.sender, held + 1);
    this.byId.set(`${admission.sender}.${admission.id}`, { lane: admission.lane, entry });
    entry.timer = setTimeout(() => this.drop(admission.lane, entry), admission.waitMs);
    this.next(admission.lane);
    return entry.answer;
  }

  /**
   * The sender gave up on request `id`: if it is still waiting it never runs and is answered `busy`
   * (true); false when it is not waiting (running, answered, or never seen).
   */
  withdraw(sender: string, id: string): boolean {
    const found = this.byId.get(`${sender}.${id}`);
    if (!found) return false;
    this.drop(found.lane, found.entry);
    return true;
  }

  private entry(admission: Admission, run: () => Promise<T>): Entry<T> {
    let settle: Entry<T>["settle"] = () => undefined;
    const answer = new Promise<T | Busy>((resolve) => (settle = resolve));
    return {
      sender: admission.sender,
      repeat: admission.repeat,
      ids: [admission.id],
      run,
      answer,
      settle,
      timer: undefined,
    };
  }

  private laneOf(name: string): Lane<T> {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { turns: [], waiting: new Map(), running: false };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  /** Takes `entry` out of the waiting requests (it runs now, or never). */
  private unqueue(laneName: string, entry: Entry<T>): void {
    clearTimeout(entry.timer);
    for (const id of entry.ids) this.byId.delete(`${entry.sender}.${id}`);
    const lane = this.lanes.get(laneName);
    const mine = lane?.waiting.get(entry.sender);
    if (!lane || !mine) return;
    mine.splice(mine.indexOf(entry), 1);
    if (mine.length > 0) return;
    lane.waiting.delete(entry.sender);
    lane.turns.splice(lane.turns.indexOf(entry.sender), 1);
  }

  /** One request of `sender` no longer waits or runs. */
  private release(sender: string): void {
    const held = (this.heldOf.get(sender) ?? 1) - 1;
    if (held > 0) this.heldOf.set(sender, held);
    else this.heldOf.delete(sender);
  }

  private drop(laneName: string, entry: Entry<T>): void {
    if (!this.byId.has(`${entry.sender}.${entry.ids[0]}`)) return;
    this.unqueue(laneName, entry);
    this.release(entry.sender);
    entry.settle(BUSY);
    const lane = this.lanes.get(laneName);
    if (lane) this.forgetIfIdle(laneName, lane);
  }

  /** Starts the lane's next request in turn when none runs. */
  private next(laneName: string): void {
    const lane = this.lanes.get(laneName);
    if (!lane || lane.running) return;
    const sender = lane.turns[0];
    const entry = sender === undefined ? undefined : lane.waiting.get(sender)?.[0];
    if (!entry) return this.forgetIfIdle(laneName, lane);
    this.unqueue(laneName, entry);
    // The sender's next request waits for the other senders' turns.
    if (lane.waiting.has(entry.sender))
      lane.turns.push(lane.turns.splice(lane.turns.indexOf(entry.sender), 1)[0]!);
    lane.running = true;
    const done = () => {
      lane.running = false;
      this.release(entry.sender);
      this.next(laneName);
    };
    let running: Promise<T>;
    try {
      running = entry.run();
    } catch (error) {
      running = Promise.reject(error as Error);
    }
    entry.settle(running);
    void running.then(done, done);
  }

  private forgetIfIdle(name: string, lane: Lane<T>): void {
    if (!lane.running && lane.turns.length === 0) this.lanes.delete(name);
  }
}
