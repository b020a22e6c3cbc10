/**
 * What the tracker's rows are drawn from and drawn as: who looks (Viewer), one row's inputs
 * (TurnInput) and local picks, and the context the template reads (TurnContext, CombatContext), with
 * the controls in it. Types only; turn-context.ts builds them.
 */
import type { CoreRowControl, CoreRowInput, RowEffect } from "./core-row";
import type { CombatantFacts, CombatantRound, RoundState } from "../../rules/round/state";
import type { NamedAction } from "../../rules/countdown/types";
import type { Stance } from "../../rules/vocabulary";

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

/** CD-2: the GM's pool modifier as the row shows it ("+1", "−2", "±0") and its two buttons. */
export interface PoolModifierContext {
  readonly value: string;
  /** Whether the − and + are offered now; while a round is played a modifier is only shown. */
  readonly adjustable: boolean;
  readonly down: Control;
  readonly up: Control;
}

/**
 * CD-4: an idle row's hand as two runs of text rather than one element per die (the dice
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
