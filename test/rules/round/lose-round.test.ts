import { describe, expect, it } from "vitest";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import type { RoundSettings } from "../../../src/rules/round/state";
import {
  applied as ok,
  COUNTDOWN,
  EX_CD_3,
  EX_INI_1,
  GM_REQUESTER as GM,
  roundOne,
  scriptedDice,
  SPADES,
} from "../../support/combat";

/** INJ-7 "lose the rest of this round's actions", applied to the round through the GM's dispatch. */

function started(settings: RoundSettings, facts: typeof EX_INI_1, dice = scriptedDice()): CombatSnapshot {
  return roundOne(settings, facts, dice);
}

describe("INJ-7: a killing injury's loss of the rest of the round's actions", () => {
  it("Spades mode: the victim's turn counts as taken, so the next turn skips it", () => {
    const dice = scriptedDice();
    let s = started(SPADES, EX_INI_1, dice);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, dice));
    expect(s.state.order).toEqual(["ana", "bo", "orc"]);
    s = ok(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, dice));
    expect(s.state.current).toBe("ana");
    const log: LogEntry[] = [];
    s = ok(dispatch(s, { kind: "loseRoundActions", combatId: "x", combatantId: "bo" }, GM, dice), log);
    expect(log).toEqual([{ key: "LostRoundActions", data: { id: "bo" } }]);
    expect(s.combatants.find((c) => c.id === "bo")?.turnTaken).toBe(true);
    s = ok(dispatch(s, { kind: "nextCall", combatId: "x" }, GM, dice));
    expect(s.state.current).toBe("orc");
  });

  it("countdown mode: the hand is discarded (CD-20) and, its holder left with nothing, the round turns Closing (CD-11)", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    let s = started(COUNTDOWN, EX_CD_3.facts, dice);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, dice));
    expect(s.state.countdown?.phase).toBe("countdown");
    const log: LogEntry[] = [];
    s = ok(dispatch(s, { kind: "loseRoundActions", combatId: "x", combatantId: "M4" }, GM, dice), log);
    const m4 = s.state.countdown!.participants.find((p) => p.id === "M4")!;
    expect(m4.hand).toEqual([]);
    expect(s.state.countdown?.phase).toBe("closing");
    expect(log.map((l) => l.key)).toEqual(["LostRoundActions", "ClosingBegan"]);
    // The others keep their dice.
    expect(s.state.countdown!.participants.find((p) => p.id === "P1")!.hand).toEqual([6, 5, 2, 2, 1, 1]);
  });

  it("is the GM's to apply: a player, even the victim's owner, is refused", () => {
    const dice = scriptedDice();
    const s = started(SPADES, EX_INI_1, dice);
    const asked = dispatch(
      s,
      { kind: "loseRoundActions", combatId: "x", combatantId: "ana" },
      { isGM: false, owns: (id) => id === "ana" },
      dice,
    );
    expect(asked).toEqual({ ok: false, code: "gmOnly" });
  });

  it("refuses an unknown combatant and changes nothing", () => {
    const dice = scriptedDice();
    const s = started(SPADES, EX_INI_1, dice);
    expect(dispatch(s, { kind: "loseRoundActions", combatId: "x", combatantId: "nobody" }, GM, dice)).toEqual(
      { ok: false, code: "unknownCombatant" },
    );
  });
});
