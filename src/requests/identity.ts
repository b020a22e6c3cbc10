/**
 * Who sent a request, in a way another player cannot forge (docs/multiplayer.md).
 * Foundry v13 does not tell a query handler who sent the query (FOUNDRY-FACTS §1; foundryvtt#13418),
 * so each client proves its user: it draws a secret key in memory, publishes only the key's SHA-256
 * hash on its own User document, and sends the key with each request to the active GM alone. The GM
 * hashes the key it received and compares it with the sender's published hash.
 *
 * Foundry-free, so the checks are tested directly. Hashing uses @noble/hashes, not Web Crypto's
 * `subtle` digest: browsers give `subtle` only to secure contexts (HTTPS or localhost), and a
 * self-hosted Foundry serves plain HTTP unless its GM sets up certificates (FOUNDRY-FACTS §12), so on
 * such a server every request would be refused. `crypto.getRandomValues` is available on every page,
 * secure or not (MDN, "Crypto: getRandomValues() method": not limited to secure contexts, unlike
 * `subtle`).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

/** 32 random bytes: guessing a key is hopeless, and the hash reveals nothing of it. */
export const KEY_BYTES = 32;
const HEX_KEY = new RegExp(`^[0-9a-f]{${KEY_BYTES * 2}}$`);
const HEX_HASH = /^[0-9a-f]{64}$/;

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** A fresh secret key (hex), kept only in this client's memory. */
export function newRequestKey(): string {
  return hex(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
}

/** The SHA-256 hash (hex) of a text. */
export async function sha256Hex(text: string): Promise<string> {
  return Promise.resolve(hex(sha256(utf8ToBytes(text))));
}

/** The hash of a key: what a user publishes on its own User document. */
export const hashRequestKey = (key: string): Promise<string> => sha256Hex(key);

/** Compares two equal-length strings without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Does `key` (from a request) prove the user whose published hash is `published`? Anything that is
 * not a well-formed key or hash proves nothing.
 */
export async function keyProves(key: unknown, published: unknown): Promise<boolean> {
  if (typeof key !== "string" || !HEX_KEY.test(key)) return false;
  if (typeof published !== "string" || !HEX_HASH.test(published)) return false;
  return sameText(await hashRequestKey(key), published);
}
