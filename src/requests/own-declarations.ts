/**
 * ST-1: the stances this client declared and the GM has accepted, remembered by this client alone so
 * its user sees what it chose until the reveal. The round's secrets live only on the active GM's client
 * (docs/multiplayer.md §3); a player's own choice is no secret to that player, so keeping it here tells
 * nobody anything they did not know. Memory first, then this browser's `localStorage` (per browser
 * profile and origin: MDN Web Storage), so a reload keeps it; keyed by world and combat, and valid only
 * for the round it was made in.
 */
import type { Stance } from "../rules/vocabulary";
import { STANCES } from "../rules/vocabulary";

interface Kept {
  readonly round: number;
  readonly stances: Readonly<Record<string, Stance>>;
}

const memory = new Map<string, Kept>();

const keyOf = (combatId: string): string => `zilch.declared.${game.world?.id ?? ""}.${combatId}`;
const isStance = (v: unknown): v is Stance =>
  typeof v === "string" && (STANCES as readonly string[]).includes(v);

function parse(text: string | null): Kept | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || !("round" in value) || !("stances" in value))
      return null;
    const { round, stances } = value;
    if (!Number.isInteger(round) || typeof stances !== "object" || stances === null) return null;
    const kept = Object.entries(stances).filter((e): e is [string, Stance] => isStance(e[1]));
    return { round: Number(round), stances: Object.fromEntries(kept) };
  } catch {
    return null;
  }
}

function read(combatId: string): Kept | null {
  const held = memory.get(combatId);
  if (held) return held;
  try {
    return parse(localStorage.getItem(keyOf(combatId)));
  } catch {
    return null;
  }
}

/** ST-1: this client's declarations for a combat's round (none for another round). */
export function ownDeclarations(combatId: string, round: number): Readonly<Record<string, Stance>> {
  const kept = read(combatId);
  return kept && kept.round === round ? kept.stances : {};
}

/** ST-1: remember a declaration the GM accepted from this client, for the combat's round now. */
export function rememberDeclaration(
  combatId: string,
  round: number,
  combatantId: string,
  stance: Stance,
): void {
  const stances = { ...ownDeclarations(combatId, round), [combatantId]: stance };
  const kept: Kept = { round, stances };
  memory.set(combatId, kept);
  try {
    localStorage.setItem(keyOf(combatId), JSON.stringify(kept));
  } catch (error) {
    // A full or blocked storage only costs the reload; memory still holds the choice.
    console.warn("Zilch | could not keep your declared stance in this browser", error);
  }
}

/** The combat is gone: so are this client's declarations for it. */
export function forgetDeclarations(combatId: string): void {
  memory.delete(combatId);
  try {
    localStorage.removeItem(keyOf(combatId));
  } catch {
    // Nothing to keep: the combat is gone.
  }
}
