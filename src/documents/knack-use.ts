/**
 * KN-1, KN-2: a creature uses a knack item from its sheet: the chips are paid (CH-7) and a chat line
 * tells the table; Rage and Spring Attack are tracked by the system. `Actor.Implementation` is
 * ZilchActor (DocumentClassConfig, src/types/data-models.ts).
 */
import { ATTACK_CARD_KNACKS, knackUseProblem, rageProblem } from "../rules/knacks";
import { inTurn } from "../rules/round/turn-record";
import { CLASS_SUITS, type ClassSuit } from "../data/constants";
import { postKnackUse } from "../dice/knack";
import { requestCombat } from "../requests/combat";
import { fightOf } from "./combat/zilch-round";
import type { KnackUseProblem } from "./creature-outcomes";

/** KN-1: a stored knack's chip suit, read as a class suit or none (the schema allows only those). */
function knackSuit(stored: unknown): ClassSuit | null {
  return CLASS_SUITS.find((s) => s === stored) ?? null;
}

/**
 * KN-1: use a knack item: refused (nothing spent) when passive, another class's, or its chips are
 * not held; otherwise its cost is paid (CH-7: gone whatever follows) and a chat line says so. Its
 * effect is applied by the table, as the line reminds them.
 */
export async function useKnack(actor: Actor.Implementation, itemId: string): Promise<KnackUseProblem | null> {
  const item = actor.items.get(itemId);
  if (!item?.isOfType("knack")) return "noKnack";
  // KN-2: Sneak Attack is chosen on the attack card, with the damage roll.
  if (ATTACK_CARD_KNACKS.includes(item.system.key ?? "")) return "onAttackCard";
  // KN-2: Slip Away is paid with the stance, from the combat tracker's stance buttons.
  if (item.system.key === "slipAway") return "onTracker";
  const { chipCost, trigger } = item.system;
  const chipSuit = knackSuit(item.system.chipSuit);
  const classes = actor.isOfType("character") ? actor.system.classList : null;
  const held = chipSuit ? actor.creature.chipState().chips[chipSuit] : 0;
  const knack = { class: item.system.class, chipSuit, cost: chipCost, trigger };
  const rage = item.system.key === "rage";
  // KN-2: only a Fighter who may rage can be raging, so a second rage is refused first.
  const problem = (rage ? rageProblem(actor.rage()) : null) ?? knackUseProblem(knack, classes, held);
  if (problem) return problem;
  // KN-2 Spring Attack: the GM records it in the user's turn first; outside the turn nothing is paid.
  const spring = item.system.key === "springAttack";
  const declared = spring ? await declareSpringAttack(actor) : null;
  if (declared) return declared;
  if (chipSuit && chipCost > 0) {
    const refused = await actor.spendChips(chipSuit, chipCost, { kind: "knack", suit: chipSuit });
    if (refused) return refused;
  }
  // KN-2 Rage: the system tracks the rage (its +1 on melee hits, its end), so the line says so.
  if (rage) await actor.setRage({ ...actor.rage(), raging: true });
  const paid = chipSuit ? { suit: chipSuit, cost: chipCost } : null;
  const applied = rage ? "ZILCH.Knack.RageStarted" : spring ? "ZILCH.Knack.SpringAttackMove" : undefined;
  await postKnackUse(actor, item.name ?? "", paid, applied);
  return null;
}

/**
 * KN-2 Spring Attack: declared during its user's own turn (a Spades turn, or right after its
 * countdown Act, CD-20), once per turn. The client first checks the combat it sees, so nothing is
 * paid outside the turn; then the active GM records it in the turn through the request channel, and
 * the turn's next Move is the extra one. Resolves to why not ("refused": the channel has shown the
 * GM's refusal), or null once recorded.
 */
async function declareSpringAttack(
  actor: Actor.Implementation,
): Promise<"notInTurn" | "springAttackUsed" | "refused" | null> {
  const fight = fightOf(actor);
  const combat = fight?.combat;
  const combatant = fight?.combatant;
  if (!combat?.id || !combatant?.id || !inTurn(combat.zilchState, combatant.id)) return "notInTurn";
  if (combat.zilchRoundOf(combatant.id).turn?.springAttack) return "springAttackUsed";
  const request = { kind: "springAttack", combatId: combat.id, combatantId: combatant.id } as const;
  return (await requestCombat(request)) ? null : "refused";
}
