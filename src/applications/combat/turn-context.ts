/**
 * The tracker's per-turn and per-combat context, built by pure functions so the template and browser
 * tests render exactly what Foundry would. The tracker class only gathers the inputs from documents and
 * keeps the viewer's local picks (which die, the +1 toggle). Everything shown comes from src/rules
 * (stance options, pips, what a die buys, the call order, the Closing die's visibility); nothing here
 * decides a rule.
 *
 * Layout contract with templates/combat/tracker.hbs: every row is one compact line of state (image,
 * name, initiative or place, stance/domino/dice chips); only the row being called (countdown) or whose
 * turn it is (Spades) opens a `panel` of controls, and only for a viewer who may use them.
 */
import { turnActionControls } from "./turn-actions";
import { abandonPoolControls } from "./pool-controls";
import { coreRowControls } from "./core-row";
import { spadesInitiative } from "../../rules/round/spades-turns";
import type { RoundState } from "../../rules/round/state";
import { loweringDue, openBidders } from "../../rules/round/countdown-options";
import type { MarkedRound } from "../../rules/round/margin";
import { poolTotal } from "../../rules/countdown/choices";
import { highestDie, isUsable } from "../../rules/countdown/hand";
import { callOrder, isCallable } from "../../rules/countdown/order";
import type { CountdownParticipant, CountdownState } from "../../rules/countdown/types";
import { closingView } from "../../rules/countdown/visibility";
import { control } from "./control";
import { onesControls, turnPanel } from "./called-panel";
import {
  bidPick,
  burnInsteadControls,
  combinePairs,
  heldControls,
  loweringPick,
  swapInControls,
} from "./off-call";
import { awareToggle, poolModifierControls, reorderControls } from "./gm-row";
import { declareControls, dominoContext, stanceContext } from "./stance-domino";
import type {
  CombatContext,
  Control,
  HandText,
  LocalPicks,
  TurnContext,
  TurnInput,
  Viewer,
} from "./turn-types";

// The row and tracker shapes, and the attack choices, keep their home here for the modules that read them.
export type {
  CombatContext,
  Control,
  DieButton,
  HandText,
  LocalPicks,
  NameableAction,
  NamedOption,
  PoolModifierContext,
  SecretPick,
  TurnContext,
  TurnInput,
  TurnPanel,
  Viewer,
  WeaponChoice,
} from "./turn-types";
export { attackChoices, weaponOfButton } from "./attack-choices";
export { namedPick } from "./called-panel";

/** CD-18 (b): the round table's cyclic order from the next call, the callable participants only. */
function tableCallOrder(cd: CountdownState): string[] {
  const { order, next } = cd.table!;
  const rotated = [...order.slice(next), ...order.slice(0, next)];
  return rotated.filter((id) => {
    const p = cd.participants.find((x) => x.id === id);
    return p !== undefined && isCallable(p);
  });
}

/** CD-5 (or the CD-18 b round table): the countdown's call order, or none in Spades mode. */
function countdownOrder(state: RoundState): readonly string[] {
  if (state.mode !== "countdown" || !state.countdown) return [];
  return state.countdown.table ? tableCallOrder(state.countdown) : callOrder(state.countdown.participants);
}

/** Where one row stands in the round for this viewer: ownership, the call, and whether it is open. */
interface RowPlace {
  owned: boolean;
  p: CountdownParticipant | null;
  called: boolean;
  current: boolean;
  expanded: boolean;
}

/** ST-1, CB-2, CD-5: whose row this is and whether it is the acting one, opened for its owner. */
function rowPlace(state: RoundState, t: TurnInput, viewer: Viewer): RowPlace {
  const owned = viewer.isGM || viewer.owns(t.id);
  const cd = state.mode === "countdown" ? state.countdown : null;
  const p = cd?.participants.find((x) => x.id === t.id) ?? null;
  const called = cd?.current === t.id;
  const current = state.mode === "spades" ? state.current === t.id : called;
  const expanded =
    owned &&
    current &&
    state.stancesShown &&
    (state.mode === "spades" || (cd !== null && cd.phase !== "closed" && p !== null && p.active));
  return { owned, p, called, current, expanded };
}

/** The row's CSS classes (core's active/defeated/hide, and Zilch's expanded and done). */
function rowCss(state: RoundState, t: TurnInput, place: RowPlace): string {
  return [
    place.current ? "active" : "",
    place.expanded ? "expanded" : "",
    t.defeated ? "defeated" : "",
    t.hidden ? "hide" : "",
    state.mode === "spades" && t.round.turnTaken ? "done" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** CD-4: the hand's text runs, or null for an empty hand. */
export function handText(hand: readonly number[]): HandText | null {
  if (hand.length === 0) return null;
  return {
    usable: hand.filter(isUsable).join(" "),
    ones: hand.filter((die) => !isUsable(die)).join(" "),
    spoken: hand.join(", "),
  };
}

/** CD-2, CD-5, CD-8: the participant's hand, held die, pool and place in the call order. */
function countdownView(
  p: CountdownParticipant | null,
  called: boolean,
  position: number,
): TurnContext["countdown"] {
  if (!p) return null;
  return {
    hand: p.hand,
    handText: handText(p.hand),
    highest: p.hand.length > 0 ? highestDie(p.hand) : null,
    held: p.held,
    pool: p.pool ? { action: p.pool.action, total: poolTotal(p.pool.dice), speed: p.pool.speed } : null,
    called,
    position: position >= 0 ? position + 1 : null,
  };
}

/**
 * The context of one tracker row for this viewer. `order` is the CD-5 call order; the whole tracker
 * passes the one it computed, so a render sorts the participants once, not once per row.
 */
export function turnContext(
  state: MarkedRound,
  t: TurnInput,
  viewer: Viewer,
  picks: LocalPicks = {},
  order: readonly string[] = countdownOrder(state),
  secret: { readonly bidders: readonly string[]; readonly due: readonly string[] } = {
    bidders: openBidders(state),
    due: loweringDue(state),
  },
): TurnContext {
  const place = rowPlace(state, t, viewer);
  const { owned, p, expanded } = place;
  // A player's own idle rows keep what it may do off-call; the GM's rows stay compact (the called row has it all).
  const idleOwn = owned && !expanded;
  const marks = state.noMinor ?? [];
  return {
    id: t.id,
    name: t.name,
    img: t.img,
    css: rowCss(state, t, place),
    owned,
    initiative: state.mode === "spades" && state.round > 0 ? spadesInitiative(t.facts, t.round, state) : null,
    stance: stanceContext(state, t, viewer, picks.stances?.[t.id]),
    domino: dominoContext(state, t, viewer),
    countdown: countdownView(p, place.called, order.indexOf(t.id)),
    declare: declareControls(state, t, owned, picks.stances?.[t.id]),
    panel: expanded ? turnPanel(state, t, p, picks) : null,
    extras: idleOwn
      ? [
          ...heldControls(state, p, t.id),
          ...swapInControls(state, p, t.id),
          ...burnInsteadControls(p, t.id),
          ...abandonPoolControls(p, t.id),
        ]
      : [],
    ones: idleOwn && !viewer.isGM ? onesControls(p, t) : [],
    turnActions: turnActionControls(state, t, owned),
    order: reorderControls(state, t, viewer),
    aware: awareToggle(state, t, viewer),
    poolModifier: poolModifierControls(state, t, viewer),
    bid: bidPick(state, t, p, secret.bidders, viewer, picks),
    lowering: loweringPick(state, t, p, secret.due, viewer),
    combine: idleOwn && !viewer.isGM && p ? combinePairs(state, p) : [],
    // OPT-1, OPT-2: a mark against this combatant's next Minor (or, for Scary, Standard) action.
    noMinor: marks.some((m) => m.id === t.id && !m.standard),
    noStandard: marks.some((m) => m.id === t.id && m.standard === true),
    coreControls: coreRowControls(t.id, { ...t.core, hidden: t.hidden, defeated: t.defeated }, viewer),
    effects: t.core?.effects ?? [],
  };
}

function phaseOf(state: RoundState): CombatContext["phase"] {
  if (state.round === 0) return "idle";
  if (!state.stancesShown) return "declaring";
  if (state.mode === "spades") return "turns";
  return state.countdown?.phase ?? "countdown";
}

/** The rows in display order: Spades order, or CD-5 call order with the uncallable after in input order. */
function displayOrder(
  state: RoundState,
  inputs: readonly TurnInput[],
  order: readonly string[],
): TurnInput[] {
  // Each row's place, worked out once rather than on every comparison.
  const rank = new Map(
    inputs.map((t, index) => {
      const at = state.mode === "spades" ? state.order.indexOf(t.id) : order.indexOf(t.id);
      if (at >= 0) return [t.id, at];
      return [t.id, state.mode === "spades" ? Number.MAX_SAFE_INTEGER : order.length + index];
    }),
  );
  return [...inputs].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

/**
 * The tracker's whole context for this viewer: the phase, the Closing die as CD-19 lets this viewer see
 * it, the GM's round controls, and the rows in display order (Spades order, or CD-5 call order with
 * those who cannot be called after).
 */
export function combatContext(
  state: RoundState,
  inputs: readonly TurnInput[],
  viewer: Viewer,
  picks: LocalPicks = {},
): CombatContext {
  const phase = phaseOf(state);
  const cd = state.countdown;
  const seen =
    cd && state.mode === "countdown"
      ? closingView(cd, { gm: viewer.isGM })
      : { status: "none" as const, value: null };
  // CD-19: a hidden die's value stays out of the stored state; the GM's client shows the one it keeps.
  const kept = viewer.isGM && seen.status === "reached" ? (picks.closing ?? null) : null;
  const view = { status: seen.status, value: seen.value ?? kept };
  const closingLabel =
    view.status === "none"
      ? ""
      : view.value !== null
        ? "ZILCH.Combat.ClosingValue"
        : view.status === "pending"
          ? "ZILCH.Combat.ClosingHidden"
          : "ZILCH.Combat.Closed";
  const order = countdownOrder(state);
  const sorted = displayOrder(state, inputs, order);
  // CD-5: a player's places count only the rows they see, so no gap betrays a hidden combatant's turn.
  const listed = new Set(inputs.map((t) => t.id));
  const places = viewer.isGM ? order : order.filter((id) => listed.has(id));
  const bidders = openBidders(state);
  const bidsIn = bidders.filter((id) => (state.bidders ?? []).includes(id)).length;
  const due = loweringDue(state);
  const spent = due.filter((id) => (state.lowered ?? []).includes(id)).length;
  const gmControls: Control[] = [];
  if (viewer.isGM) {
    if (phase === "declaring") gmControls.push(control("zilchForceReveal", "ZILCH.Combat.ForceReveal", {}));
    if (state.mode === "spades" && phase === "turns")
      gmControls.push(control("zilchNextTurn", "ZILCH.Combat.NextTurn", {}));
    if (
      state.mode === "countdown" &&
      cd &&
      cd.phase !== "closed" &&
      cd.current === null &&
      !cd.lowering &&
      state.stancesShown
    ) {
      // CD-18 (a): calling before every bid is in closes the bidding (missing bids play the highest die).
      const label = bidsIn < bidders.length ? "ZILCH.Combat.CloseBidding" : "ZILCH.Combat.NextCall";
      gmControls.push(control("zilchNextCall", label, {}));
    }
    if (cd?.lowering && state.stancesShown)
      gmControls.push(control("zilchResolveLowering", "ZILCH.Combat.ResolveLowering", {}));
    if (state.round > 0) gmControls.push(control("zilchNextRound", "ZILCH.Combat.NextRound", {}));
  }
  const holders = inputs.filter((i) => i.round.domino !== null);
  return {
    mode: state.mode,
    modeLabel: `ZILCH.Combat.Mode.${state.mode}`,
    round: state.round,
    surprise: state.surprise,
    phase,
    phaseLabel: `ZILCH.Combat.Phase.${phase}`,
    declared:
      phase === "declaring"
        ? { done: holders.filter((i) => state.declared.includes(i.id)).length, due: holders.length }
        : null,
    closing: { status: view.status, value: view.value, label: closingLabel },
    bids: bidders.length > 0 && state.stancesShown ? { done: bidsIn, due: bidders.length } : null,
    lowering: due.length > 0 ? { done: spent, due: due.length } : null,
    table: state.mode === "countdown" && cd?.table != null && cd.phase !== "closed",
    gmControls,
    turns: sorted.map((t) =>
      turnContext(state, t, viewer, picks, places, { bidders: state.stancesShown ? bidders : [], due }),
    ),
  };
}
