/**
 * The combatant model (`base` Combatant type): one participant's round state (ST, DOM, CD, CB-3).
 * Stored shape:
 * ```
 * stance: STANCES | null            (ST-1 declared stance; null before declaration or when none is due)
 * domino: { state: "none" | "faceDown" | "revealed",
 *           greater: int 1-8 | null, lesser: int 1-6 | null }
 *         DOM-4: the ends exist only once revealed; a face-down domino has no value to store.
 * countdown: { hand: int 1-6 [], held: int 1-6 | null,
 *              pool: { action: string, dice: int 1-6 [] } }   (CD-4, CD-8, CD-13)
 * aware: boolean                    (CB-3 surprise awareness, set by the GM at combat start)
 * lastStance: STANCES | null        (ST-1 forced reveal: the previous round's stance)
 * tiebreak: int 0-1000000           (INI-4 step 4: the hidden tiebreaker drawn at join)
 * ownDie: int 1-6 | null            (INI-3 perCombatant: its d6, rolled once at join)
 * turnTaken: boolean                (CB-2: its Spades turn this round is over)
 * ```
 * The Closing die (CD-11) is deliberately absent: it must never reach a player's client.
 */
import { STANCES } from "../../rules/vocabulary";
import { DOMINO_STATES } from "../constants";
import { choice, flag, integer, optionalChoice, optionalInteger, text } from "../fields";

const DIE = { min: 1, max: 6 } as const;

export function defineCombatantSchema() {
  const fields = foundry.data.fields;
  const dice = () => new fields.ArrayField(integer(DIE, 1), { required: true, initial: [] });
  return {
    stance: optionalChoice(STANCES),
    domino: new fields.SchemaField({
      state: choice(DOMINO_STATES, "none"),
      // DOM-1: a d8+d4 domino's greater end is the d8, so it can reach 8.
      greater: optionalInteger({ min: 1, max: 8 }),
      lesser: optionalInteger(DIE),
    }),
    countdown: new fields.SchemaField({
      hand: dice(),
      held: optionalInteger(DIE),
      pool: new fields.SchemaField({ action: text(), dice: dice() }),
    }),
    aware: flag(true),
    lastStance: optionalChoice(STANCES),
    tiebreak: integer({ min: 0, max: 1_000_000 }, 0),
    ownDie: optionalInteger(DIE),
    turnTaken: flag(false),
  };
}
export type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class CombatantData extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }

  /** DOM-4: a domino that is not revealed holds no value; a revealed one holds both ends. */
  static override validateJoint(data: Record<string, unknown>): void {
    const domino = data.domino as
      { state?: string; greater?: number | null; lesser?: number | null } | undefined;
    if (!domino) return;
    const hasEnds = domino.greater != null || domino.lesser != null;
    if (domino.state !== "revealed" && hasEnds)
      throw new Error("DOM-4: a domino that is not revealed cannot hold a value");
    if (domino.state === "revealed" && (domino.greater == null || domino.lesser == null))
      throw new Error("DOM-2: a revealed domino has a greater and a lesser end");
  }
}
