/**
 * Conformance adapters for the combat round (FORMAT.md kinds `initiative`, `domino`, `stance`,
 * `stanceOptions`, `attack`): they translate a case's input into calls of src/rules and nothing else.
 */
import type { Adapter } from "./index";
import { resolveAttack, type AttackerSide, type DefenderSide } from "../../../src/rules/attack/resolution";
import { dominoFromDice, type RolledDominoSource } from "../../../src/rules/dominoes";
import { initiativeOrder, initiativeValue, type InitiativeEntry } from "../../../src/rules/initiative";
import { stanceOptions, stancePips } from "../../../src/rules/stances";
import type { Condition, Stance } from "../../../src/rules/vocabulary";

interface InitiativeCombatant {
  id: string;
  spades: number;
  slowed?: boolean;
  pc?: boolean;
  cunning?: number;
  random?: number;
  alert?: boolean;
  burn?: number;
  tiebreak?: number;
}

const initiative: Adapter = (input) => {
  const combatants = input.combatants as InitiativeCombatant[];
  const entries: InitiativeEntry[] = combatants.map((c) => ({
    id: c.id,
    init: initiativeValue(c),
    pc: c.pc === true,
    // INI-4 step 3: a PC without a Cunning uses its Spades; an NPC always its Spades.
    cunning: c.pc ? (c.cunning ?? c.spades) : c.spades,
    tiebreak: c.tiebreak,
  }));
  return { order: initiativeOrder(entries).map((e) => e.id) };
};

const domino: Adapter = (input) => {
  const [first, second] = input.dice as [number, number];
  const d = dominoFromDice(input.source as RolledDominoSource, first, second);
  return { greater: d.greater, lesser: d.lesser };
};

const stance: Adapter = (input) => {
  const pips = stancePips(
    input.stance as Stance,
    { greater: input.greater as number, lesser: input.lesser as number },
    { stunned: input.stunned as boolean | undefined, burn: input.burn as number | undefined },
  );
  return { ...pips };
};

const stanceOptionsAdapter: Adapter = (input) => ({
  allowed: stanceOptions(input.conditions as Condition[], {
    raging: input.raging as boolean | undefined,
    slipAway: input.slipAway as boolean | undefined,
  }),
});

const attack: Adapter = (input) => {
  const r = resolveAttack(input.attacker as AttackerSide, input.defender as DefenderSide, {
    detailedDefenseless: input.detailedDefenseless as boolean | undefined,
  });
  return {
    attack: r.attack,
    defense: r.defense,
    hit: r.hit,
    margin: r.margin,
    marginBonus: r.marginBonus,
    colour: r.colour,
  };
};

export const adapters: Record<string, Adapter> = {
  initiative,
  domino,
  stance,
  stanceOptions: stanceOptionsAdapter,
  attack,
};
