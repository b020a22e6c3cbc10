/**
 * The system's entry points a person at the table reaches through its buttons, loaded on each client
 * from that client's own module instance (imported right after the entry module, with no module reset
 * in between). The one place the table names the system's request API.
 */
export async function loadSystemEntryPoints() {
  const combat = await import("../../src/requests/combat");
  const attack = await import("../../src/applications/combat/attack-flow");
  const channel = await import("../../src/requests/channel");
  const seals = await import("../../src/documents/attack/seals");
  const card = await import("../../src/documents/attack/card");
  const sheet = await import("../../src/applications/sheets/actor/actor-sheet-context");
  const apply = await import("../../src/documents/apply/selected");
  const roll = await import("../../src/applications/dialogs/roll-dialog");
  const rollContext = await import("../../src/applications/dialogs/roll-dialog-context");
  const twoWeapon = await import("../../src/documents/attack/two-weapon");
  const cast = await import("../../src/applications/combat/cast");
  const recovery = await import("../../src/applications/sheets/play/recovery-actions");
  const sheetActions = await import("../../src/applications/sheets/actor/actor-actions");
  const chargen = await import("../../src/applications/sheets/character/chargen-actions");
  const raceChoice = await import("../../src/applications/sheets/character/race-choice");
  const opportunity = await import("../../src/applications/chat/opportunity-card");
  const tracker = await import("../../src/applications/combat/tracker-view");
  const knackUse = await import("../../src/documents/knack-use");
  return {
    requestCombat: combat.requestCombat,
    /** AT-1: the sheet's attack with the user's one target (what the declaration dialog calls). */
    startAttack: attack.startAttack,
    /** AT-1: the sheet's or tracker's Attack button; Shift-click passes `fast` (no dialog, its defaults). */
    attackWith: attack.attackWith,
    /** A card control's click sends this request with the card's step number (`onCardAction`). */
    askGM: channel.askGM,
    attackStepRequest: attack.ATTACK_STEP_REQUEST,
    cardSeq: seals.cardSeq,
    /** The active GM's write of a card's next state (what every applied step ends with). */
    writeCard: card.writeCard,
    /** The card's HTML with one viewer's controls, as each client renders a card it shows. */
    renderCard: card.renderCard,
    /** This client's HTML for a card as its chat log shows it (null: the stored content as it is). */
    cardHtmlFor: attack.cardHtmlFor,
    /** A card's "apply to selected tokens" button sends this request with the selected tokens' UUIDs. */
    applySelectedRequest: apply.APPLY_SELECTED_REQUEST,
    /** The roll dialog's Roll button: rolls the test or save the user chose (T-6, T-7). */
    rollChoice: roll.rollChoice,
    /** MAG-6: the sheet's Cast of a non-attack spell at the user's one target (or the caster). */
    castSpell: cast.castSpell,
    /** KN-1: the sheet's Use button on a knack item. */
    useKnack: knackUse.useKnack,
    /** REC-1: the sheet's Rally button (in a started combat, the turn's Full action first). */
    rallyFromSheet: recovery.rallyFromSheet,
    /** The sheets' click handlers (Attack, a card's or skill's roll), as the sheet calls them with the click. */
    sheetActions: { ...sheetActions.ACTOR_ACTION_HANDLERS, ...sheetActions.CHARACTER_ACTION_HANDLERS },
    /** The stat block's own click handlers (a row's Attack, Fear save, Breathe). */
    npcSheetActions: sheetActions.NPC_ACTION_HANDLERS,
    /** GEN-1, GEN-4: the character sheet's point-buy base and Ready to play buttons. */
    chargenActions: chargen.CHARGEN_ACTION_HANDLERS,
    /** RA-2: the header's suit buttons of a race with a choice (a Human's +1). */
    raceChoiceActions: raceChoice.RACE_CHOICE_ACTION_HANDLERS,
    /** REC-6: a gear row's Use on a healing item. */
    useItemFromSheet: recovery.useItemFromSheet,
    /** REC-2: the sheet's Rest button. */
    restFromSheet: recovery.restFromSheet,
    /** CON-4: the Terrified chip's Resist button (in a started combat, the turn's Standard action first). */
    resistTerrorFromSheet: recovery.resistTerrorFromSheet,
    /** AC-3: the held weapons the declaration dialog offers as the other of a two-weapon pair. */
    twoWeaponPartners: twoWeapon.twoWeaponPartners,
    /** AC-3: the pips of a second two-weapon attack waiting for that weapon, which the dialog names. */
    secondAttackPips: twoWeapon.secondAttackPips,
    /** What the character sheet's Combat tab and the roll dialog read of the viewed combat. */
    combatFacts: sheet.combatFacts,
    /** A card's or skill's roll from the sheet (`rollCard`): the dialog, or with Shift its defaults at once. */
    openRollDialog: roll.openRollDialog,
    /** What the roll dialog reads of the roller (its cards, and CD-15 pending Effort and Pressure). */
    rollerFacts: roll.rollerFacts,
    /** The roll dialog's summary part for a request and those facts. */
    rollSummaryContext: rollContext.rollSummaryContext,
    /** GW-4: the offers of a post this client's user holds (the render adds a Take button beside each). */
    opportunitiesHeldHere: opportunity.opportunitiesHeldHere,
    /** GW-4: a Take button's click. */
    takeOpportunity: opportunity.takeOpportunity,
    /** ST-1: the secret stances this client's tracker names (its own declarations; the GM's ballot). */
    knownStances: tracker.knownStances,
    /** ST-1: the GM's tracker button declaring for every NPC still to declare (null when not shown). */
    npcDeclare: tracker.npcDeclare,
    /** The tracker's whole context for this client's user (what its render shows). */
    trackerContext: tracker.trackerContext,
  };
}

export type SystemEntryPoints = Awaited<ReturnType<typeof loadSystemEntryPoints>>;
