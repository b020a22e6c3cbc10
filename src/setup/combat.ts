/**
 * Registers the combat documents, the tracker, the GM queries and the attack card's hook, hands mid-round joiners
 * (INI-6) to the combat on the active GM's client, and re-renders the tracker when a combatant's statuses change (ST-3).
 */
import { ZilchCombat } from "../documents/combat/zilch-combat";
import { ZilchCombatant } from "../documents/combatant";
import { ZilchCombatTracker } from "../applications/combat/tracker";
import { registerQueries } from "./queries";
import { dropSeal, registerCardSeals } from "../documents/attack/seals";
import { renderAttackCard } from "../applications/combat/attack-flow";
import { isActor } from "../dice/uuid";
import { moveSaveAfterMove, type MoveFacts } from "../documents/move-save";
import { isApplier, whenLeading } from "../requests/applier";
import { placeTiebreaks } from "../documents/combat/tiebreak-places";
import { joinThoseWithoutFields, noteDeparture } from "../documents/combat/rejoin";
import { registerCues } from "./cues";
import { offerOpportunityAttacks } from "../documents/opportunity";
import { countDraggedMove } from "../documents/drag-move";
import { renderOpportunityCard } from "../applications/chat/opportunity-card";
import { conditionsGainedBy, conditionsLostBy } from "../documents/round-conditions";
import { rememberImposed } from "../documents/derived-conditions";
import { keepStatusesGiven, statusesDroppedByEdit, type StatusEdit } from "../documents/edited-effect";
import { recordOwnTurnMove } from "../documents/defender-movement";
import { registerHeldConditions } from "./held-conditions";

/**
 * On the applying GM's client at `ready`: each combat's tiebreakers stored as raw draws by an older
 * version become places first (src/documents/combat/tiebreak-places.ts), then its secrets are checked.
 */
function recoverEveryCombat(): void {
  for (const combat of game.combats ?? [])
    placeTiebreaks(combat)
      .then(() => combat.zilchRecover())
      // INI-6: a combatant added while no GM was online joins now (src/documents/combat/rejoin.ts).
      .then(() => joinThoseWithoutFields(combat))
      .catch((error: unknown) => console.error("Zilch | recovering the round's secrets failed", error));
}

export function registerCombat(): void {
  CONFIG.Combat.documentClass = ZilchCombat;
  CONFIG.Combatant.documentClass = ZilchCombatant;
  CONFIG.ui.combat = ZilchCombatTracker;
  registerQueries();
  registerCardSeals();
  registerCues();
  // AT-5, CH-7: each client adds its own viewer's controls to an attack card.
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    renderAttackCard(message, html).catch((error: unknown) =>
      console.error("Zilch | attack card render failed", error),
    );
  });
  registerHeldConditions();
  registerConditionRoutes();
  // INJ-7: a Move by a creature with a Balance, broken-leg or Foot injury calls for its ♠ save, on the
  // mover's client (src/documents/move-save.ts has the evidence for the hook and its arguments).
  Hooks.on("moveToken", moveSaveOnMove);
  // GW-4: a move out of an enemy's reach offers it an opportunity attack, noticed and posted only by
  // the applying client (src/documents/opportunity.ts); each client adds its own user's Take buttons.
  Hooks.on("moveToken", opportunityOnMove);
  // AC-5: a drag in the combatant's own turn is the turn's Move, asked by the mover's client
  // (src/documents/drag-move.ts); one the turn has no room for is told, never dropped.
  Hooks.on("moveToken", dragMoveOnMove);
  Hooks.on("moveToken", tallyMoveOnMove); // AT-4: own-turn moves set the Defenseless row (detailed rule)
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    renderOpportunityCard(message, html).catch((error: unknown) =>
      console.error("Zilch | the opportunity attack's post failed to render", error),
    );
  });
  // A new active GM (a reload, another machine) checks each combat's secrets at once; so
  // does a GM's tab that takes the lead from another (src/requests/applier.ts).
  Hooks.once("ready", () => whenLeading(recoverEveryCombat));
  // A deleted attack card's seal goes with it, on the client that applies requests (seals.ts).
  Hooks.on("deleteChatMessage", (message: ChatMessage.Implementation) => {
    if (!isApplier() || !message.id) return;
    dropSeal(message.id).catch((error: unknown) =>
      console.error("Zilch | dropping a card's seal failed", error),
    );
  });
  // CD-11: a participant removed or defeated mid-round drops out of the countdown.
  Hooks.on("deleteCombatant", (combatant: Combatant.Implementation) => dropOutOf(combatant));
  // INI-6: a combatant leaving mid-round is remembered by its creature, so coming back is no new turn.
  Hooks.on("deleteCombatant", (combatant: Combatant.Implementation) => {
    noteDeparture(combatant).catch((error: unknown) =>
      console.error("Zilch | INI-6 departure failed", error),
    );
  });
  Hooks.on(
    "updateCombatant",
    (combatant: Combatant.Implementation, changed: { defeated?: boolean | null }) => {
      if (changed.defeated === true) dropOutOf(combatant);
    },
  );
  Hooks.on("createCombatant", (combatant: Combatant.Implementation) => {
    if (!isApplier()) return;
    combatant.parent
      ?.zilchJoin(combatant)
      .catch((error: unknown) => console.error("Zilch | INI-6 join failed", error));
  });
}

/**
 * ST-3, ST-4, ST-6, CD-17, CON-4: the hooks by which a condition gained or lost by any route (the
 * token HUD, the sheet, an effect, the creature's own data) reaches the round.
 */
function registerConditionRoutes(): void {
  // ST-3: a status gained or lost (Threatened at round start, Stunned mid-round) changes the stances offered.
  Hooks.on("createActiveEffect", rerenderForStatus);
  // ST-4, ST-6: a condition gained mid-round (the token HUD, the sheet, the attack card) forces the
  // stance on the active GM's client. The hook's arguments are (effect, options, userId), as every
  // createDocument hook (FOUNDRY-FACTS §3; modules read `effect.parent` and `effect.statuses` in it, e.g.
  // Giffyglyph's Monster Maker's re-render on createActiveEffect).
  Hooks.on("createActiveEffect", stanceForStatus);
  // ST-4, ST-6: so does an effect switched on, or whose statuses are edited (the effect sheet, a macro).
  // The update hook's arguments are (effect, changed, options, userId) (FOUNDRY-FACTS §3).
  Hooks.on("updateActiveEffect", stanceForEditedEffect);
  Hooks.on("updateActiveEffect", rerenderForStatus);
  Hooks.on("deleteActiveEffect", rerenderForStatus);
  // CD-17, CON-4: a condition lost (the token HUD or the sheet toggling it off, which deletes its effect;
  // an effect deleted or switched off; a duration's end) gives back what it barred at once. The delete
  // hook's arguments are (effect, options, userId), as every deleteDocument hook (FOUNDRY-FACTS §3).
  Hooks.on("deleteActiveEffect", roundForLostStatus);
  // CD-17, CON-4: an effect edited to drop a status, or switched off; the sender keeps what it gave
  // before in the update's options (src/documents/edited-effect.ts has the evidence).
  Hooks.on("preUpdateActiveEffect", keepStatusesGiven);
  Hooks.on("updateActiveEffect", roundForEditedEffect);
  // CON-4: each client remembers what every creature's data imposes, to compare after each change
  // (src/documents/derived-conditions.ts).
  Hooks.once("ready", () => {
    for (const actor of game.actors ?? []) rememberImposed(actor);
  });
  Hooks.on("createActor", (actor: Actor.Implementation) => rememberImposed(actor));
}

/** Re-renders the tracker when a status effect of a creature in the viewed combat comes or goes. */
function rerenderForStatus(effect: ActiveEffect.Implementation): void {
  const owner = effect.parent as { uuid?: string } | null;
  if (!owner?.uuid || effect.statuses.size === 0) return;
  if (!game.combat?.combatants.some((c) => c.actor?.uuid === owner.uuid)) return;
  ui.combat?.render();
}

/**
 * ST-4, ST-6: hands the statuses of an effect on an actor to that actor (it goes on only on the active
 * GM). A disabled effect gives none. An item's transferred effects are not read (docs/decisions.md).
 */
function stanceForStatus(effect: ActiveEffect.Implementation): void {
  const actor = effect.parent;
  if (!isActor(actor) || !effect.active || effect.statuses.size === 0 || !isApplier()) return;
  conditionsGainedBy(actor, effect.statuses).catch((error: unknown) =>
    console.error("Zilch | a stance forced by a condition failed", error),
  );
}

/** CD-17, CON-4: the statuses of an effect deleted from an actor leave the round; a disabled one gave none. */
function roundForLostStatus(effect: ActiveEffect.Implementation): void {
  if (effect.active) statusesLeaveRound(effect);
}

/** CD-17, CON-4: hands the statuses an effect no longer gives to its actor (only on the active GM). */
function statusesLeaveRound(effect: ActiveEffect.Implementation): void {
  const actor = effect.parent;
  if (!isActor(actor) || effect.statuses.size === 0 || !isApplier()) return;
  conditionsLostBy(actor, effect).catch((error: unknown) =>
    console.error("Zilch | a condition's loss did not reach the round", error),
  );
}

/**
 * CD-17, CON-4: an effect edited to drop statuses, or switched off, gives them no more. With no record
 * of what it gave before (an update sent past the system's hooks), only a switch-off is heard.
 */
function roundForEditedEffect(
  effect: ActiveEffect.Implementation,
  changed: StatusEdit,
  options: object,
): void {
  const actor = effect.parent;
  if (!isActor(actor) || !isApplier()) return;
  statusesDroppedByEdit(actor, effect, options)
    .then((heard) => {
      if (!heard && changed.disabled === true) statusesLeaveRound(effect);
    })
    .catch((error: unknown) => console.error("Zilch | a condition's loss did not reach the round", error));
}

/** ST-4, ST-6: an effect edited to hold statuses, or switched back on, gives them as a new one does. */
function stanceForEditedEffect(
  effect: ActiveEffect.Implementation,
  changed: { statuses?: unknown; disabled?: boolean | null },
): void {
  if ("statuses" in changed || changed.disabled === false) stanceForStatus(effect);
}

/** INJ-7: hands a committed movement to the move save; a failure is logged, the move stands. */
function moveSaveOnMove(
  token: TokenDocument.Implementation,
  movement: MoveFacts,
  _operation: unknown,
  user: { isSelf: boolean },
): void {
  moveSaveAfterMove(token, movement, user).catch((error: unknown) =>
    console.error("Zilch | the injury's move save failed", error),
  );
}

/** GW-4: hands a committed movement to the opportunity attack's check; a failure is logged, the move stands. */
function opportunityOnMove(token: TokenDocument.Implementation, movement: MoveFacts): void {
  offerOpportunityAttacks(token, movement).catch((error: unknown) =>
    console.error("Zilch | offering an opportunity attack failed", error),
  );
}

/** AC-5: hands a committed movement to the turn's Move count; a failure is logged, the move stands. */
function dragMoveOnMove(
  token: TokenDocument.Implementation,
  movement: MoveFacts,
  _operation: unknown,
  user: { isSelf: boolean },
): void {
  countDraggedMove(token, movement, user).catch((error: unknown) =>
    console.error("Zilch | counting the dragged Move failed", error),
  );
}

/** AT-4: hands a committed movement to the own-turn tally; a failure is logged, the move stands. */
function tallyMoveOnMove(token: TokenDocument.Implementation, movement: MoveFacts): void {
  recordOwnTurnMove(token, movement).catch((error: unknown) =>
    console.error("Zilch | tallying the move failed", error),
  );
}

/** CB-1, CD-11 on the active GM's client (ZilchCombat.zilchDropOut checks it). */
function dropOutOf(combatant: Combatant.Implementation): void {
  combatant.parent
    ?.zilchDropOut(combatant.id!)
    .catch((error: unknown) => console.error("Zilch | drop-out failed", error));
}
