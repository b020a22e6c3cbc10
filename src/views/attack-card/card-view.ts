/**
 * The attack card's template context (templates/chat/attack-card.hbs) as a pure function of the stored
 * state and who is looking. Past steps are plain text so the chat log stays readable; the current
 * step's controls appear only for the viewer whose role it is (CH-7), and the stored message content is
 * rendered with no viewer, so it holds no controls at all. The card's links to the rules reference
 * (a data/ table) are added by src/dice/attack-card.ts. View building, like the card-view-*.ts modules it
 * assembles: kept apart so it can leave the rules engine in one step.
 */
import {
  attackerChipsAvailable,
  currentRole,
  currentTotals,
  defenderHasWindow,
  reactionFollowUp,
  type AttackRequester,
  type AttackState,
  type ChipCommit,
} from "../../rules/attack/index";
import { FOLLOW_UP_ATTACK_BONUS } from "../../rules/grit";
import { REACTIVE_DEFENCE_PIPS } from "../../rules/countdown/effects";
import { INJURY_TRIGGERS } from "../../rules/injury/trigger";
import { MARGIN_SPECIALS } from "../../rules/options";
import { attackBaseParts, damageParts, defenceBaseParts } from "./totals";
import { movementOfFixed } from "../../rules/attack/declaration";
import type { AttackCardView, AttackControl } from "./model";
import { controlsFor, mainControls } from "./controls";
import {
  EFFECT_KEY,
  grappleContext,
  gritView,
  LOCATION_KEY,
  marginContext,
  modifierPartsView,
  specialContext,
} from "./lines";

/** The declaration's lines: who attacks whom, with what and how (AT-1, SP-1, SP-3, INJ-3 aims). */
function declarationView(state: AttackState) {
  const d = state.declaration;
  return {
    specialKindKey: d.mode === "special" && d.special ? `ZILCH.Attack.SpecialKind.${d.special}` : null,
    special: specialContext(state),
    grapple: grappleContext(state),
    attackerName: state.attacker.name,
    defenderName: state.defender.name,
    weaponName: d.weaponName,
    modeKey: `ZILCH.Attack.Mode.${d.mode}`,
    aimKey: d.aim ? LOCATION_KEY(d.aim) : null,
    calledShot: d.calledShot,
    knockout: d.knockout,
  } satisfies Partial<AttackCardView>;
}

/** AT-2, AT-3: each total's parts, the card and pips first, then the named modifiers. */
function totalPartsView(state: AttackState): AttackCardView["parts"] {
  const modifiers = modifierPartsView(state);
  return {
    attack: [...attackBaseParts(state), ...modifiers.attack],
    defence: [...defenceBaseParts(state), ...modifiers.defence],
  };
}

/**
 * Which groups of steps are still being played: the hit (windows, result, margin, contests) until
 * damage is rolled, the damage until it is applied, the wound and injury until the card is done.
 * A finished group is folded so the card shows where it stands, not a log.
 */
function openSteps(state: AttackState): AttackCardView["open"] {
  const done = state.step === "done";
  const afterDamage = AFTER_DAMAGE.includes(state.step);
  return {
    hit: !done && state.damage === null,
    damage: !done && state.damage !== null && !afterDamage,
    injury: !done,
  };
}

/** CH-7, TL-6: a window's line only when it spent something; "commits 0 chips" says nothing. */
const spent = (commit: ChipCommit | null): ChipCommit | null =>
  commit && (commit.chips > 0 || commit.boon) ? commit : null;

/** AT-2..AT-5: the step, the totals with their parts, the chips committed and the result. */
function contestView(state: AttackState) {
  const r = state.result;
  return {
    step: state.step,
    done: state.step === "done",
    totals: currentTotals(state),
    parts: totalPartsView(state),
    open: openSteps(state),
    defenseless: !defenderHasWindow(state),
    attackerCommit: spent(state.attackerCommit),
    defenderCommit: spent(state.defenderCommit),
    result: r && {
      hit: r.hit,
      automatic: r.automatic,
      margin: r.margin,
      marginBonus: r.marginBonus,
      colour: r.colour,
      colourKey: `ZILCH.Attack.Colour.${r.colour}`,
      missKey: r.missReason ? `ZILCH.Attack.Miss.${r.missReason}` : null,
    },
  } satisfies Partial<AttackCardView>;
}

/** Steps that come after damage: a card there with nothing applied says the hit did no damage. */
const AFTER_DAMAGE: readonly string[] = ["wound", "injuryLocation", "injuryShift", "injuryEffect", "done"];

/** SW-3, SW-6, CD-15, GW-5, GW-6: whether the damage has lines beyond its parts and outcome. */
function damageDetails(state: AttackState): boolean {
  const g = state.applied?.grit;
  const gritLines = Boolean(g && (g.automaticWounds > 0 || g.zeroGritWound || g.check));
  return Boolean(state.d100 || state.knockoutMinutes || state.soak || gritLines);
}

/** DM-1..DM-4, AT-8, GW-5..GW-10: the damage rolled and what it did to the target. */
function damageView(state: AttackState) {
  const dmg = state.damage;
  return {
    damage: dmg && {
      dF: dmg.dF,
      base: dmg.result.base,
      scaled: dmg.result.scaled,
      final: dmg.result.final,
      parts: damageParts(state) ?? [],
      // HP-2: "damage taken" is said by the applied line once the GM applies it, never before.
      outcomeKey: dmg.result.outcome === "damage" ? null : `ZILCH.Attack.Outcome.${dmg.result.outcome}`,
      temporary: dmg.temporary,
      tainted: state.declaration.tainted === true,
      locationKey: state.location ? LOCATION_KEY(state.location) : null,
      d100: state.d100,
      knockoutMinutes: state.knockoutMinutes,
      details: damageDetails(state),
    },
    applied: state.applied && {
      lost: state.applied.lost,
      drainAdded: state.applied.drainAdded,
      unconscious: state.applied.becameUnconscious,
      grit: state.applied.grit ? gritView(state.applied.grit) : null,
    },
    appliedNothing:
      state.applied === null &&
      AFTER_DAMAGE.includes(state.step) &&
      dmg !== null &&
      dmg.result.outcome !== "damage",
  } satisfies Partial<AttackCardView>;
}

/** SW-1..SW-3, INJ-1, INJ-2: the wound save and the injury rolled. */
function injuryView(state: AttackState) {
  const w = state.wound;
  const inj = state.injury;
  return {
    wound: w && {
      woundKey: EFFECT_KEY(w.check.wound ?? ""),
      locationKey: LOCATION_KEY(w.location),
      target: w.target,
      roll: w.roll,
      outcomeKey: w.applies === null ? null : w.applies ? "ZILCH.Wound.Applied" : "ZILCH.Wound.Avoided",
    },
    injury: inj && {
      killingBlow: inj.trigger.killingBlow,
      triggerKeys: INJURY_TRIGGERS.filter((t) => inj.trigger.triggers.includes(t)).map(
        (t) => `ZILCH.Injury.Trigger.${t}`,
      ),
      dice: inj.dice ? inj.dice.join(", ") : null,
      rolledKey: inj.rolled ? LOCATION_KEY(inj.rolled.location) : null,
      shifts: inj.rolled?.shifts ?? 0,
      locationKey: inj.location ? LOCATION_KEY(inj.location) : null,
      d6: inj.d6,
      effectKey: inj.cell ? EFFECT_KEY(inj.cell.effect) : null,
      modifier: inj.cell?.modifier ?? 0,
    },
  } satisfies Partial<AttackCardView>;
}

/** GW-4, CD-15: the defender's Dodge or Block, its follow-up, and a Soak against the damage. */
function reactionView(state: AttackState) {
  const followUp = reactionFollowUp(state);
  return {
    reaction: state.reaction
      ? {
          reactionKey: `ZILCH.Attack.Reaction.${state.reaction.kind}`,
          suitKey: `ZILCH.Suit.${state.reaction.suit}`,
          roll: state.reaction.roll,
          target: state.reaction.target,
          dosKey: `ZILCH.DoS.${state.reaction.dos}`,
          bonus: state.reaction.bonus,
        }
      : null,
    reactiveDefence:
      state.reactiveDefence === "taken" || state.reactiveDefence === "declined"
        ? { taken: state.reactiveDefence === "taken", pips: REACTIVE_DEFENCE_PIPS }
        : null,
    reacting: state.step === "react",
    followUpKey: followUp ? `ZILCH.Attack.Reaction.${followUp}` : null,
    followUpBonus: FOLLOW_UP_ATTACK_BONUS,
    soak: state.soak
      ? {
          paidKey: `ZILCH.Attack.Soak.Paid.${state.soak.payment}`,
          target: state.soak.target,
          roll: state.soak.roll,
          dosKey: `ZILCH.DoS.${state.soak.dos}`,
          reduction: state.soak.reduction,
          finalBefore: state.soak.finalBefore,
          final: state.damage?.result.final ?? 0,
        }
      : null,
  } satisfies Partial<AttackCardView>;
}

/** AT-4 detailed rule: the Defenseless target's movement row and its fixed value. */
function movementView(state: AttackState): AttackCardView["movement"] {
  const fixed = state.defender.side.fixed;
  if (!state.settings.detailedDefenseless || defenderHasWindow(state) || fixed === undefined) return null;
  return {
    valueKey:
      fixed === 0 && !state.movement
        ? "ZILCH.Attack.Movement.immobile"
        : `ZILCH.Attack.Movement.${state.movement ?? movementOfFixed(fixed)}`,
    fixed,
    set: Boolean(state.movement),
  };
}

/** CH-7: the viewer's chip window, when the current step is theirs to commit. */
function chipWindowView(state: AttackState, main: readonly AttackControl[]): AttackCardView["chipWindow"] {
  const side = state.step === "attacker" || state.step === "defender" ? state.step : null;
  if (!side || main.length === 0) return null;
  const max = side === "attacker" ? attackerChipsAvailable(state) : state.defender.chips;
  return {
    side,
    max,
    chips: max > 0,
    boon: state[side].boon,
    legendKey: `ZILCH.Attack.Window.${side}`,
  };
}

/** OPT-1: the attacker's choice of margin results, one select per full 5 points, when it is theirs. */
function marginWindowView(
  state: AttackState,
  main: readonly AttackControl[],
): AttackCardView["marginWindow"] {
  const r = state.result;
  if (state.step !== "margin" || main.length === 0 || !r) return null;
  return {
    slots: Array.from({ length: r.marginBonus }, (_, i) => ({
      labelKey: "ZILCH.Attack.MarginSlot",
      n: i + 1,
    })),
    options: [
      { value: "", labelKey: "ZILCH.Attack.MarginSpecial.plusOne" },
      ...MARGIN_SPECIALS.map((m) => ({ value: m, labelKey: `ZILCH.Attack.MarginSpecial.${m}` })),
    ],
  };
}

/** CH-7: what the viewer may do now, or whom the card waits for. */
function windowsView(state: AttackState, viewer: AttackRequester | null) {
  const main = mainControls(state, viewer);
  const role = currentRole(state);
  return {
    movement: movementView(state),
    margin: state.margin ? marginContext(state) : null,
    marginWindow: marginWindowView(state, main),
    chipWindow: chipWindowView(state, main),
    controls: controlsFor(state, viewer),
    // CH-7: the prompt only for whoever acts now; everyone else reads whom the card waits for.
    stepKey: main.length > 0 ? `ZILCH.Attack.Step.${state.step}` : null,
    waitingKey: role === null || main.length > 0 ? null : `ZILCH.Attack.Waiting.${role}`,
    // DMG-2: a hit whose base fell below 0 has no damage to apply to anyone.
    applySelected: viewer !== null && state.damage !== null && state.damage.result.scaled !== null,
  } satisfies Partial<AttackCardView>;
}

/**
 * CH-7: whether this viewer's card shows anything the stored one (rendered for no viewer) does not:
 * a control, the prompt that goes with one, or the damage to apply to selected tokens. Everything
 * else on the card reads the same for every viewer, so a viewer it adds nothing for is shown the
 * stored content as it is. A viewer with every role (GM, and owner of both sides) is offered all that
 * any viewer is, so nothing added for it means nothing added for anyone.
 */
export function viewerAddsTo(state: AttackState, viewer: AttackRequester): boolean {
  const view = windowsView(state, viewer);
  return view.controls.length > 0 || view.stepKey !== null || view.applySelected;
}

/** AT-5..INJ-2: the card as text for every step reached, and the viewer's controls for the current one. */
export function attackCardView(state: AttackState, viewer: AttackRequester | null): AttackCardView {
  return {
    ...declarationView(state),
    ...contestView(state),
    ...damageView(state),
    ...injuryView(state),
    ...reactionView(state),
    ...windowsView(state, viewer),
  };
}
