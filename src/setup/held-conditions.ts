/**
 * CON-4, CD-17: the effect hooks that keep the record of the limiting conditions a GM's hand gave a
 * fighting creature (src/documents/combat/held-conditions.ts). Registered before the hooks by which a
 * condition reaches the round (./combat.ts), so a GM's ending of a condition leaves the record before
 * the round hears of the loss (both wait in the combat's own slot, in that order).
 */
import { isActor } from "../dice/uuid";
import { noteHeldChange } from "../documents/combat/held-conditions";
import { statusesGivenBefore, type StatusEdit } from "../documents/edited-effect";

type Change = { gained?: Iterable<string>; ended?: Iterable<string> };

/** The record's change for an effect on an actor, written by `userId`; a failure is logged. */
function note(effect: ActiveEffect.Implementation, change: Change, userId: string): void {
  const actor = effect.parent;
  if (!isActor(actor)) return;
  noteHeldChange(actor, change, userId).catch((error: unknown) =>
    console.error("Zilch | the held conditions were not recorded", error),
  );
}

/**
 * The hooks' arguments are (effect, options, userId) for a create or delete and (effect, changed,
 * options, userId) for an update, as every document hook's (FOUNDRY-FACTS §3). An edit that drops
 * statuses names what the effect gave before in its options (src/documents/edited-effect.ts).
 */
export function registerHeldConditions(): void {
  Hooks.on("createActiveEffect", (effect: ActiveEffect.Implementation, _options: object, userId: string) => {
    if (effect.active) note(effect, { gained: effect.statuses }, userId);
  });
  Hooks.on("deleteActiveEffect", (effect: ActiveEffect.Implementation, _options: object, userId: string) => {
    if (effect.active) note(effect, { ended: effect.statuses }, userId);
  });
  Hooks.on(
    "updateActiveEffect",
    (effect: ActiveEffect.Implementation, changed: StatusEdit, options: object, userId: string) => {
      const before = statusesGivenBefore(options) ?? new Set<string>();
      if (changed.disabled === true) return note(effect, { ended: [...before, ...effect.statuses] }, userId);
      const now = effect.active ? effect.statuses : new Set<string>();
      const gained = "statuses" in changed || changed.disabled === false ? now : [];
      note(effect, { gained, ended: [...before].filter((s) => !now.has(s)) }, userId);
    },
  );
}
