/**
 * ARCHITECTURE.md §3 "Authority": a player's client asks the active GM's client to change shared combat
 * state through v13 `CONFIG.queries` and `User#query`; the GM's client validates (authority.ts) and
 * applies. With no GM connected the player is told so and nothing changes.
 */
import type { CombatRequest } from "../documents/combat/authority";
import { errorText, type ZilchCombat } from "../documents/combat";

export const COMBAT_QUERY = "zilch.combatRequest";

interface CombatQuery {
  readonly request: CombatRequest;
  /** The asking user (the GM checks that user's ownership of the combatant). */
  readonly userId: string;
}

type QueryResult = { ok: true } | { ok: false; code: string };

/** Runs on the GM's client: find the combat and apply the request as the asking user. */
export async function handleCombatQuery(data: CombatQuery): Promise<QueryResult> {
  if (!game.user?.isGM) return { ok: false, code: "gmOnly" };
  const user = game.users?.get(data.userId) ?? null;
  const combatId = "combatId" in data.request ? data.request.combatId : null;
  const combat = combatId ? (game.combats?.get(combatId) as ZilchCombat | undefined) : undefined;
  if (!combat) return { ok: false, code: "NoCombat" };
  return combat.zilchApply(data.request, user);
}

export function registerQueries(): void {
  (CONFIG.queries as unknown as Record<string, (data: CombatQuery) => Promise<QueryResult>>)[COMBAT_QUERY] = handleCombatQuery;
}

/** Asks for a combat change: applied here on a GM's client, otherwise sent to the active GM. */
export async function requestCombat(request: CombatRequest): Promise<boolean> {
  const user = game.user!;
  let result: QueryResult;
  if (user.isGM) {
    result = await handleCombatQuery({ request, userId: user.id! });
  } else {
    const gm = game.users?.activeGM;
    if (!gm) {
      ui.notifications?.warn(game.i18n!.localize("ZILCH.Combat.Error.NoGM"));
      return false;
    }
    try {
      const query = gm.query as unknown as (name: string, data: CombatQuery) => Promise<QueryResult>;
      result = await query.call(gm, COMBAT_QUERY, { request, userId: user.id! });
    } catch (error) {
      console.error("Zilch | combat request failed", error);
      result = { ok: false, code: "Failed" };
    }
  }
  if (!result.ok) ui.notifications?.warn(errorText(result.code));
  return result.ok;
}
