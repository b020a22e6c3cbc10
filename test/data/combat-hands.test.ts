import { describe, expect, it } from "vitest";
import { handRollData, handsFromLog } from "../../src/documents/combat/hand-rolls";
import type { LogEntry } from "../../src/rules/round/dispatch-words";

describe("CD-1, CD-19: countdown hands as chat rolls for Dice So Nice", () => {
  it("turns a hand into an evaluated Nd6 roll with exactly those results and their total", () => {
    const data = handRollData([5, 3, 1]);
    expect(data?.formula).toBe("3d6");
    expect(data?.terms[0].results.map((r) => r.result)).toEqual([5, 3, 1]);
    expect(data?.terms[0]).toMatchObject({ class: "Die", number: 3, faces: 6, evaluated: true });
    expect(data?.total).toBe(9);
    expect(data?.evaluated).toBe(true);
  });

  it("has no roll for an empty hand and refuses a face a d6 cannot show", () => {
    expect(handRollData([])).toBeNull();
    expect(() => handRollData([7])).toThrow(RangeError);
  });

  it("reads the hands from the round-start log, and nothing else", () => {
    const log: LogEntry[] = [
      { key: "RoundStarted", data: { round: 2 } },
      { key: "HandRolled", data: { id: "P1", dice: "6, 4, 4, 1" } },
      { key: "HandRolled", data: { id: "P2", dice: "2" } },
      { key: "DominoRevealed", data: { id: "P1", greater: 5, lesser: 2 } },
    ];
    expect(handsFromLog(log)).toEqual([[6, 4, 4, 1], [2]]);
  });
});
