/**
 * The controls the attack card offers a viewer (CH-7): the current step's main action for whoever it
 * belongs to, and beside it the GM's movement row and rulings, a Soak, a grapple's escape, pin and
 * release. View building, kept apart so it can leave the rules engine in one step.
 */
import {
  ACTION_STEP,
  currentRole,
  defaultSpecialSuit,
  specialDefenderSuits,
  movementChoosable,
  MOVEMENT_CHOICES,
  soakProblem,
  SOAK_PAYMENTS,
  REACTIONS,
  reactionProblem,
  type AttackActionKind,
  type AttackRequester,
  type AttackState,
  SPECIAL_RULINGS,
} from "../../rules/attack/index";
import { movementOfFixed } from "../../rules/attack/declaration";
import {
  ATTACK_CARD_ACTIONS,
  SNEAK_ATTACK_VALUE,
  STUNNING_FIST_VALUE,
  type AttackCardAction,
} from "./actions";
import type { AttackControl } from "./model";
import { LOCATION_KEY } from "./lines";

/**
 * AT-5 step 1, for the target's owner (or the GM): a CD-15 reactive defence while it is offered, a
 * GW-4 Dodge or Block while one may be made, and "no (more) reaction", which ends the step.
 */
function stepOneControls(state: AttackState): AttackControl[] {
  const out: AttackControl[] = [];
  const control = (action: AttackCardAction, kind: AttackActionKind, labelKey: string, value: string) =>
    out.push({ action, kind, labelKey, value });
  if (state.reactiveDefence === "offered")
    control(
      ATTACK_CARD_ACTIONS.reactiveDefence,
      "reactiveDefence",
      "ZILCH.Attack.Action.reactiveDefence.take",
      "take",
    );
  for (const r of REACTIONS) {
    if (reactionProblem(state, r) === null)
      control(ATTACK_CARD_ACTIONS.react, "react", `ZILCH.Attack.Action.react.${r}`, r);
  }
  const done = state.reaction !== null || state.reactiveDefence === "taken" ? "done" : "decline";
  control(
    ATTACK_CARD_ACTIONS.reactiveDefence,
    "reactiveDefence",
    `ZILCH.Attack.Action.reactiveDefence.${done}`,
    "decline",
  );
  return out;
}

/** The controls of the current step's main action, for a viewer allowed to take it (none without a viewer). */
export function mainControls(state: AttackState, viewer: AttackRequester | null): AttackControl[] {
  const role = currentRole(state);
  if (role === null || viewer === null) return [];
  const allowed =
    viewer.isGM ||
    (role === "attacker" && viewer.ownsAttacker) ||
    (role === "defender" && viewer.ownsDefender);
  if (!allowed) return [];
  const kind = (Object.keys(ACTION_STEP) as AttackActionKind[]).find(
    (k) => ACTION_STEP[k].step === state.step,
  );
  if (!kind) return [];
  if (kind === "chooseLocation") {
    return (state.injury?.rolled?.reachable ?? []).map((l) => ({
      action: ATTACK_CARD_ACTIONS.chooseLocation,
      kind,
      labelKey: "ZILCH.Attack.Action.chooseLocation",
      value: l,
      valueKey: LOCATION_KEY(l),
    }));
  }
  if (kind === "specialContest") {
    // SP-1 step 2: the defender's choice, its better card first.
    const best = defaultSpecialSuit(state);
    const suits = [best, ...specialDefenderSuits(state).filter((s) => s !== best)];
    return suits.map((s) => ({
      action: ATTACK_CARD_ACTIONS.specialContest,
      kind,
      labelKey: s === best ? "ZILCH.Attack.Action.specialContestBest" : "ZILCH.Attack.Action.specialContest",
      value: s,
      valueKey: `ZILCH.Suit.${s}`,
    }));
  }
  if (kind === "rollDamage") {
    // KN-2: Sneak Attack and Stunning Fist are chosen with the damage roll, after the hit.
    const roll = { action: ATTACK_CARD_ACTIONS.rollDamage, kind, labelKey: "ZILCH.Attack.Action.rollDamage" };
    const { sneakAttack, stunningFist } = state.declaration;
    return [
      roll,
      ...(sneakAttack === "offered"
        ? [{ ...roll, labelKey: "ZILCH.Attack.Action.rollDamageSneakAttack", value: SNEAK_ATTACK_VALUE }]
        : []),
      ...(stunningFist === "offered"
        ? [{ ...roll, labelKey: "ZILCH.Attack.Action.rollDamageStunningFist", value: STUNNING_FIST_VALUE }]
        : []),
    ];
  }
  if (kind === "reactiveDefence") return stepOneControls(state);
  if (kind === "woundSave" && state.wound?.target === null) {
    return [{ action: ATTACK_CARD_ACTIONS.woundSave, kind, labelKey: "ZILCH.Wound.Suffer" }];
  }
  return [{ action: ATTACK_CARD_ACTIONS[kind], kind, labelKey: `ZILCH.Attack.Action.${kind}` }];
}

/**
 * The controls beside the step's main action: the GM's AT-4 movement row before the hit is decided,
 * and the target owner's CD-15 Soak while the damage waits to be applied.
 */
function sideControls(state: AttackState, viewer: AttackRequester | null): AttackControl[] {
  if (viewer === null) return [];
  const out: AttackControl[] = [];
  if (viewer.isGM && movementChoosable(state)) {
    // AT-4: the row the card started from (what the system knew of the target's movement) until the GM picks.
    const current = state.movement ?? movementOfFixed(state.defender.side.fixed);
    for (const m of MOVEMENT_CHOICES) {
      out.push({
        action: ATTACK_CARD_ACTIONS.setMovement,
        kind: "setMovement",
        labelKey: "ZILCH.Attack.Action.setMovement",
        value: m,
        valueKey: `ZILCH.Attack.Movement.${m}`,
        toggle: true,
        pressed: m === current,
      });
    }
  }
  if ((viewer.isGM || viewer.ownsDefender) && soakProblem(state) === null) {
    for (const p of SOAK_PAYMENTS) {
      out.push({
        action: ATTACK_CARD_ACTIONS.soak,
        kind: "soak",
        labelKey: `ZILCH.Attack.Action.soak.${p}`,
        value: p,
      });
    }
  }
  // SP-1 step 4: the GM may rule before the roll.
  if (viewer.isGM && state.step === "special") {
    for (const r of SPECIAL_RULINGS) {
      out.push({
        action: ATTACK_CARD_ACTIONS.specialRuling,
        kind: "specialRuling",
        labelKey: `ZILCH.Attack.Action.specialRuling.${r}`,
        value: r,
      });
    }
  }
  return [...out, ...grappleControls(state, viewer)];
}

/** SP-3: the victim's owner may try to escape (♣ or ♠); the controller's owner may pin or let go. */
function grappleControls(state: AttackState, viewer: AttackRequester): AttackControl[] {
  const g = state.grapple?.grapple;
  if (state.step !== "grapple" || !g) return [];
  const out: AttackControl[] = [];
  if (viewer.isGM || viewer.ownsDefender) {
    for (const s of specialDefenderSuits(state)) {
      out.push({
        action: ATTACK_CARD_ACTIONS.escape,
        kind: "escape",
        labelKey: g.pinned ? "ZILCH.Attack.Action.escapePinned" : "ZILCH.Attack.Action.escape",
        value: s,
        valueKey: `ZILCH.Suit.${s}`,
      });
    }
  }
  if (viewer.isGM || viewer.ownsAttacker) {
    if (!g.pinned)
      out.push({ action: ATTACK_CARD_ACTIONS.pin, kind: "pin", labelKey: "ZILCH.Attack.Action.pin" });
    out.push({
      action: ATTACK_CARD_ACTIONS.release,
      kind: "release",
      labelKey: "ZILCH.Attack.Action.release",
    });
  }
  return out;
}

/** Every control the viewer has on the card now. */
export function controlsFor(state: AttackState, viewer: AttackRequester | null): AttackControl[] {
  return [...sideControls(state, viewer), ...mainControls(state, viewer)];
}
