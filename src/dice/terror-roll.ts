/**
 * CON-4 [design]: a Terrified creature resists with a ♥ test; the roll is a real `Roll` (as a Rally's,
 * recovery-roll.ts), the actor's `resistTerror` decides and writes the conditions, and one chat card
 * tells the table whether the terror gave way to Shaken.
 */
import { rollHeartsTest } from "./recovery-roll";
import { withRollMode } from "./roll-mode";
import type { ChatLine } from "./chat-lines";
import { renderLinesCard } from "./lines-card";

/** CON-4: roll the ♥ test of a resist, apply it, post the card; resolves whether the terror was shaken off. */
export async function rollResistTerror(actor: Actor.Implementation): Promise<boolean> {
  const { test, rolls } = await rollHeartsTest(actor);
  const resisted = await actor.resistTerror(test.dos);
  const lines: ChatLine[] = [
    { key: "ZILCH.Terror.Title", data: { name: actor.name ?? "" } },
    {
      key: "ZILCH.Recovery.HeartsTest",
      data: { roll: test.roll, target: test.target, dos: `ZILCH.DoS.${test.dos}` },
    },
    { key: resisted ? "ZILCH.Terror.Resisted" : "ZILCH.Terror.Holds", data: {} },
  ];
  const content = await renderLinesCard("recovery", lines);
  await ChatMessage.create(withRollMode({ speaker: ChatMessage.getSpeaker({ actor }), content, rolls }));
  return resisted;
}
