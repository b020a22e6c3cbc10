/**
 * The stat block's numbered parts as players read them (NPC-1 "Dmg (attacks, damage, effects)", SA, SQ):
 * an attack row's range band and area, and each special ability with its numbers (breath, regeneration,
 * aura, swallow, flight). Each part is a label and a value, with an i18n key where the value is words.
 */
import { SUIT_SYMBOL } from "../actor/sheet-common";
import type { Suit } from "../../../rules/vocabulary";

export interface AreaInput {
  shape: string;
  size: number;
}

export interface SpecialInput {
  kind: string;
  name: string;
  area: AreaInput;
  damage: number;
  damageType: string;
  save: string | null;
  saveModifier?: number;
  recharge: number;
  hpPerRound: number;
  stoppedBy: string;
  stopped?: boolean;
  radius: number;
  effect: string;
  maxSize: string;
  speed: number;
}

/** One number of a special ability: a label and either a plain value or a sentence key formatted with `n`. */
export interface SpecialPart {
  labelKey: string;
  value: string | number;
  valueKey: string | null;
}

const part = (labelKey: string, value: string | number, valueKey: string | null = null): SpecialPart => ({
  labelKey: `ZILCH.Special.Field.${labelKey}`,
  value,
  valueKey,
});

/** The area's words ("a cone of 6 squares"), or null for a single target. */
export function areaKey(area: AreaInput | undefined): string | null {
  return area && area.shape !== "none" ? `ZILCH.Special.Area.${area.shape}` : null;
}

function saveParts(save: string | null, modifier = 0): SpecialPart[] {
  if (!save) return [];
  const suit = SUIT_SYMBOL[save as Suit] ?? save;
  return [
    modifier === 0
      ? part("save", suit)
      : part("save", `${suit} ${modifier > 0 ? "+" : "−"}${Math.abs(modifier)}`),
  ];
}

const PARTS: Record<string, (s: SpecialInput) => SpecialPart[]> = {
  breath: (s) => [
    ...(areaKey(s.area) ? [part("area", s.area.size, areaKey(s.area))] : []),
    part("damage", s.damage, `ZILCH.Special.Damage.${s.damageType}`),
    ...saveParts(s.save, s.saveModifier),
    part("recharge", s.recharge, s.recharge > 0 ? "ZILCH.Special.Recharge" : "ZILCH.Special.EveryRound"),
  ],
  regeneration: (s) => [
    part("hpPerRound", s.hpPerRound),
    ...(s.stoppedBy ? [part("stoppedBy", s.stoppedBy)] : []),
  ],
  aura: (s) => [
    part("radius", s.radius, "ZILCH.Special.Squares"),
    ...(s.effect ? [part("effect", s.effect)] : []),
  ],
  swallow: (s) => [
    part("maxSize", s.maxSize, `ZILCH.Item.Choice.size.${s.maxSize}`),
    part("damage", s.damage, `ZILCH.Special.Damage.${s.damageType}`),
    ...saveParts(s.save),
  ],
  flight: (s) => [part("speed", s.speed, "ZILCH.Special.Squares")],
};

/** NPC-1: the special abilities with their numbers, for the stat block. */
export function specialViews(specials: readonly SpecialInput[] | undefined) {
  return (specials ?? []).map((special, index) => ({
    index,
    name: special.name,
    kindKey: `ZILCH.Special.Kind.${special.kind}`,
    parts: (PARTS[special.kind] ?? (() => []))(special),
    /** The GM's mark that what stops a regeneration hurt the creature since its last turn. */
    stoppable: special.kind === "regeneration",
    /** A breath is used from the stat block, on the tokens the GM targets (src/documents/breath.ts). */
    breathes: special.kind === "breath",
    /** A swallow is used from the stat block on the one creature it holds (src/documents/swallow.ts). */
    swallows: special.kind === "swallow",
    stopped: special.stopped ?? false,
    path: `system.specials.${index}`,
  }));
}

/** An attack row's range band (null in melee) and area words (null for one target). */
export function attackReachOut(attack: { range?: string; area?: AreaInput }) {
  return {
    rangeBandKey:
      attack.range && attack.range !== "engaged" ? `ZILCH.Item.Choice.maxRange.${attack.range}` : null,
    areaKey: areaKey(attack.area),
    areaSize: attack.area?.size ?? 0,
  };
}
