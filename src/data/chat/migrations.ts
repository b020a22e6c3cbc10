/**
 * Upgrades of the attack card's stored data (./attack-card.ts). Before the `attack` subtype, a card
 * kept its state in `flags.zilch.attack` and its step number in `flags.zilch.attackSeq` of a `base`
 * message (development builds of 0.1.0; no release carried them). Given that flag scope, the step
 * lifts the state to the top and the step number to `seq`; the schema then gives fields those cards
 * never had (a Soak, a reaction, a margin...) their initial null. Idempotent: a source already in the
 * new shape has no `attack` key and passes untouched. The source is changed in place as well as
 * returned, as the system's other steps do (src/data/migrations.ts), so it holds whether Foundry reads
 * the returned object or the one it passed.
 */
import { isRecord } from "../../rules/records";
type Source = Record<string, unknown>;

/**
 * `{attack, attackSeq}` (the old flag scope) → `{...attack, seq}`; anything else as it is. A card
 * waiting on the step-1 reaction under its first name, `reactiveDefence`, now waits on `react` (the
 * step where the target reacts, CD-15 and GW-4), its reactive defence still offered.
 */
export function migrateAttackCard(source: Source): Source {
  if (source.step === "reactiveDefence") {
    source.step = "react";
    if (source.reactiveDefence === null || source.reactiveDefence === undefined)
      source.reactiveDefence = "offered";
  }
  const legacy = source.attack;
  if (!isRecord(legacy)) return source;
  const seq = typeof source.attackSeq === "number" ? source.attackSeq : 1;
  delete source.attack;
  delete source.attackSeq;
  return Object.assign(source, legacy, { seq });
}
