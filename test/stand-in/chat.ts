/**
 * ChatMessage and Roll as the dice modules use them, for the roll-mode tests. Each modelled member
 * cites its evidence; anything else throws, as the rest of the stand-in does.
 * - `ChatMessage.applyRollMode(data, mode)` (v13) or `ChatMessage.applyMode(data, mode)` (v14) sets the
 *   whisper: none (public), the roller (self), the GMs (gm), the GMs plus `blind: true` (blind)
 *   [FOUNDRY-FACTS §6; dnd5e module/documents/actor/actor.mjs; draw-steel
 *   src/module/data/actor/creature.mjs]; names and members per generation in ./profile.ts.
 * - `ChatMessage.create(data)` without a `rollMode` option applies no roll mode of its own
 *   [FOUNDRY-FACTS §6; foundryvtt/foundryvtt#11442], so it records the data as given.
 * - `ChatMessage.getWhisperRecipients("GM")`: the GM users [used so by grit.ts before this change].
 * - `Roll(formula).evaluate()` resolves to the roll with its `total` [dnd5e, draw-steel]; results come
 *   from a scripted queue, and an unscripted roll throws.
 * - `Roll` is one global class for the whole session, there before any system module is evaluated, so a
 *   module-level `class … extends Roll` names it [dnd5e release-5.1.10 module/dice/basic-roll.mjs
 *   subclasses Roll at module level]. Tests script its results (`scriptDice`); they never swap the class.
 */
import { notImplemented } from "./fields";
import { chatModeStatics } from "./profile";

export interface StandInUser {
  id: string;
  isGM: boolean;
}

export interface PostedMessage {
  content?: string;
  rolls?: unknown[];
  whisper?: string[];
  blind?: boolean;
  flags?: Record<string, unknown>;
}

export interface ChatStandIn {
  posts: PostedMessage[];
  /** Die totals the next Rolls resolve to, in order. */
  dice: number[];
}

/**
 * ChatMessage's mode functions on the profile's generation (`applyRollMode` on v13, `applyMode` on v14),
 * as FOUNDRY-FACTS §6 describes them, for `user` among `users`: spread them into a ChatMessage stand-in.
 */
export function modeStandIn(user: StandInUser, users: StandInUser[]) {
  return chatModeStatics(
    () => user.id,
    () => users.filter((u) => u.isGM).map((u) => u.id),
  );
}

/** Installs ChatMessage and Roll on globalThis; `user` is the client's user, `users` everyone. */
export function installChat(user: StandInUser, users: StandInUser[]): ChatStandIn {
  const chat: ChatStandIn = { posts: [], dice: [] };
  const ChatMessage = {
    create: async (data: PostedMessage, options?: object) => {
      if (options !== undefined) notImplemented("ChatMessage.create options");
      chat.posts.push(structuredClone(data));
      return data;
    },
    getSpeaker: () => ({}),
    getWhisperRecipients: (name: string) =>
      name === "GM" ? users.filter((u) => u.isGM) : notImplemented(`getWhisperRecipients("${name}")`),
    ...modeStandIn(user, users),
  };
  chat.dice = scriptDice();
  Reflect.set(globalThis, "ChatMessage", ChatMessage);
  Reflect.set(globalThis, "Roll", StandInRoll);
  return chat;
}

/** The die totals the next stand-in Rolls resolve to, in order. */
let scripted: number[] = [];

/** Empties the queue of scripted die results and returns it: push results onto it before rolling. */
export function scriptDice(): number[] {
  scripted = [];
  return scripted;
}

/** The one stand-in `Roll`: `NdM` formulas, results from the scripted queue. */
export class StandInRoll {
  total = 0;
  dice: { results: { result: number }[] }[] = [];
  constructor(readonly formula: string) {}
  async evaluate() {
    const [, count = "1"] = /^(\d*)d\d+$/.exec(this.formula) ?? notImplemented(`Roll "${this.formula}"`);
    const results = Array.from({ length: Number(count || 1) }, () => {
      const next = scripted.shift();
      if (next === undefined) throw new Error(`no scripted result for ${this.formula}`);
      return { result: next };
    });
    this.dice = [{ results }];
    this.total = results.reduce((sum, r) => sum + r.result, 0);
    return this;
  }
}
