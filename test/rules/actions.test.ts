import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTION_KEYS,
  ACTIONS,
  actionKind,
  actionRefusal,
  canTwoWeaponFight,
  fitsBudget,
  turnBudget,
  twoWeaponSplit,
  type ActionKey,
  type TurnState,
} from "../../src/rules/actions";
import { stancePips } from "../../src/rules/stances";
import type { Condition, Stance } from "../../src/rules/vocabulary";

const turn = (
  taken: ActionKey[] = [],
  stance: Stance | null = "bold",
  conditions: Condition[] = [],
): TurnState => ({
  conditions,
  stance,
  taken,
});

/** Whether the whole sequence can be taken in one turn, each action checked in order. */
function sequenceLegal(actions: ActionKey[], base: Omit<TurnState, "taken">): boolean {
  const taken: ActionKey[] = [];
  for (const a of actions) {
    if (actionRefusal(a, { ...base, taken }) !== null) return false;
    taken.push(a);
  }
  return true;
}

describe("EX-AC-1", () => {
  it("a Hampered Fighter may Attack or Move, but not both", () => {
    const base = { conditions: ["hampered"] as Condition[], stance: "bold" as Stance };
    expect(sequenceLegal(["attack"], base)).toBe(true);
    expect(sequenceLegal(["move"], base)).toBe(true);
    expect(sequenceLegal(["attack", "move"], base)).toBe(false);
    expect(sequenceLegal(["move", "attack"], base)).toBe(false);
  });

  it("a Stunned Rogue may only Move", () => {
    const base = { conditions: ["stunned"] as Condition[], stance: "cautious" as Stance };
    expect(sequenceLegal(["move"], base)).toBe(true);
    expect(actionRefusal("attack", { ...base, taken: [] })).toBe("condition");
    expect(actionRefusal("shiftStance", { ...base, taken: [] })).toBe("condition");
    expect(sequenceLegal(["move", "move"], base)).toBe(false);
  });

  it("a Rogue in Bold with 5|2 may make 2WF with 2 + 3; in Cautious with 4|1 it cannot", () => {
    const bold = stancePips("bold", { greater: 5, lesser: 2 }).offense;
    expect(bold).toBe(5);
    expect(twoWeaponSplit(bold, 2)).toEqual([2, 3]);
    expect(actionRefusal("twoWeaponFighting", { ...turn(), twoWeaponPair: true, offense: bold })).toBeNull();
    const cautious = stancePips("cautious", { greater: 4, lesser: 1 }).offense;
    expect(cautious).toBe(1);
    expect(canTwoWeaponFight(cautious)).toBe(false);
    expect(actionRefusal("twoWeaponFighting", { ...turn(), twoWeaponPair: true, offense: cautious })).toBe(
      "twoWeaponPips",
    );
  });
});

describe("AC-1 turn budget", () => {
  const normal = turnBudget([]);
  it("one Full, or Standard + Minor, or two Minors", () => {
    expect(fitsBudget(normal, ["full"])).toBe(true);
    expect(fitsBudget(normal, ["standard", "minor"])).toBe(true);
    expect(fitsBudget(normal, ["minor", "minor"])).toBe(true);
    expect(fitsBudget(normal, ["standard", "standard"])).toBe(false);
    expect(fitsBudget(normal, ["full", "minor"])).toBe(false);
    expect(fitsBudget(normal, ["minor", "minor", "minor"])).toBe(false);
    expect(fitsBudget(normal, [])).toBe(true);
  });

  it("free actions do not count against it", () => {
    expect(
      sequenceLegal(["attack", "drawItem", "move", "speak", "dropItem"], { conditions: [], stance: "bold" }),
    ).toBe(true);
  });

  it("every catalogue entry has an AC-1 kind", () => {
    for (const a of ACTION_KEYS) expect(["full", "standard", "minor", "free"]).toContain(actionKind(a));
    expect(ACTIONS.twoWeaponFighting.kind).toBe("full");
    expect(ACTIONS.defend.kind).toBe("standard");
    expect(ACTIONS.shiftStance.kind).toBe("minor");
    expect(ACTIONS.step.kind).toBe("free");
  });

  it("property: whatever the conditions, a turn never holds more than a Full action's worth", () => {
    // A Full action is worth a Standard plus a Minor, and a Standard is worth more than a Minor.
    const weight = { full: 3, standard: 2, minor: 1, free: 0 } as const;
    fc.assert(
      fc.property(
        fc.subarray(["hampered", "stunned", "helpless", "prone", "slowed"] as Condition[]),
        fc.array(fc.constantFrom(...ACTION_KEYS), { maxLength: 6 }),
        fc.constantFrom<Stance>("reckless", "bold", "cautious", "guarded"),
        (conditions, attempts, stance) => {
          const taken: ActionKey[] = [];
          for (const a of attempts) {
            if (actionRefusal(a, { conditions, stance, taken, twoWeaponPair: true, offense: 4 }) === null)
              taken.push(a);
          }
          const total = taken.reduce((n, a) => n + weight[actionKind(a)], 0);
          expect(total).toBeLessThanOrEqual(3);
          expect(taken.filter((a) => actionKind(a) !== "free").length).toBeLessThanOrEqual(2);
          expect(taken.filter((a) => a === "step").length).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("AC-2 conditions that limit actions", () => {
  it("Hampered: one Standard, or one Minor, plus free actions", () => {
    const b = turnBudget(["hampered"]);
    expect(fitsBudget(b, ["standard"])).toBe(true);
    expect(fitsBudget(b, ["minor"])).toBe(true);
    expect(fitsBudget(b, ["full"])).toBe(false);
    expect(fitsBudget(b, ["minor", "minor"])).toBe(false);
    expect(actionRefusal("speak", turn(["attack"], "bold", ["hampered"]))).toBeNull();
  });

  it("Entangled brings Hampered (CON-4)", () => {
    expect(actionRefusal("move", turn(["attack"], "bold", ["grappled"]))).toBe("budget");
  });

  it("Terrified counts as Stunned, a single Move only, save CON-4's resist as a Standard action in its place", () => {
    const terrified = (taken: ActionKey[]) => turn(taken, "cautious", ["terrified"]);
    expect(actionRefusal("attack", terrified([]))).toBe("condition");
    expect(actionRefusal("move", terrified([]))).toBeNull();
    expect(actionRefusal("resistTerror", terrified([]))).toBeNull();
    expect(actionRefusal("resistTerror", terrified(["move"]))).toBe("budget");
    expect(actionRefusal("move", terrified(["resistTerror"]))).toBe("budget");
    expect(actionRefusal("resistTerror", turn([], "cautious", ["stunned"]))).toBe("condition");
    expect(actionRefusal("resistTerror", turn([], "bold", []))).toBe("notTerrified");
  });

  it("Helpless: purely mental actions only", () => {
    expect(actionRefusal("speak", turn([], "cautious", ["helpless"]))).toBeNull();
    expect(actionRefusal("move", turn([], "cautious", ["helpless"]))).toBe("condition");
    expect(actionRefusal("attack", turn([], "cautious", ["paralysed"]))).toBe("condition");
  });

  it("Unconscious: none at all", () => {
    for (const a of ACTION_KEYS) expect(actionRefusal(a, turn([], null, ["unconscious"]))).toBe("condition");
  });
});

describe("AC-3 Full actions", () => {
  it("2WF needs a Fighter or Rogue with a legal pair", () => {
    expect(actionRefusal("twoWeaponFighting", { ...turn(), twoWeaponPair: false, offense: 5 })).toBe(
      "twoWeaponNotAllowed",
    );
    expect(actionRefusal("twoWeaponFighting", { ...turn(), twoWeaponPair: true })).toBe("twoWeaponPips");
    expect(actionRefusal("twoWeaponFighting", { ...turn(["move"]), twoWeaponPair: true, offense: 3 })).toBe(
      "budget",
    );
  });

  it("2WF splits the pips with at least 1 each", () => {
    expect(twoWeaponSplit(2, 1)).toEqual([1, 1]);
    expect(twoWeaponSplit(5, 5)).toBeNull();
    expect(twoWeaponSplit(5, 0)).toBeNull();
    expect(twoWeaponSplit(5, 1.5)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.integer({ min: -2, max: 16 }), (offense, first) => {
        const split = twoWeaponSplit(offense, first);
        if (split) {
          expect(split[0] + split[1]).toBe(offense);
          expect(Math.min(...split)).toBeGreaterThanOrEqual(1);
        } else {
          expect(first < 1 || offense - first < 1).toBe(true);
        }
      }),
    );
  });

  it("Ready: Cautious only, Spades mode only", () => {
    expect(actionRefusal("ready", turn([], "cautious"))).toBeNull();
    expect(actionRefusal("ready", turn([], "bold"))).toBe("readyNeedsCautious");
    expect(actionRefusal("ready", { ...turn([], "cautious"), mode: "countdown" })).toBe("readyInCountdown");
  });
});

describe("AC-4 Charge", () => {
  it("needs Reckless and not Slowed", () => {
    expect(actionRefusal("charge", turn([], "reckless"))).toBeNull();
    expect(actionRefusal("charge", turn([], "bold"))).toBe("chargeNeedsReckless");
    expect(actionRefusal("charge", turn([], "reckless", ["slowed"]))).toBe("chargeWhileSlowed");
    expect(actionRefusal("charge", turn([], "reckless", ["blind"]))).toBe("chargeWhileSlowed");
    expect(actionRefusal("charge", turn([], "reckless", ["anchored"]))).toBe("anchored");
  });

  it("is the turn's movement: no Move before or after it, and no step", () => {
    expect(actionRefusal("charge", turn(["move"], "reckless"))).toBe("chargeAndMove");
    expect(actionRefusal("move", turn(["charge"], "reckless"))).toBe("chargeAndMove");
    expect(actionRefusal("charge", turn(["step"], "reckless"))).toBe("stepAndMove");
    expect(actionRefusal("step", turn(["charge"], "reckless"))).toBe("stepAndMove");
    expect(actionRefusal("manipulate", turn(["charge"], "reckless"))).toBeNull();
  });
});

describe("AC-5, AC-6 Minor and free actions", () => {
  it("Stand needs Prone", () => {
    expect(actionRefusal("stand", turn([], "bold", ["prone"]))).toBeNull();
    expect(actionRefusal("stand", turn())).toBe("notProne");
  });

  it("one 1-square step, only in a turn with no Move and no Charge", () => {
    expect(actionRefusal("step", turn(["attack"]))).toBeNull();
    expect(actionRefusal("step", turn(["step"]))).toBe("secondStep");
    expect(actionRefusal("step", turn(["move"]))).toBe("stepAndMove");
    expect(actionRefusal("move", turn(["step"]))).toBe("stepAndMove");
  });

  it("Anchored: no Move, Charge or step", () => {
    expect(actionRefusal("move", turn([], "bold", ["anchored"]))).toBe("anchored");
    expect(actionRefusal("step", turn([], "bold", ["anchored"]))).toBe("anchored");
  });

  it("a Prone creature may still Move (crawling)", () => {
    expect(actionRefusal("move", turn([], "bold", ["prone"]))).toBeNull();
  });
});

describe("ST-4 the Guarded obligation", () => {
  it("the Standard action must be Defend; a Minor is still allowed", () => {
    expect(actionRefusal("attack", turn([], "guarded"))).toBe("guardedMustDefend");
    expect(actionRefusal("ready", turn([], "guarded"))).toBe("readyNeedsCautious");
    expect(actionRefusal("retrieve", turn([], "guarded"))).toBe("guardedMustDefend");
    expect(actionRefusal("move", turn([], "guarded"))).toBeNull();
    expect(actionRefusal("move", turn(["move"], "guarded"))).toBe("guardedMustDefend");
    expect(actionRefusal("defend", turn(["move"], "guarded"))).toBeNull();
    expect(actionRefusal("move", turn(["defend"], "guarded"))).toBeNull();
    expect(actionRefusal("speak", turn(["move"], "guarded"))).toBeNull();
  });

  it("Hampered and Guarded: Defend is the whole budget", () => {
    expect(actionRefusal("move", turn([], "guarded", ["hampered"]))).toBe("guardedMustDefend");
    expect(actionRefusal("defend", turn([], "guarded", ["hampered"]))).toBeNull();
  });
});

describe("KN-2 knacks that change the turn", () => {
  it("Raging: no Ready and no Cast", () => {
    expect(actionRefusal("ready", { ...turn([], "cautious"), raging: true })).toBe("raging");
    expect(actionRefusal("cast", { ...turn([], "bold"), raging: true })).toBe("raging");
    expect(actionRefusal("cast", turn([], "bold"))).toBeNull();
    expect(actionRefusal("attack", { ...turn([], "bold"), raging: true })).toBeNull();
  });

  it("Spring Attack: Move, attack and Move again; the extra is a Move only", () => {
    const base = { conditions: [] as Condition[], stance: "bold" as Stance, springAttack: true };
    expect(sequenceLegal(["move", "attack", "move"], base)).toBe(true);
    expect(sequenceLegal(["move", "attack", "manipulate"], base)).toBe(true);
    expect(sequenceLegal(["move", "attack", "move", "move"], base)).toBe(false);
    expect(sequenceLegal(["manipulate", "attack", "shiftStance"], base)).toBe(false);
    expect(sequenceLegal(["move", "attack", "move"], { ...base, springAttack: false })).toBe(false);
  });

  it("Spring Attack gives a Stunned creature no second Move", () => {
    const base = { conditions: ["stunned"] as Condition[], stance: "cautious" as Stance, springAttack: true };
    expect(sequenceLegal(["move", "move"], base)).toBe(false);
  });
});
