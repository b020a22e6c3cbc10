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
import { changedCombatants, roundFromStored, type StoredCombatant } from "./combat/stored";
import { resolveChallenge } from "./combat/challenge";
import { handRollData, handsFromLog } from "./combat/hand-rolls";
import { getSetting, SYSTEM_ID } from "../setup/settings";
import type { Condition, RollDie, Suit } from "../rules/vocabulary";

/** ST-1: the secret declarations, only ever in the GM client's memory (lost if the GM reloads; players re-declare). */
const BALLOTS = new Map<string, StanceBallot>();

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
    mode: getSetting("initiativeMode") as RoundSettings["mode"],
    dominoSource: getSetting("dominoSource") as RoundSettings["dominoSource"],
    randomizer: getSetting("spadesRandomizer") as RoundSettings["randomizer"],
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
    };
  }

  /** Writes the new state: the combat's flag, the changed combatants, and the public chat lines. */
  async zilchSave(before: CombatSnapshot, after: CombatSnapshot, log: readonly LogEntry[]): Promise<void> {
    BALLOTS.set(this.id!, after.ballot);
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
        l.key === "DominoRevealed" ? ` ${l.data.greater}|${l.data.lesser}` : l.key === "HandRolled" ? `: ${l.data.dice}` : l.data.closing ? ` (${l.data.closing})` : "";
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
    const result = dispatch(before, request, who, foundryRollDie);
    if (!result.ok) return result;
    await this.zilchSave(before, result.snapshot, result.log);
    return { ok: true };
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
    if (!result.ok) ui.notifications?.warn(errorText(result.code));
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
