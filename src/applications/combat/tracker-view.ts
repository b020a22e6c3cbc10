/**
 * The tracker's whole context for this client's user (templates/combat/tracker.hbs `zilch`): the rows
 * the user may see with its local picks, the stances this client knows while they are secret, and the
 * GM's one button that declares for every NPC still to declare. tracker.ts renders it.
 */
import { ZilchCombat } from "../../documents/combat/zilch-combat";
import { ownDeclarations } from "../../requests/own-declarations";
import { undeclaredNpcs } from "../../rules/round/npc-stances";
import type { RoundState } from "../../rules/round/state";
import { STANCES, type Stance } from "../../rules/vocabulary";
import { defaultAction, nameableActions } from "./default-action";
import {
  combatContext,
  namedPick,
  type CombatContext,
  type LocalPicks,
  type TurnInput,
} from "./turn-context";

/** This viewer's unsaved picks (tracker.ts keeps them): the called row's, and the NPC stance chosen. */
export interface TrackerPicks {
  readonly die: Readonly<Record<string, number>>;
  readonly plusOne: Readonly<Record<string, boolean>>;
  readonly bid: Readonly<Record<string, number>>;
  /** CD-8: the action this viewer named for a row's Act or pool (the default attack until then). */
  readonly action: Readonly<Record<string, string>>;
  /** ST-1: the stance the GM chose for the NPCs' declaration; "" for each one's usual. */
  readonly npcStance: Stance | "";
}

export const NO_PICKS: TrackerPicks = { die: {}, plusOne: {}, bid: {}, action: {}, npcStance: "" };

/** ST-1: the GM's declaration for the NPCs: the stance to give them, and how many are still to declare. */
export interface NpcDeclareControl {
  readonly action: "zilchDeclareNpcStances";
  readonly count: number;
  readonly stance: Stance | "";
  readonly options: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
}

export type TrackerContext = CombatContext & { readonly npcDeclare: NpcDeclareControl | null };

type CoreRows = ReadonlyMap<string, NonNullable<TurnInput["core"]>>;

/**
 * ST-1: the secret stances this client may show: on the GM's client the ballot it keeps (only the active
 * GM's browser holds one), and on any client the declarations its own user made. Nothing once shown.
 */
export function knownStances(combat: ZilchCombat): Record<string, Stance> {
  const state = combat.zilchState;
  if (state.round === 0 || state.stancesShown) return {};
  const kept = combat.zilchKeptBallot();
  const mine = ownDeclarations(combat.id!, state.round);
  return Object.fromEntries(
    state.declared.flatMap((id) => {
      const stance = kept[id] ?? mine[id];
      return stance ? [[id, stance]] : [];
    }),
  );
}

/**
 * CD-7, CD-8: a row's Attack choices and the action its buttons pay for (namedPick): the one this viewer
 * named in the row's select, else the action its pool is for, else its default attack.
 */
function namedOf(
  c: Combatant.Implementation,
  state: RoundState,
  named: Readonly<Record<string, string>>,
): Pick<TurnInput, "action" | "actionLabel" | "weapons" | "nameable"> {
  const nameable = nameableActions(c);
  const pool = state.countdown?.participants.find((p) => p.id === c.id)?.pool?.action;
  const picked = namedPick(nameable, named[c.id!], pool);
  return {
    ...defaultAction(c),
    ...(picked ? { action: picked.action, actionLabel: picked.buys } : {}),
    nameable,
  };
}

/** ST-1: the GM's NPC declaration while the stances are secret and an NPC has still to declare. */
export function npcDeclare(combat: ZilchCombat, chosen: Stance | ""): NpcDeclareControl | null {
  const state = combat.zilchState;
  if (!game.user?.isGM || state.round === 0 || state.stancesShown) return null;
  const all = [...combat.combatants];
  const count = undeclaredNpcs(
    state,
    all.map((c) => combat.zilchRoundOf(c.id!)),
    all.map((c) => ZilchCombat.factsOf(c)),
  ).length;
  if (count === 0) return null;
  const values: readonly (Stance | "")[] = ["", ...STANCES];
  const options = values.map((value) => ({
    value,
    label: value === "" ? "ZILCH.Combat.NpcUsualStance" : `ZILCH.Combat.Stance.${value}`,
    selected: value === chosen,
  }));
  return { action: "zilchDeclareNpcStances", count, stance: chosen, options };
}

/** The tracker's context for this client's user, from the combat and this viewer's picks. */
export function trackerContext(
  combat: ZilchCombat,
  picks: TrackerPicks,
  core: CoreRows = new Map(),
): TrackerContext {
  const user = game.user!;
  const state = combat.zilchState;
  const inputs: TurnInput[] = [...combat.combatants]
    .filter((c) => user.isGM || c.visible)
    .map((c) => ({
      id: c.id!,
      name: c.name ?? "",
      img: c.img ?? "",
      facts: ZilchCombat.factsOf(c),
      round: combat.zilchRoundOf(c.id!),
      defeated: c.isDefeated,
      hidden: c.hidden,
      core: core.get(c.id!),
      ...namedOf(c, state, picks.action),
    }));
  const local: LocalPicks = {
    die: picks.die,
    plusOne: picks.plusOne,
    bid: picks.bid,
    closing: combat.zilchKeptClosing(),
    stances: knownStances(combat),
  };
  const viewer = { isGM: user.isGM, owns: (id: string) => combat.combatants.get(id)?.isOwner ?? false };
  return { ...combatContext(state, inputs, viewer, local), npcDeclare: npcDeclare(combat, picks.npcStance) };
}
