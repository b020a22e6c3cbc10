/**
 * The combat tracker: Foundry's v13 CombatTracker with its `tracker` part replaced by
 * templates/combat/tracker.hbs, whose context comes from the pure `combatContext`. Every button sends a
 * request through src/setup/queries.ts, so the active GM's client validates and applies it.
 */
import type { CombatRequest } from "../../documents/combat/authority";
import { ZilchCombat } from "../../documents/combat";
import type { CombatantRound } from "../../documents/combat/round";
import { roundFromStored, type StoredCombatant } from "../../documents/combat/stored";
import type { Choice } from "../../rules/countdown/choices";
import type { Stance, WeaponCategory } from "../../rules/vocabulary";
import { actionSpeed, WEAPON_SPEEDS } from "../../rules/countdown/speeds";
import { requestCombat } from "../../setup/queries";
import { TRACKER_ACTIONS, type TrackerAction } from "./actions";
import { combatContext, type TurnInput } from "./turn-context";

const BaseTracker = foundry.applications.sidebar.tabs.CombatTracker;

/**
 * CD-7: the Standard action a combatant's die pays for: an attack with the first weapon in its hands
 * (unarmed without one), at that weapon's speed.
 */
function defaultAction(c: Combatant.Implementation): Pick<TurnInput, "action" | "actionLabel"> {
  const weapons = [...(c.actor?.items ?? [])].filter((i) => (i.type as string) === "weapon");
  const inHands = weapons.find((w) => (w.system as unknown as { slot?: string }).slot === "hands");
  const category = (inHands?.system as unknown as { category?: WeaponCategory } | undefined)?.category;
  const speed = actionSpeed({ kind: "attack", weapon: category ?? "unarmed" }) ?? WEAPON_SPEEDS.unarmed;
  return { action: { action: `attack:${inHands?.id ?? "unarmed"}`, speed }, actionLabel: "ZILCH.Combat.Action.attack" };
}

/** Builds the request a tracker button stands for, from its data attributes. */
export function requestFor(action: TrackerAction, combatId: string, data: DOMStringMap, pressureTarget: string | null): CombatRequest | null {
  const combatantId = data.combatantId ?? "";
  const die = Number(data.die);
  const named = data.namedAction ? { action: data.namedAction, speed: Number(data.speed) } : undefined;
  const choice = (c: Choice): CombatRequest => ({ kind: "countdownChoice", combatId, combatantId, choice: c });
  switch (action) {
    case "zilchDeclareStance":
      return { kind: "declareStance", combatId, combatantId, stance: data.stance as Stance };
    case "zilchShiftStance":
      return { kind: "shiftStance", combatId, combatantId, stance: data.stance as Stance };
    case "zilchForceReveal":
      return { kind: "forceReveal", combatId };
    case "zilchRevealDomino":
      return { kind: "revealDomino", combatId, combatantId };
    case "zilchEndTurn":
      return { kind: "endTurn", combatId, combatantId };
    case "zilchNextTurn":
    case "zilchNextCall":
      return { kind: "nextCall", combatId };
    case "zilchNextRound":
      return { kind: "nextRound", combatId };
    case "zilchAct":
      return choice({ kind: "act", action: named });
    case "zilchActPlusOne":
      return choice({ kind: "act", action: named, plusOne: true });
    case "zilchAccumulate":
      return named ? choice({ kind: "accumulate", action: named, die }) : null;
    case "zilchHold":
      return choice({ kind: "hold" });
    case "zilchPass":
      return choice({ kind: "pass", die });
    case "zilchActHeld":
      return choice({ kind: "actHeld", action: named });
    case "zilchKeepHolding":
      return choice({ kind: "keepHolding", die });
    case "zilchInterrupt":
      return { kind: "interrupt", combatId, combatantId, details: {} };
    case "zilchChallenge":
      // CD-13: the GM's client rolls the ♠ contest; nothing the button carries decides it.
      return { kind: "challenge", combatId, combatantId };
    case "zilchMoveUp":
    case "zilchMoveDown":
      return { kind: "reorder", combatId, combatantId, direction: action === "zilchMoveUp" ? "up" : "down" };
    case "zilchEffort":
      return { kind: "spendOne", combatId, combatantId, use: "effort" };
    case "zilchPressure":
      return pressureTarget ? { kind: "spendOne", combatId, combatantId, use: "pressure", target: pressureTarget } : null;
  }
}

async function onTrackerAction(this: ZilchCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const combat = this.viewed as ZilchCombat | null;
  if (!combat) return;
  const action = target.dataset.action as TrackerAction;
  if (action === "zilchNextRound" && game.user?.isGM) {
    await combat.nextRound();
    return;
  }
  // CD-15 Pressure: the enemy is the user's one targeted token.
  const targets = [...(game.user?.targets ?? [])];
  const targetCombatant = targets.length === 1 ? combat.getCombatantsByToken(targets[0].document as never)[0] : undefined;
  const request = requestFor(action, combat.id!, target.dataset, targetCombatant?.id ?? null);
  if (request === null) {
    ui.notifications?.warn(game.i18n!.localize("ZILCH.Combat.Error.noTarget"));
    return;
  }
  await requestCombat(request);
}

export class ZilchCombatTracker extends BaseTracker {
  static override DEFAULT_OPTIONS = {
    actions: Object.fromEntries(TRACKER_ACTIONS.map((a) => [a, onTrackerAction])),
  } as never;

  static override PARTS = {
    ...BaseTracker.PARTS,
    tracker: { template: "systems/zilch/templates/combat/tracker.hbs", scrollable: [""] },
  } as never;

  protected override async _preparePartContext(partId: string, context: never, options: never): Promise<never> {
    const ctx = (await super._preparePartContext(partId, context, options)) as unknown as Record<string, unknown>;
    const combat = this.viewed as ZilchCombat | null;
    if (partId === "tracker" && combat) {
      const user = game.user!;
      const inputs: TurnInput[] = [...combat.combatants]
        .filter((c) => user.isGM || c.visible)
        .map((c) => ({
          id: c.id!,
          name: c.name ?? "",
          img: c.img ?? "",
          facts: ZilchCombat.factsOf(c),
          round: roundFromStored(c.id!, c.system as unknown as StoredCombatant) as CombatantRound,
          defeated: c.isDefeated,
          hidden: c.hidden,
          ...defaultAction(c),
        }));
      ctx.zilch = combatContext(combat.zilchState, inputs, {
        isGM: user.isGM,
        owns: (id) => combat.combatants.get(id)?.isOwner ?? false,
      });
    }
    return ctx as never;
  }
}
