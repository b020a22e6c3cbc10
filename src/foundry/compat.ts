/**
 * The one place Zilch tells Foundry v13 from v14 (docs/foundry-versions.md). Zilch is written in v14's
 * terms; each function here speaks v14's form on v14 and the v13 form on v13, branching on
 * `game.release.generation` as dnd5e 5.3.x does for its v13 and v14 support (e.g. module/dice/basic-roll.mjs
 * `getMessageMode`, module/applications/components/inventory.mjs). No other module of src/ reads the
 * version. On v14 no v13 form is used, so none of v14's deprecation warnings (removal in v16) names Zilch.
 * The v14 members are declared with their evidence in src/types/foundry-v14.ts.
 */
import type { ChatMessageModes, ContextMenuEntryV14, ContextMenuHost } from "../types/foundry-v14";

/** Whether this world runs Foundry v14 or later (`game.release` is core's ReleaseData). */
function isV14(): boolean {
  return game.release.generation >= 14;
}

/** A chat message mode that carries a roll, in v14's names. */
export type MessageMode = "public" | "gm" | "blind" | "self";

/** v13's names of the same modes (`CONST.DICE_ROLL_MODES`, read by `ChatMessage.applyRollMode`). */
const V13_ROLL_MODE = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" } as const;
type V13RollMode = (typeof V13_ROLL_MODE)[MessageMode];
const FROM_V13: Readonly<Record<V13RollMode, MessageMode>> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};

/**
 * The mode this client's user chose in the chat log: v14's `core.messageMode`, where in-character
 * (`ic`) reads as public for a roll as dnd5e 5.3.x `getMessageMode` reads it; v13's `core.rollMode`.
 * Unset reads as public, Foundry's default.
 */
export function chatMessageMode(): MessageMode {
  if (isV14()) {
    const mode = game.settings.get("core", "messageMode");
    return !mode || mode === "ic" ? "public" : mode;
  }
  const rollMode: unknown = game.settings.get("core", "rollMode");
  return isV13RollMode(rollMode) ? FROM_V13[rollMode] : "public";
}

function isV13RollMode(mode: unknown): mode is V13RollMode {
  return typeof mode === "string" && Object.hasOwn(FROM_V13, mode);
}

/**
 * Sets the message data's whisper and blind flag for `mode`: v14's `ChatMessage.applyMode`, v13's
 * `ChatMessage.applyRollMode` with the v13 name (FOUNDRY-FACTS §6: core applies no mode itself to a
 * message the system creates).
 */
export function applyMessageMode<T extends object>(data: T, mode: MessageMode): T {
  if (!isV14()) ChatMessage.applyRollMode(data, V13_ROLL_MODE[mode]);
  else if (hasApplyMode(ChatMessage)) ChatMessage.applyMode(data, mode);
  else throw new Error("Zilch | Foundry v14 without ChatMessage.applyMode");
  return data;
}

function hasApplyMode(cls: object): cls is ChatMessageModes {
  return "applyMode" in cls && typeof cls.applyMode === "function";
}

/**
 * Replaces core's status effects with `effects`. v14 keys `CONFIG.statusEffects` by id behind a
 * backwards-compatible registry whose whole-array assignment is a shim (foundryvtt#13122; vttforge PR
 * #169): there it becomes an id-keyed object, set as crucible's v14-only master sets its own
 * (crucible.mjs `Object.defineProperty(CONFIG, "statusEffects", …)`). v13 takes the array.
 */
export function setStatusEffects(effects: typeof CONFIG.statusEffects): void {
  if (isV14()) {
    const byId = Object.fromEntries(effects.map((effect) => [effect.id, effect]));
    Object.defineProperty(CONFIG, "statusEffects", { value: byId, configurable: true, enumerable: true });
  } else CONFIG.statusEffects = effects;
}

/** A context-menu entry in v14's terms; `onClick` gets the menu's target (the row). */
export interface MenuEntry {
  label: string;
  /** Font Awesome icon HTML, which v13 requires and v14 accepts. */
  icon: string;
  visible: (target: HTMLElement) => boolean;
  onClick: (target: HTMLElement) => void;
}

type CoreMenuEntry = ContextMenuEntryV14 | foundry.applications.ux.ContextMenu.Entry<HTMLElement>;

/**
 * Creates `app`'s context menu on `selector` with `entries` in the form this Foundry reads: v14
 * `label`/`visible`/`onClick(event, target)`, v13 `name`/`condition`/`callback(target)` with the
 * `jQuery: false` option v13 needs to hand the entries the row element itself (FOUNDRY-FACTS §12); v14
 * does so by default and drops the option in v15 (docs/foundry-versions.md, what v14 changed).
 */
export function createContextMenu(
  app: object,
  entries: () => readonly MenuEntry[],
  selector: string,
  options: object,
): void {
  if (!hasContextMenu(app)) throw new Error("Zilch | an application without _createContextMenu");
  const v14 = isV14();
  app._createContextMenu(
    () => coreEntries(entries(), v14),
    selector,
    v14 ? options : { ...options, jQuery: false },
  );
}

function hasContextMenu(app: object): app is ContextMenuHost {
  return "_createContextMenu" in app && typeof app._createContextMenu === "function";
}

/** The entries as this Foundry reads them. */
export function coreEntries(entries: readonly MenuEntry[], v14 = isV14()): CoreMenuEntry[] {
  if (v14)
    return entries.map((e) => ({
      label: e.label,
      icon: e.icon,
      visible: e.visible,
      onClick: (_event: Event, target: HTMLElement) => e.onClick(target),
    }));
  return entries.map((e) => ({ name: e.label, icon: e.icon, condition: e.visible, callback: e.onClick }));
}

/**
 * The key a core context-menu entry is known by: its `label` on v14 (or its `name`, should a module
 * still give the deprecated form), its `name` on v13.
 */
export function menuEntryKey(entry: object): string | undefined {
  if (isV14() && "label" in entry && typeof entry.label === "string") return entry.label;
  return "name" in entry && typeof entry.name === "string" ? entry.name : undefined;
}
