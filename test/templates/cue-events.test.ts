/**
 * Which cues a change raises (src/applications/combat/cue-events.ts), from what a client saw last to
 * what it sees now: each declaration, Spades turn, countdown call or card window newly due, once.
 */
import { describe, expect, it } from "vitest";
import { cueView, roundCues, windowCue } from "../../src/applications/combat/cue-events";
import type { AttackState } from "../../src/rules/attack/index";
import { trackerState } from "../support/tracker";

describe("round cues", () => {
  const { state, inputs } = trackerState(4, "spades", "declaring");
  const rounds = inputs.map((t) => t.round);

  it("at round start everyone still to declare is due; a declaration made is never cued again", () => {
    const now = cueView(state, rounds);
    expect(now.declareDue).toEqual(["c1", "c3"]);
    expect(roundCues(null, now)).toEqual([
      { kind: "declare", id: "c1" },
      { kind: "declare", id: "c3" },
    ]);
    const later = cueView({ ...state, declared: [...state.declared, "c1"] }, rounds);
    expect(roundCues(now, later)).toEqual([]);
  });

  it("a declaration re-opened (a change of GM machine lost it) is cued again", () => {
    const now = cueView(state, rounds);
    const reopened = cueView({ ...state, declared: state.declared.filter((id) => id !== "c0") }, rounds);
    expect(roundCues(now, reopened)).toEqual([{ kind: "declare", id: "c0" }]);
  });

  it("a Spades turn is cued once when it begins, and again in the next round", () => {
    const shown = { ...state, stancesShown: true };
    const stanced = rounds.map((c) => ({ ...c, stance: "bold" as const }));
    const idle = cueView(shown, stanced);
    const turn = cueView({ ...shown, current: "c2" }, stanced);
    expect(roundCues(idle, turn)).toEqual([{ kind: "turn", id: "c2" }]);
    expect(roundCues(turn, turn)).toEqual([]);
    const next = cueView({ ...shown, round: shown.round + 1, current: "c2" }, stanced);
    expect(roundCues(turn, next)).toContainEqual({ kind: "turn", id: "c2" });
  });

  it("a countdown call is cued at each call, the same participant called twice included", () => {
    const { state: cd, inputs: cdInputs } = trackerState(4, "countdown", "revealed");
    const cdRounds = cdInputs.map((t) => t.round);
    const called = cd.countdown!.current!;
    const first = cueView(cd, cdRounds);
    expect(roundCues({ ...first, call: null }, first)).toEqual([{ kind: "call", id: called }]);
    const again = cueView(
      { ...cd, countdown: { ...cd.countdown!, calls: [...cd.countdown!.calls, called] } },
      cdRounds,
    );
    expect(roundCues(first, again)).toEqual([{ kind: "call", id: called }]);
  });
});

describe("attack card window cues", () => {
  const card = (step: AttackState["step"]) => ({ step }) as AttackState;

  it("a window newly waiting names its side; the same step seen again, or another step, does not", () => {
    expect(windowCue(null, card("attacker"))).toBe("attacker");
    expect(windowCue("attacker", card("defender"))).toBe("defender");
    expect(windowCue("defender", card("defender"))).toBeNull();
    expect(windowCue(null, card("react"))).toBe("defender");
    expect(windowCue("defender", card("damage"))).toBeNull();
  });
});
