/**
 * Attack cards at every step, built by driving the real state machine (src/rules/attack/index.ts), for the
 * template, browser and state tests.
 */
import type { SpecialAttackKind } from "../../src/rules/special";
import { applyGritHit, type GritState } from "../../src/rules/grit";
import { advanceAttack, createAttackState, gritReport, type AttackAction, type AttackRequester, type AttackSetup, type AttackState, type DamageReport } from "../../src/rules/attack/index";

export const GM_VIEW: AttackRequester = { isGM: true, ownsAttacker: false, ownsDefender: false };
export const ATTACKER_VIEW: AttackRequester = { isGM: false, ownsAttacker: true, ownsDefender: false };
export const DEFENDER_VIEW: AttackRequester = { isGM: false, ownsAttacker: false, ownsDefender: true };

type Over = {
  attacker?: Partial<AttackSetup["attacker"]>;
  defender?: Partial<AttackSetup["defender"]>;
  declaration?: Partial<AttackSetup["declaration"]>;
  settings?: Partial<AttackSetup["settings"]>;
};

/** A Medium PC with a longsword (+3) against a Medium PC with ♥7, no chips, settings at their defaults. */
export function attackSetup(over: Over = {}): AttackSetup {
  return {
    attacker: { actorId: "a", name: "Ana", side: { card: 10, offense: 2, modifier: 0 }, chips: 0, boon: false, size: "medium", ...over.attacker },
    defender: {
      actorId: "d",
      name: "Orc",
      side: { spades: 8, defense: 2 },
      chips: 0,
      boon: false,
      size: "medium",
      dr: 0,
      er: 0,
      hearts: 7,
      enemy: false,
      anatomy: true,
      ...over.defender,
    },
    declaration: {
      weaponName: "Longsword",
      mode: "melee",
      aim: null,
      calledShot: false,
      knockout: false,
      brawling: false,
      weaponValue: 3,
      damageType: "physical",
      flat: 0,
      temporary: false,
      riders: [],
      reach: 1,
      special: null,
      ...over.declaration,
    },
    settings: {
      detailedDefenseless: false,
      specificWounds: true,
      grievousInjuries: true,
      neckGroin: false,
      injuriesForEnemies: false,
      halfStepSizes: false,
      countdown: false,
      marginSpecialResults: false,
      ...over.settings,
    },
  };
}

/** Applies actions in order, throwing on a refusal. */
export function runAttack(state: AttackState, ...actions: AttackAction[]): AttackState {
  for (const action of actions) {
    const r = advanceAttack(state, action);
    if (!r.ok) throw new Error(`${action.kind} refused: ${r.code}`);
    state = r.state;
  }
  return state;
}

/** One card per step, from a Red hit aimed at the Right Leg of a ♥6 PC that takes 4 (Trauma). */
export function attackScenes(): Record<string, AttackState> {
  const start = createAttackState(
    attackSetup({
      attacker: { side: { card: 11, offense: 2 }, chips: 3, boon: true },
      defender: { side: { spades: 8, defense: 2 }, chips: 2, hearts: 6 },
      declaration: { aim: "rightLeg", weaponValue: 3 },
    }),
  );
  const defenderWindow = runAttack(start, { kind: "commitAttacker", chips: 2, boon: false });
  const damage = runAttack(defenderWindow, { kind: "commitDefender", chips: 0, boon: false });
  const apply = runAttack(damage, { kind: "rollDamage", dF: 0 });
  const wound = runAttack(apply, { kind: "applyDamage", report: { hpBefore: 6, hpMax: 6, lost: 4, drainAdded: 0, becameUnconscious: false , grit: null} });
  const location = runAttack(wound, { kind: "woundSave", roll: 9 });
  const shift = runAttack(location, { kind: "rollLocation", dice: [4, 4, 4, 6] });
  const effect = runAttack(shift, { kind: "chooseLocation", location: "chest" });
  const injured = runAttack(effect, { kind: "rollEffect", d6: 4 });
  const missed = runAttack(createAttackState(attackSetup({ attacker: { side: { card: 5, offense: 1 } } })), { kind: "commitAttacker", chips: 0, boon: false }, { kind: "commitDefender", chips: 0, boon: false });
  const enemy = runAttack(
    createAttackState(attackSetup({ attacker: { side: { card: 13, offense: 2 } }, defender: { enemy: true }, declaration: { aim: "head" } })),
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
    { kind: "rollDamage", dF: 1 },
    { kind: "applyDamage", report: { hpBefore: 7, hpMax: 7, lost: 4, drainAdded: 0, becameUnconscious: false , grit: null} },
  );
  const defenseless = createAttackState(attackSetup({ defender: { side: { spades: 6, defense: 0, cover: 1, defenseless: true } } }));
  // CD-15: countdown mode, the damage shown and waiting for the GM; then soaked with an S.
  const soakable = runAttack(
    createAttackState(attackSetup({ defender: { hearts: 6 }, settings: { countdown: true } })),
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
    { kind: "rollDamage", dF: 1 },
  );
  const soaked = runAttack(soakable, { kind: "soak", payment: "burn", roll: 4 });
  // AT-4 detailed rule: a Defenseless target whose movement the GM has set to Ran.
  const detailed = runAttack(
    createAttackState(attackSetup({ defender: { side: { spades: 6, defense: 0, cover: 2, defenseless: true, fixed: 1 } }, settings: { detailedDefenseless: true } })),
    { kind: "setMovement", movement: "ran" },
  );
  // OPT-1: EX-AT-2's Red hit (margin 10, +2) waiting for the attacker's choice; then Stun (♥7, 9 fails) and Hamstring bought.
  const margin = runAttack(
    createAttackState(attackSetup({ attacker: { side: { card: 12, offense: 5, modifier: 0 } }, defender: { side: { spades: 5, defense: 2 } }, settings: { marginSpecialResults: true } })),
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
  );
  const marginChosen = runAttack(margin, { kind: "chooseMargin", choices: ["stun", "hamstring"], saveRolls: [9] }, { kind: "rollDamage", dF: 0 });
  // AT-2, AT-3: named modifiers on both sides (a fractured left arm, a Strength shortfall, a GM +1; Reduce
  // defence and light cover on the target); and a card stored before the parts were, with only a sum.
  const modified = createAttackState(
    attackSetup({
      attacker: {
        side: { card: 11, offense: 2, modifier: -5 },
        modifiers: [
          { kind: "shortfall", value: -1 },
          { kind: "injury", effect: "fracture", location: "leftArm", value: -5 },
          { kind: "gm", value: 1 },
        ],
      },
      defender: { side: { spades: 8, defense: 2, modifier: -2, cover: 1 }, modifiers: [{ kind: "reduceDefence", value: -2 }] },
    }),
  );
  // CD-15, AT-5 step 1: a countdown target with a small shield asked to react (domino still face down);
  // then reacting once its domino shows 3 defensive pips: +2 pips, the shield at its Guarded +2.
  const reactiveAsked = createAttackState(
    attackSetup({ defender: { side: { spades: 8, defense: 0, shield: "small" } }, settings: { countdown: true } }),
    { reactiveDefence: true },
  );
  const shown = { defense: 3, defenseless: false };
  const reactiveTaken = runAttack(reactiveAsked, { kind: "reactiveDefence", take: true, reveal: shown });
  const reactiveDeclined = runAttack(reactiveAsked, { kind: "reactiveDefence", take: false, reveal: shown });
  const legacyModifier = createAttackState(attackSetup({ attacker: { side: { card: 11, offense: 2, modifier: -3 } } }));
  return {
    attackerWindow: start, defenderWindow, damage, apply, wound, location, shift, effect, injured, missed, enemy, defenseless, soakable, soaked, detailed, margin, marginChosen, modified, legacyModifier,
    reactiveAsked, reactiveTaken, reactiveDeclined,
    ...gritScenes(apply),
    ...specialScenes(),
  };
}

/**
 * §23: the report the GM's client sends for a state at "apply" whose target uses Grit and Wounds,
 * computed by the rules (GW-5, GW-6, GW-10) from the card's final damage.
 */
export function gritApplied(
  state: AttackState,
  before: GritState,
  heartsEff: number,
  roll?: number,
  unconsciousMinutes: number | null = null,
): DamageReport {
  const damage = state.damage!.result.final!;
  const hit = applyGritHit(before, { heartsEff, damage, temporary: state.damage!.temporary, roll });
  return {
    hpBefore: 6,
    hpMax: 6,
    lost: 0,
    drainAdded: 0,
    becameUnconscious: hit.unconscious,
    grit: gritReport({ ...hit, damage, unconsciousMinutes }, before.grit, heartsEff),
  };
}

/**
 * §23 cards: the Trauma hit of attackScenes (4 to ♥6, Right Leg) on a target with Grit 5: the check
 * at 2 rolls 2 (S), Grit 1, then the specific wound's save and no injury step (INJ-1, GW-9); a 9
 * against ♥6 with 2 Wounds already (massive, the check fails, the wound limit 3 is reached); and an
 * unarmed hit on a target with no Grit (GW-10: Unconscious for 7 minutes).
 */
function gritScenes(apply: AttackState): Record<string, AttackState> {
  const gritWound = runAttack(apply, { kind: "applyDamage", report: gritApplied(apply, { grit: 5, wounds: 0, adrenaline: 0 }, 6, 2) });
  const gritSaved = runAttack(gritWound, { kind: "woundSave", roll: 9 });
  const heavy = runAttack(
    createAttackState(attackSetup({ attacker: { side: { card: 13, offense: 2 } }, defender: { hearts: 6 }, declaration: { weaponValue: 8 }, settings: { specificWounds: false } })),
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
    { kind: "rollDamage", dF: 1 },
  );
  const gritDead = runAttack(heavy, { kind: "applyDamage", report: gritApplied(heavy, { grit: 4, wounds: 2, adrenaline: 2 }, 6, 12) });
  const fist = runAttack(
    createAttackState(attackSetup({ defender: { hearts: 6 }, declaration: { brawling: true, temporary: true, weaponValue: 1 }, settings: { specificWounds: false } })),
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
    { kind: "rollDamage", dF: 1 },
  );
  const gritKnockedOut = runAttack(fist, { kind: "applyDamage", report: gritApplied(fist, { grit: 0, wounds: 0, adrenaline: 0 }, 6, undefined, 7) });
  return { gritWound, gritSaved, gritDead, gritKnockedOut, ...reactionScenes() };
}

/**
 * GW-4 cards: ♣8 (+2) against ♠8 (+2) with Grit 2: AT-5 step 1 with Dodge and Block offered before
 * any total shows; a Dodge (♠8, roll 5: S, +2) that makes the defence 12 against 10, in the
 * defender's window; and a Block (♣8, roll 2: CS, +5) that makes it 15 against 10, so Parry is offered.
 */
function reactionScenes(): Record<string, AttackState> {
  const reactWindow = createAttackState(attackSetup({ attacker: { side: { card: 8, offense: 2 } }, defender: { grit: 2, clubs: 8 } }));
  const reveal = { defense: 2, defenseless: false };
  const windows = [{ kind: "commitAttacker", chips: 0, boon: false }, { kind: "commitDefender", chips: 0, boon: false }] as const;
  // The defender's window after the Dodge: its chips still to commit, no follow-up decided yet.
  const dodged = runAttack(reactWindow, { kind: "react", reaction: "dodge", roll: 5, reveal }, windows[0]);
  const parried = runAttack(reactWindow, { kind: "react", reaction: "block", roll: 2, reveal }, ...windows);
  return { reactWindow, dodged, parried };
}

/** SP-1: a Special Attack of this kind by ♣10 (+2) against ♠8 (+2), ♣6: 12 against 10 hits. */
export function specialHit(kind: SpecialAttackKind, over: Over = {}): AttackState {
  return runAttack(
    createAttackState(attackSetup({ ...over, defender: { clubs: 6, ...over.defender }, declaration: { weaponName: "Unarmed", mode: "special", special: kind, ...over.declaration } })),
    { kind: "commitAttacker", chips: 0, boon: false },
    { kind: "commitDefender", chips: 0, boon: false },
  );
}

/** SP-1..SP-3 cards: the contest waiting, each kind's result, and a grapple held, pinned and escaped. */
export function specialScenes(): Record<string, AttackState> {
  const special = specialHit("bullrush");
  // EX-T-3's first case in this card's numbers: ♣10 rolls 3 (margin 7), ♠8 rolls 9 (margin −1): push 1 + 5.
  const bullrushWon = runAttack(special, { kind: "specialContest", suit: "spades", attackerRoll: 3, defenderRoll: 9 });
  const specialDraw = runAttack(specialHit("trip"), { kind: "specialContest", suit: "clubs", attackerRoll: 11, defenderRoll: 9 });
  const disarmWon = runAttack(specialHit("disarm"), { kind: "specialContest", suit: "spades", attackerRoll: 2, defenderRoll: 6, held: ["Longsword", "Buckler"] });
  const grappleHeld = runAttack(specialHit("grapple"), { kind: "specialContest", suit: "spades", attackerRoll: 4, defenderRoll: 10 });
  const grapplePinned = runAttack(grappleHeld, { kind: "escape", suit: "spades", escapeContest: false, roll: 9 }, { kind: "pin", controllerRoll: 4, victimRoll: 9 });
  const grappleEscaped = runAttack(grapplePinned, { kind: "escape", suit: "spades", escapeContest: true, roll: 2, controllerRoll: 11 });
  return { special, bullrushWon, specialDraw, disarmWon, grappleHeld, grapplePinned, grappleEscaped };
}
