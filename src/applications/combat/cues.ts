/**
 * Cues: the player whose Spades turn it is, whose call it is in the countdown, who must declare a
 * stance, or whose window on an attack card waits is told, on their own client only: a notification
 * and, as the table chose (the world setting `cueKind`), a sound on that device (which its owner may
 * mute: the client setting `cueSoundMuted`) or a whisper to that player alone.
 *
 * Every client receives the same change (the combat's flags, the card's state) and runs the same hooks
 * (FOUNDRY-FACTS §3); each compares it with what it saw last (cue-events.ts) and raises only the cues of
 * its own user, so nobody is told twice and nothing is sent to anyone else. A cue names a combatant
 * and, for a card, its two sides, all public; never a stance or a domino. GMs get none: they run the
 * NPCs from the tracker, which shows whose turn it is.
 */
import { fromRequestUuid, isActor } from "../../documents/attack/actors";
import { storedCard } from "../../documents/attack/stored";
import { getSetting } from "../../data/settings";
import type { ZilchCombat } from "../../documents/combat/zilch-combat";
import type { AttackState } from "../../rules/attack/index";
import { cueView, roundCues, windowCue, type CueView, type RoundCue } from "./cue-events";

/** Per combat, the round as this client saw it last. */
const seenRounds = new Map<string, CueView>();
/** Per attack card, the step this client saw last. */
const seenCards = new Map<string, AttackState["step"]>();

/** Whether this client's user is a player who owns the creature (a GM is told by the tracker). */
function concerns(actor: Actor.Implementation | null | undefined): boolean {
  const user = game.user;
  return !!user && !user.isGM && !!actor && actor.testUserPermission(user, "OWNER");
}

/**
 * The cue's sound, on this client only. `false` as the second argument plays it here without
 * broadcasting it (Dice So Nice's sound effects `AudioHelper.play({ src, volume }, false)`; City of
 * Mist's sounds.ts `foundry.audio.AudioHelper.play(data, false)`);
 * `CONFIG.sounds.notification` is core's notification sound, which systems give their notices (dcc,
 * titan, weirdwizard pass it as a chat message's `sound`). dnd5e 5.3.3 and draw-steel play sounds
 * only as a chat message's `sound` (`CONFIG.sounds.dice`), which is not one client's alone.
 */
async function playCueSound(): Promise<void> {
  const src = CONFIG.sounds.notification;
  await foundry.audio.AudioHelper.play({ src, volume: 0.8, loop: false }, false);
}

/** Tells this client's user: a notification, then the table's kind of cue. */
async function deliver(text: string): Promise<void> {
  ui.notifications?.info(text);
  const kind = getSetting("cueKind");
  if (kind === "sound" && !getSetting("cueSoundMuted")) await playCueSound();
  const me = game.user?.id;
  // A whisper to oneself, as a "self" roll mode gives it (FOUNDRY-FACTS §6: the whisper is the roller).
  if (kind === "whisper" && me)
    await ChatMessage.create({ content: `<p>${foundry.utils.escapeHTML(text)}</p>`, whisper: [me] });
}

/** The text of this user's round cues: one line per kind, the declarations together. */
function roundTexts(combat: ZilchCombat, cues: readonly RoundCue[]): string[] {
  const name = (id: string) => combat.combatants.get(id)?.name ?? "";
  const declare = cues.filter((c) => c.kind === "declare").map((c) => name(c.id));
  const texts =
    declare.length > 0 ? [game.i18n.format("ZILCH.Cue.declare", { names: declare.join(", ") })] : [];
  for (const cue of cues)
    if (cue.kind !== "declare") texts.push(game.i18n.format(`ZILCH.Cue.${cue.kind}`, { name: name(cue.id) }));
  return texts;
}

/** ST-1, CB-2, CD-5: a combat's round changed (every client runs this); this user's cues are raised. */
export async function cueRound(combat: ZilchCombat): Promise<void> {
  if (!combat.id) return;
  const now = cueView(
    combat.zilchState,
    [...combat.combatants].map((c) => combat.zilchRoundOf(c.id!)),
  );
  const before = seenRounds.get(combat.id) ?? null;
  seenRounds.set(combat.id, now);
  const mine = roundCues(before, now).filter((cue) => concerns(combat.combatants.get(cue.id)?.actor));
  for (const text of roundTexts(combat, mine)) await deliver(text);
}

/** At `ready`: what each combat shows now is seen, so only what changes after raises a cue. */
export function seeRounds(combats: Iterable<ZilchCombat>): void {
  for (const combat of combats) {
    if (!combat.id) continue;
    const rounds = [...combat.combatants].map((c) => combat.zilchRoundOf(c.id!));
    seenRounds.set(combat.id, cueView(combat.zilchState, rounds));
  }
}

/** AT-5: an attack card was posted or moved on; its owner's client is told when a window waits on them. */
export async function cueCard(message: ChatMessage.Implementation): Promise<void> {
  const card = storedCard(message);
  if (!card || !message.id) return;
  const before = seenCards.get(message.id) ?? null;
  seenCards.set(message.id, card.state.step);
  const side = windowCue(before, card.state);
  if (side === null) return;
  const actor = await fromRequestUuid(card.state[side].actorId);
  if (!isActor(actor) || !concerns(actor)) return;
  const names = { attacker: card.state.attacker.name, defender: card.state.defender.name };
  await deliver(game.i18n.format("ZILCH.Cue.window", names));
}

/** A deleted combat or card is forgotten. */
export function forgetCues(id: string): void {
  seenRounds.delete(id);
  seenCards.delete(id);
}
