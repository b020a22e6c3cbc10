/**
 * The tracker's per-turn and per-combat context, built by pure functions so the template and browser
 * tests render exactly what Foundry would. The tracker class only gathers the inputs from documents.
 * Everything shown comes from src/rules (stance options, pips, what a die buys, the call order, the
 * Closing die's visibility); nothing here decides a rule.
 */
import type { CombatantFacts, CombatantRound, RoundState } from "../../documents/combat/round";
import { allowedStances, pipsOf } from "../../documents/combat/round";
import { highestDie, isUsable } from "../../rules/countdown/hand";
import { callOrder } from "../../rules/countdown/order";
import { purchase } from "../../rules/countdown/speeds";
import type { CountdownParticipant, NamedAction } from "../../rules/countdown/types";
import { closingView } from "../../rules/countdown/visibility";
import { STANCES, type Stance } from "../../rules/vocabulary";

/** Who is looking: the GM, or a player who owns some combatants. */
export interface Viewer {
  readonly isGM: boolean;
  readonly owns: (combatantId: string) => boolean;
}

/** One tracker row's inputs. */
export interface TurnInput {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly facts: CombatantFacts;
  readonly round: CombatantRound;
  /** CD-7: the Standard action its die would pay for (its readied weapon's attack), if any. */
  readonly action: NamedAction | null;
  /** The i18n label of that action. */
  readonly actionLabel: string;
  readonly defeated?: boolean;
  readonly hidden?: boolean;
}

/**
 * A control button: its action, i18n label, the data its click handler reads, and what the template
 * shows beside the label: the die it spends, and the i18n key of what that die buys (CD-7).
 */
export interface Control {
  readonly action: string;
  readonly label: string;
  readonly data: Readonly<Record<string, string | number>>;
  readonly die?: number;
  readonly detail?: string;
  /** CD-7: the paying value reaches the named action's speed. */
  readonly meets?: boolean;
}

export interface TurnContext {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly css: string;
  readonly owned: boolean;
  readonly stance: {
    readonly state: "none" | "waiting" | "declared" | "shown";
    readonly key: Stance | null;
    readonly label: string;
  };
  readonly domino: {
    readonly state: "none" | "faceDown" | "revealed";
    readonly label: string;
    readonly greater: number | null;
    readonly lesser: number | null;
    readonly offense: number | null;
    readonly defense: number | null;
  };
  readonly countdown: {
    readonly hand: readonly number[];
    readonly held: number | null;
    readonly pool: { readonly action: string; readonly total: number; readonly speed: number } | null;
    readonly called: boolean;
    readonly position: number | null;
  } | null;
  readonly declare: readonly Control[];
  readonly controls: readonly Control[];
}

export interface CombatContext {
  readonly mode: RoundState["mode"];
  readonly modeLabel: string;
  readonly round: number;
  readonly surprise: boolean;
  readonly phase: "idle" | "declaring" | "turns" | "countdown" | "closing" | "closed";
  readonly phaseLabel: string;
  readonly closing: { readonly status: "none" | "pending" | "reached"; readonly value: number | null; readonly label: string };
  readonly gmControls: readonly Control[];
  readonly turns: readonly TurnContext[];
}

const stanceLabel = (s: Stance): string => `ZILCH.Combat.Stance.${s}`;

function stanceContext(state: RoundState, t: TurnInput, viewer: Viewer): TurnContext["stance"] {
  const c = t.round;
  if (c.domino === null) return { state: "none", key: null, label: "ZILCH.Combat.NoStance" };
  if (state.stancesShown && c.stance !== null) return { state: "shown", key: c.stance, label: stanceLabel(c.stance) };
  if (state.declared.includes(c.id)) return { state: "declared", key: null, label: "ZILCH.Combat.Declared" };
  return { state: "waiting", key: null, label: viewer.isGM || viewer.owns(c.id) ? "ZILCH.Combat.DeclarePrompt" : "ZILCH.Combat.Waiting" };
}

function dominoContext(state: RoundState, t: TurnInput): TurnContext["domino"] {
  const d = t.round.domino;
  if (d === null) return { state: "none", label: "ZILCH.Combat.NoDomino", greater: null, lesser: null, offense: null, defense: null };
  if (d.state === "faceDown") {
    return { state: "faceDown", label: "ZILCH.Combat.FaceDown", greater: null, lesser: null, offense: null, defense: null };
  }
  const pips = pipsOf(t.round, t.facts, state.mode);
  return {
    state: "revealed",
    label: "ZILCH.Combat.Domino",
    greater: d.domino.greater,
    lesser: d.domino.lesser,
    offense: pips?.offense ?? null,
    defense: pips?.defense ?? null,
  };
}

const control = (
  action: string,
  label: string,
  data: Record<string, string | number>,
  extra: { die?: number; detail?: string; meets?: boolean } = {},
): Control => ({ action, label, data, ...extra });

/** CD-6, CD-7, CD-9, CD-13, CD-15: what the called participant's owner may do with its dice. */
function countdownControls(state: RoundState, t: TurnInput, p: CountdownParticipant): Control[] {
  const cd = state.countdown;
  if (cd === null || cd.phase === "closed" || !p.active) return [];
  const id = t.id;
  const out: Control[] = [];
  const distinct = [...new Set(p.hand)];
  const hasOne = p.hand.includes(1);
  const actionName = t.action?.action ?? "";
  const speed = t.action?.speed ?? null;
  const buys = (value: number) => {
    const bought = purchase(value, speed, { stunned: p.stunned });
    return { detail: bought.standard ? t.actionLabel : "ZILCH.Combat.Buys.Minor", meets: bought.standard };
  };
  if (cd.current === id) {
    if (p.held === null) {
      const die = cd.bid ?? highestDie(p.hand);
      if (isUsable(die)) {
        const named: Record<string, string | number> = t.action ? { action: actionName, speed: t.action.speed } : {};
        out.push(control("zilchAct", "ZILCH.Combat.Act", { id, die, ...named }, { die, ...buys(die) }));
        if (hasOne) out.push(control("zilchActPlusOne", "ZILCH.Combat.ActPlusOne", { id, die, ...named }, { die: die + 1, ...buys(die + 1) }));
        if (t.action && !p.stunned) {
          for (const d of distinct.filter(isUsable)) {
            out.push(control("zilchAccumulate", "ZILCH.Combat.Accumulate", { id, die: d, action: actionName, speed: t.action.speed }, { die: d, detail: t.actionLabel }));
          }
        }
        out.push(control("zilchHold", "ZILCH.Combat.Hold", { id, die }, { die }));
      }
      for (const d of distinct) out.push(control("zilchPass", "ZILCH.Combat.Pass", { id, die: d }, { die: d }));
    } else {
      const named: Record<string, string | number> = t.action ? { action: actionName, speed: t.action.speed } : {};
      out.push(control("zilchActHeld", "ZILCH.Combat.ActHeld", { id, die: p.held, ...named }, { die: p.held, ...buys(p.held) }));
      for (const d of distinct) out.push(control("zilchKeepHolding", "ZILCH.Combat.KeepHolding", { id, die: d }, { die: d }));
    }
  } else if (p.held !== null) {
    // CD-13: after another's completed Act a holder may interrupt; during another's call it may challenge.
    if (cd.current === null && cd.lastActor !== null && cd.lastActor !== id) {
      out.push(control("zilchInterrupt", "ZILCH.Combat.Interrupt", { id, die: p.held }, { die: p.held }));
    }
    if (cd.current !== null) out.push(control("zilchChallenge", "ZILCH.Combat.Challenge", { id, die: p.held }, { die: p.held }));
  }
  if (hasOne) {
    if (!p.effort) out.push(control("zilchEffort", "ZILCH.Combat.Effort", { id }));
    out.push(control("zilchPressure", "ZILCH.Combat.Pressure", { id }));
  }
  return out;
}

/** ST-5: the one-step shifts ST-3 allows now (the GM's client re-checks ST-4 when applying). */
function shiftControls(t: TurnInput): Control[] {
  const stance = t.round.stance;
  if (stance === null || t.round.domino === null) return [];
  const at = STANCES.indexOf(stance);
  const allowed = allowedStances(t.facts);
  return [STANCES[at - 1], STANCES[at + 1]]
    .filter((s): s is Stance => s !== undefined && allowed.includes(s))
    .map((s) => control("zilchShiftStance", "ZILCH.Combat.ShiftTo", { id: t.id, stance: s }, { detail: stanceLabel(s) }));
}

/** The context of one tracker row for this viewer. */
export function turnContext(state: RoundState, t: TurnInput, viewer: Viewer): TurnContext {
  const owned = viewer.isGM || viewer.owns(t.id);
  const cd = state.countdown;
  const p = cd?.participants.find((x) => x.id === t.id) ?? null;
  const order = cd ? callOrder(cd.participants) : [];
  const position = order.indexOf(t.id);
  const called = cd?.current === t.id;
  const current = state.mode === "spades" ? state.current === t.id : called;
  const css = [
    current ? "active" : "",
    t.defeated ? "defeated" : "",
    t.hidden ? "hide" : "",
    state.mode === "spades" && t.round.turnTaken ? "done" : "",
  ]
    .filter(Boolean)
    .join(" ");

  const declaring = state.round > 0 && !state.stancesShown && t.round.domino !== null;
  const declare = declaring && owned
    ? allowedStances(t.facts).map((s) => control("zilchDeclareStance", stanceLabel(s), { id: t.id, stance: s }))
    : [];

  const controls: Control[] = [];
  if (owned && state.stancesShown) controls.push(...shiftControls(t));
  if (owned && state.mode === "countdown" && p) controls.push(...countdownControls(state, t, p));
  if (owned && state.mode === "spades" && state.current === t.id) controls.push(control("zilchEndTurn", "ZILCH.Combat.EndTurn", { id: t.id }));
  if (viewer.isGM && t.round.domino?.state === "faceDown") controls.push(control("zilchRevealDomino", "ZILCH.Combat.RevealDomino", { id: t.id }));
  // INI-4: the GM may reorder the Spades order by hand.
  const place = state.mode === "spades" ? state.order.indexOf(t.id) : -1;
  if (viewer.isGM && place > 0) controls.push(control("zilchMoveUp", "ZILCH.Combat.MoveUp", { id: t.id }));
  if (viewer.isGM && place >= 0 && place < state.order.length - 1) controls.push(control("zilchMoveDown", "ZILCH.Combat.MoveDown", { id: t.id }));

  return {
    id: t.id,
    name: t.name,
    img: t.img,
    css,
    owned,
    stance: stanceContext(state, t, viewer),
    domino: dominoContext(state, t),
    countdown: p
      ? {
          hand: p.hand,
          held: p.held,
          pool: p.pool ? { action: p.pool.action, total: p.pool.dice.reduce((a, b) => a + b, 0), speed: p.pool.speed } : null,
          called,
          position: position >= 0 ? position + 1 : null,
        }
      : null,
    declare,
    controls,
  };
}

function phaseOf(state: RoundState): CombatContext["phase"] {
  if (state.round === 0) return "idle";
  if (!state.stancesShown) return "declaring";
  if (state.mode === "spades") return "turns";
  return state.countdown?.phase ?? "countdown";
}

/**
 * The tracker's whole context for this viewer: the phase, the Closing die as CD-19 lets this viewer see
 * it, the GM's round controls, and the rows in display order (Spades order, or CD-5 call order with
 * those who cannot be called after).
 */
export function combatContext(state: RoundState, inputs: readonly TurnInput[], viewer: Viewer): CombatContext {
  const phase = phaseOf(state);
  const cd = state.countdown;
  const view = cd && state.mode === "countdown" ? closingView(cd, { gm: viewer.isGM }) : { status: "none" as const, value: null };
  const closingLabel =
    view.status === "none" ? "" : view.value !== null ? "ZILCH.Combat.ClosingValue" : view.status === "pending" ? "ZILCH.Combat.ClosingHidden" : "ZILCH.Combat.Closed";
  const rank = (id: string): number => {
    if (state.mode === "spades") {
      const at = state.order.indexOf(id);
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    }
    const order = cd ? callOrder(cd.participants) : [];
    const at = order.indexOf(id);
    return at < 0 ? order.length + inputs.findIndex((i) => i.id === id) : at;
  };
  const sorted = [...inputs].sort((a, b) => rank(a.id) - rank(b.id));
  const gmControls: Control[] = [];
  if (viewer.isGM) {
    if (phase === "declaring") gmControls.push(control("zilchForceReveal", "ZILCH.Combat.ForceReveal", {}));
    if (state.mode === "spades" && phase === "turns") gmControls.push(control("zilchNextTurn", "ZILCH.Combat.NextTurn", {}));
    if (state.mode === "countdown" && cd && cd.phase !== "closed" && cd.current === null && !cd.lowering && state.stancesShown) {
      gmControls.push(control("zilchNextCall", "ZILCH.Combat.NextCall", {}));
    }
    if (state.round > 0) gmControls.push(control("zilchNextRound", "ZILCH.Combat.NextRound", {}));
  }
  return {
    mode: state.mode,
    modeLabel: `ZILCH.Combat.Mode.${state.mode}`,
    round: state.round,
    surprise: state.surprise,
    phase,
    phaseLabel: `ZILCH.Combat.Phase.${phase}`,
    closing: { status: view.status, value: view.value, label: closingLabel },
    gmControls,
    turns: sorted.map((t) => turnContext(state, t, viewer)),
  };
}
