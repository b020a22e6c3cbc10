/**
 * The round's secrets (ST-1 declared stances not yet shown, CD-18 (a) bids, CD-18 (c) lowering
 * spends, CD-19 the reached Closing die while the world hides it) on the active GM's client only: in memory, and in that browser's `localStorage` under the
 * world and combat, so a GM reload keeps them (docs/multiplayer.md §3).
 *
 * No document holds them: a player's client receives every document it may read, and v13 storage
 * that only GMs can read is not established (FOUNDRY-FACTS §11.8). So another GM's machine cannot see
 * them: `lostSecrets` finds what the public state says was declared, bid or spent that this client
 * does not hold, and `withoutLost` re-opens exactly those choices, for the table to make again.
 *
 * Each save stamps the public state and the stored secrets alike (`secretsStamp`, a count of saves):
 * secrets whose stamp is not the state's are stale (another GM applied requests since) and are not used. Pure apart from
 * the injected `Storage`.
 */
import { STANCES, type Stance } from "../../rules/vocabulary";
import { CLOSING_FACES } from "../../rules/countdown/closing";
import type { BidBallot, LoweringSpends } from "../../rules/round/countdown-options";
import type { RoundState, StanceBallot } from "../../rules/round/state";
import { isRecord } from "../../rules/records";

export interface RoundSecrets {
  readonly ballot: StanceBallot;
  readonly bids: BidBallot;
  readonly spends: LoweringSpends;
  /** CD-19: the reached Closing die's value while the world hides it (null when none is kept). */
  readonly closing: number | null;
}

export const NO_SECRETS: RoundSecrets = { ballot: {}, bids: {}, spends: {}, closing: null };

/**
 * The stamp of the next save: a count of the combat's saves. Only the active GM writes, one save at
 * a time, so no two saves of a combat share a stamp, and stored secrets with an older one are stale.
 */
export function nextStamp(stored: string | undefined): string {
  const count = Number.parseInt(stored ?? "0", 10);
  return String((Number.isSafeInteger(count) && count > 0 ? count : 0) + 1);
}

/** The part of the Web Storage API the store uses (the GM browser's `localStorage`). */
export type SecretStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const isStance = (v: unknown): v is Stance =>
  typeof v === "string" && (STANCES as readonly string[]).includes(v);
const isDie = (v: unknown): v is number => Number.isInteger(v) && Number(v) >= 1 && Number(v) <= 36;
const isClosingFace = (v: unknown): v is number =>
  Number.isInteger(v) && Number(v) >= 1 && Number(v) <= CLOSING_FACES;

function entries<T>(v: unknown, keep: (x: unknown) => x is T): Record<string, T> {
  if (!isRecord(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, T] => keep(e[1])));
}

/** What a stored string holds, if it is secrets with this stamp; anything else holds nothing. */
export function parseSecrets(text: string | null, stamp: string | undefined): RoundSecrets {
  if (text === null || stamp === undefined) return NO_SECRETS;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NO_SECRETS;
  }
  if (!isRecord(value) || value.stamp !== stamp) return NO_SECRETS;
  return {
    ballot: entries(value.ballot, isStance),
    bids: entries(value.bids, isDie),
    spends: entries(value.spends, isDie),
    closing: isClosingFace(value.closing) ? value.closing : null,
  };
}

/** Only the secrets the public state still waits on (a stale entry must never decide anything). */
export function secretsInUse(state: RoundState, s: RoundSecrets): RoundSecrets {
  const pick = <T>(from: Readonly<Record<string, T>>, ids: readonly string[]) =>
    Object.fromEntries(ids.flatMap((id) => (from[id] === undefined ? [] : [[id, from[id]]])));
  return {
    ballot: state.stancesShown ? {} : pick(s.ballot, state.declared),
    bids: pick(s.bids, state.bidders ?? []),
    spends: pick(s.spends, state.lowered ?? []),
    // CD-19: only the Closed round's die, and only while the world hides it.
    closing: state.countdown?.phase === "closed" && !state.countdown.options.showClosing ? s.closing : null,
  };
}

export interface LostSecrets {
  /** ST-1: declared, not yet shown, and the stance is not held here. */
  readonly declarations: readonly string[];
  /** CD-18 (a): bid, and the die is not held here. */
  readonly bids: readonly string[];
  /** CD-18 (c): spent a die to lower the Closing die, and the die is not held here. */
  readonly spends: readonly string[];
}

/** What the public state says was chosen in secret that this client does not hold. */
export function lostSecrets(state: RoundState, held: RoundSecrets): LostSecrets {
  return {
    declarations: state.stancesShown ? [] : state.declared.filter((id) => held.ballot[id] === undefined),
    bids: (state.bidders ?? []).filter((id) => held.bids[id] === undefined),
    spends: (state.lowered ?? []).filter((id) => held.spends[id] === undefined),
  };
}

export const anyLost = (lost: LostSecrets): boolean =>
  lost.declarations.length + lost.bids.length + lost.spends.length > 0;

/**
 * ST-1, CD-18 (a), (c): the round with the lost choices open again: those combatants declare, bid or
 * spend anew. Nothing is decided for them (never a silent Cautious stance or highest-die bid).
 */
export function withoutLost(state: RoundState, lost: LostSecrets): RoundState {
  const drop = (ids: readonly string[] | undefined, gone: readonly string[]) =>
    (ids ?? []).filter((id) => !gone.includes(id));
  return {
    ...state,
    declared: drop(state.declared, lost.declarations),
    bidders: drop(state.bidders, lost.bids),
    lowered: drop(state.lowered, lost.spends),
  };
}

/** The GM client's store: memory first, then this browser's storage, keyed by world and combat. */
export class SecretStore {
  readonly #memory = new Map<string, { stamp: string; secrets: RoundSecrets }>();

  constructor(
    private readonly storage: () => SecretStorage | null,
    private readonly worldId: () => string,
  ) {}

  #key(combatId: string): string {
    return `zilch.secrets.${this.worldId()}.${combatId}`;
  }

  /** The secrets saved with `stamp` for this combat (none when the stamp differs or nothing is kept). */
  read(combatId: string, stamp: string | undefined): RoundSecrets {
    const held = this.#memory.get(combatId);
    if (held && held.stamp === stamp) return held.secrets;
    try {
      return parseSecrets(this.storage()?.getItem(this.#key(combatId)) ?? null, stamp);
    } catch {
      return NO_SECRETS;
    }
  }

  write(combatId: string, stamp: string, secrets: RoundSecrets): void {
    this.#memory.set(combatId, { stamp, secrets });
    try {
      this.storage()?.setItem(this.#key(combatId), JSON.stringify({ stamp, ...secrets }));
    } catch (error) {
      // A full or blocked storage only costs the reload-safety; memory still holds the round.
      console.warn("Zilch | could not keep the round's secrets in this browser", error);
    }
  }

  forget(combatId: string): void {
    this.#memory.delete(combatId);
    try {
      this.storage()?.removeItem(this.#key(combatId));
    } catch {
      // Nothing to keep: the combat is gone.
    }
  }
}
