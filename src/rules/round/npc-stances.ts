/**
 * ST-1 at the GM's table: the GM declares, in one request, a stance for every NPC still to declare.
 * Each gets the GM's chosen stance when ST-3 allows it, else the one the reveal would give it
 * (`forcedRevealStance`: last round's, else Cautious). The declarations stay secret like any other
 * (the ballot), and the round is shown when they are the last ones due. Pure.
 */
import { forcedRevealStance } from "../stances";
import type { Stance } from "../vocabulary";
import { allowedStances, declareStance } from "./stance-declaration";
import type { CombatantFacts, CombatantRound, RoundErrorCode, RoundState, StanceBallot } from "./state";

/** ST-1, ST-3: the stance the bulk declaration gives this NPC, or null when no stance is open to it. */
export function npcStance(c: CombatantRound, f: CombatantFacts, chosen: Stance | null): Stance | null {
  const allowed = allowedStances(f);
  if (chosen !== null && allowed.includes(chosen)) return chosen;
  return forcedRevealStance(c.lastStance, allowed);
}

/** ST-1: the NPCs (no player owns them) that hold a domino and have not declared yet, in tracker order. */
export function undeclaredNpcs(
  state: RoundState,
  combatants: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
): string[] {
  const npc = new Set(facts.filter((f) => !f.playerOwned).map((f) => f.id));
  return combatants
    .filter((c) => npc.has(c.id) && c.domino !== null && !state.declared.includes(c.id))
    .map((c) => c.id);
}

export type NpcDeclarationRefusal = RoundErrorCode | "noNpcToDeclare";

/**
 * ST-1: every undeclared NPC declares `npcStance` through `declareStance`, into one new state and
 * ballot. Refused once the stances are shown, or when no NPC is left to declare for.
 */
export function declareNpcStances(
  state: RoundState,
  ballot: StanceBallot,
  combatants: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
  chosen: Stance | null,
):
  | { readonly ok: true; readonly state: RoundState; readonly ballot: StanceBallot }
  | { readonly ok: false; readonly code: NpcDeclarationRefusal } {
  if (state.stancesShown) return { ok: false, code: "stancesShown" };
  let next = { state, ballot };
  let count = 0;
  for (const id of undeclaredNpcs(state, combatants, facts)) {
    const c = combatants.find((x) => x.id === id);
    const f = facts.find((x) => x.id === id);
    const stance = c && f ? npcStance(c, f, chosen) : null;
    if (!c || !f || stance === null) continue;
    const r = declareStance(next.state, next.ballot, c, f, stance);
    if (!r.ok) return { ok: false, code: r.code };
    next = r.value;
    count++;
  }
  if (count === 0) return { ok: false, code: "noNpcToDeclare" };
  return { ok: true, ...next };
}
