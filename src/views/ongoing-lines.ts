/**
 * The words of an Ongoing Damage test (OD-2) in chat: which i18n keys, with which data. The rules say
 * whether the effect ends or hurts (src/rules/ongoing.ts, src/rules/round/turn-hooks.ts); this says it.
 */
import type { DegreeOfSuccess } from "../rules/vocabulary";

/** A chat line: an i18n key and its data; the data's `tag` and `dos` are i18n keys themselves. */
export interface TickLine {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
  readonly outcome: { readonly key: string; readonly data: Record<string, string | number> };
}

/**
 * OD-2, OD-2a: the public line of one Ongoing Damage test: the test, then whether it ended, hurt, or
 * (an injury bleeder's success) only spared this tick's damage.
 */
export function ongoingTickLine(
  name: string,
  tag: string,
  roll: number,
  target: number,
  dos: DegreeOfSuccess,
  tick: { readonly ends: boolean; readonly amount: number; readonly harm: "none" | "damage" | "drain" },
): TickLine {
  const outcome: TickLine["outcome"] = tick.ends
    ? { key: "ZILCH.Combat.Chat.OngoingEnds", data: {} }
    : tick.harm === "none"
      ? { key: "ZILCH.Combat.Chat.OngoingHeld", data: {} }
      : tick.harm === "drain"
        ? { key: "ZILCH.Combat.Chat.OngoingDrain", data: { amount: tick.amount } }
        : { key: "ZILCH.Combat.Chat.OngoingDamage", data: { amount: tick.amount } };
  return {
    key: "ZILCH.Combat.Chat.OngoingTick",
    data: { name, tag: `ZILCH.Item.Choice.tag.${tag}`, roll, target, dos: `ZILCH.DoS.${dos}` },
    outcome,
  };
}
