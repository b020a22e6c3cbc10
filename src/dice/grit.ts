/**
 * The dice of Grit and Wounds (§23) in Foundry: real `Roll`s so Dice So Nice shows them. The rules
 * (src/rules/grit.ts) take the results; ZilchActor writes what they decide.
 */
import { ZilchTestRoll } from "./zilch-test-roll";
import { gmOnly, withRollMode } from "./roll-mode";
import { renderLinesCard } from "./lines-card";

/** T-1 for GW-5: the wound check's ♥ test roll (1d12, +1d8 on a 12). */
export async function rollWoundCheck(): Promise<{ roll: number; rolls: Roll[] }> {
  const { roll, rolls } = await ZilchTestRoll.rollTest();
  return { roll, rolls };
}

async function rollOne(faces: number): Promise<{ total: number; rolls: Roll[] }> {
  const roll = await new Roll(`1d${faces}`).evaluate();
  return { total: Number(roll.total), rolls: [roll] };
}

/** GW-2: one roll of a Grit die (its faces from GW-1). */
export const rollGritDie = (faces: number) => rollOne(faces);

/** GW-10: how many minutes temporary damage that would have wounded knocks the target out. */
export const rollUnconsciousMinutes = () => rollOne(10);

/**
 * GW-2, GW-9: one chat line about a creature's Grit (`ZILCH.Grit.<key>`, formatted with `data`),
 * with its dice. `gmOnly` whispers it to the GMs (GW-9's injury rolls are the GM's to make).
 */
export async function postGritLine(
  actor: Actor.Implementation,
  key: string,
  data: Record<string, string | number>,
  options: { rolls?: Roll[]; gmOnly?: boolean } = {},
): Promise<void> {
  const line = { key: `ZILCH.Grit.${key}`, data: { name: actor.name ?? "", ...data } };
  const content = await renderLinesCard("grit", [line]);
  const message = { speaker: ChatMessage.getSpeaker({ actor }), content, rolls: options.rolls ?? [] };
  // The table's roll mode, except a GM-only line, which stays whispered to the GMs.
  await ChatMessage.create(options.gmOnly ? gmOnly(message) : withRollMode(message));
}
