/**
 * The rules an attack card names, as keys of src/data/rules-links.ts, so the card can end with one
 * line of links ("Rules: Defenseless, Stunned …") and a player learns any rule it applied in one click.
 * Read from the card's own context, so a name appears exactly when the card shows what it names.
 */
import { RULE_LINKS, ruleLabelKey } from "../data/rules-links";
import type { AttackCardView } from "../views/attack-card/model";

/** OPT-1 results that put a condition on the target (ZILCH.Attack.MarginResult.<result>). */
const MARGIN_CONDITIONS: Readonly<Record<string, string>> = {
  stun: "stunned",
  knockDown: "prone",
  hamstring: "slowed",
};

/** SP-2 effects that put conditions on the pair (ZILCH.Attack.SpecialEffect.<effect>). */
const SPECIAL_CONDITIONS: Readonly<Record<string, readonly string[]>> = {
  grapple: ["grappling", "grappled"],
  trip: ["prone"],
};

const lastPart = (key: string | null | undefined): string => key?.split(".").at(-1) ?? "";

/** AT-4, AT-7, SP-1..SP-3, OPT-1, SW, INJ, GW: the conditions and topics the card shows, in card order. */
function ruleKeys(ctx: AttackCardView): string[] {
  const keys: string[] = [];
  if (ctx.defenseless) keys.push("defenseless", "topic:defenseless");
  if (ctx.result) keys.push("topic:margin");
  if (ctx.specialKindKey) keys.push("topic:specialAttacks");
  keys.push(...(SPECIAL_CONDITIONS[lastPart(ctx.special?.effectKey)] ?? []));
  if (ctx.grapple) keys.push("topic:grappling");
  if (ctx.grapple?.statusKey.endsWith("statusPinned")) keys.push("pinned");
  if (ctx.margin) keys.push("topic:marginSpecialResults");
  for (const choice of ctx.margin?.choices ?? []) {
    const condition = MARGIN_CONDITIONS[lastPart(choice.resultKey)];
    if (condition) keys.push(condition);
  }
  if (ctx.knockout) keys.push("topic:knockOut");
  if (ctx.damage?.knockoutMinutes || ctx.applied?.unconscious || ctx.applied?.grit?.unconsciousMinutes)
    keys.push("unconscious");
  if (ctx.applied?.grit?.dead) keys.push("dead");
  if (ctx.applied?.grit) keys.push("topic:grit");
  if (ctx.wound) keys.push("topic:wounds");
  if (ctx.injury) keys.push("topic:injuries");
  return keys;
}

/**
 * The card's rule links, each key once and each name once: a condition named as its attack topic
 * ("Grappling") is left to the topic, which covers it as the attack uses it (the line read "Grappling,
 * Grappled, Grappling" before). `nameOf` gives a link's name from its i18n key (the user's language);
 * without it, names are compared by key and every key stays.
 */
export function attackRules(
  ctx: AttackCardView,
  nameOf: (labelKey: string) => string = (key) => key,
): { key: string; labelKey: string }[] {
  const links = [...new Set(ruleKeys(ctx))]
    .filter((key) => key in RULE_LINKS)
    .map((key) => ({ key, labelKey: ruleLabelKey(key) }));
  const topicNames = new Set(links.filter((l) => l.key.startsWith("topic:")).map((l) => nameOf(l.labelKey)));
  return links.filter((l) => l.key.startsWith("topic:") || !topicNames.has(nameOf(l.labelKey)));
}
