/**
 * ARCHITECTURE.md §3 "Authority": a player's client asks the active GM's client to change shared combat
 * state through v13 `CONFIG.queries` and `User#query`; the GM's client validates (authority.ts) and
 * applies. With no GM connected the player is told so and nothing changes.
 *
 * Who asks is the `user` Foundry hands a query handler as its second argument (the sender of the
 * query), never anything the client writes into the payload: a forged id there grants nothing.
 */
import type { CombatRequest } from "../documents/combat/authority";
import { errorText, type ZilchCombat } from "../documents/combat";
import {
  ATTACK_DECLARE_QUERY,
  ATTACK_STEP_QUERY,
  handleAttackDeclare,
  handleAttackStep,
} from "../applications/combat/attack-flow";

export const COMBAT_QUERY = "zilch.combatRequest";

interface CombatQuery {
  readonly request: CombatRequest;
}

/** What Foundry passes a query handler besides the data: the user who sent the query. */
export interface QuerySender {
  readonly user: User.Implementation;
}

type QueryResult = { ok: true } | { ok: false; code: string };

/** Runs on the GM's client: find the combat and apply the request as the user who sent it. */
export async function handleCombatQuery(data: CombatQuery, { user }: QuerySender): Promise<QueryResult> {
  if (!game.user?.isGM) return { ok: false, code: "gmOnly" };
  const combatId = "combatId" in data.request ? data.request.combatId : null;
  const combat = combatId ? (game.combats?.get(combatId) as ZilchCombat | undefined) : undefined;
  if (!combat) return { ok: false, code: "NoCombat" };
  return combat.zilchApply(data.request, user);
}

export function registerQueries(): void {
  const queries = CONFIG.queries as unknown as Record<
    string,
    (data: never, sender: QuerySender) => Promise<unknown>
  >;
  queries[COMBAT_QUERY] = handleCombatQuery;
  queries[ATTACK_DECLARE_QUERY] = handleAttackDeclare;
  queries[ATTACK_STEP_QUERY] = handleAttackStep;
}

/** Asks for a combat change: applied here on a GM's client, otherwise sent to the active GM. */
export async function requestCombat(request: CombatRequest): Promise<boolean> {
  const user = game.user!;
  let result: QueryResult;
  if (user.isGM) {
    result = await handleCombatQuery({ request }, { user });
  } else {
    const gm = game.users?.activeGM;
    if (!gm) {
      ui.notifications?.warn(game.i18n!.localize("ZILCH.Combat.Error.NoGM"));
      return false;
    }
    try {
      const query = gm.query as unknown as (name: string, data: CombatQuery) => Promise<QueryResult>;
      result = await query.call(gm, COMBAT_QUERY, { request });
    } catch (error) {
      console.error("Zilch | combat request failed", error);
      result = { ok: false, code: "Failed" };
    }
  }
  if (!result.ok) ui.notifications?.warn(errorText(result.code));
  return result.ok;
}
