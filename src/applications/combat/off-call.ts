/**
 * What a row's owner may do while the row is not the one called: interrupt or challenge with a held
 * die (CD-13), keep an unkept die (CD-3), burn another die (CD-14), bid (CD-18 a), spend a die to lower
 * the Closing die (CD-18 c), or combine two dice to be called (CD-18 d).
 */
import { isUsable } from "../../rules/countdown/hand";
import type { CountdownParticipant } from "../../rules/countdown/types";
import { canCombine } from "../../rules/round/countdown-options";
import type { RoundState } from "../../rules/round/state";
import { control } from "./control";
import type { Control, LocalPicks, SecretPick, TurnInput, Viewer } from "./turn-types";

/** CD-13: a holder may interrupt after another's completed Act, or challenge during another's call. */
export function heldControls(state: RoundState, p: CountdownParticipant | null, id: string): Control[] {
  const cd = state.countdown;
  if (cd === null || p === null || p.held === null || cd.phase === "closed" || cd.current === id) return [];
  const out: Control[] = [];
  if (cd.current === null && cd.lastActor !== null && cd.lastActor !== id) {
    out.push(control("zilchInterrupt", "ZILCH.Combat.Interrupt", { id, die: p.held }, { die: p.held }));
  }
  if (cd.current !== null)
    out.push(control("zilchChallenge", "ZILCH.Combat.Challenge", { id, die: p.held }, { die: p.held }));
  return out;
}

/**
 * CD-3: before the first call, the owner of a pool over 8 may keep a die it rolled but did not keep
 * instead of its lowest kept one: one button per value (the GM's client picks the die it replaces).
 */
export function swapInControls(state: RoundState, p: CountdownParticipant | null, id: string): Control[] {
  const cd = state.countdown;
  if (cd === null || p === null || !p.active || cd.phase === "closed" || cd.calls.length > 0) return [];
  return [...new Set(p.unkept)].map((die) =>
    control("zilchSwapIn", "ZILCH.Combat.SwapIn", { id, die }, { die }),
  );
}

/**
 * CD-14: until the next call after a default Burn, the owner may burn another usable die instead: one
 * button per usable value other than the die that would come back.
 */
export function burnInsteadControls(p: CountdownParticipant | null, id: string): Control[] {
  const back = p?.burnedFrom?.[0];
  if (p === null || !p.active || back === undefined) return [];
  return [...new Set(p.hand.filter((d) => d > 1 && d !== back))].map((die) =>
    control("zilchBurnInstead", "ZILCH.Combat.BurnInstead", { id, die }, { die }),
  );
}

/**
 * CD-18 (a), (c): who answers for a row in a secret collection: a player for its own combatants, the
 * GM for those no player owns (a player's bid or spend is its own to make).
 */
function answersFor(viewer: Viewer, t: TurnInput): boolean {
  return viewer.isGM ? !t.facts.playerOwned : viewer.owns(t.id);
}

/** The distinct values of `dice`, highest first (one button per value is enough to choose a die). */
export const distinct = (dice: readonly number[]): number[] => [...new Set(dice)];

/** CD-18 (a): a bidder's usable dice as bid buttons, the one this viewer bid pressed while its bid is in. */
export function bidPick(
  state: RoundState,
  t: TurnInput,
  p: CountdownParticipant | null,
  bidders: readonly string[],
  viewer: Viewer,
  picks: LocalPicks,
): SecretPick | null {
  if (p === null || !bidders.includes(t.id)) return null;
  const bidIn = (state.bidders ?? []).includes(t.id);
  const mine = bidIn ? picks.bid?.[t.id] : undefined;
  const dice = answersFor(viewer, t)
    ? distinct(p.hand.filter(isUsable)).map((v) =>
        control("zilchBid", "ZILCH.Combat.BidN", { id: t.id, die: v }, { die: v, pressed: v === mine }),
      )
    : [];
  return { in: bidIn, dice };
}

/** CD-18 (c): a participant's dice as lowering spends (a 1 included), until it has spent one. */
export function loweringPick(
  state: RoundState,
  t: TurnInput,
  p: CountdownParticipant | null,
  due: readonly string[],
  viewer: Viewer,
): SecretPick | null {
  if (p === null || !due.includes(t.id)) return null;
  const spent = (state.lowered ?? []).includes(t.id);
  const dice =
    !spent && answersFor(viewer, t)
      ? distinct(p.hand).map((v) =>
          control("zilchLowerClosing", "ZILCH.Combat.LowerN", { id: t.id, die: v }, { die: v }),
        )
      : [];
  return { in: spent, dice };
}

/**
 * CD-18 (d) off-call: during Closing a participant whose dice are all below the Closing die is never
 * called, and combining is how it gets called, so its owner's idle row offers each distinct pair.
 */
export function combinePairs(state: RoundState, p: CountdownParticipant): Control[] {
  if (!canCombine(state, p.id)) return [];
  const values = [...p.hand].sort((a, b) => b - a);
  const seen = new Set<string>();
  const pairs: Control[] = [];
  values.forEach((first, i) => {
    for (const second of values.slice(i + 1)) {
      const key = `${first}+${second}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push(
        control(
          "zilchCombine",
          "ZILCH.Combat.CombineWith",
          { id: p.id, die: first, second },
          { die: first + second, detailData: { first, second } },
        ),
      );
    }
  });
  return pairs;
}
