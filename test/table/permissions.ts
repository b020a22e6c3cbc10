/**
 * v13's server-side permission rules, as far as the table layer models them. Each rule cites its
 * evidence (design FOUNDRY-FACTS.md §2, §1); what nobody has confirmed is modelled the way that fails
 * safe for the system under test (the stricter rule where the system must not depend on a permission,
 * the looser one where a looser server would let a cheater further) and is marked UNKNOWN.
 * Pure: the server (./server.ts) asks these functions before it applies anything.
 */

/** CONST.USER_ROLES. */
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
/** CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER. */
export const OWNER = 3;

export interface UserData {
  _id: string;
  name: string;
  role: number;
  flags: Record<string, unknown>;
}

export interface ActorData {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  flags: Record<string, unknown>;
  ownership: Record<string, number>;
  items: { _id: string; name: string; type: string; system: Record<string, unknown> }[];
  /** Status ids set by toggles (Actor#toggleStatusEffect); the actor holds these and its effects' statuses. */
  statuses: string[];
  /** Embedded ActiveEffects: a name, the status ids they give and whether they are off. */
  effects?: { _id: string; name: string; statuses: string[]; disabled?: boolean }[];
}

export interface CombatantData {
  _id: string;
  actorId: string;
  name: string;
  type: string;
  hidden: boolean;
  defeated: boolean;
  initiative: number | null;
  system: Record<string, unknown>;
  flags: Record<string, unknown>;
  /** The combatant's token on its scene (the attack card's worlds place tokens; others have none). */
  sceneId?: string;
  tokenId?: string;
}

export interface CombatData {
  _id: string;
  /** The scene the combat belongs to (CombatData.scene); absent or null: bound to none, shown on every scene. */
  scene?: string | null;
  round: number;
  turn: number | null;
  active: boolean;
  flags: Record<string, unknown>;
  combatants: CombatantData[];
}

export interface MessageData {
  _id: string;
  author: string;
  content: string;
  type?: string;
  system?: Record<string, unknown>;
  flags: Record<string, unknown>;
  rolls: unknown[];
  whisper: string[];
  blind: boolean;
  speaker?: Record<string, unknown>;
}

/** Which roles hold a permission; the world's configuration (Foundry's Permission Configuration). */
export interface PermissionConfig {
  /**
   * SETTINGS_MODIFY [#10912]. Which roles hold it by default is not in our evidence: the table runs with
   * the GAMEMASTER only unless a test grants more (an Assistant active GM must then not need it).
   */
  SETTINGS_MODIFY: readonly number[];
  /** QUERY_USER [#11235]. Whether players hold it by default is UNKNOWN (FACTS §11.1); on by default here. */
  QUERY_USER: readonly number[];
  /**
   * UNKNOWN (FACTS §11.3) whether a non-GM may create a message authored by another user. The table
   * lets it (the looser server), so nothing in the system may rest on `message.author`.
   */
  forgeAuthor: boolean;
}

export const DEFAULT_PERMISSIONS: PermissionConfig = {
  SETTINGS_MODIFY: [ROLES.GAMEMASTER],
  QUERY_USER: [ROLES.PLAYER, ROLES.TRUSTED, ROLES.ASSISTANT, ROLES.GAMEMASTER],
  forgeAuthor: true,
};

/**
 * Assistant GMs may write these core world settings without SETTINGS_MODIFY [#10912]; no `zilch.*` key
 * is among them.
 */
export const ASSISTANT_SETTINGS = new Set([
  "core.time",
  "core.combatTrackerConfig",
  "core.sheetClasses",
  "core.scrollingStatusText",
  "core.tokenDragPreview",
  "core.adventureImports",
  "core.gridDiagonals",
  "core.gridTemplates",
  "core.coneTemplateType",
]);

/** Both GAMEMASTER and ASSISTANT are GMs (`isGM`); only one of them is the active GM [FACTS §1; DS sockets.mjs]. */
export const isGM = (user: UserData): boolean => user.role >= ROLES.ASSISTANT;

export type Verdict = { ok: true } | { ok: false; reason: string };
const ok: Verdict = { ok: true };
const refuse = (reason: string): Verdict => ({ ok: false, reason });

/**
 * The user's ownership level of an actor. GMs act on every actor: the active GM's query handlers update
 * any creature for players [DS src/module/helpers/sockets.mjs; dnd5e request-message-data.mjs].
 */
export function actorLevel(actor: ActorData, user: UserData): number {
  if (isGM(user)) return OWNER;
  return actor.ownership[user._id] ?? actor.ownership.default ?? 0;
}

/** Actor updates and their embedded items: owners write [FACTS §2 "Actor"; dnd5e base-actor-sheet.mjs]. */
export function canModifyActor(actor: ActorData, user: UserData): Verdict {
  return actorLevel(actor, user) >= OWNER ? ok : refuse("not an owner of the actor");
}

/**
 * Moving a linked token: the owners of its actor, and GMs (a player drags its own character's token:
 * crucible `_onUpdateMovement` spends the mover's own Move when `user.isSelf`; BattleMech sheets and
 * dnd5e act on the mover's client the same way). Any other change to a token is not modelled.
 */
export function canMoveToken(actor: ActorData, user: UserData): Verdict {
  return isGM(user) ? ok : canModifyActor(actor, user);
}

/**
 * Creating or deleting top-level actors and combats is the GM's in every system we read; a player's
 * right to it is not in our evidence, so the table refuses it (UNKNOWN, fail safe).
 */
export function canCreateOrDeleteWorldDocument(user: UserData): Verdict {
  return isGM(user) ? ok : refuse("only a GM creates or deletes this document in the table");
}

/**
 * Combat updates. A GM writes anything. A non-GM may write `round` and `turn` (Foundry's turn-only
 * fields), by any value and whoever is current: core's `_canChangeRound`/`_canChangeTurn` always allow
 * it (the 2026-11-28 security review, section 4 row 7), "Foundry lets a non-GM update a Combat's
 * turn-only fields" [Nimble-Co/FoundryVTT-Nimble#853], and the owner of the current combatant gets End
 * Turn [#11737]. An update with any other key (flags) is rejected [Nimble#853].
 */
export function canUpdateCombat(
  _combat: CombatData,
  changes: Record<string, unknown>,
  user: UserData,
): Verdict {
  if (isGM(user)) return ok;
  const keys = Object.keys(changes).filter((k) => k !== "_id");
  if (keys.some((k) => k !== "turn" && k !== "round"))
    return refuse(`a player may not write ${keys.join(", ")} of a Combat`);
  return ok;
}

/** Combat#turns: combatants by initiative (highest first), then by name and id [#11238]. */
export function sortedTurns(combat: CombatData): CombatantData[] {
  return [...combat.combatants].sort(
    (a, b) =>
      (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity) ||
      a.name.localeCompare(b.name) ||
      a._id.localeCompare(b._id),
  );
}

/**
 * Combatant updates: its actor's owners, `system` included, in v13 [FACTS §2: #10501;
 * MetaMorphic-Digital/draw-steel#254, #134; the-metalworks/cosmere-rpg#391]. Deleting a combatant is the
 * GM's here (a player's right to it is not in our evidence).
 */
export function canUpdateCombatant(actor: ActorData | undefined, user: UserData): Verdict {
  if (isGM(user)) return ok;
  if (!actor) return refuse("a combatant without an actor is the GM's");
  return canModifyActor(actor, user);
}

/**
 * Creating a combatant: a GM, or an owner of its actor. The token HUD's combat toggle is offered to the
 * token's owners and adds the controlled tokens to the viewed combat from the clicking user's own client
 * (foundryvtt#8797 on Token#toggleCombat; #10735: the HUD's toggle calls `TokenDocument.createCombatants`).
 * That the server then accepts a player's Combatant is not confirmed (the 2026-11-28 security review,
 * section 4 row 6); the table takes the looser server, which lets a player further.
 */
export function canCreateCombatant(actor: ActorData | undefined, user: UserData): Verdict {
  if (isGM(user)) return ok;
  if (!actor) return refuse("a combatant without an actor is the GM's");
  return canModifyActor(actor, user);
}

/**
 * Chat messages: anyone creates one, with any flags [FACTS §2: dnd5e request-message-data.mjs]; a GM may
 * author it as another user [DS sockets.mjs]; a non-GM doing so is UNKNOWN (FACTS §11.3), allowed when
 * `forgeAuthor` (the looser server).
 */
export function canCreateMessage(data: MessageData, user: UserData, config: PermissionConfig): Verdict {
  if (isGM(user) || data.author === user._id || config.forgeAuthor) return ok;
  return refuse("a player may not author a message as another user");
}

/**
 * Non-GMs update only messages they authored [FACTS §2: #7831 (v10); moo-man/WFRP4e-FoundryVTT#2047].
 * Deleting: the GM; a player's right to delete is not in our evidence (refused, fail safe).
 */
export function canUpdateMessage(message: MessageData, user: UserData): Verdict {
  if (isGM(user) || message.author === user._id) return ok;
  return refuse("a player may update only messages it authored");
}

export function canDeleteMessage(user: UserData): Verdict {
  return isGM(user) ? ok : refuse("only a GM deletes messages in the table");
}

/**
 * User documents: a user writes its own (modules write `game.user.setFlag` from player clients:
 * monks-tokenbar, starwarsffg, dcc), never its role. A GM, Assistant GMs included, writes any user's,
 * flags and role included: foundryvtt#9069 (an Assistant GM bans the Gamemaster user), #9737
 * (Assistant GMs change roles, v11) and #9749 (an Assistant's failure to rename a user filed as a bug)
 * overrule the older crnormand/gurps#284 (FOUNDRY-FACTS "Assistant GMs and other users"; the
 * 2026-11-28 security review, section 4 row 11).
 */
export function canUpdateUser(target: UserData, changes: Record<string, unknown>, user: UserData): Verdict {
  if (isGM(user)) return ok;
  if (target._id !== user._id) return refuse("a user may update only its own User document");
  if ("role" in changes) return refuse("only a GM changes a role");
  return ok;
}

/**
 * World settings need SETTINGS_MODIFY; Assistant GMs may write a small core allow-list without it
 * [FACTS §2: #10912]. `restricted` plays no part [chrisk123999/chris-premades#516].
 */
export function canWriteSetting(key: string, user: UserData, config: PermissionConfig): Verdict {
  if (config.SETTINGS_MODIFY.includes(user.role) || user.role === ROLES.GAMEMASTER) return ok;
  if (user.role === ROLES.ASSISTANT && ASSISTANT_SETTINGS.has(key)) return ok;
  return refuse(`lacks SETTINGS_MODIFY for ${key}`);
}

/** `User#query` needs QUERY_USER [#11235]. */
export function canQuery(user: UserData, config: PermissionConfig): Verdict {
  return config.QUERY_USER.includes(user.role) ? ok : refuse("lacks QUERY_USER");
}
