/**
 * The character sheet's context as a pure function of the actor's prepared data (ARCHITECTURE §3).
 * Every derived number (effective cards, chip capacity, HP maximum, DR/ER, slot use, Talents,
 * initiative, pool, Move, conditions, warnings) is read from what the data model prepared in
 * `prepareDerivedData`, so no rule is computed a second time here: this module only arranges and
 * labels. The sheet class gathers the documents; the template tests build the same input through
 * the stand-in models.
 */
import { CLASSES, SECONDARY_CARD, SUITS, type Suit } from "../../../rules/vocabulary";
import { cardForUse, perSuit } from "../../../rules/suits";
import { faceCardKey } from "../../../views/card-faces";
import { CHARACTER_TABS, type CHARACTER_PARTS } from "../shared/constants";
import { recoveryView } from "../play/recovery";
import { chargenContext } from "./chargen-context";
import { gritView } from "../play/grit";
import { conditionsView } from "../play/conditions-view";
import { firstStepsView } from "./first-steps";
import { raceChoiceView } from "./race-choice";
import { maxArmorTrades } from "../../../rules/classes";
import { mergeParts, sheetIdentity, SUIT_SYMBOL } from "../actor/sheet-common";
import {
  itemsOfType,
  sortedItems,
  warningsIn,
  type CharacterInput,
  type PreparedCharacter,
} from "./character-input";
import { characterEquipment, characterInjuries, characterSkills } from "./character-items";
import { characterAttacks } from "../play/attack-list";

export type { CharacterInput, CombatFacts, PreparedCharacter, WeaponStrengthView } from "./character-input";

/** A chip as the track shows it: filled chips first, then empty ones up to capacity. */
export interface ChipView {
  index: number;
  filled: boolean;
  /** The value clicking sets: spend down to `index`, or restore up to `index + 1`. */
  target: number;
  /** The track's one tab stop (roving tabindex): the last chip held, or the first when none is. */
  tabStop: boolean;
}

/** CH-2: the track of one suit; only chips up to capacity exist, so excess cannot be shown or set. */
export function chipTrack(value: number, capacity: number): ChipView[] {
  const held = Math.min(Math.max(0, value), capacity);
  return Array.from({ length: capacity }, (_, index) => ({
    index,
    filled: index < held,
    target: index < held ? index : index + 1,
    tabStop: index === Math.max(0, held - 1),
  }));
}

/** What every part reads: the document, the mode and the active tab. */
export function characterShared(input: CharacterInput) {
  return { ...sheetIdentity(input), activeTab: input.activeTab ?? "suits" };
}

/** The tab navigation. */
export function characterTabs(input: CharacterInput) {
  const activeTab = input.activeTab ?? "suits";
  return {
    tabs: CHARACTER_TABS.map((id) => ({
      id,
      labelKey: `ZILCH.Sheet.Tab.${id}`,
      active: id === activeTab,
      cssClass: id === activeTab ? "active" : "",
    })),
  };
}

/** The header: race, classes, warnings, conditions, size, HP or Grit, DR/ER, Boons and level. */
export function characterHeader(input: CharacterInput) {
  const { system } = input;
  const classes = CLASSES.filter((c) => [...system.classes].includes(c));
  const race = itemsOfType(input, "race")[0];
  const hp = system.hp;
  return {
    race: race ? { id: race.id, name: race.name } : null,
    /** RA-2: the suit a race's bonus goes to, chosen right here after the drop. */
    raceChoice: raceChoiceView(input),
    classes: classes.map((key) => ({ key, labelKey: `ZILCH.Sheet.Class.${key}` })),
    classChoices: CLASSES.map((key) => ({
      key,
      labelKey: `ZILCH.Sheet.Class.${key}`,
      checked: classes.includes(key),
    })),
    headerWarnings: warningsIn(system, "header"),
    ...conditionsView({
      active: system.conditions,
      statuses: input.statuses ?? [],
      records: system.appliedConditions ?? [],
    }),
    /**
     * Play-mode vitals (HP, temporary HP, Boons; Grit, Wounds, adrenaline and unbandaged Wounds under
     * §23) change in play for whoever may edit the actor: they move every round, as HP does.
     */
    vitalsLocked: !input.editable,
    size: system.size,
    sizeKey: `ZILCH.Item.Choice.size.${system.size}`,
    hp: {
      value: hp.value,
      temp: hp.temp,
      max: hp.max,
      percent: hp.max > 0 ? Math.round((100 * Math.min(hp.value, hp.max)) / hp.max) : 0,
      tempPercent: hp.max > 0 ? Math.round((100 * Math.min(hp.temp, hp.max)) / hp.max) : 0,
    },
    /** §23: Grit, Wounds and adrenaline in place of the HP bar, or null. */
    grit: gritView(system.grit),
    dr: system.dr,
    er: system.er,
    boons: system.boons,
    level: system.talents.level,
    /** TL-4, TL-5: level and armour trades, edited with the classes (trades only where a class has them). */
    advancement: {
      level: system.talents.level,
      armorTrades: system.talents.armorTrades,
      maxTrades: maxArmorTrades(classes),
    },
  };
}

/** CH-1: one suit's cards, Drain and Taint, and its chip track when the prepared capacity is above 0 (♥ always: HP, HP-1). */
function suitView(system: PreparedCharacter, suit: Suit) {
  const data = system.suits[suit];
  const secondary = SECONDARY_CARD[suit];
  const held = suit === "hearts" ? system.hp.value : system.chips[suit];
  // GW-3: with Grit and Wounds no heart chips are used, so the ♥ track (HP) is not shown.
  const tracked = (suit === "hearts" && !system.grit?.active) || (suit !== "hearts" && data.capacity > 0);
  return {
    suit,
    symbol: SUIT_SYMBOL[suit],
    labelKey: `ZILCH.Card.${suit}`,
    secondaryKey: `ZILCH.Card.${secondary}`,
    secondary,
    // SU-3: 11 to 14 show as their face letter; the number stays in the title.
    primary: {
      base: data.primary,
      effective: data.eff,
      faceKey: faceCardKey(data.eff),
      // SU-4: how far drain or an effect holds the card below its base and race (0: not lowered).
      loweredBy: Math.max(0, data.primary + data.race - data.eff),
      path: `system.suits.${suit}.primary`,
    },
    second: {
      base: data.secondary,
      effective: data.eff2,
      faceKey: faceCardKey(data.eff2),
      loweredBy: Math.max(0, data.secondary + data.race - data.eff2),
      path: `system.suits.${suit}.secondary`,
    },
    race: data.race,
    drain: data.drain,
    taint: data.taint,
    drainPath: `system.suits.${suit}.drain`,
    taintPath: `system.suits.${suit}.taint`,
    unmodified: data.race === 0 && data.drain === 0 && data.taint === 0,
    lowered: data.eff < data.primary + data.race,
    chips: tracked
      ? {
          hearts: suit === "hearts",
          value: Math.min(held, data.capacity),
          capacity: data.capacity,
          track: chipTrack(held, data.capacity),
        }
      : null,
  };
}

/** The Suits tab: the four suits and, while editing, the card-generation panel (GEN-1 to GEN-3). */
export function characterSuits(input: CharacterInput) {
  const { system } = input;
  return {
    /** What to do first, until the character is ready to play. */
    firstSteps: firstStepsView(input),
    suits: SUITS.map((suit) => suitView(system, suit)),
    chargen:
      input.chargen && input.editMode && input.editable
        ? chargenContext({
            ...input.chargen,
            cards: {
              primary: perSuit((s) => system.suits[s].primary),
              secondary: perSuit((s) => system.suits[s].secondary),
            },
            race: perSuit((s) => system.suits[s].race),
          })
        : null,
  };
}

/** The Combat tab: the combatant in the viewed combat, readiness, recovery, defence and attack. */
export function characterCombat(input: CharacterInput) {
  const { system, combat } = input;
  return {
    combat: combat
      ? {
          initiative: combat.initiative,
          stance: combat.stance,
          stanceKey: combat.stance ? `ZILCH.Sheet.Stance.${combat.stance}` : null,
          domino: combat.domino,
          faceDown: combat.domino.state === "faceDown",
          revealed: combat.domino.state === "revealed",
          pool: combat.pool,
        }
      : null,
    /** AT-2, CD-7, MAG-3: the attacks it can make now and what each costs (../play/attack-list.ts). */
    attacks: characterAttacks(
      sortedItems(input),
      {
        attack: cardForUse("attack", system.suits),
        cast: cardForUse("cast", system.suits),
        strength: cardForUse("strengthRequirement", system.suits),
      },
      system.equipment.weapons,
    ),
    recovery: recoveryView(system.recovery, {
      rally: true,
      editable: input.editable,
      inCombat: Boolean(combat),
    }),
    /**
     * INI-2, CD-2, MV-1 as prepared: what the character brings to any combat; run and sprint as the
     * injuries leave them (SW-7: a crippled leg runs no faster than it moves).
     */
    readiness: {
      initiative: system.initiative,
      pool: system.countdownPool,
      move: system.move.move,
      run: system.move.run,
      sprint: system.move.sprint,
    },
    dr: system.dr,
    er: system.er,
    defence: system.suits.spades.eff,
    attack: system.suits.clubs.eff,
  };
}

/** The Biography tab: the enriched HTML in play mode, the stored HTML for the editors. */
export function characterBiography(input: CharacterInput) {
  const { system } = input;
  return {
    biography: input.enriched?.biography ?? system.biography,
    notes: input.enriched?.notes ?? system.notes,
    biographyRaw: system.biography,
    notesRaw: system.notes,
  };
}

/** Each PART's own context (keys as in CHARACTER_PARTS); every part also reads `characterShared`. */
export const CHARACTER_PART_CONTEXT = {
  header: characterHeader,
  tabs: characterTabs,
  suits: characterSuits,
  skills: characterSkills,
  equipment: characterEquipment,
  injuries: characterInjuries,
  combat: characterCombat,
  biography: characterBiography,
} as const satisfies Record<keyof typeof CHARACTER_PARTS, (input: CharacterInput) => object>;

/** The context of the whole character sheet: the shared fields and every part's. */
export function characterContext(input: CharacterInput) {
  return { ...characterShared(input), ...mergeParts(CHARACTER_PART_CONTEXT, input) };
}
export type CharacterContext = ReturnType<typeof characterContext>;
