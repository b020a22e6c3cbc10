/**
 * ZilchCombat: stores the round state (RoundState) in its system flags and applies requests on the
 * active GM's client through the pure dispatch (./combat/dispatch.ts). It never decides a rule.
 */
import { dispatch, type CombatSnapshot, type LogEntry } from "./combat/dispatch";
import { validateRequest, type CombatRequest, type Requester } from "./combat/authority";
import {
  createRound,
  joinMidRound,
  newCombatantRound,
  type CombatantFacts,
  type RoundSettings,
  type RoundState,
  type StanceBallot,
} from "./combat/round";
import type { BidBallot, LoweringSpends } from "./combat/options";
import { changedCombatants, roundFromStored, type StoredCombatant } from "./combat/stored";
import { resolveChallenge } from "./combat/challenge";
import { handRollData, handsFromLog } from "./combat/hand-rolls";
import { stunRecoveryProblem } from "./combat/reactions";
import { ongoingTickLine, type TurnHook } from "./combat/turn-hooks";
import { rollTestDice } from "../dice/test-roll";
import { ongoingTestTarget } from "../rules/ongoing";
import { degreeOfSuccess, saveSucceeds, testRoll } from "../rules/tests";
import type { ZilchActor } from "./actor";
import { getSetting, SYSTEM_ID } from "../setup/settings";
import type { Condition, DegreeOfSuccess, RollDie, Suit } from "../rules/vocabulary";

/** ST-1: the secret declarations, only ever in the GM client's memory (lost if the GM reloads; players re-declare). */
const BALLOTS = new Map<string, StanceBallot>();
/** CD-18 (a), (c): the secret bids and lowering spends, likewise only in the GM client's memory. */
const BIDS = new Map<string, BidBallot>();
const SPENDS = new Map<string, LoweringSpends>();

/** Foundry's seeded uniform source (CONFIG.Dice.randomUniform) as the rules' RollDie. */
export const foundryRollDie: RollDie = (faces) => {
  const uniform = (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform;
  return Math.min(faces, Math.floor(uniform() * faces) + 1);
};

/** What the round needs from an actor's prepared system data (character and npc models). */
interface ActorRoundData {
  suits?: Partial<Record<Suit, { eff?: number; eff2?: number }>>;
  conditions?: Iterable<Condition>;
  burn?: number;
  hasKnack?: (key: string) => boolean;
}

export function roundSettings(): RoundSettings {
  return {
    mode: getSetting("initiativeMode"),
    dominoSource: getSetting("dominoSource"),
    randomizer: getSetting("spadesRandomizer"),
    countdown: {
      bidding: getSetting("cdBidding"),
      noRepeat: getSetting("cdNoRepeat"),
      roundTable: getSetting("cdRoundTable"),
      lowerClosing: getSetting("cdLowerClosing"),
      combine: getSetting("cdCombine"),
      showClosing: getSetting("cdShowClosing"),
    },
  };
}

export class ZilchCombat extends Combat {
  /** The stored round state, or a fresh one from the world settings before the combat starts. */
  get zilchState(): RoundState {
    const stored = this.getFlag(SYSTEM_ID as never, "round" as never) as unknown as RoundState | undefined;
    return stored ?? createRound(roundSettings(), false, foundryRollDie);
  }

  /** The facts the round reads about one combatant's creature. */
  static factsOf(c: Combatant.Implementation): CombatantFacts {
    const actor = c.actor;
    const sys = (actor?.system ?? {}) as unknown as ActorRoundData;
    const pc = (actor?.type as string | undefined) === "character";
    const spades = sys.suits?.spades?.eff ?? 0;
    const disposition = (c.token as unknown as { disposition?: number } | null)?.disposition;
    return {
      id: c.id!,
      pc,
      friendly: disposition === CONST.TOKEN_DISPOSITIONS.FRIENDLY,
      playerOwned: c.hasPlayerOwner,
      spades,
      cunning: pc ? (sys.suits?.spades?.eff2 ?? spades) : spades,
      conditions: [...(sys.conditions ?? [])],
      alert: sys.hasKnack?.("alert") ?? false,
      burn: sys.burn ?? 0,
      absent: c.defeated,
    };
  }

  zilchSnapshot(): CombatSnapshot {
    const list = [...this.combatants];
    return {
      state: this.zilchState,
      combatants: list.map((c) => roundFromStored(c.id!, c.system as unknown as StoredCombatant)),
      facts: list.map((c) => ZilchCombat.factsOf(c)),
      ballot: BALLOTS.get(this.id!) ?? {},
      bids: BIDS.get(this.id!) ?? {},
      spends: SPENDS.get(this.id!) ?? {},
    };
  }

  /** Writes the new state: the combat's flag, the changed combatants, and the public chat lines. */
  async zilchSave(before: CombatSnapshot, after: CombatSnapshot, log: readonly LogEntry[]): Promise<void> {
    BALLOTS.set(this.id!, after.ballot);
    BIDS.set(this.id!, after.bids ?? {});
    SPENDS.set(this.id!, after.spends ?? {});
    await this.update({ [`flags.${SYSTEM_ID}.round`]: after.state } as never);
    const changes = changedCombatants(before.combatants, after.combatants);
    if (changes.length > 0) await this.updateEmbeddedDocuments("Combatant", changes as never);
    if (log.length > 0) await this.zilchPost(log);
  }

  private async zilchPost(log: readonly LogEntry[]): Promise<void> {
    const name = (id: unknown) => this.combatants.get(String(id))?.name ?? "";
    const lines = log.map((l) => {
      const data = { ...l.data, name: name(l.data.id) } as Record<string, string>;
      const text = game.i18n!.format(`ZILCH.Combat.Chat.${l.key}`, data);
      const extra =
        l.key === "DominoRevealed" ? ` ${l.data.greater}|${l.data.lesser}` : l.key === "HandRolled" || l.key === "Combined" ? `: ${l.data.dice}` : l.data.closing ? ` (${l.data.closing})` : "";
      return `<li>${foundry.utils.escapeHTML(text + extra)}</li>`;
    });
    // CD-19: the hands are public; as rolls on the message, Dice So Nice animates them.
    const rolls = handsFromLog(log).flatMap((hand) => handRollData(hand) ?? []);
    await ChatMessage.create({ content: `<ul class="zilch combat-log">${lines.join("")}</ul>`, rolls } as never);
  }

  /** Validates and applies a request on this (GM) client; the result says why it was refused. */
  async zilchApply(asked: CombatRequest, user: User.Implementation | null): Promise<{ ok: true } | { ok: false; code: string }> {
    const who: Requester = {
      isGM: user?.isGM ?? false,
      owns: (id) => {
        const c = this.combatants.get(id);
        return !!(c && user && c.testUserPermission(user, "OWNER"));
      },
    };
    const before = this.zilchSnapshot();
    let request = asked;
    if (request.kind === "challenge") {
      // Only a holder's owner (or the GM) makes the dice roll at all.
      const allowed = validateRequest(request, who, before.state);
      if (!allowed.ok) return allowed;
      const rolled = await this.zilchChallenge(before, request.combatantId);
      if (rolled === null) return { ok: false, code: "challengeUnrolled" };
      request = { ...request, holderWins: rolled };
    }
    if (request.kind === "recoverStun") {
      // CD-15: only the owner (or the GM) of a Stunned participant holding a 1 gets a save rolled at all.
      const allowed = validateRequest(request, who, before.state);
      if (!allowed.ok) return allowed;
      const id = request.combatantId;
      const problem = stunRecoveryProblem(before.state, before.facts.find((f) => f.id === id), id);
      if (problem) return { ok: false, code: problem };
      request = { ...request, saved: await this.zilchStunSave(request.combatantId) };
    }
    const result = dispatch(before, request, who, foundryRollDie);
    if (!result.ok) return result;
    await this.zilchSave(before, result.snapshot, result.log);
    if (request.kind === "recoverStun" && request.saved) {
      await (this.combatants.get(request.combatantId)?.actor as ZilchActor | null | undefined)?.setCondition("stunned", false);
    }
    await this.zilchRunHooks(result.hooks);
    return { ok: true };
  }

  /** CD-15: the ♥ save of a Stun recovery, rolled here with Foundry Rolls and posted; true on success. */
  private async zilchStunSave(combatantId: string): Promise<boolean> {
    const combatant = this.combatants.get(combatantId);
    const sys = (combatant?.actor?.system ?? {}) as unknown as ActorRoundData;
    const target = sys.suits?.hearts?.eff ?? 0;
    const { dice, rolls } = await rollTestDice();
    const roll = testRoll(dice);
    const text = game.i18n!.format("ZILCH.Combat.Chat.StunSave", { name: combatant?.name ?? "", roll: String(roll), target: String(target) });
    await ChatMessage.create({ content: `<p class="zilch combat-log">${foundry.utils.escapeHTML(text)}</p>`, rolls } as never);
    return saveSucceeds(roll, target);
  }

  /**
   * CB-4, CD-20, CON-5, OD-2: run a transition's turn and round hooks on the combatants' actors, on
   * the GM's client only. A failing actor is logged and the others still run.
   */
  async zilchRunHooks(hooks: readonly TurnHook[]): Promise<void> {
    if (!game.user?.isGM) return;
    for (const hook of hooks) {
      const combatant = this.combatants.get(hook.id);
      const actor = combatant?.actor as ZilchActor | null | undefined;
      if (!actor) continue;
      try {
        if (hook.event) await actor.advanceConditions(hook.event);
        if (hook.tick) await this.zilchTick(actor, combatant?.name ?? actor.name ?? "");
      } catch (error) {
        console.error(`Zilch | turn hook ${hook.event ?? "tick"} failed for ${actor.name}`, error);
      }
    }
  }

  /** OD-2: one Ongoing Damage test per active effect, rolled with Foundry Rolls, applied, and posted. */
  private async zilchTick(actor: ZilchActor, name: string): Promise<void> {
    const entries = actor.ongoingEntries();
    if (entries.length === 0) return;
    const suits = (actor.system as unknown as ActorRoundData).suits ?? {};
    const rolls: Roll[] = [];
    const results: { key: string; dos: DegreeOfSuccess }[] = [];
    const tests = new Map<string, { roll: number; target: number }>();
    for (const entry of entries) {
      const target = ongoingTestTarget(entry.effect, { kind: "suit", value: suits[entry.effect.suit]?.eff ?? 0 });
      const rolled = await rollTestDice();
      rolls.push(...rolled.rolls);
      const roll = testRoll(rolled.dice);
      tests.set(entry.key, { roll, target });
      results.push({ key: entry.key, dos: degreeOfSuccess(roll, target) });
    }
    const applied = await actor.tickOngoing(results);
    const lines = applied.map((a) => {
      const test = tests.get(a.key)!;
      const line = ongoingTickLine(name, a.effect.tag, test.roll, test.target, results.find((r) => r.key === a.key)!.dos, a);
      const format = (key: string, data: Record<string, string | number>) => game.i18n!.format(key, data as Record<string, string>);
      const data = { ...line.data, tag: game.i18n!.localize(line.data.tag as string), dos: game.i18n!.localize(line.data.dos as string) };
      return `<li>${foundry.utils.escapeHTML(`${format(line.key, data)} ${format(line.outcome.key, line.outcome.data)}`)}</li>`;
    });
    await ChatMessage.create({ content: `<ul class="zilch combat-log">${lines.join("")}</ul>`, rolls } as never);
  }

  /**
   * CB-5: the encounter ends with the combat. On the active GM's client, every combatant's creature
   * ends its "end of encounter" effects and gets its Rally back; remaining Ongoing Damage is left for
   * OD-5, which the chat line reminds the table of.
   */
  async zilchEndEncounter(): Promise<void> {
    const seen = new Set<string>();
    const lines: string[] = [];
    for (const c of this.combatants) {
      const actor = c.actor as ZilchActor | null;
      if (!actor || seen.has(actor.uuid)) continue;
      seen.add(actor.uuid);
      try {
        await actor.endEncounter();
        if (actor.ongoingEntries().length > 0) {
          lines.push(game.i18n!.format("ZILCH.Combat.Chat.OngoingAfterCombat", { name: c.name ?? actor.name ?? "" }));
        }
      } catch (error) {
        console.error(`Zilch | CB-5 end of encounter failed for ${actor.name}`, error);
      }
    }
    const all = [game.i18n!.localize("ZILCH.Combat.Chat.EncounterEnded"), ...lines];
    await ChatMessage.create({ content: `<ul class="zilch combat-log">${all.map((l) => `<li>${foundry.utils.escapeHTML(l)}</li>`).join("")}</ul>` } as never);
  }

  protected override _onDelete(...args: Parameters<Combat["_onDelete"]>): void {
    super._onDelete(...args);
    if (!game.users?.activeGM?.isSelf || this.round === 0) return;
    this.zilchEndEncounter().catch((error: unknown) => console.error("Zilch | CB-5 end of encounter failed", error));
  }

  /**
   * CD-13: the ♠ contest of a challenge, rolled here with Foundry Rolls for both sides (Dice So Nice
   * shows them) and posted; null when there is no called participant to challenge.
   */
  private async zilchChallenge(s: CombatSnapshot, holderId: string): Promise<boolean | null> {
    const actingId = s.state.countdown?.current ?? null;
    const holder = s.facts.find((f) => f.id === holderId);
    const acting = s.facts.find((f) => f.id === actingId);
    if (!holder || !acting || holderId === actingId) return null;
    const rolls: Roll[] = [];
    const rollTest = async () => {
      const d12 = await new Roll("1d12").evaluate();
      rolls.push(d12);
      if (d12.total !== 12) return { d12: Number(d12.total) };
      const d8 = await new Roll("1d8").evaluate();
      rolls.push(d8);
      return { d12: 12, d8: Number(d8.total) };
    };
    const outcome = await resolveChallenge({ target: holder.spades, card: holder.spades }, { target: acting.spades, card: acting.spades }, rollTest);
    const name = (id: string) => this.combatants.get(id)?.name ?? "";
    const lines = outcome.exchanges.map((e) => `${e.holder} / ${e.acting}`).join("; ");
    const text = game.i18n!.format(outcome.holderWins ? "ZILCH.Combat.Chat.ChallengeWon" : "ZILCH.Combat.Chat.ChallengeLost", { holder: name(holderId), acting: name(acting.id) });
    await ChatMessage.create({ content: `<p class="zilch combat-log">${foundry.utils.escapeHTML(`${text} (${lines})`)}</p>`, rolls } as never);
    return outcome.holderWins;
  }

  /** CB-3, INI-3, INI-4: draw every combatant's tiebreak (and own d6), then deal round 1. */
  override async startCombat(): Promise<this> {
    const settings = roundSettings();
    let rounds = [] as ReturnType<typeof newCombatantRound>[];
    for (const c of this.combatants) {
      const aware = (c.system as unknown as StoredCombatant).aware;
      rounds = [...rounds, newCombatantRound(c.id!, rounds, settings.randomizer, foundryRollDie, aware)];
    }
    const surprise = rounds.some((c) => !c.aware);
    const before = { ...this.zilchSnapshot(), state: createRound(settings, surprise, foundryRollDie), combatants: rounds };
    const started = dispatch(before, { kind: "nextRound", combatId: this.id! }, { isGM: true, owns: () => true }, foundryRollDie);
    if (!started.ok) throw new Error(`Zilch | the first round could not start: ${started.code}`);
    await this.zilchSave({ ...before, combatants: [] }, started.snapshot, started.log);
    return super.startCombat();
  }

  /** CB-2 step 1, CD-1: the next round re-deals, re-declares and re-rolls. */
  override async nextRound(): Promise<this> {
    const result = await this.zilchApply({ kind: "nextRound", combatId: this.id! }, game.user ?? null);
    // A refused round change leaves Foundry's round number where the Zilch round is.
    if (!result.ok) {
      ui.notifications?.warn(errorText(result.code));
      return this;
    }
    return super.nextRound();
  }

  /** CB-2 step 2 / CD-5: the next Spades turn, or the next countdown call. */
  override async nextTurn(): Promise<this> {
    const result = await this.zilchApply({ kind: "nextCall", combatId: this.id! }, game.user ?? null);
    if (!result.ok) ui.notifications?.warn(errorText(result.code));
    const current = this.zilchState.mode === "spades" ? this.zilchState.current : this.zilchState.countdown?.current ?? null;
    const turn = this.turns.findIndex((c) => c.id === current);
    return turn >= 0 ? ((await this.update({ turn } as never)) as unknown as this) : this;
  }

  /** INI-6: a combatant added during a round gets its initiative, domino and hand at once. */
  async zilchJoin(combatant: Combatant.Implementation): Promise<void> {
    if (!this.started) return;
    const all = this.zilchSnapshot();
    const others = { ...all, combatants: all.combatants.filter((c) => c.id !== combatant.id), facts: all.facts.filter((f) => f.id !== combatant.id) };
    const joined = joinMidRound(others.state, others.combatants, others.facts, ZilchCombat.factsOf(combatant), foundryRollDie);
    await this.zilchSave(all, { ...all, state: joined.state, combatants: joined.combatants }, []);
  }
}

/** The notification text of a refusal code (ZILCH.Combat.Error.*; countdown codes are formatted). */
export function errorText(code: string): string {
  if (code.startsWith("countdown.")) return game.i18n!.format("ZILCH.Combat.Error.Countdown", { code: code.slice(10) });
  return game.i18n!.localize(`ZILCH.Combat.Error.${code}`);
}
