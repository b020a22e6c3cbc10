/**
 * Declares the system's document flags to the type package, so `getFlag`/`setFlag` are checked.
 * The `FlagConfig` interface of "fvtt-types/configuration" is how modules typed against fvtt-types
 * declare theirs (e.g. a `Scene` scope in fvtt-syrin-control's and a `Token` scope in token-names'
 * type declarations). Stored values are read back through a validating reader, never trusted as typed.
 */
import type { MarginMark } from "../rules/round/margin";
import type { RageRecord } from "../rules/knacks";
import type { RoundState } from "../rules/round/state";
import type { StoredCombatants } from "../rules/round/stored";
import type { CardSeals } from "../requests/seal";
import type { StoredOpportunity } from "../documents/opportunity";
import type { MovedTally } from "../documents/defender-movement";
import type { Departure } from "../documents/combat/rejoin";
import type { OutOfTurnTally } from "../rules/round/out-of-turn";

declare module "fvtt-types/configuration" {
  /** The attack cards' seals (src/documents/attack/seals.ts), hidden, GM-written. */
  interface SettingConfig {
    "zilch.attackSeals": CardSeals;
  }

  interface FlagConfig {
    Actor: {
      zilch?: {
        /** OPT-1: the Expose and Reduce defence marks bought against this creature (ZilchActor#marginMarks). */
        marginMarks?: MarginMark[];
        /** KN-2: the creature's rage (ZilchActor#rage, readRage). */
        rage?: RageRecord;
        /** KN-2 Slip Away used: its Defenseless check is due at the end of the next turn (ZilchCombat). */
        slipAway?: boolean;
        /** HP-5: the one First Aid try to wake this creature since its last encounter (src/documents/first-aid.ts). */
        firstAidRevive?: { encounter: string; tried: boolean };
      };
    };
    Combat: {
      zilch?: {
        /** OPT-2: what each combatant has faced this encounter (src/documents/fear.ts, readFearRecord). */
        fear?: Record<string, unknown>;
        /** NPC-1: the round each creature's breath was last used (src/documents/breath.ts, readBreathRecord). */
        breath?: Record<string, unknown>;
        /** NPC-1: who is inside whom (src/documents/swallow.ts, readSwallowRecord). */
        swallowed?: unknown[];
        /** The round state, written only by the active GM (src/documents/combat/zilch-combat.ts). */
        round?: RoundState;
        /** Each combatant's round fields by id (src/rules/round/stored.ts): GM-written, not player-writable. */
        combatants?: StoredCombatants;
        /** GW-4: the open opportunity attacks by id (src/documents/opportunity.ts): GM-written. */
        opportunities?: Record<string, StoredOpportunity>;
        /** AT-4: each combatant's squares moved by hand in its own turn, by round (src/documents/defender-movement.ts): GM-written. */
        moved?: Record<string, MovedTally>;
        /** INI-6: the creatures that left this round, with their round fields (src/documents/combat/rejoin.ts): GM-written. */
        departed?: Departure[];
        /** AC-1, GW-4: each combatant's attacks outside its turn this round (src/documents/attack/out-of-turn.ts): GM-written. */
        outOfTurn?: Record<string, OutOfTurnTally>;
        /** CON-4: the limiting conditions a GM's hand gave each combatant (src/documents/combat/held-conditions.ts): GM-written. */
        heldConditions?: Record<string, unknown>;
      };
    };
  }
}

export {};
