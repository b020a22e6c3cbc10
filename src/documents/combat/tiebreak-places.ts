/**
 * INI-4: a combat stored by an older version holds its tiebreakers as raw draws of the GM's dice in
 * public flags (a player could replay the dice from them: the 2026-11-28 security review, N4 and
 * L10). On the applying GM's client at `ready`, before anything else touches the combat, they become
 * places in the same order (src/rules/round/tiebreak-places.ts); the round's secrets' stamp is not
 * changed, so the secrets this GM keeps stay in use.
 */
import { SYSTEM_ID } from "../../data/settings";
import { serially } from "../../requests/serial";
import { tiebreakPlacesUpdate } from "../../rules/round/tiebreak-places";

export async function placeTiebreaks(combat: Combat.Implementation): Promise<void> {
  await serially(`combat.${combat.id}`, async () => {
    const update = tiebreakPlacesUpdate(
      combat.getFlag(SYSTEM_ID, "combatants"),
      combat.getFlag(SYSTEM_ID, "round"),
    );
    if (update) await combat.update({ flags: { [SYSTEM_ID]: update } });
  });
}
