/**
 * What the sheets and the roll dialog read of the world beyond the actor: its combatant in the
 * viewed combat. The round fields live in the Combat's GM-written flags (src/rules/round/stored.ts,
 * so a player cannot write them), never in the Combatant's own data, so they are read through the combat document.
 */
import { characterContext, type CombatFacts } from "../character/character-context";
import { npcContext } from "../npc/npc-context";
import { characterInput, npcInput } from "./actor-data";
import { combatantOfCreature } from "../../../rules/round/creature";
import { pipsOf } from "../../../rules/round/domino-reveal";
import { ZilchCombat } from "../../../documents/combat/zilch-combat";
import { domIdOf } from "../../dom-id";

/** DOM-4, ST-1, ST-2, CD-2: the actor's combatant in the viewed combat, as the sheet shows it. */
export function combatFacts(actor: Actor.Implementation): CombatFacts | null {
  const combat = game.combat;
  if (!(combat instanceof ZilchCombat)) return null;
  // An unlinked token's sheet shows its own combatant, not its world actor's first token's.
  const combatant = combatantOfCreature(combat.combatants, actor);
  if (!combatant?.id) return null;
  const state = combat.zilchState;
  const round = combat.zilchRoundOf(combatant.id);
  // DOM-4: a face-down domino shows no value; ST-2: the pips once domino and stance are both shown.
  const pips = pipsOf(round, ZilchCombat.factsOf(combatant), state.mode);
  const held = round.domino?.state ?? "none";
  const participant = state.countdown?.participants.find((p) => p.id === combatant.id);
  return {
    initiative: combatant.initiative ?? null,
    stance: round.stance,
    domino: pips ? { state: "revealed", offense: pips.offense, defense: pips.defense } : { state: held },
    pool: participant ? participant.hand.length : null,
  };
}

/** The sheet context of either actor type, for the roll dialog. */
export function actorSheetContext(actor: Actor.Implementation) {
  const options = {
    id: domIdOf("roll", actor),
    editable: false,
    editMode: false,
    combat: combatFacts(actor),
  };
  return actor.isOfType("npc")
    ? ({ type: "npc", context: npcContext(npcInput(actor, options)) } as const)
    : ({ type: "character", context: characterContext(characterInput(actor, options)) } as const);
}
