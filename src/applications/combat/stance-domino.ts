/**
 * ST-1, ST-3, ST-5, DOM-4, DOM-5: a row's stance and domino chips as this viewer may see them, the
 * stances its owner may declare, and the one-step shifts open to it now.
 */
import { allowedStances } from "../../rules/round/stance-declaration";
import { pipsOf } from "../../rules/round/domino-reveal";
import type { RoundState } from "../../rules/round/state";
import { STANCES, type Stance } from "../../rules/vocabulary";
import { control } from "./control";
import type { Control, TurnContext, TurnInput, Viewer } from "./turn-types";

const stanceLabel = (s: Stance): string => `ZILCH.Combat.Stance.${s}`;

export function stanceContext(
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

export function dominoContext(state: RoundState, t: TurnInput, viewer: Viewer): TurnContext["domino"] {
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

/**
 * ST-1, ST-3: the stances the owner may declare while the round's stances are secret; INI-6, DOM-6:
 * and after they are shown, for one that joined or woke since and holds a domino but no stance.
 */
export function declareControls(state: RoundState, t: TurnInput, owned: boolean, known?: Stance): Control[] {
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

/** ST-5: the one-step shifts ST-3 allows now (the GM's client re-checks ST-4 when applying). */
export function shiftControls(t: TurnInput): Control[] {
  const stance = t.round.stance;
  if (stance === null || t.round.domino === null) return [];
  const at = STANCES.indexOf(stance);
  const allowed = allowedStances(t.facts);
  return [STANCES[at - 1], STANCES[at + 1]]
    .filter((s): s is Stance => s !== undefined && allowed.includes(s))
    .map((s) => control("zilchShiftStance", stanceLabel(s), { id: t.id, stance: s }));
}
