/**
 * Installs the stand-in (ARCHITECTURE.md §6) on `globalThis.foundry`. Tests call `installStandIn()`
 * before importing any module that defines a data model, since a model class extends
 * `foundry.abstract.TypeDataModel` when its module is evaluated. Reading a member the stand-in does not
 * implement throws `not implemented by the stand-in: <member>`.
 */
import * as fields from "./fields";
import { DataModel, TypeDataModel } from "./data-model";
import { StandInActor, StandInItem } from "./documents";
import { StandInRoll } from "./chat";
import { defineStatusEffects, standInRelease } from "./profile";

/** A namespace object that throws for any member it does not hold. */
export function strictNamespace<T extends object>(path: string, members: T): T {
  return new Proxy(members, {
    get(target, key, receiver) {
      if (typeof key === "symbol" || key in target) return Reflect.get(target, key, receiver);
      // Vitest and promise checks probe `then`; answering undefined keeps the namespace non-thenable.
      if (key === "then") return undefined;
      return fields.notImplemented(`${path}.${key}`);
    },
  });
}

export const standInFoundry = strictNamespace("foundry", {
  data: strictNamespace("foundry.data", {
    fields: strictNamespace("foundry.data.fields", {
      DataField: fields.DataField,
      SchemaField: fields.SchemaField,
      NumberField: fields.NumberField,
      StringField: fields.StringField,
      HTMLField: fields.HTMLField,
      BooleanField: fields.BooleanField,
      ArrayField: fields.ArrayField,
      SetField: fields.SetField,
      ObjectField: fields.ObjectField,
    }),
  }),
  abstract: strictNamespace("foundry.abstract", { DataModel, TypeDataModel }),
});

/**
 * Installs `foundry`, the base `Actor` and `Item` classes the documents extend, an empty `CONFIG`
 * (registerDataModels fills it; its statusEffects as the profile's generation has them) and a `game`
 * with one user, the one that makes every update, and the profile's `release` (./profile.ts).
 */
export function installStandIn(): void {
  Reflect.set(globalThis, "foundry", standInFoundry);
  Reflect.set(globalThis, "Actor", StandInActor);
  Reflect.set(globalThis, "Item", StandInItem);
  Reflect.set(globalThis, "Roll", StandInRoll);
  const config = { Actor: {}, Item: {}, Combatant: {}, ChatMessage: {}, specialStatusEffects: {} };
  defineStatusEffects(config);
  Reflect.set(globalThis, "CONFIG", config);
  Reflect.set(globalThis, "game", { user: { id: "standinUser00001" }, release: standInRelease() });
  // CONST.TOKEN_DISPOSITIONS as documented for v13 (FRIENDLY 1); a new character's token is friendly.
  Reflect.set(
    globalThis,
    "CONST",
    strictNamespace("CONST", { TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } }),
  );
}
