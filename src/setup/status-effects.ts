/**
 * CON-4: every condition is a Foundry status effect, with the condition's identifier as its id, its
 * name from lang/en.json (ZILCH.Condition.<id>) and a Foundry core icon. Implied conditions are not
 * separate effects: the actor models close the applied set with src/rules/conditions.ts, so rules
 * read one set (e.g. Blind brings Slowed and Threatened) and removing the parent removes them too.
 */
import { CONDITION_LINKS, rulePageUuid } from "../data/rules-links";
import { setStatusEffects } from "../foundry/compat";
import { CONDITION_IMPLIES } from "../rules/conditions";
import { CONDITIONS, type Condition } from "../rules/vocabulary";

/** A Foundry core icon per condition (icons/svg ships with every Foundry install). */
export const CONDITION_ICONS: Readonly<Record<Condition, string>> = {
  anchored: "icons/svg/mole.svg",
  blind: "icons/svg/blind.svg",
  visuallyImpaired: "icons/svg/invisible.svg",
  defenseless: "icons/svg/downgrade.svg",
  entangled: "icons/svg/net.svg",
  shaken: "icons/svg/degen.svg",
  terrified: "icons/svg/terror.svg",
  grappling: "icons/svg/upgrade.svg",
  grappled: "icons/svg/frozen.svg",
  pinned: "icons/svg/target.svg",
  hampered: "icons/svg/item-bag.svg",
  helpless: "icons/svg/mystery-man.svg",
  slowed: "icons/svg/wingfoot.svg",
  prone: "icons/svg/falling.svg",
  stunned: "icons/svg/daze.svg",
  threatened: "icons/svg/sword.svg",
  unconscious: "icons/svg/unconscious.svg",
  paralysed: "icons/svg/paralysis.svg",
  comatose: "icons/svg/sleep.svg",
  deafened: "icons/svg/deaf.svg",
  dead: "icons/svg/skull.svg",
};

/** The i18n key of a condition's name. */
export function conditionLabel(condition: Condition): string {
  return `ZILCH.Condition.${condition}`;
}

/** One CONFIG.statusEffects entry (v13 and v14: id, name, img; `hud` shows it on the token HUD). */
export interface ConditionStatusEffect {
  id: Condition;
  name: string;
  img: string;
  /** CON-4: what this condition brings with it, for tooltips (ZILCH.Condition.<id> names). */
  implies: readonly Condition[];
  /**
   * The condition's page in the rules reference, as a bare page UUID: dnd5e gives each of its conditions a
   * `reference` of this form and spreads them into CONFIG.statusEffects (dnd5e module/config.mjs
   * `conditionTypes`, dnd5e.mjs `_configureStatusEffects`). What core itself does with it is unconfirmed
   * (docs/status.md); the heading anchor lives in src/data/rules-links.ts for our own links.
   */
  reference: string;
}

/** CON-4: the status effects in CONDITIONS order. Dead is the core "defeated" status too. */
export function conditionStatusEffects(): ConditionStatusEffect[] {
  return CONDITIONS.map((id) => ({
    id,
    name: conditionLabel(id),
    img: CONDITION_ICONS[id],
    implies: CONDITION_IMPLIES[id],
    reference: rulePageUuid(CONDITION_LINKS[id].page),
  }));
}

/**
 * Replaces the core status effects with the conditions (called from registerDataModels on init): an
 * id-keyed registry on v14, the array on v13 (src/foundry/compat.ts).
 */
export function registerStatusEffects(): void {
  setStatusEffects(conditionStatusEffects());
  // Foundry marks a defeated combatant with this status id.
  CONFIG.specialStatusEffects.DEFEATED = "dead";
}
