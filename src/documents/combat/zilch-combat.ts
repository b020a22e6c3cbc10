/**
 * ZilchCombat: stores the round state (RoundState) in its system flags and applies requests on the
 * active GM's client through the pure dispatch (src/rules/round/dispatch.ts). It never decides a rule.
 */
import { dispatch } from "../../rules/round/dispatch";
import { showIfAllIn } from "../../rules/round/stance-requests";
import type { CombatSnapshot } from "../../rules/round/request-step";
import type { LogEntry } from "../../rules/round/dispatch-words";
import type { CombatRequest } from "../../rules/round/authority";
import { endTurnRequest, turnChange, turnPutBack } from "../../rules/round/turn-sync";
import { requestCombat, requestCombatStart } from "../../requests/combat";
import { createRound, unstartedRound } from "../../rules/round/round-start";
import { dropOut } from "../../rules/round/dropping-out";
import { enterRound, newCombatantRound } from "../../rules/round/joining";
import type {
  CombatantFacts,
  CombatantRound,
  RoundSettings,
  RoundState,
  StanceBallot,
} from "../../rules/round/state";
import { roundFromStored, storedMap, storedOf } from "../../rules/round/stored";
import {
  anyLost,
  lostSecrets,
  nextStamp,
  secretsInUse,
  SecretStore,
  withoutLost,
  type LostSecrets,
  type SecretStorage,
} from "./secrets";
import { serially } from "../../requests/serial";
import { isApplier } from "../../requests/applier";
import { consumeAllPending, pendingOnes } from "../../rules/countdown/effects";
import { boundFacts } from "../../rules/round/facts";
import { handRollData, handsFromLog } from "./hand-rolls";
import { coreCombatEvent } from "./core-events";
import { callCombatHook } from "../../types/combat-hooks";
import type { TurnHook } from "../../rules/round/turn-hooks";
import { ongoingTickLine } from "../../views/ongoing-lines";
import { ongoingTickTest, rollCreatureTest } from "../creature-test";
import { logLine, renderCombatLog } from "./chat-log";
import { specialsAtTurnStart } from "../turn-start-specials";
import { fearAtTurnStart } from "../fear";
import { gainAdrenalineGrit, rollGritAtStart } from "../grit-and-wounds";
import {
  AUTO_THREAT_SOURCE,
  meleeProfile,
  threatChanges,
  threatenedByPosition,
  type ReadyWeapon,
  type ThreatSide,
  type ThreatStatus,
  type ThreatToken,
} from "../../rules/round/threat";
import { canMakeMeleeAttack, type GridDistance } from "../../rules/conditions";
import { footprintOf, gridDistance } from "../scene-grid";
import { awareAtStart } from "../../rules/initiative";
import type { CharacterData } from "../../data/actor/character";
import type { NpcData } from "../../data/actor/npc";
import type { ZilchActor } from "../actor";
import { getSetting, SYSTEM_ID } from "../../data/settings";
import type { DegreeOfSuccess } from "../../rules/vocabulary";
import { noteEncounterOver } from "../first-aid";
import { emptyHandOf } from "../held-items";
import { secretRollDie } from "../../dice/secret-dice";
import { joinOrRejoin } from "./rejoin";
import { zilchRoundNumber } from "./zilch-round";
import { withHeld } from "./held-conditions";
import { applyRequest } from "./apply-request";
import type { RefusedRequest } from "./request-steps";
import { SLIP_AWAY_USE, slipAwayEnd } from "./slip-away";

/**
 * ST-1, CD-18 (a), (c): the declared stances, bids and lowering spends, only on the active GM's client:
 * memory and this browser's localStorage, so a GM reload keeps them (combat/secrets.ts).
 */
const SECRETS = new SecretStore(
  (): SecretStorage | null => (typeof localStorage === "undefined" ? null : localStorage),
  () => game.world?.id ?? "",
);
/** The creature model of a combatant's actor, or null without an actor (or for another type's). */
function creatureOf(actor: Actor.Implementation | null | undefined): CharacterData | NpcData | null {
  return actor?.isOfType("character", "npc") ? actor.system : null;
}

/** CON-1, EQ-1: the weapons in hand and, for an NPC, its stat-block attacks (taken as melee). */
function readyWeapons(actor: Actor.Implementation): ReadyWeapon[] {
  const ready: ReadyWeapon[] = [];
  for (const item of actor.items.contents)
    if (item.isOfType("weapon") && item.system.slot === "hands") {
      const { modes, reach, brawling } = item.system;
      ready.push({ melee: modes.melee, reach, brawling });
    }
  // NPC-1: stat-block attacks are natural weapons unless brawling.
  const attacks = actor.isOfType("npc") ? actor.system.attacks : [];
  for (const { reach, brawling } of attacks) ready.push({ melee: true, reach, brawling });
  return ready;
}

/** CON-1 [design]: hostile against friendly; neutral and secret tokens are nobody's enemy. */
function threatSide(disposition: number): ThreatSide {
  if (disposition === CONST.TOKEN_DISPOSITIONS.FRIENDLY) return "friendly";
  if (disposition === CONST.TOKEN_DISPOSITIONS.HOSTILE) return "hostile";
  return "neutral";
}

/** A chat line's data as the text `game.i18n.format` fills its placeholders with. */
function asText(data: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}

/** INI-1, INI-3, DOM-1, §18: the world settings a round is played by. */
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

export class ZilchCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /**
   * The stored round state, or before the combat starts a fresh one from the world settings. Reading
   * rolls nothing: the dice of a new round are rolled once, by the active GM as the combat starts.
   */
  get zilchState(): RoundState {
    return this.getFlag(SYSTEM_ID, "round") ?? unstartedRound(roundSettings());
  }

  /** The facts the round reads about one combatant's creature. */
  static factsOf(c: Combatant.Implementation): CombatantFacts {
    const sys = creatureOf(c.actor);
    const character = c.actor?.isOfType("character") ? c.actor.system : null;
    const spades = sys?.suits.spades.eff ?? 0;
    return boundFacts({
      id: c.id!,
      pc: character !== null,
      friendly: c.token?.disposition === CONST.TOKEN_DISPOSITIONS.FRIENDLY,
      playerOwned: c.hasPlayerOwner,
      spades,
      cunning: character ? character.suits.spades.eff2 : spades,
      conditions: withHeld(c, sys?.conditions ?? []),
      alert: character?.hasKnack("alert") ?? false,
      burn: sys?.burn ?? 0,
      absent: c.defeated,
      // KN-2: a raging creature declares Reckless or Bold only, and takes no Ready and no Cast.
      // KN-2 Slip Away paid this round: the reveal (ST-1) keeps the stance it allowed despite Threatened.
      ...ZilchCombat.stanceContextOf(c.actor),
      handFree: emptyHandOf(c.actor),
      slipAwayReady:
        (character?.hasKnack("slipAway") ?? false) &&
        character?.chipSpendProblem("spades", 1, SLIP_AWAY_USE) === null,
    });
  }

  /** KN-2: the ST-3 context of a raging creature, or of one that paid for Slip Away this round. */
  private static stanceContextOf(actor: ZilchActor | null): Pick<CombatantFacts, "stanceContext"> {
    const raging = actor?.raging ?? false;
    const slipAway = actor?.slipAwayPaid ?? false;
    if (!raging && !slipAway) return {};
    return { stanceContext: { ...(raging ? { raging } : {}), ...(slipAway ? { slipAway } : {}) } };
  }

  /** One combatant's round fields, from the combat's GM-written flags (never the Combatant's own data). */
  zilchRoundOf(id: string): CombatantRound {
    return roundFromStored(id, storedOf(this.getFlag(SYSTEM_ID, "combatants"), id));
  }

  zilchSnapshot(): CombatSnapshot {
    const list = [...this.combatants];
    const state = this.zilchState;
    const secrets = secretsInUse(state, SECRETS.read(this.id!, state.secretsStamp));
    return {
      state,
      combatants: list.map((c) => this.zilchRoundOf(c.id!)),
      facts: list.map((c) => ZilchCombat.factsOf(c)),
      ...secrets,
    };
  }

  /** CD-19: the Closed round's hidden Closing die as this GM's client keeps it; null elsewhere. */
  zilchKeptClosing(): number | null {
    if (!game.user?.isGM) return null;
    const state = this.zilchState;
    return secretsInUse(state, SECRETS.read(this.id!, state.secretsStamp)).closing;
  }

  /** ST-1: the declared stances not yet shown, as this GM's client keeps them; none on any other client. */
  zilchKeptBallot(): StanceBallot {
    if (!game.user?.isGM) return {};
    const state = this.zilchState;
    return secretsInUse(state, SECRETS.read(this.id!, state.secretsStamp)).ballot;
  }

  /**
   * Writes the new state in one update of the combat's flags (round and combatants), keeps the
   * secrets on this client under the new stamp once the update is back, then posts the chat lines.
   */
  async zilchSave(before: CombatSnapshot, after: CombatSnapshot, log: readonly LogEntry[]): Promise<void> {
    // secrets.ts: one more than the stored stamp, so each save's stamp is new, yet it says nothing
    // beyond how many saves there were (public: a player's client holds the same whatever the secrets).
    const stamp = nextStamp(this.zilchState.secretsStamp ?? before.state.secretsStamp);
    const round: RoundState = { ...after.state, secretsStamp: stamp };
    // Foundry's round and turn move with Zilch's in the same update (turn-sync.ts). Before the first round
    // only the combatants' fields are stored (CB-3's awareness); the round is read from the settings.
    const fields = round.round > 0 ? { round } : {};
    const change = turnChange(this, after.state);
    const update = {
      flags: { [SYSTEM_ID]: { ...fields, combatants: storedMap(after.combatants) } },
      ...change,
    };
    // Core's round and turn hooks and world time, as its own nextRound/nextTurn give them (core-events.ts).
    const event = coreCombatEvent(this, change, CONFIG.time);
    if (event) callCombatHook(event.hook, this, update, event.options);
    await this.update(update, event?.options);
    SECRETS.write(this.id!, stamp, {
      ballot: after.ballot,
      bids: after.bids ?? {},
      spends: after.spends ?? {},
      closing: after.closing ?? null,
    });
    if (log.length > 0) await this.zilchPost(log);
  }

  /**
   * Choices made in secret that this client does not hold (another GM's machine held them)
   * are re-opened, and the table is told plainly what must be made again. Never decides for anyone.
   */
  async zilchRecoverSecrets(): Promise<CombatSnapshot> {
    const snapshot = this.zilchSnapshot();
    const lost = lostSecrets(snapshot.state, {
      ballot: snapshot.ballot,
      bids: snapshot.bids ?? {},
      spends: snapshot.spends ?? {},
      closing: snapshot.closing ?? null,
    });
    if (!anyLost(lost)) return snapshot;
    const recovered = { ...snapshot, state: withoutLost(snapshot.state, lost) };
    await this.zilchSave(snapshot, recovered, []);
    await this.zilchPostLost(lost);
    return this.zilchSnapshot();
  }

  /** At `ready` on the active GM's client: tell the table at once what a change of GM lost. */
  async zilchRecover(): Promise<void> {
    if (!isApplier() || zilchRoundNumber(this) === 0) return;
    await serially(`combat.${this.id}`, () => this.zilchRecoverSecrets());
  }

  private async zilchPostLost(lost: LostSecrets): Promise<void> {
    const names = (ids: readonly string[]) => ids.map((id) => this.combatants.get(id)?.name ?? "").join(", ");
    const lines = (
      [
        ["DeclarationsLost", lost.declarations],
        ["BidsLost", lost.bids],
        ["SpendsLost", lost.spends],
      ] as const
    )
      .filter(([, ids]) => ids.length > 0)
      .map(([key, ids]) => game.i18n.format(`ZILCH.Combat.Chat.${key}`, { names: names(ids) }));
    await ChatMessage.create({ content: await renderCombatLog(lines) });
  }

  /** The combat forgets its secrets with the combat. */
  zilchForgetSecrets(): void {
    SECRETS.forget(this.id!);
  }

  /**
   * The round's chat lines: those about a combatant the GM has hidden from the players go to the GMs
   * alone (a hidden combatant's name, stance or domino in public chat gives it away); the rest are
   * public, as before.
   */
  private async zilchPost(log: readonly LogEntry[]): Promise<void> {
    const hidden = (l: LogEntry) => this.combatants.get(String(l.data.id))?.hidden === true;
    const open = log.filter((l) => !hidden(l));
    const secret = log.filter(hidden);
    if (open.length > 0) await this.zilchPostLines(open, []);
    if (secret.length > 0) {
      const gms = (game.users?.filter((u) => u.isGM) ?? []).map((u) => u.id!);
      await this.zilchPostLines(secret, gms);
    }
  }

  private async zilchPostLines(log: readonly LogEntry[], whisper: readonly string[]): Promise<void> {
    const name = (id: unknown) => this.combatants.get(String(id))?.name ?? "";
    const lines = log.map((l) => {
      const text = game.i18n.format(
        `ZILCH.Combat.Chat.${l.key}`,
        asText({ ...l.data, name: name(l.data.id) }),
      );
      const extra =
        l.key === "DominoRevealed"
          ? ` ${l.data.greater}|${l.data.lesser}`
          : l.key === "HandRolled" || l.key === "Combined"
            ? `: ${l.data.dice}`
            : l.data.closing
              ? ` (${l.data.closing})`
              : "";
      return logLine(l.key, text + extra, (k) => game.i18n.localize(k));
    });
    // CD-19: the hands are public; as rolls on the message, Dice So Nice animates them. A message
    // stores each roll as its JSON string (the type package's ChatMessage `rolls` field validates a
    // `rollJson: string`), so the serialised hands go in as strings.
    const rolls = handsFromLog(log).flatMap((hand) => {
      const data = handRollData(hand);
      return data ? [JSON.stringify(data)] : [];
    });
    await ChatMessage.create({
      content: await renderCombatLog(lines),
      rolls,
      ...(whisper.length > 0 ? { whisper: [...whisper] } : {}),
    });
  }

  /** Validates and applies a request on the active GM's client (./apply-request.ts); the result says why it was refused. */
  zilchApply(asked: CombatRequest, user: User.Implementation | null): Promise<{ ok: true } | RefusedRequest> {
    return applyRequest(this, asked, user);
  }

  /**
   * CON-1 cases 1-2: the combatants' tokens on square grids as detection reads them, per scene (tokens
   * on different scenes never meet), each with its grid's measure (MV-2). Defeated combatants are left out.
   */
  zilchThreatScenes(): { tokens: ThreatToken[]; distance: GridDistance }[] {
    const scenes = new Map<string, { tokens: ThreatToken[]; distance: GridDistance }>();
    for (const c of this.combatants) {
      const token = c.token;
      const scene = token?.parent;
      const actor = c.actor;
      if (!token || !scene || !actor || c.defeated || scene.grid.type !== CONST.GRID_TYPES.SQUARE) continue;
      const grid = scene.grid;
      const key = scene.id ?? "";
      // MV-2: the scene grid's own diagonal rule measures the squares between two offsets.
      const group = scenes.get(key) ?? { tokens: [], distance: gridDistance(grid) };
      group.tokens.push({
        id: c.id!,
        ...footprintOf(token, grid),
        side: threatSide(token.disposition),
        ...meleeProfile(readyWeapons(actor)),
        canMeleeAttack: canMakeMeleeAttack(withHeld(c, creatureOf(actor)?.conditions ?? [])),
      });
      scenes.set(key, group);
    }
    return [...scenes.values()];
  }

  /**
   * CON-2, CON-3: at round start on the GM's client, with `threatAutoDetect` on, Threatened is added
   * to the creatures cases 1-2 of CON-1 hold for, and the automatic Threatened that no longer holds
   * is removed (all of it when the setting is off). A Threatened the GM set by hand stays; one the GM
   * cleared is not fought during the round, only re-detected at the next round start.
   */
  async zilchDetectThreats(): Promise<void> {
    if (!game.user?.isGM) return;
    try {
      const scenes = this.zilchThreatScenes();
      const detected = new Set<string>();
      if (scenes.length > 0 && getSetting("threatAutoDetect")) {
        for (const { tokens, distance } of scenes)
          for (const id of threatenedByPosition(tokens, distance)) detected.add(id);
      }
      const actors = new Map<string, { actor: ZilchActor; detected: boolean }>();
      for (const c of this.combatants) {
        const actor = c.actor;
        if (!actor) continue;
        const key = actor.uuid;
        const seen = actors.get(key);
        actors.set(key, { actor, detected: (seen?.detected ?? false) || detected.has(c.id!) });
      }
      const statuses: ThreatStatus[] = [...actors].map(([key, { actor, detected: holds }]) => {
        const applied = creatureOf(actor)?.appliedConditions ?? [];
        return {
          key,
          detected: holds,
          active: actor.statuses?.has("threatened") ?? false,
          automatic: applied.some((a) => a.condition === "threatened" && a.source === AUTO_THREAT_SOURCE),
        };
      });
      const { apply, clear } = threatChanges(statuses);
      for (const key of apply)
        await actors.get(key)!.actor.applyCondition("threatened", { kind: "indefinite" }, AUTO_THREAT_SOURCE);
      for (const key of clear) await actors.get(key)!.actor.setCondition("threatened", false);
    } catch (error) {
      console.error("Zilch | CON-3 Threatened detection failed", error);
    }
  }

  /**
   * Each creature once, with the first of its combatants that `which` picks: a creature with several
   * combatants (tokens of one actor) must not roll, gain or end its encounter twice.
   */
  private *zilchCreatures(
    which: (c: Combatant.Implementation) => boolean = () => true,
  ): Generator<{ combatant: Combatant.Implementation; actor: ZilchActor }> {
    const seen = new Set<string>();
    for (const combatant of this.combatants) {
      const actor = combatant.actor;
      if (!actor || seen.has(actor.uuid) || !which(combatant)) continue;
      seen.add(actor.uuid);
      yield { combatant, actor };
    }
  }

  /**
   * GW-2: roll the Grit die once per creature (a creature with several combatants rolls once) for
   * the combatants `which` picks, on the GM's client. Creatures Grit and Wounds does not apply to
   * (setting off, Enemies) are left alone by rollGritAtStart itself.
   */
  async zilchRollGrit(which: (c: Combatant.Implementation) => boolean): Promise<void> {
    if (!game.user?.isGM || !getSetting("gritWounds")) return;
    for (const { actor } of this.zilchCreatures(which)) {
      try {
        await rollGritAtStart(actor);
      } catch (error) {
        console.error(`Zilch | GW-2 Grit roll failed for ${actor.name}`, error);
      }
    }
  }

  /**
   * GW-8 at each round start: every creature gains Grit equal to its adrenaline (one line lists who
   * gained what). GW-2: after the surprise round, the surprised creatures roll their Grit die.
   * `before` is the snapshot of the round that just ended.
   */
  async zilchRoundStartGrit(before: CombatSnapshot): Promise<void> {
    if (!game.user?.isGM || !getSetting("gritWounds")) return;
    const lines: string[] = [];
    for (const { combatant: c, actor } of this.zilchCreatures()) {
      try {
        const gained = await gainAdrenalineGrit(actor);
        if (gained)
          lines.push(
            game.i18n.format("ZILCH.Combat.Chat.AdrenalineGrit", {
              name: c.name ?? actor.name ?? "",
              n: String(gained.gained),
              grit: String(gained.grit),
            }),
          );
      } catch (error) {
        console.error(`Zilch | GW-8 adrenaline failed for ${actor.name}`, error);
      }
    }
    if (lines.length > 0) await ChatMessage.create({ content: await renderCombatLog(lines) });
    // CB-3: only round 1 can be the surprise round, so this is the first round after it.
    if (!before.state.surprise || before.state.round !== 1) return;
    const surprised = new Set(before.combatants.filter((r) => !r.aware).map((r) => r.id));
    await this.zilchRollGrit((c) => surprised.has(c.id!));
  }

  /**
   * CB-4, CD-20, CON-5, OD-2: run a transition's turn and round hooks on the combatants' actors, on
   * the GM's client only. A failing actor is logged and the others still run.
   */
  async zilchRunHooks(hooks: readonly TurnHook[]): Promise<void> {
    if (!game.user?.isGM) return;
    for (const hook of hooks) {
      const combatant = this.combatants.get(hook.id);
      const actor = combatant?.actor;
      if (!actor) continue;
      try {
        if (hook.event) await actor.advanceConditions(hook.event);
        if (hook.event === "turnEnd") await slipAwayEnd(this, actor, hook.id);
        if (hook.tick) await this.zilchTick(actor, combatant?.name ?? actor.name ?? "");
        // OPT-2: a creature starting its turn within an enemy's fear area saves against it.
        if (hook.event === "turnStart") await fearAtTurnStart(this, hook.id);
        if (hook.event === "turnStart")
          await specialsAtTurnStart(this, hook.id, actor, combatant?.name ?? actor.name ?? "");
      } catch (error) {
        console.error(`Zilch | turn hook ${hook.event ?? "tick"} failed for ${actor.name}`, error);
      }
    }
  }

  /** OD-2: one Ongoing Damage test per active effect, rolled with Foundry Rolls, applied, and posted. */
  private async zilchTick(actor: ZilchActor, name: string): Promise<void> {
    const entries = actor.ongoingEntries();
    if (entries.length === 0) return;
    const rolls: Roll[] = [];
    const results: { key: string; dos: DegreeOfSuccess }[] = [];
    const tests = new Map<string, { roll: number; target: number; firstAid: boolean }>();
    for (const entry of entries) {
      // T-2: the test through the system's one path (lasting injuries, pending Effort and Pressure).
      const test = ongoingTickTest(actor, entry.effect);
      const { roll, target, dos } = await rollCreatureTest(actor, test, rolls);
      tests.set(entry.key, { roll, target, firstAid: test.firstAid });
      results.push({ key: entry.key, dos });
    }
    const applied = await actor.tickOngoing(results);
    const lines = applied.map((a) => {
      const test = tests.get(a.key)!;
      const line = ongoingTickLine(
        name,
        a.effect.tag,
        test.roll,
        test.target,
        results.find((r) => r.key === a.key)!.dos,
        a,
      );
      const format = (key: string, data: Record<string, unknown>) => game.i18n.format(key, asText(data));
      const data = {
        ...line.data,
        tag: game.i18n.localize(String(line.data.tag)),
        dos: game.i18n.localize(String(line.data.dos)),
      };
      const by = test.firstAid ? ` ${game.i18n.localize("ZILCH.Combat.Chat.OngoingFirstAid")}` : "";
      return `${format(line.key, data)}${by} ${format(line.outcome.key, line.outcome.data)}`;
    });
    await ChatMessage.create({ content: await renderCombatLog(lines), rolls });
  }

  /**
   * CB-5: the encounter ends with the combat. On the active GM's client, every combatant's creature
   * ends its "end of encounter" effects and gets its Rally back; remaining Ongoing Damage is left for
   * OD-5, which the chat line reminds the table of.
   */
  async zilchEndEncounter(): Promise<void> {
    const lines: string[] = [];
    for (const { combatant: c, actor } of this.zilchCreatures()) {
      try {
        await actor.endEncounter();
        if (this.id) await noteEncounterOver(actor, this.id);
        if (actor.ongoingEntries().length > 0) {
          lines.push(
            game.i18n.format("ZILCH.Combat.Chat.OngoingAfterCombat", { name: c.name ?? actor.name ?? "" }),
          );
        }
      } catch (error) {
        console.error(`Zilch | CB-5 end of encounter failed for ${actor.name}`, error);
      }
    }
    const all = [game.i18n.localize("ZILCH.Combat.Chat.EncounterEnded"), ...lines];
    await ChatMessage.create({ content: await renderCombatLog(all) });
  }

  protected override _onDelete(...args: Parameters<Combat["_onDelete"]>): void {
    super._onDelete(...args);
    if (!isApplier()) return;
    this.zilchForgetSecrets();
    if (zilchRoundNumber(this) === 0) return;
    this.zilchEndEncounter().catch((error: unknown) =>
      console.error("Zilch | CB-5 end of encounter failed", error),
    );
  }

  /**
   * CB-3, INI-3, INI-4, CON-2, GW-2: draw every combatant's tiebreak (and own d6), then deal round 1.
   * Only the client that applies requests deals it: any other (a GM's second tab, an Assistant GM)
   * asks that one, so the first round's secrets have one writer (src/requests/applier.ts).
   */
  override async startCombat(): Promise<this> {
    if (!isApplier()) {
      await requestCombatStart(this.id!);
      return this;
    }
    if (await serially(`combat.${this.id}`, () => this.zilchDealFirstRound())) await super.startCombat();
    // What core's startCombat writes in `turn` is unknown (FOUNDRY-FACTS §11.5): set it to Zilch's.
    await this.zilchSyncTurn();
    return this;
  }

  /** CB-3: false, dealing nothing, when a round runs (Begin Combat shows while a player's `round: 0` stands). */
  private async zilchDealFirstRound(): Promise<boolean> {
    if (zilchRoundNumber(this) > 0) return false;
    // CON-2: Threatened at the first round start is on the actors before the round opens declarations.
    await this.zilchDetectThreats();
    const settings = roundSettings();
    let rounds = [] as CombatantRound[];
    for (const c of this.combatants) {
      // CB-3, CD-2: what the GM set before the start (who is surprised, a pool modifier) is kept; a
      // combatant marked surprised with Alert may still notice in time.
      const { aware: marked, poolModifier } = this.zilchRoundOf(c.id!);
      const aware = marked || (await this.zilchAlertNotices(c));
      const fresh = newCombatantRound(c.id!, rounds, settings.randomizer, secretRollDie, aware);
      rounds = enterRound(rounds, { ...fresh, poolModifier });
    }
    const surprise = rounds.some((c) => !c.aware);
    const before = {
      ...this.zilchSnapshot(),
      state: createRound(settings, surprise, secretRollDie),
      combatants: rounds,
    };
    const started = dispatch(
      before,
      { kind: "nextRound", combatId: this.id! },
      { isGM: true, owns: () => true },
      secretRollDie,
    );
    if (!started.ok) throw new Error(`Zilch | the first round could not start: ${started.code}`);
    await this.zilchSave({ ...before, combatants: [] }, started.snapshot, started.log);
    // GW-2: the creatures that are not surprised roll Grit now; the surprised wait for round 2.
    const awareIds = new Set(rounds.filter((r) => r.aware).map((r) => r.id));
    await this.zilchRollGrit((c) => awareIds.has(c.id!));
    return true;
  }

  /**
   * CB-3: a combatant marked surprised that has Alert makes a Cunning test at combat start, rolled here
   * with Foundry Rolls and posted; on S or better it counts as aware. False without Alert.
   */
  private async zilchAlertNotices(c: Combatant.Implementation): Promise<boolean> {
    const actor = c.actor;
    if (!actor || !ZilchCombat.factsOf(c).alert) return false;
    const rolls: Roll[] = [];
    // T-2: the Cunning test through the system's one test path (lasting injuries count).
    const { roll, target, dos } = await rollCreatureTest(actor, { card: "cunning", save: false }, rolls);
    const aware = awareAtStart(false, dos);
    const text = game.i18n.format(
      aware ? "ZILCH.Combat.Chat.AlertAware" : "ZILCH.Combat.Chat.AlertSurprised",
      { name: c.name ?? "", roll: String(roll), target: String(target) },
    );
    await ChatMessage.create({ content: await renderCombatLog([text]), rolls });
    return aware;
  }

  /** On the active GM's client: Foundry's round and turn set to Zilch's where they differ. */
  async zilchSyncTurn(): Promise<void> {
    if (!isApplier()) return;
    const change = turnPutBack(this, this.zilchState);
    if (Object.keys(change).length > 0) await this.update(change);
  }

  /**
   * FOUNDRY-FACTS §2: a player may write `turn` and `round` itself (Nimble-Co/FoundryVTT-Nimble#853:
   * "turn-only fields"). The active GM puts both back to Zilch's (§3: `_onUpdate` runs on every client
   * with the requesting user's id), so turn markers, End Turn and `started` follow Zilch's own round.
   */
  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    super._onUpdate(...args);
    const [changed, , userId] = args;
    if (!("turn" in changed || "round" in changed) || userId === game.user?.id) return;
    this.zilchSyncTurn().catch((error: unknown) => console.error("Zilch | turn sync failed", error));
  }

  /** Zilch rounds are not stepped back (dominoes drawn, secrets spent): the core control does nothing. */
  override async previousRound(): Promise<this> {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Combat.Error.noStepBack"));
    return this;
  }

  override async previousTurn(): Promise<this> {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Combat.Error.noStepBack"));
    return this;
  }

  /**
   * INI-2, CD-2: Zilch's order comes from Spades cards and dominoes (or the countdown's dice), never
   * from Foundry's initiative formula, so core's Roll All, Roll NPCs and per-combatant rolls do nothing
   * (draw-steel and crucible remove them, FOUNDRY-FACTS §5; the tracker hides them too).
   */
  override async rollInitiative(): Promise<this> {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Combat.Error.noInitiativeRoll"));
    return this;
  }

  /**
   * CB-2 step 1, CD-1: the next round re-deals, re-declares and re-rolls, applied by the active GM
   * (a request from any other client). Foundry's round number moves with Zilch's in the save
   * (turn-sync.ts), so core's nextRound, which would add a second round, is not called; the save
   * announces the round and moves the world time as core's would (./combat/core-events.ts).
   */
  override async nextRound(): Promise<this> {
    await this.zilchAsk({ kind: "nextRound", combatId: this.id! });
    return this;
  }

  /**
   * CB-2 step 2 / CD-5: core's Next Turn (a GM) and End Turn (the current combatant's owner) as a
   * Zilch request to the active GM: the next Spades turn or countdown call, or the end of one's own
   * Spades turn (turn-sync.ts `endTurnRequest`). Foundry's `turn` follows in the GM's save.
   */
  override async nextTurn(): Promise<this> {
    const request = endTurnRequest(this.zilchState, this.id!, game.user?.isGM ?? false);
    if (request === null) ui.notifications?.warn(game.i18n.localize("ZILCH.Combat.Error.answerCall"));
    else await this.zilchAsk(request);
    return this;
  }

  /** Sends a round request through the one channel; a refusal is shown to this user. */
  private async zilchAsk(request: CombatRequest): Promise<boolean> {
    return requestCombat(request);
  }

  /** INI-6: a combatant added during a round gets its initiative, domino and hand at once. */
  async zilchJoin(combatant: Combatant.Implementation): Promise<void> {
    if (zilchRoundNumber(this) === 0) return;
    await serially(`combat.${this.id}`, () => this.zilchJoinNow(combatant));
  }

  /**
   * CB-1, CD-11: a countdown participant removed from the combat or marked defeated drops out of the
   * countdown at once, so its call never waits for a row nobody can answer. Active
   * GM only; nothing happens in Spades mode (a defeated or missing combatant is skipped there) or for
   * one already out.
   */
  async zilchDropOut(combatantId: string): Promise<void> {
    if (!isApplier() || zilchRoundNumber(this) === 0) return;
    await serially(`combat.${this.id}`, async () => {
      const before = this.zilchSnapshot();
      const log: LogEntry[] = [];
      // ST-1: the one still to declare may be the one who left; the others' stances are shown then.
      const after = showIfAllIn({ ...before, state: dropOut(before.state, combatantId) }, log, secretRollDie);
      if (after.state !== before.state) await this.zilchSave(before, after, log);
    });
  }

  /** CD-15: the Effort (+2) and Pressure (−2) pending on a combatant's next test or attack this round. */
  zilchPendingOnes(combatantId: string): { effort: number; pressure: number } {
    return pendingOnes(this.zilchState.countdown?.participants.find((p) => p.id === combatantId));
  }

  /**
   * CD-15: the test or attack that took a combatant's pending Effort and Pressure uses them up. Active
   * GM only (it writes the combat's flags), inside the combat's slot like every other round change.
   */
  async zilchUsePendingOnes(combatantId: string): Promise<void> {
    if (!isApplier()) return;
    await serially(`combat.${this.id}`, async () => {
      const before = this.zilchSnapshot();
      const countdown = before.state.countdown;
      if (!countdown) return;
      const next = consumeAllPending(countdown, combatantId);
      if (next !== countdown)
        await this.zilchSave(before, { ...before, state: { ...before.state, countdown: next } }, []);
    });
  }

  private async zilchJoinNow(combatant: Combatant.Implementation): Promise<void> {
    const all = this.zilchSnapshot();
    const others = {
      ...all,
      combatants: all.combatants.filter((c) => c.id !== combatant.id),
      facts: all.facts.filter((f) => f.id !== combatant.id),
    };
    const joined = joinOrRejoin(this, combatant, others, ZilchCombat.factsOf(combatant), secretRollDie);
    await this.zilchSave(all, { ...all, state: joined.state, combatants: joined.combatants }, []);
    // GW-2: a joiner rolls its Grit die as it enters, like the others at combat start; a creature
    // already in the fight through another of its tokens has rolled already.
    const uuid = combatant.actor?.uuid;
    const present = [...this.combatants].some((c) => c.id !== combatant.id && c.actor?.uuid === uuid);
    if (uuid !== undefined && !present) await this.zilchRollGrit((c) => c.id === combatant.id);
  }
}
