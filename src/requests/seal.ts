/**
 * Card seals: the active GM applies a step only to card state it wrote itself.
 * Whenever the GM writes an attack card's state it records the SHA-256 of that state, with the card's
 * step number, in a world setting only GMs may write (FOUNDRY-FACTS §2; #10912); before a step it
 * hashes the card's current state again. A player's own message with attack data (whatever its author
 * field says, FOUNDRY-FACTS §11.3) has no seal; a card changed by anyone else no longer matches its
 * seal; a step asked with an old step number (a replay, a double click) is stale. Pure.
 */
import { sha256Hex } from "./identity";

export interface CardSeal {
  /** SHA-256 of the card state's canonical JSON, as the GM wrote it. */
  readonly hash: string;
  /** How many times the GM has written this card: the step number a client must quote. */
  readonly seq: number;
}
export type CardSeals = Readonly<Record<string, CardSeal>>;

/** JSON with object keys sorted at every level, so equal data always hashes alike. */
export function canonicalJson(value: unknown): string {
  const plain: unknown = JSON.parse(JSON.stringify(value ?? null));
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v !== "object" || v === null) return v;
    const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, x]) => [k, sort(x)]));
  };
  return JSON.stringify(sort(plain));
}

export const hashCardState = (state: unknown): Promise<string> => sha256Hex(canonicalJson(state));

/** The seals as read from the setting: only well-formed entries count. */
export function readSeals(value: unknown): CardSeals {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (e): e is [string, CardSeal] =>
        typeof e[1] === "object" &&
        e[1] !== null &&
        typeof (e[1] as Record<string, unknown>).hash === "string" &&
        Number.isInteger((e[1] as Record<string, unknown>).seq),
    ),
  );
}

export type SealProblem = "unsealed" | "staleStep";

/** What a card holds: its state and its step number, both written by the GM and hashed together. */
export interface SealedCard {
  readonly state: unknown;
  readonly seq: unknown;
}

/**
 * Why the GM must not apply a step to this card now, or null when it may: no seal or a state that is
 * not the one sealed ("unsealed"), or a step asked against another step number ("staleStep").
 */
export async function sealProblem(
  seal: CardSeal | undefined,
  card: SealedCard,
  asked: number | undefined,
): Promise<SealProblem | null> {
  if (!seal || card.state === undefined || card.state === null || card.seq !== seal.seq) return "unsealed";
  if ((await hashCardState(card)) !== seal.hash) return "unsealed";
  return asked === seal.seq ? null : "staleStep";
}

/**
 * At most this many seals are kept: the newest cards'. An older card can no longer take a step or be
 * applied (its seal is gone, so it reads as unsealed): a table never goes back that far, and the
 * setting, rewritten whole at each step, stays small.
 */
export const MAX_SEALS = 200;

/**
 * The seals once the GM has written `messageId` (null: nothing left to seal), pruned to cards that
 * still exist and to the newest MAX_SEALS (the written card last, so newest).
 */
export function nextSeals(
  seals: CardSeals,
  messageId: string,
  seal: CardSeal | null,
  exists: (id: string) => boolean,
): CardSeals {
  const kept = Object.entries(seals).filter(([id]) => id !== messageId && exists(id));
  const all = seal ? [...kept, [messageId, seal] as const] : kept;
  return Object.fromEntries(all.slice(Math.max(0, all.length - MAX_SEALS)));
}
