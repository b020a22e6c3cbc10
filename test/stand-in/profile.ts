/**
 * The Foundry generation the stand-in plays: v13 (the default) or v14, chosen per Vitest project with
 * the environment variable ZILCH_FOUNDRY ("13" or "14"; vitest.config.ts runs the data and table layers
 * under both). Only what differs between the two, each with its evidence (docs/foundry-versions.md):
 * - `game.release`: generation and build (the v13 profile is system.json's minimum, the v14 one its
 *   verified build);
 * - the chat log's mode: v13 `core.rollMode` with publicroll/gmroll/blindroll/selfroll and
 *   `ChatMessage.applyRollMode`; v14 `core.messageMode` with public/gm/blind/self/ic and
 *   `ChatMessage.applyMode` [docs/foundry-versions.md; crucible module/dice/group-check.mjs; dnd5e
 *   5.3.x module/dice/basic-roll.mjs `getMessageMode`]; v13 has no `core.messageMode` and no `applyMode`;
 * - `CONFIG.statusEffects`: v13 an array; v14 an id-keyed registry [foundryvtt#13122];
 * - context-menu entries: v13 `name`/`condition`/`callback(target)`; v14 `label`/`visible`/
 *   `onClick(event, target)` [crucible bfbba066 module/chat.mjs; draw-steel PR #1752].
 * The v14 profile is v14 with `CONFIG.compatibility.mode` set to FAILURE (docs/foundry-versions.md, "The two stand-in
 * profiles"):
 * a member v14 deprecated throws with the deprecation, as it would fail a live check, instead of being
 * shimmed; the stand-in never guesses what a shim returns.
 */
import { readFileSync } from "node:fs";
import { notImplemented } from "./fields";

export type Generation = 13 | 14;

const chosen = process.env.ZILCH_FOUNDRY ?? "13";
if (chosen !== "13" && chosen !== "14")
  throw new Error(`ZILCH_FOUNDRY must be "13" or "14", not "${chosen}"`);

/** The generation this run plays. */
export const GENERATION: Generation = chosen === "14" ? 14 : 13;
export const V14 = GENERATION === 14;

/** What v14 (with the compatibility mode set to FAILURE) does with a member it deprecated. */
export function deprecatedInV14(member: string): never {
  throw new Error(`Deprecated since Version 14 (compatibility mode FAILURE): ${member}`);
}

/** A member v13 does not have. */
export function absentInV13(member: string): never {
  throw new Error(`Foundry v13 has no ${member}`);
}

const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
  compatibility: { minimum: string; verified: string };
};

/** `game.release` (core's ReleaseData): the build the profile stands for, from system.json. */
export function standInRelease(): { generation: Generation; build: number; version: string } {
  const version = V14 ? manifest.compatibility.verified : manifest.compatibility.minimum;
  const [generation, build] = version.split(".").map(Number);
  if (generation !== GENERATION || build === undefined)
    throw new Error(`no ${GENERATION}.x build in system.json`);
  return { generation: GENERATION, build, version };
}

/** A chat message mode in the names of the test (v14's). */
export type Mode = "public" | "gm" | "blind" | "self";
export const MODES: readonly Mode[] = ["public", "gm", "blind", "self"];
const V13_NAMES: Record<Mode, string> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

/** The core setting that holds the chat log's mode on this generation. */
export const MODE_SETTING = V14 ? "messageMode" : "rollMode";

/** `mode` as this generation names it (the value of MODE_SETTING). */
export function modeName(mode: Mode): string {
  return V14 ? mode : V13_NAMES[mode];
}

/** The mode a stored name stands for on this generation (v14's `ic` carries no roll). */
function modeOf(name: string): Mode | "ic" {
  if (V14) {
    if (name === "ic") return name;
    const mode = MODES.find((m) => m === name);
    if (mode) return mode;
  } else {
    const mode = MODES.find((m) => V13_NAMES[m] === name);
    if (mode) return mode;
  }
  return notImplemented(`message mode "${name}" on Foundry v${GENERATION}`);
}

/**
 * `game.settings.get("core", key)` for the chat log's mode: MODE_SETTING reads `current()` (undefined when
 * unset); the other generation's key throws (v13 has no `core.messageMode`; v14 deprecated `core.rollMode`).
 * Any other core key is not modelled.
 */
export function coreModeSetting(key: string, current: () => Mode | undefined): string | undefined {
  if (key === MODE_SETTING) {
    const mode = current();
    return mode === undefined ? undefined : modeName(mode);
  }
  if (key === "rollMode") return deprecatedInV14('game.settings.get("core", "rollMode")');
  if (key === "messageMode") return absentInV13('the "core.messageMode" setting');
  return notImplemented(`setting core.${key}`);
}

/** Message data the mode functions fill in. */
export interface ModedMessage {
  whisper?: string[];
  blind?: boolean;
}

/**
 * Whisper and blind flag for `mode` [FOUNDRY-FACTS §6]: nobody (public), the roller (self), the GMs
 * (gm), the GMs plus `blind: true` (blind). What v14 does with `ic` is not modelled (Zilch reads it as
 * public before it applies a mode).
 */
function applied(data: ModedMessage, mode: Mode, rollerId: string, gmIds: () => string[]): void {
  if (mode === "public") data.whisper = [];
  else if (mode === "self") data.whisper = [rollerId];
  else if (mode === "gm") data.whisper = gmIds();
  else Object.assign(data, { whisper: gmIds(), blind: true });
}

/**
 * ChatMessage's static mode functions on this generation, for the roller `rollerId`: v13 `applyRollMode`
 * (v13 names) and no `applyMode`; v14 `applyMode` (v14 names) and an `applyRollMode` that throws as
 * deprecated. `modes` lists which modes may be applied (a stand-in that models fewer throws for the rest).
 */
export function chatModeStatics(
  rollerId: () => string,
  gmIds: () => string[],
  modes: readonly Mode[] = MODES,
): Record<string, (data: ModedMessage, name: string) => ModedMessage> {
  const apply = (data: ModedMessage, name: string) => {
    const mode = modeOf(name);
    if (mode === "ic" || !modes.includes(mode)) return notImplemented(`message mode "${name}" here`);
    applied(data, mode, rollerId(), gmIds);
    return data;
  };
  if (V14) return { applyMode: apply, applyRollMode: () => deprecatedInV14("ChatMessage.applyRollMode") };
  return { applyRollMode: apply };
}

/**
 * Defines `CONFIG.statusEffects` on `config` as this generation has it: v13 an array; v14 an id-keyed
 * registry (foundryvtt#13122), where assigning an array is the deprecated shim (it throws here). The
 * property is configurable, so a system may redefine it as crucible's v14 master does.
 */
export function defineStatusEffects(config: object): void {
  if (!V14) {
    Object.defineProperty(config, "statusEffects", {
      value: [],
      writable: true,
      configurable: true,
      enumerable: true,
    });
    return;
  }
  const registry: Record<string, unknown> = {};
  Object.defineProperty(config, "statusEffects", {
    get: () => registry,
    set: (value: unknown) =>
      Array.isArray(value)
        ? deprecatedInV14("CONFIG.statusEffects assigned an array")
        : notImplemented("CONFIG.statusEffects assigned an object"),
    configurable: true,
    enumerable: true,
  });
}

/** The status effects registered in `config`, by id, whichever generation's form holds them. */
export function statusEffectIds(config: { statusEffects: unknown }): string[] {
  const effects = config.statusEffects;
  if (Array.isArray(effects)) {
    if (V14) throw new Error("v14 keys CONFIG.statusEffects by id; an array is v13's form");
    return effects.map((e: { id: string }) => e.id);
  }
  if (!V14) throw new Error("v13's CONFIG.statusEffects is an array");
  return Object.entries(effects as Record<string, { id: string }>).map(([key, e]) => {
    if (key !== e.id) throw new Error(`status effect ${e.id} registered under ${key}`);
    return e.id;
  });
}

/** A core context-menu entry as this generation writes it (the tracker's Clear, Reroll, Roll All…). */
export function coreMenuEntry(key: string): Record<string, unknown> {
  const icon = '<i class="fa-solid fa-dice"></i>';
  if (V14) return { label: key, icon, visible: () => true, onClick: () => undefined };
  return { name: key, icon, condition: () => true, callback: () => undefined };
}

/** An entry a system hands to `_createContextMenu`, checked as this generation reads it; returns its key. */
export function readMenuEntry(entry: Record<string, unknown>): string {
  if (V14) {
    for (const old of ["name", "condition", "callback"])
      if (old in entry) deprecatedInV14(`ContextMenuEntry#${old}`);
    if (typeof entry.label !== "string" || typeof entry.onClick !== "function")
      throw new Error("a v14 context-menu entry needs a label and an onClick");
    return entry.label;
  }
  if (typeof entry.name !== "string" || typeof entry.callback !== "function")
    throw new Error("a v13 context-menu entry needs a name and a callback");
  return entry.name;
}
