/**
 * The panel of the row being called (countdown) or taking its turn (Spades), for a viewer who may use
 * it: the hand to pick a die from, Act, Accumulate, Hold, Pass (or End turn), the +1 toggle, the uses
 * of 1s, the stance shifts, the attacks, and combining dice once the round is Closing.
 */
import { accumulatedDice, poolTotal } from "../../rules/countdown/choices";
import { highestDie, isUsable } from "../../rules/countdown/hand";
import { purchase } from "../../rules/countdown/speeds";
import type { CountdownParticipant } from "../../rules/countdown/types";
import { canCombine } from "../../rules/round/countdown-options";
import type { RoundState } from "../../rules/round/state";
import { attackControls } from "./attack-choices";
import { control } from "./control";
import { distinct } from "./off-call";
import { abandonPoolControls } from "./pool-controls";
import { shiftControls } from "./stance-domino";
import type {
  Control,
  DieButton,
  LocalPicks,
  NameableAction,
  NamedOption,
  TurnInput,
  TurnPanel,
} from "./turn-types";

/** CD-7, CD-9: what `value` buys for this row's named action (with the +1 when toggled). */
function buys(t: TurnInput, p: CountdownParticipant, value: number): Pick<Control, "detail" | "meets"> {
  const bought = purchase(value, t.action?.speed ?? null, { stunned: p.stunned });
  return { detail: bought.standard ? t.actionLabel : "ZILCH.Combat.Buys.Minor", meets: bought.standard };
}

/**
 * CD-8: the action a row's buttons pay for: the one its viewer named (`wanted`), else the one its
 * pool is for, so a reloaded tracker never offers to abandon the pool by default, else the first
 * (its default attack). A name the creature no longer has is passed over.
 */
export function namedPick(
  nameable: readonly NameableAction[],
  wanted: string | undefined,
  pool: string | undefined,
): NameableAction | undefined {
  const find = (name: string | undefined) => nameable.find((n) => n.action.action === name);
  return find(wanted) ?? find(pool) ?? nameable[0];
}

/** CD-7, CD-8: the select of the actions the row may name, the one its buttons pay for selected. */
function namedOptions(t: TurnInput): NamedOption[] {
  return (t.nameable ?? []).map((n) => ({
    value: n.action.action,
    label: n.label,
    name: n.name,
    speed: n.action.speed,
    selected: n.action.action === t.action?.action,
  }));
}

/** The picked die: the viewer's pick while it is still in hand, else the die an Act would spend. */
function pickedDie(p: CountdownParticipant, actDie: number | null, picks: LocalPicks): number | null {
  const wanted = picks.die?.[p.id];
  if (wanted !== undefined && p.hand.includes(wanted)) return wanted;
  return actDie ?? (p.hand.length > 0 ? highestDie(p.hand) : null);
}

/** CD-6, CD-7, CD-8, CD-9, CD-13: the called participant's hand and choices, applied to the picked die. */
function countdownPanel(
  state: RoundState,
  t: TurnInput,
  p: CountdownParticipant,
  picks: LocalPicks,
): Omit<TurnPanel, "shift" | "attacks" | "ones" | "combine"> {
  const cd = state.countdown!;
  const id = t.id;
  const hasOne = p.hand.includes(1);
  // CD-9: the toggle applies only while a 1 is there to discard.
  const plusOneOn = hasOne && (picks.plusOne?.[id] ?? false);
  const bonus = plusOneOn ? 1 : 0;
  const named: Record<string, string | number> = t.action
    ? { action: t.action.action, speed: t.action.speed }
    : {};
  const withOne: Record<string, string | number> = plusOneOn ? { plusOne: 1 } : {};
  // CD-6: Act and Hold always spend the highest die (or the winning bid, CD-18 a).
  const actDie = p.held === null && p.hand.length > 0 ? (cd.bid ?? highestDie(p.hand)) : null;
  const picked = pickedDie(p, actDie, picks);
  let pressedOnce = false;
  const dice = p.hand.map((value, index): DieButton => {
    const pressed = !pressedOnce && value === picked;
    if (pressed) pressedOnce = true;
    return { value, index, pressed, one: value === 1 };
  });
  const actions: Control[] = [];
  if (p.held === null) {
    if (actDie !== null && isUsable(actDie)) {
      actions.push(
        control(
          "zilchAct",
          "ZILCH.Combat.Act",
          { id, die: actDie, ...named, ...withOne },
          { die: actDie + bonus, ...buys(t, p, actDie + bonus) },
        ),
      );
    }
    // CD-8, CD-10: only a usable die adds to a pool (a picked 1 is offered for a Pass alone); a
    // Stunned participant may only Move (CD-17).
    if (t.action && !p.stunned && picked !== null && isUsable(picked)) {
      const total = poolTotal(accumulatedDice(p.pool, t.action.action, picked)) + bonus;
      actions.push(
        control(
          "zilchAccumulate",
          "ZILCH.Combat.Accumulate",
          { id, die: picked, ...named, ...withOne },
          {
            die: picked,
            detail: "ZILCH.Combat.PoolProgress",
            detailData: { total, speed: t.action.speed },
            meets: total >= t.action.speed,
          },
        ),
      );
    }
    if (actDie !== null && isUsable(actDie))
      actions.push(control("zilchHold", "ZILCH.Combat.Hold", { id, die: actDie }, { die: actDie }));
    if (picked !== null)
      actions.push(control("zilchPass", "ZILCH.Combat.Pass", { id, die: picked }, { die: picked }));
  } else {
    actions.push(
      control(
        "zilchActHeld",
        "ZILCH.Combat.ActHeld",
        { id, die: p.held, ...named, ...withOne },
        { die: p.held + bonus, ...buys(t, p, p.held + bonus) },
      ),
    );
    if (picked !== null)
      actions.push(
        control("zilchKeepHolding", "ZILCH.Combat.KeepHolding", { id, die: picked }, { die: picked }),
      );
  }
  actions.push(...abandonPoolControls(p, id));
  const plusOne = hasOne
    ? control("zilchTogglePlusOne", "ZILCH.Combat.PlusOne", { id }, { pressed: plusOneOn })
    : null;
  return { dice, picked, actions, plusOne, named: namedOptions(t) };
}

/**
 * CD-15: the uses of 1s this participant may make now (Effort once pending, Pressure on a target, and
 * a Stun recovery save while its creature is Stunned, CD-17).
 */
export function onesControls(p: CountdownParticipant | null, t: TurnInput): Control[] {
  if (p === null || !p.active || !p.hand.includes(1)) return [];
  const id = t.id;
  const out: Control[] = [];
  if (t.facts.conditions.includes("stunned")) {
    out.push(
      control(
        "zilchRecoverStun",
        "ZILCH.Combat.RecoverStun",
        { id },
        { hint: "ZILCH.Combat.RecoverStunHint" },
      ),
    );
  }
  if (!p.effort)
    out.push(control("zilchEffort", "ZILCH.Combat.Effort", { id }, { hint: "ZILCH.Combat.EffortHint" }));
  out.push(control("zilchPressure", "ZILCH.Combat.Pressure", { id }, { hint: "ZILCH.Combat.PressureHint" }));
  return out;
}

/** CD-18 (d): the picked die combined with each other value in hand, once the round is Closing. */
function combineControls(state: RoundState, p: CountdownParticipant, picked: number | null): Control[] {
  if (picked === null || !canCombine(state, p.id)) return [];
  const rest = [...p.hand];
  rest.splice(rest.indexOf(picked), 1);
  return distinct(rest).map((v) =>
    control(
      "zilchCombine",
      "ZILCH.Combat.CombineWith",
      { id: p.id, die: picked, second: v },
      { die: picked + v, detailData: { first: picked, second: v } },
    ),
  );
}

/** The opened row's panel: the countdown's dice and actions (or End Turn in Spades), 1s, shifts, attacks. */
export function turnPanel(
  state: RoundState,
  t: TurnInput,
  p: CountdownParticipant | null,
  picks: LocalPicks,
): TurnPanel {
  const base =
    state.mode === "countdown" && p
      ? countdownPanel(state, t, p, picks)
      : {
          dice: [],
          picked: null,
          actions: [control("zilchEndTurn", "ZILCH.Combat.EndTurn", { id: t.id })],
          plusOne: null,
        };
  const combine = state.mode === "countdown" && p ? combineControls(state, p, base.picked) : [];
  return { ...base, ones: onesControls(p, t), shift: shiftControls(t), attacks: attackControls(t), combine };
}
