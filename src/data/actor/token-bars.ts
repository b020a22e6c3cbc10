/**
 * HP-1, CH-1, NPC-2, §23: what a token's bars and HUD show of a creature, and where a HUD edit of
 * them is stored.
 *
 * Core draws a bar for an attribute holding `{value, max}` and lists plain numbers as single values
 * for the HUD and the tracker; a system names its own in `CONFIG.Actor.trackableAttributes` per
 * actor type (dnd5e dnd5e.mjs `_configureTrackableAttributes`, whose spell-slot bars have a derived
 * maximum as ours do). A character's class chips are stored as plain numbers with a derived capacity,
 * so the model prepares `classChips.<suit>` as `{value, max}` for the bar, and a HUD edit of it (or
 * of a Grit value) is routed to the stored field here, clamped to its bounds, as dnd5e routes its
 * own HP bar in `Actor5e#modifyTokenAttribute` (module/documents/actor/actor.mjs). An NPC's chips are
 * stored as `{value, max}` already, and HP is `{value, max}` on both, so core writes those itself.
 */
import { CLASS_SUITS, type ClassSuit } from "../constants";
import { GRIT_BOUNDS } from "../fields";

const GRIT_VALUES = ["grit.value", "grit.wounds", "grit.adrenaline"] as const;

/** The bars and single values each actor type offers a token (Grit has no maximum: GW-2, GW-8). */
export const TRACKABLE_ATTRIBUTES = {
  character: { bar: ["hp", ...CLASS_SUITS.map((s) => `classChips.${s}`)], value: [...GRIT_VALUES] },
  npc: { bar: ["hp", ...CLASS_SUITS.map((s) => `chips.${s}`)], value: [...GRIT_VALUES] },
} as const satisfies Record<"character" | "npc", { bar: string[]; value: string[] }>;

/** What the routing reads of a prepared creature. */
export interface TokenBarSource {
  grit: { value: number; wounds: number; adrenaline: number };
  /** A character's class chips as the bar shows them; absent on an NPC. */
  classChips?: Record<ClassSuit, { value: number; max: number }>;
}

/** CH-1, CH-2: each class suit's token bar: the chips held out of the suit's capacity. */
export function classChipBars(
  chips: Record<ClassSuit, number>,
  capacity: Record<ClassSuit, number>,
): Record<ClassSuit, { value: number; max: number }> {
  const bar = (suit: ClassSuit) => ({ value: chips[suit], max: capacity[suit] });
  return { clubs: bar("clubs"), spades: bar("spades"), diamonds: bar("diamonds") };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(n)));
const next = (current: number, value: number, isDelta: boolean) => (isDelta ? current + value : value);

/**
 * The stored change a HUD edit of `attribute` makes (a delta added or a value set, then clamped), or
 * null when core's own update already writes the right field (HP, an NPC's chips, anything else).
 */
export function tokenAttributeChange(
  source: TokenBarSource,
  attribute: string,
  value: number,
  isDelta: boolean,
): Record<string, number> | null {
  if (!Number.isFinite(value)) return null;
  const chips = /^classChips\.(clubs|spades|diamonds)$/.exec(attribute)?.[1] as ClassSuit | undefined;
  const bar = chips ? source.classChips?.[chips] : undefined;
  if (chips && bar) return { [`system.chips.${chips}`]: clamp(next(bar.value, value, isDelta), 0, bar.max) };
  const grit = /^grit\.(value|wounds|adrenaline)$/.exec(attribute)?.[1] as
    keyof typeof GRIT_BOUNDS | undefined;
  if (!grit || grit === "unbandaged") return null;
  const { min, max } = GRIT_BOUNDS[grit];
  return { [`system.grit.${grit}`]: clamp(next(source.grit[grit], value, isDelta), min, max) };
}
