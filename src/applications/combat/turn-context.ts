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
import { coreRowControls, type CoreRowControl, type CoreRowInput, type RowEffect } from "./core-row";
import type { CombatantFacts, CombatantRound, RoundState } from "../../rules/round/state";
import { allowedStances, MAX_POOL_MODIFIER, pipsOf, spadesInitiative } from "../../rules/round/state";
import { canCombine, loweringDue, openBidders } from "../../rules/round/countdown-options";
import type { MarkedRound } from "../../rules/round/margin";
import { accumulatedDice, poolTotal } from "../../rules/countdown/choices";
import { highestDie, isUsable } from "../../rules/countdown/hand";
import { callOrder, isCallable } from "../../rules/countdown/order";
import { naturalWeapon, type StatBlockAttack } from "../../rules/attack/state";
import { actionSpeed, purchase, speedWeapon, WEAPON_SPEEDS } from "../../rules/countdown/speeds";
import type { CountdownParticipant, CountdownState, NamedAction } from "../../rules/countdown/types";
import { closingView } from "../../rules/countdown/visibility";
import { STANCES, type Stance, type WeaponCategory } from "../../rules/vocabulary";

/** Who is looking: the GM, or a player who owns some combatants. */
export interface Viewer {
  readonly isGM: boolean;
  readonly owns: (combatantId: string) => boolean;
}

/** A weapon its owner may attack with from the tracker. */
export interface WeaponChoice {
  readonly id: string;
  readonly name: string;
  /** NPC-1, NPC-4: set for a stat-block attack, the index of its row in `system.attacks`. */
  readonly natural?: number;
}

/** How an Attack button's `data-weapon` names a stat-block attack; no item id has a colon. */
const NATURAL_PREFIX = "natural:";

/** AT-1: what an Attack button's `data-weapon` names: an owned item's id or a stat-block attack's index. */
export function weaponOfButton(value: string | undefined): { itemId: string } | { natural: number } | null {
  if (!value) return null;
  if (!value.startsWith(NATURAL_PREFIX)) return { itemId: value };
  const digits = value.slice(NATURAL_PREFIX.length);
  return /^\d+$/.test(digits) ? { natural: Number(digits) } : null;
}

const buttonWeapon = (w: WeaponChoice): string =>
  w.natural === undefined ? w.id : `${NATURAL_PREFIX}${w.natural}`;

/**
 * CD-7, AT-1, NPC-4: a row's Attack choices (its weapons in hand, then an NPC's stat-block attacks) and
 * the Standard action its die pays for: the first weapon's attack, else the first stat-block attack at
 * its category's speed, else an unarmed attack.
 */
export function attackChoices(
  weapons: readonly {
    readonly id: string;
    readonly name: string;
    readonly category?: WeaponCategory;
    /** EQ-3: a sling or crossbow reloads, and its shot costs 6 (CD-7). */
    readonly reload?: string;
  }[],
  attacks: readonly StatBlockAttack[],
): Pick<TurnInput, "action" | "weapons"> {
  const first = weapons[0];
  const natural = first ? undefined : attacks[0];
  const choices: WeaponChoice[] = [
    ...weapons.map((w) => ({ id: w.id, name: w.name })),
    ...attacks.map((a, index) => ({ id: `${NATURAL_PREFIX}${index}`, name: a.name, natural: index })),
  ];
  if (natural)
    return {
      action: { action: `attack:${NATURAL_PREFIX}0`, speed: naturalWeapon(natural).speed },
      weapons: choices,
    };
  const speed =
    actionSpeed({
      kind: "attack",
      weapon: first?.category ? speedWeapon({ ...first, category: first.category }) : "unarmed",
    }) ?? WEAPON_SPEEDS.unarmed;
  return { action: { action: `attack:${first?.id ?? "unarmed"}`, speed }, weapons: choices };
}

/** CD-7, CD-8: an action a row's creature can name for its Act or pool, as the tracker offers it. */
export interface NameableAction {
  readonly action: NamedAction;
  /** The i18n key of its option in the tracker, with `{name}` (the weapon or spell) and `{speed}`. */
  readonly label: string;
  readonly name: string;
  /** The i18n key of what a die reaching its speed buys (the row's `actionLabel` once picked). */
  readonly buys: string;
}

/** CD-8: an option of the called row's "action to pay for" select. */
export interface NamedOption {
  readonly value: string;
  readonly label: string;
  readonly name: string;
  readonly speed: number;
  readonly selected: boolean;
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
  /** CD-7, CD-8: every action its owner may name instead (`action` is the one picked); none: no choice. */
  readonly nameable?: readonly NameableAction[];
  /** The equipped weapons (AT-1) the Attack button offers; empty when it has none. */
  readonly weapons?: readonly WeaponChoice[];
  readonly defeated?: boolean;
  readonly hidden?: boolean;
  /** Core's own turn context for the row (core-row.ts): whether it may be pinged, its effect icons. */
  readonly core?: Pick<CoreRowInput, "canPing" | "effects">;
}

/** The viewer's local, unsaved choices on the called row: the die picked and the CD-9 toggle. */
export interface LocalPicks {
  readonly die?: Readonly<Record<string, number>>;
  readonly plusOne?: Readonly<Record<string, boolean>>;
  /** CD-18 (a): the bids this viewer sent, remembered only by its own client to mark the die it bid. */
  readonly bid?: Readonly<Record<string, number>>;
  /** CD-19: the Closed round's hidden Closing die, as only a GM's client keeps it (combat/secrets.ts). */
  readonly closing?: number | null;
  /** ST-1: the secret stances this client knows (its own declarations; the GM's kept ballot). */
  readonly stances?: Readonly<Record<string, Stance>>;
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
  /** Data for a formatted `detail` (e.g. a pool's total and speed). */
  readonly detailData?: Readonly<Record<string, string | number>>;
  /** CD-7: the paying value reaches the named action's speed. */
  readonly meets?: boolean;
  /** A toggle or a choice in a group: rendered with `aria-pressed`. */
  readonly pressed?: boolean;
  /** A plain-text name (a weapon's) shown instead of a localized label. */
  readonly text?: string;
  /** The i18n key of a tooltip saying what the button does. */
  readonly hint?: string;
  /** Shown but not usable now (it keeps its place so the row's layout does not shift). */
  readonly disabled?: boolean;
  /** AC-1..AC-6: the i18n key of why the rules forbid it now; the button is shown disabled with it. */
  readonly refusal?: string;
}

/** One die of the called hand as a button the owner picks (aria-pressed). */
export interface DieButton {
  readonly value: number;
  readonly index: number;
  readonly pressed: boolean;
  readonly one: boolean;
}

/** The controls of the row being called or taking its turn, for a viewer who may use them. */
export interface TurnPanel {
  /** CD-6: the hand as pickable dice (countdown only). */
  readonly dice: readonly DieButton[];
  /** The picked die's value, or null when the hand has none. */
  readonly picked: number | null;
  /** Act, Accumulate, Hold, Pass; or Act with held die, Keep holding; or End turn. */
  readonly actions: readonly Control[];
  /** CD-9: the "+1 from a 1" toggle, when a 1 is in hand. */
  readonly plusOne: Control | null;
  /** CD-15: the uses of 1s, in a compact menu. */
  readonly ones: readonly Control[];
  /** ST-5: the one-step shifts allowed now. */
  readonly shift: readonly Control[];
  /** AT-1: attack with an equipped weapon (one button per weapon). */
  readonly attacks: readonly Control[];
  /** CD-18 (d): combine the picked die with another die in hand, once the round is Closing. */
  readonly combine: readonly Control[];
  /** CD-7, CD-8: the actions the owner may name for an Act or a pool (countdown only); empty otherwise. */
  readonly named?: readonly NamedOption[];
}

/**
 * CD-18 (a), (c): a row's part in a secret collection (a bid, a lowering spend). Everyone sees whether
 * it is in; only a viewer who answers for the row gets the dice to choose from.
 */
export interface SecretPick {
  readonly in: boolean;
  readonly dice: readonly Control[];
}

export interface TurnContext {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly css: string;
  readonly owned: boolean;
  /** Spades mode: the INI-2 value; null in countdown mode. */
  readonly initiative: number | null;
  readonly stance: {
    readonly state: "none" | "waiting" | "declared" | "shown";
    readonly key: Stance | null;
    readonly label: string;
    /** ST-1: the secret stance's label, for the viewer who declared it and the GM who keeps it. */
    readonly known?: string;
  };
  readonly domino: {
    readonly state: "none" | "faceDown" | "revealed";
    readonly label: string;
    readonly greater: number | null;
    readonly lesser: number | null;
    readonly offense: number | null;
    readonly defense: number | null;
    /** DOM-5: the GM may turn it over now (the chip is a button). */
    readonly revealable: boolean;
  };
  readonly countdown: {
    readonly hand: readonly number[];
    /** CD-4: the hand as text for a row the viewer cannot act on; null for an empty hand. */
    readonly handText: HandText | null;
    readonly highest: number | null;
    readonly held: number | null;
    readonly pool: { readonly action: string; readonly total: number; readonly speed: number } | null;
    readonly called: boolean;
    readonly position: number | null;
  } | null;
  /** ST-1: the segmented stance picker while declaring, for the owner. */
  readonly declare: readonly Control[];
  /** The called or acting row's controls; null on every other row and for viewers without rights. */
  readonly panel: TurnPanel | null;
  /** CD-13: a held die's interrupt or challenge on an idle owned row, when relevant now. */
  readonly extras: readonly Control[];
  /** CD-15: a player's uses of 1s on its own idle rows (the GM uses them from the called row). */
  readonly ones: readonly Control[];
  /** AC-5, AC-6: Move, step, Stand, Defend, Dive prone in the combatant's own turn (turn-actions.ts). */
  readonly turnActions: readonly Control[];
  /** INI-4: the GM's small up/down buttons (Spades order). */
  readonly order: readonly Control[];
  /** CB-3, CD-16: before the combat starts, the GM's toggle marking this combatant surprised. */
  readonly aware: Control | null;
  /** CD-2: the GM's −/+ on this combatant's action dice, between rounds of a countdown; null otherwise. */
  readonly poolModifier: PoolModifierContext | null;
  /** CD-18 (a): this row bids for the coming call; null when it does not. */
  readonly bid: SecretPick | null;
  /** CD-18 (c): this row may spend a die to lower the Closing die now; null when it may not. */
  readonly lowering: SecretPick | null;
  /** CD-18 (d): the owner's idle row during Closing: each distinct pair of dice it may combine. */
  readonly combine: readonly Control[];
  /** OPT-1 "lose an action" (Spades): this combatant has no Minor action on its (next) turn. */
  readonly noMinor: boolean;
  /** OPT-2 Scary (Spades): this combatant has no Standard action on its (next) turn. */
  readonly noStandard: boolean;
  /** Foundry's own row controls this viewer may use (hide, defeated, ping, pan), beside Zilch's. */
  readonly coreControls: readonly CoreRowControl[];
  /** The row's active-effect icons, as core shows them. */
  readonly effects: readonly RowEffect[];
}

export interface CombatContext {
  readonly mode: RoundState["mode"];
  readonly modeLabel: string;
  readonly round: number;
  readonly surprise: boolean;
  readonly phase: "idle" | "declaring" | "turns" | "countdown" | "closing" | "closed";
  readonly phaseLabel: string;
  /** ST-1: how many of those due have declared, while declaring. */
  readonly declared: { readonly done: number; readonly due: number } | null;
  readonly closing: {
    readonly status: "none" | "pending" | "reached";
    readonly value: number | null;
    readonly label: string;
  };
  /** CD-18 (a): how many of the bidders have bid for the coming call, while bids are open. */
  readonly bids: { readonly done: number; readonly due: number } | null;
  /** CD-18 (c): how many of those who may lower the Closing die have spent, while it waits for them. */
  readonly lowering: { readonly done: number; readonly due: number } | null;
  /** CD-18 (b): the rows follow the round table's cyclic order, from the next call. */
  readonly table: boolean;
  readonly gmControls: readonly Control[];
  readonly turns: readonly TurnContext[];
}

const stanceLabel = (s: Stance): string => `ZILCH.Combat.Stance.${s}`;

function stanceContext(
  state: RoundState,
  t: TurnInput,
  viewer: Viewer,
  known: Stance | undefined,
): TurnContext["stance"] {
  const c = t.round;
  if (c.domino === null) return { state: "none", key: null, label: "ZILCH.Combat.NoStance" };
  if (state.stancesShown && c.stance !== null)
    return { state: "shown", key: c.stance, label: stanceLabel(c.stance) };
  if (state.declared.includes(c.id)) {
    const secret = known ? { label: "ZILCH.Combat.DeclaredAs", known: stanceLabel(known) } : null;
    return { state: "declared", key: null, label: "ZILCH.Combat.Declared", ...secret };
  }
  return {
    state: "waiting",
    key: null,
    label: viewer.isGM || viewer.owns(c.id) ? "ZILCH.Combat.DeclarePrompt" : "ZILCH.Combat.Waiting",
  };
}

function dominoContext(state: RoundState, t: TurnInput, viewer: Viewer): TurnContext["domino"] {
  const d = t.round.domino;
  const none = { greater: null, lesser: null, offense: null, defense: null, revealable: false };
  if (d === null) return { state: "none", label: "ZILCH.Combat.NoDomino", ...none };
  if (d.state === "faceDown") {
    return {
      state: "faceDown",
      label: "ZILCH.Combat.FaceDown",
      ...none,
      revealable: viewer.isGM && state.round > 0,
    };
  }
  const pips = pipsOf(t.round, t.facts, state.mode);
  return {
    state: "revealed",
    label: "ZILCH.Combat.Domino",
    greater: d.domino.greater,
    lesser: d.domino.lesser,
    offense: pips?.offense ?? null,
    defense: pips?.defense ?? null,
    revealable: false,
  };
}

const control = (
  action: string,
  label: string,
  data: Record<string, string | number>,
  extra: Partial<Control> = {},
): Control => ({
  action,
  label,
  data,
  ...extra,
});

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
function onesControls(p: CountdownParticipant | null, t: TurnInput): Control[] {
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

/** CD-13: a holder may interrupt after another's completed Act, or challenge during another's call. */
function heldControls(state: RoundState, p: CountdownParticipant | null, id: string): Control[] {
  const cd = state.countdown;
  if (cd === null || p === null || p.held === null || cd.phase === "closed" || cd.current === id) return [];
  const out: Control[] = [];
  if (cd.current === null && cd.lastActor !== null && cd.lastActor !== id) {
    out.push(control("zilchInterrupt", "ZILCH.Combat.Interrupt", { id, die: p.held }, { die: p.held }));
  }
  if (cd.current !== null)
    out.push(control("zilchChallenge", "ZILCH.Combat.Challenge", { id, die: p.held }, { die: p.held }));
  return out;
}

/**
 * CD-3: before the first call, the owner of a pool over 8 may keep a die it rolled but did not keep
 * instead of its lowest kept one: one button per value (the GM's client picks the die it replaces).
 */
function swapInControls(state: RoundState, p: CountdownParticipant | null, id: string): Control[] {
  const cd = state.countdown;
  if (cd === null || p === null || !p.active || cd.phase === "closed" || cd.calls.length > 0) return [];
  return [...new Set(p.unkept)].map((die) =>
    control("zilchSwapIn", "ZILCH.Combat.SwapIn", { id, die }, { die }),
  );
}

/**
 * CD-14: until the next call after a default Burn, the owner may burn another usable die instead: one
 * button per usable value other than the die that would come back.
 */
function burnInsteadControls(p: CountdownParticipant | null, id: string): Control[] {
  const back = p?.burnedFrom?.[0];
  if (p === null || !p.active || back === undefined) return [];
  return [...new Set(p.hand.filter((d) => d > 1 && d !== back))].map((die) =>
    control("zilchBurnInstead", "ZILCH.Combat.BurnInstead", { id, die }, { die }),
  );
}

/**
 * CD-18 (a), (c): who answers for a row in a secret collection: a player for its own combatants, the
 * GM for those no player owns (a player's bid or spend is its own to make).
 */
function answersFor(viewer: Viewer, t: TurnInput): boolean {
  return viewer.isGM ? !t.facts.playerOwned : viewer.owns(t.id);
}

/** The distinct values of `dice`, highest first (one button per value is enough to choose a die). */
const distinct = (dice: readonly number[]): number[] => [...new Set(dice)];

/** CD-18 (a): a bidder's usable dice as bid buttons, the one this viewer bid pressed while its bid is in. */
function bidPick(
  state: RoundState,
  t: TurnInput,
  p: CountdownParticipant | null,
  bidders: readonly string[],
  viewer: Viewer,
  picks: LocalPicks,
): SecretPick | null {
  if (p === null || !bidders.includes(t.id)) return null;
  const bidIn = (state.bidders ?? []).includes(t.id);
  const mine = bidIn ? picks.bid?.[t.id] : undefined;
  const dice = answersFor(viewer, t)
    ? distinct(p.hand.filter(isUsable)).map((v) =>
        control("zilchBid", "ZILCH.Combat.BidN", { id: t.id, die: v }, { die: v, pressed: v === mine }),
      )
    : [];
  return { in: bidIn, dice };
}

/** CD-18 (c): a participant's dice as lowering spends (a 1 included), until it has spent one. */
function loweringPick(
  state: RoundState,
  t: TurnInput,
  p: CountdownParticipant | null,
  due: readonly string[],
  viewer: Viewer,
): SecretPick | null {
  if (p === null || !due.includes(t.id)) return null;
  const spent = (state.lowered ?? []).includes(t.id);
  const dice =
    !spent && answersFor(viewer, t)
      ? distinct(p.hand).map((v) =>
          control("zilchLowerClosing", "ZILCH.Combat.LowerN", { id: t.id, die: v }, { die: v }),
        )
      : [];
  return { in: spent, dice };
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

/**
 * CD-18 (d) off-call: during Closing a participant whose dice are all below the Closing die is never
 * called, and combining is how it gets called, so its owner's idle row offers each distinct pair.
 */
function combinePairs(state: RoundState, p: CountdownParticipant): Control[] {
  if (!canCombine(state, p.id)) return [];
  const values = [...p.hand].sort((a, b) => b - a);
  const seen = new Set<string>();
  const pairs: Control[] = [];
  values.forEach((first, i) => {
    for (const second of values.slice(i + 1)) {
      const key = `${first}+${second}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(
        control(
          "zilchCombine",
          "ZILCH.Combat.CombineWith",
          { id: p.id, die: first, second },
          { die: first + second, detailData: { first, second } },
        ),
      );
    }
  });
  return pairs;
}

/** ST-5: the one-step shifts ST-3 allows now (the GM's client re-checks ST-4 when applying). */
function shiftControls(t: TurnInput): Control[] {
  const stance = t.round.stance;
  if (stance === null || t.round.domino === null) return [];
  const at = STANCES.indexOf(stance);
  const allowed = allowedStances(t.facts);
  return [STANCES[at - 1], STANCES[at + 1]]
    .filter((s): s is Stance => s !== undefined && allowed.includes(s))
    .map((s) => control("zilchShiftStance", stanceLabel(s), { id: t.id, stance: s }));
}

/**
 * AT-1: one Attack button per equipped weapon and stat-block attack (NPC-1); the name is shown when
 * there are several, and always for a stat-block attack, which has no item to recognise it by.
 */
function attackControls(t: TurnInput): Control[] {
  const weapons = t.weapons ?? [];
  if (weapons.length === 1 && weapons[0].natural === undefined)
    return [control("zilchAttack", "ZILCH.Combat.Attack", { id: t.id, weapon: weapons[0].id })];
  return weapons.map((w) =>
    control(
      "zilchAttack",
      "ZILCH.Combat.AttackWith",
      { id: t.id, weapon: buttonWeapon(w) },
      { text: w.name },
    ),
  );
}

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

/**
 * ST-1, ST-3: the stances the owner may declare while the round's stances are secret; INI-6, DOM-6:
 * and after they are shown, for one that joined or woke since and holds a domino but no stance.
 */
function declareControls(state: RoundState, t: TurnInput, owned: boolean, known?: Stance): Control[] {
  const late = state.stancesShown && t.round.stance === null;
  const declaring = state.round > 0 && (!state.stancesShown || late) && t.round.domino !== null;
  if (!declaring || !owned) return [];
  const allowed = allowedStances(t.facts);
  // ST-1: the stance this viewer knows was declared shows pressed; a click declares again.
  const plain = allowed.map((s) =>
    control("zilchDeclareStance", stanceLabel(s), { id: t.id, stance: s }, { pressed: s === known }),
  );
  return [...plain, ...slipAwayControls(t, allowed)];
}

/** KN-2 Slip Away: the stances only its chip opens to a Threatened Rogue (ST-3), each offered with it. */
function slipAwayControls(t: TurnInput, allowed: readonly Stance[]): Control[] {
  if (!t.facts.slipAwayReady || !t.facts.conditions.includes("threatened")) return [];
  const opened = allowedStances({ ...t.facts, stanceContext: { ...t.facts.stanceContext, slipAway: true } });
  return opened
    .filter((s) => !allowed.includes(s))
    .map((s) =>
      control("zilchDeclareStance", `ZILCH.Combat.SlipAwayStance.${s}`, { id: t.id, stance: s, slipAway: 1 }),
    );
}

/** The opened row's panel: the countdown's dice and actions (or End Turn in Spades), 1s, shifts, attacks. */
function turnPanel(
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

/**
 * INI-4: the GM may reorder the Spades order by hand. Every row gets both buttons, the one past an end
 * disabled, so each row's controls take the same width and the order boxes line up (issue 13).
 */
function reorderControls(state: RoundState, t: TurnInput, viewer: Viewer): Control[] {
  const place = state.mode === "spades" ? state.order.indexOf(t.id) : -1;
  if (!viewer.isGM || place < 0) return [];
  const last = state.order.length - 1;
  return [
    control("zilchMoveUp", "ZILCH.Combat.MoveUp", { id: t.id }, place > 0 ? {} : { disabled: true }),
    control("zilchMoveDown", "ZILCH.Combat.MoveDown", { id: t.id }, place < last ? {} : { disabled: true }),
  ];
}

/** CD-2: the GM's pool modifier as the row shows it ("+1", "−2", "±0") and its two buttons. */
export interface PoolModifierContext {
  readonly value: string;
  /** Whether the − and + are offered now; while a round is played a modifier is only shown. */
  readonly adjustable: boolean;
  readonly down: Control;
  readonly up: Control;
}

/**
 * CD-2: the GM raises or lowers a combatant's action dice before a roll: before the combat starts and
 * while a countdown round is Closed (the next round start rolls with it). While a round is played the
 * GM still sees a modifier other than 0 on the row, without the buttons.
 */
function poolModifierControls(state: RoundState, t: TurnInput, viewer: Viewer): PoolModifierContext | null {
  if (!viewer.isGM || state.mode !== "countdown") return null;
  const n = t.round.poolModifier ?? 0;
  const adjustable = state.round === 0 || state.countdown?.phase === "closed";
  if (!adjustable && n === 0) return null;
  const value = n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "\u00b10";
  const at = (limit: number) => (n === limit ? { disabled: true } : {});
  return {
    value,
    adjustable,
    down: control("zilchPoolDown", "ZILCH.Combat.PoolDown", { id: t.id }, at(-MAX_POOL_MODIFIER)),
    up: control("zilchPoolUp", "ZILCH.Combat.PoolUp", { id: t.id }, at(MAX_POOL_MODIFIER)),
  };
}

/**
 * CB-3, CD-16: before the first round the GM marks who is surprised. The toggle is pressed while the
 * combatant is surprised; its request asks for the other state.
 */
function awareToggle(state: RoundState, t: TurnInput, viewer: Viewer): Control | null {
  if (!viewer.isGM || state.round > 0) return null;
  const surprised = !t.round.aware;
  return control(
    "zilchSetAware",
    surprised ? "ZILCH.Combat.Surprised" : "ZILCH.Combat.MarkSurprised",
    { id: t.id, aware: surprised ? 1 : 0 },
    { pressed: surprised, hint: "ZILCH.Combat.SurprisedHint" },
  );
}

/**
 * CD-4: an idle row's hand as two runs of text rather than one element per die (issue 11: the dice
 * were a third of a 50-row tracker's elements). The hand is stored highest first (sortHand), so the
 * 1s end it and form their own dimmed run. `spoken` lists every die for the row's accessible name.
 */
export interface HandText {
  /** The usable dice, highest first, separated by spaces; "" when the hand holds only 1s. */
  readonly usable: string;
  /** The 1s, separated by spaces; "" when there are none. */
  readonly ones: string;
  /** Every die, highest first, separated by commas. */
  readonly spoken: string;
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
