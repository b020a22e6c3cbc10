import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACTOR_MODELS, CHAT_MESSAGE_MODELS, ITEM_MODELS } from "./models-setup";
import { standInFoundry } from "../stand-in";
import { HTMLField, NumberField } from "../stand-in/fields";
import { statusEffectIds } from "../stand-in/profile";
import { CONDITION_IMPLIES } from "../../src/rules/conditions";
import { CONDITIONS } from "../../src/rules/vocabulary";
import { CONDITION_ICONS, conditionStatusEffects } from "../../src/setup/status-effects";
import { ZilchActor } from "../../src/documents/actor";

const root = new URL("../../", import.meta.url);
const systemJson = JSON.parse(readFileSync(new URL("system.json", root), "utf8")) as {
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
  grid: { type?: number; distance: number; units: string };
};
const lang = JSON.parse(readFileSync(new URL("lang/en.json", root), "utf8")) as Record<string, unknown>;
const lookup = (key: string): unknown =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lang);

describe("registration", () => {
  it("system.json makes a new scene's grid square (CONST.GRID_TYPES.SQUARE), the grid threat and fear read", () => {
    // A new scene's grid type defaults to the system's `grid.type` (the v13 types, as the API review
    // quotes them); draw-steel 0.11.1 and crucible
    // release-0.7.9 declare 1 (square) likewise.
    expect(systemJson.grid).toEqual({ type: 1, distance: 5, units: "ft" });
  });

  it("registerDataModels fills CONFIG with the models, ZilchActor and the conditions", () => {
    const config = (globalThis as unknown as { CONFIG: Record<string, Record<string, unknown>> }).CONFIG;
    expect(Object.keys(config.Actor!.dataModels as object)).toEqual(["character", "npc"]);
    expect(config.Actor!.documentClass).toBe(ZilchActor);
    expect(Object.keys(config.Combatant!.dataModels as object)).toEqual(["base"]);
    expect(Object.keys(config.ChatMessage!.dataModels as object)).toEqual(["attack"]);
    // v13: the array; v14: the id-keyed registry, core's entries replaced (../stand-in/profile.ts).
    expect(statusEffectIds(config as unknown as { statusEffects: unknown })).toEqual([...CONDITIONS]);
    expect((config.specialStatusEffects as Record<string, string>).DEFEATED).toBe("dead");
  });

  it("system.json documentTypes lists exactly the registered types, with every HTMLField as an htmlField", () => {
    for (const [documentName, models] of [
      ["Actor", ACTOR_MODELS],
      ["Item", ITEM_MODELS],
      ["ChatMessage", CHAT_MESSAGE_MODELS],
    ] as const) {
      const declared = systemJson.documentTypes[documentName]!;
      expect(Object.keys(declared).sort()).toEqual(Object.keys(models).sort());
      for (const [type, Model] of Object.entries(models)) {
        const html = Object.entries(Model.schema.fields)
          .filter(([, field]) => field instanceof HTMLField)
          .map(([name]) => name);
        expect(declared[type]!.htmlFields ?? [], `${documentName}.${type}`).toEqual(html);
      }
    }
  });

  it("CON-4: every condition is a status effect with a localised name, a core icon and its implications", () => {
    for (const effect of conditionStatusEffects()) {
      expect(typeof lookup(effect.name), effect.name).toBe("string");
      expect(effect.img).toBe(CONDITION_ICONS[effect.id]);
      expect(effect.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      expect(effect.implies).toEqual(CONDITION_IMPLIES[effect.id]);
    }
    expect(conditionStatusEffects().find((e) => e.id === "blind")!.implies).toEqual(["slowed", "threatened"]);
  });

  it("every sheet warning the character model can give has a localised text", () => {
    for (const key of [
      "duplicateClass",
      "multipleSpellcasters",
      "armorProficiency",
      "shieldProficiency",
      "tooManyArmorTrades",
      "tooManyTalents",
      "raceSuitNotChosen",
      "slots.hands",
      "slots.armor",
      "slots.handy",
    ])
      expect(typeof lookup(`ZILCH.Field.Warning.${key}`), key).toBe("string");
  });

  it("the stand-in refuses what it does not implement", () => {
    const fields = standInFoundry.data.fields as unknown as Record<string, unknown>;
    expect(() => fields.TypedObjectField).toThrow(
      "not implemented by the stand-in: foundry.data.fields.TypedObjectField",
    );
    expect(() => (standInFoundry as unknown as Record<string, unknown>).utils).toThrow(
      "not implemented by the stand-in: foundry.utils",
    );
    expect(() => new NumberField({ step: 0.5 })).toThrow(
      'not implemented by the stand-in: NumberField option "step"',
    );
  });
});
