import { describe, expect, it } from "vitest";
import {
  planConditionAdvance,
  planHealedSources,
  toApplied,
  toStored,
  type StoredCondition,
} from "../../src/data/actor/effects";

const entry = (
  condition: StoredCondition["condition"],
  duration: StoredCondition["duration"],
  count = 0,
  source = "x",
): StoredCondition => ({
  condition,
  source,
  duration,
  count,
});

describe("stored condition durations (CON-5)", () => {
  it("round-trips every duration kind", () => {
    for (const d of [
      { kind: "rounds", rounds: 3 },
      { kind: "endOfNextTurn", turnEnds: 2 },
      { kind: "startOfNextTurn" },
      { kind: "endOfEncounter" },
      { kind: "untilHealed" },
      { kind: "indefinite" },
    ] as const) {
      const applied = { condition: "prone" as const, source: "s", duration: d };
      expect(toApplied(toStored(applied))).toEqual(applied);
    }
  });

  it("a count that has run out still lasts one more event rather than none", () => {
    expect(toApplied(entry("prone", "rounds", 0)).duration).toEqual({ kind: "rounds", rounds: 1 });
  });

  it("CB-4: start-of-turn effects end at turn start; end-of-turn ones wait for the turn end", () => {
    const stored = [entry("stunned", "startOfNextTurn"), entry("shaken", "endOfNextTurn", 1)];
    const active = new Set(["stunned", "shaken"]);
    const start = planConditionAdvance(stored, active, "turnStart");
    expect(start.remove).toEqual(["stunned"]);
    expect(start.records).toEqual([stored[1]]);
    expect(planConditionAdvance(start.records, active, "turnEnd").remove).toEqual(["shaken"]);
  });

  it("CB-5: the encounter's end ends rounds, turns and encounter durations, not healing or indefinite", () => {
    const stored = [
      entry("prone", "rounds", 5),
      entry("stunned", "endOfNextTurn", 2),
      entry("shaken", "endOfEncounter"),
      entry("blind", "untilHealed"),
      entry("deafened", "indefinite"),
    ];
    const plan = planConditionAdvance(stored, new Set(stored.map((s) => s.condition)), "encounterEnd");
    expect(plan.remove).toEqual(["prone", "stunned", "shaken"]);
    expect(plan.records.map((r) => r.condition)).toEqual(["blind", "deafened"]);
  });

  it("a condition held by a surviving entry is not removed; inactive statuses' entries are dropped", () => {
    const stored = [
      entry("prone", "rounds", 1, "a"),
      entry("prone", "indefinite", 0, "b"),
      entry("blind", "rounds", 3),
    ];
    const plan = planConditionAdvance(stored, new Set(["prone"]), "roundEnd");
    expect(plan.remove).toEqual([]);
    expect(plan.ended.map((e) => e.source)).toEqual(["a"]);
    expect(plan.records).toEqual([stored[1]]);
  });

  it("healing ends only the 'until healed' entries of the healed sources", () => {
    const stored = [
      entry("blind", "untilHealed", 0, "inj1"),
      entry("deafened", "untilHealed", 0, "inj2"),
      entry("shaken", "endOfEncounter", 0, "inj1"),
    ];
    const plan = planHealedSources(stored, new Set(["blind", "deafened", "shaken"]), new Set(["inj1"]));
    expect(plan.remove).toEqual(["blind"]);
    expect(plan.records.map((r) => r.condition).sort()).toEqual(["deafened", "shaken"]);
  });
});
