import { describe, expect, it } from "vitest";
import { dropDecision, isDuplicateSkill, itemUuidShape, macroItemOf, reorderSorts } from "../../src/applications/sheets/actor/drop";
import { chipTrack } from "../../src/applications/sheets/character/character-context";
import { evenRallySplit, rallyNeedsSplit, rallySplitFromForm, rallySplitRefusal, recoveryChipState, recoveryView } from "../../src/applications/sheets/play/recovery";
import type { ChipState } from "../../src/rules/recovery";
import { DEFAULT_REQUEST, requestFromForm, requestProblems, summarizeRequest, type RollFacts } from "../../src/rules/roll-request";
import {
  boonRefusal,
  contestBoonRefusal,
  contestCardContext,
  contestWithBoon,
  rolledContestContext,
  testCardContext,
  withBoon,
  type RolledContest,
} from "../../src/dice/chat-cards";
import { chipsAllowed, liveRollView } from "../../src/applications/dialogs/roll-dialog-context";

/** The sheets' pure decisions: drops, chip tracks, the roll request model and chat-card outcomes. */
const skill = (id: string, name: string, key: string | null) => ({ id, type: "skill", name, system: { key } });

describe("drop decisions (SK-1, RA-1)", () => {
  it("refuses a second copy of a skill but not of Language", () => {
    const owned = [skill("a", "Athletics", "athletics"), skill("b", "Language (Elvish)", "language")];
    expect(dropDecision("character", skill("", "Athletics", "athletics"), owned)).toEqual({ kind: "refuse", reason: "duplicateSkill" });
    expect(dropDecision("character", skill("", "Language (Dwarvish)", "language"), owned)).toEqual({ kind: "create" });
  });

  it("compares custom skills (no key) by name", () => {
    const owned = [skill("a", "Knowledge: Orcs", null)];
    expect(isDuplicateSkill(skill("", "knowledge: orcs ", null), owned)).toBe(true);
    expect(isDuplicateSkill(skill("", "Knowledge: Elves", null), owned)).toBe(false);
  });

  it("replaces the current race", () => {
    const owned = [{ id: "r1", type: "race", name: "Elf", system: {} }];
    expect(dropDecision("character", { type: "race", name: "Dwarf", system: {} }, owned)).toEqual({ kind: "replaceRace", replace: ["r1"] });
    expect(dropDecision("character", { type: "race", name: "Dwarf", system: {} }, [])).toEqual({ kind: "create" });
  });

  it("refuses a race on an NPC", () => {
    expect(dropDecision("npc", { type: "race", name: "Dwarf", system: {} }, [])).toEqual({ kind: "refuse", reason: "notAllowed" });
  });

  it("reorders by moving an item before its target and rewrites only changed sorts", () => {
    const siblings = [
      { id: "a", sort: 100_000 },
      { id: "b", sort: 200_000 },
      { id: "c", sort: 300_000 },
    ];
    expect(reorderSorts(siblings, "c", "a")).toEqual({ c: 100_000, a: 200_000, b: 300_000 });
    expect(reorderSorts(siblings, "a", "b")).toEqual({});
  });
});

describe("chip track (CH-2)", () => {
  it("shows exactly capacity chips and clicks set spend/restore values", () => {
    expect(chipTrack(3, 5).map((c) => [c.filled, c.target])).toEqual([
      [true, 0],
      [true, 1],
      [true, 2],
      [false, 4],
      [false, 5],
    ]);
  });
  it("never shows more chips than capacity, even when stored chips exceed it", () => {
    const track = chipTrack(9, 4);
    expect(track).toHaveLength(4);
    expect(track.every((c) => c.filled && c.target < 4)).toBe(true);
  });
});

describe("roll request (T-2, T-5, CH-7, TL-6, SK-5)", () => {
  const facts: RollFacts = {
    cards: { clubs: 6, spades: 8, diamonds: 6, hearts: 6, strength: 5, cunning: 7, knowledge: 7, charisma: 6 },
    skillBonus: 5,
    chips: { clubs: 2, spades: 0 },
    boons: 0,
    pips: { offense: 5, defense: 2 },
  };

  it("EX-T-5: ♣6, Bold 5|2, ♣ save at −2 with 1 chip: target 10", () => {
    const summary = summarizeRequest({ ...DEFAULT_REQUEST, card: "clubs", save: true, modifier: -2, chips: 1 }, facts);
    expect(summary.target).toBe(10);
    expect(summary.problems).toEqual([]);
  });

  it("EX-SK-1: Strength 5 with Athletics: target 10; targets 11 and 12 flag the plateau (T-4)", () => {
    expect(summarizeRequest({ ...DEFAULT_REQUEST, card: "strength", skill: true }, facts).target).toBe(10);
    expect(summarizeRequest({ ...DEFAULT_REQUEST, card: "strength", skill: true, modifier: 1 }, facts).plateau).toBe(true);
  });

  it("refuses chips on a test, on ♦/♥ saves, beyond those held, and a Boon without tokens", () => {
    expect(requestProblems({ ...DEFAULT_REQUEST, chips: 1 }, facts)).toEqual(["chipsNotOnSave"]);
    expect(requestProblems({ ...DEFAULT_REQUEST, card: "hearts", save: true, chips: 1 }, facts)).toEqual(["chipsWrongSuit"]);
    expect(requestProblems({ ...DEFAULT_REQUEST, save: true, chips: 3 }, facts)).toEqual(["notEnoughChips"]);
    expect(requestProblems({ ...DEFAULT_REQUEST, boon: true }, facts)).toEqual(["noBoon"]);
  });

  it("shows the B-1 chance, and 0 when untrained caps every success", () => {
    expect(summarizeRequest({ ...DEFAULT_REQUEST, card: "clubs" }, facts).chance).toBe(50);
    expect(summarizeRequest({ ...DEFAULT_REQUEST, card: "clubs", untrained: true }, facts).chance).toBe(0);
    expect(summarizeRequest({ ...DEFAULT_REQUEST, card: "clubs", difficulty: "easy", modifier: 3 }, facts).noRollNeeded).toBe(true);
  });

  it("reads form values and falls back to defaults on nonsense", () => {
    expect(requestFromForm({ card: "cunning", difficulty: "veryHard", modifier: "3", skill: "on", save: true, chips: "2", boon: false })).toEqual({
      card: "cunning",
      difficulty: "veryHard",
      modifier: 3,
      skill: true,
      save: true,
      chips: 2,
      boon: false,
      untrained: false,
      injuriesOff: [],
      swimming: false,
      raceBonus: false,
      raceSave: false,
    });
    expect(requestFromForm({ card: "jokers", difficulty: "impossible", modifier: "x" })).toEqual(DEFAULT_REQUEST);
  });
});

describe("chat cards (T-1, T-3, T-8, SK-5)", () => {
  it("EX-T-1: d12 12 + d8 3 against 9 is a 15, CF, with both dice shown", () => {
    const card = testCardContext({ actorName: "A", card: "clubs", dice: { d12: 12, d8: 3 }, target: 9 });
    expect([card.roll, card.dos, card.dice.length, card.dice[0]!.exploded]).toEqual([15, "CF", 2, true]);
  });

  it("SK-5 caps a success at F", () => {
    const card = testCardContext({ actorName: "A", card: "clubs", dice: { d12: 2 }, target: 9, untrained: true });
    expect([card.dos, card.capped, card.success]).toEqual(["F", true, false]);
  });

  it("EX-T-3: A (8) rolls 3, B (6) rolls 9: A wins by 5 points", () => {
    const card = contestCardContext({ actorName: "A", card: "clubs", dice: { d12: 3 }, target: 8 }, { actorName: "B", card: "clubs", dice: { d12: 9 }, target: 6 });
    expect([card.winner, card.pointsWonBy, card.winnerName]).toEqual(["a", 5, "A"]);
    // EX-T-3 (revised): 3 against 8 is CS (3 ≤ 8 − 5, T-3), margin 5; B's 9 against 6 is F, margin −3.
    expect(card.sides.map((side) => side.dos)).toEqual(["CS", "F"]);
  });

  it("EX-T-4: equal successful rolls are a draw; an untrained side's capped success cannot win", () => {
    const draw = contestCardContext({ actorName: "A", card: "clubs", dice: { d12: 6 }, target: 7 }, { actorName: "B", card: "clubs", dice: { d12: 6 }, target: 9 });
    expect(draw.winner).toBe("draw");
    const capped = contestCardContext({ actorName: "A", card: "clubs", dice: { d12: 2 }, target: 9, untrained: true }, { actorName: "B", card: "clubs", dice: { d12: 5 }, target: 6 });
    expect(capped.winner).toBe("b");
  });
});

describe("Boon from the chat card (TL-6, T-3)", () => {
  const rolled = { actorName: "A", card: "clubs" as const, dice: { d12: 9 }, target: 8 };

  it("adds +2 to the target with the same dice and reads the DoS again: a 9 against 8 fails, against 10 succeeds", () => {
    expect(testCardContext(rolled).success).toBe(false);
    const boosted = testCardContext(withBoon(rolled));
    expect([boosted.target, boosted.roll, boosted.success, boosted.boon, boosted.offersBoon]).toEqual([10, 9, true, true, false]);
  });

  it("refuses a second Boon on one action, a resolved card and an empty purse", () => {
    expect(boonRefusal(rolled, 1)).toBeNull();
    expect(boonRefusal(withBoon(rolled), 1)).toBe("alreadyBoon");
    expect(boonRefusal({ ...rolled, resolved: true }, 1)).toBe("resolved");
    expect(boonRefusal(rolled, 0)).toBe("noBoon");
  });

  it("keeps the untrained cap after a Boon (SK-5)", () => {
    const capped = testCardContext(withBoon({ ...rolled, untrained: true, dice: { d12: 2 } }));
    expect([capped.dos, capped.capped]).toEqual(["F", true]);
  });
});

describe("Boon on a contest card (TL-6, T-8, T-9)", () => {
  // A (8) rolls 9 and fails; B (6) rolls 10 and fails: a draw until someone's Boon changes it.
  const drawn: RolledContest = {
    a: { actorName: "A", card: "clubs", dice: { d12: 9 }, target: 8 },
    b: { actorName: "B", card: "spades", dice: { d12: 10 }, target: 6 },
  };

  it("A's Boon turns A's 9 against 10 into a success: A wins the contest decided again", () => {
    expect(rolledContestContext(drawn).winner).toBe("draw");
    const boosted = contestWithBoon(drawn, "a");
    expect([boosted.a.target, boosted.a.boon, boosted.b.target, boosted.b.boon]).toEqual([10, true, 6, undefined]);
    const card = rolledContestContext(boosted);
    expect([card.winner, card.winnerName, card.pointsWonBy]).toEqual(["a", "A", 5]);
    expect(card.sides.map((s) => s.offersBoon)).toEqual([false, true]);
  });

  it("both succeeding after B's Boon, the lower roll still wins (T-8 step 4)", () => {
    const rolled: RolledContest = {
      a: { actorName: "A", card: "clubs", dice: { d12: 4 }, target: 8 },
      b: { actorName: "B", card: "clubs", dice: { d12: 7 }, target: 6 },
    };
    expect(rolledContestContext(rolled).winner).toBe("a");
    const card = rolledContestContext(contestWithBoon(rolled, "b"));
    expect([card.sides[1]!.dos, card.winner, card.pointsWonBy]).toEqual(["S", "a", 3]);
  });

  it("an immediate contest stays immediate after a Boon: both failing is a re-roll (T-9)", () => {
    const immediate = { ...drawn, immediate: true };
    expect(rolledContestContext(immediate).winner).toBe("reroll");
    expect(rolledContestContext(contestWithBoon(immediate, "b")).winner).toBe("reroll");
    expect(rolledContestContext(contestWithBoon(immediate, "a")).winner).toBe("a");
  });

  it("one Boon per side, none once resolved, none from an empty purse", () => {
    expect(contestBoonRefusal(drawn, "a", 1)).toBeNull();
    const once = contestWithBoon(drawn, "a");
    expect(contestBoonRefusal(once, "a", 1)).toBe("alreadyBoon");
    expect(contestBoonRefusal(once, "b", 1)).toBeNull();
    expect(contestBoonRefusal({ ...drawn, resolved: true }, "b", 1)).toBe("resolved");
    expect(contestBoonRefusal(drawn, "b", 0)).toBe("noBoon");
    const both = contestWithBoon(once, "b");
    expect([rolledContestContext(both).offersBoon, rolledContestContext({ ...drawn, resolved: true }).offersBoon]).toEqual([false, false]);
  });

  it("a side's Boon from the dialog is already spent: the card offers only the other side's", () => {
    const card = contestCardContext({ ...drawn.a, boon: true, target: 10 }, drawn.b);
    expect(card.sides.map((s) => [s.boon, s.offersBoon])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});

describe("roll dialog live view (CH-7, T-2)", () => {
  const facts: RollFacts = {
    cards: { clubs: 6, spades: 8, diamonds: 6, hearts: 6, strength: 5, cunning: 7, knowledge: 7, charisma: 6 },
    skillBonus: 0,
    chips: { clubs: 2, spades: 4 },
    boons: 1,
    pips: null,
  };

  it("the chip limit follows the chosen card: ♣ and ♠ saves their own chips, tests and ♦/♥ none", () => {
    expect(chipsAllowed({ card: "clubs", save: true }, facts)).toBe(2);
    expect(chipsAllowed({ card: "cunning", save: true }, facts)).toBe(4);
    expect(chipsAllowed({ card: "spades", save: false }, facts)).toBe(0);
    expect(chipsAllowed({ card: "hearts", save: true }, facts)).toBe(0);
  });

  it("drops chips the new card cannot take and updates the target at once", () => {
    const onSpades = liveRollView({ ...DEFAULT_REQUEST, card: "spades", save: true, chips: 3 }, facts);
    expect([onSpades.chipsMax, onSpades.chips, onSpades.summary.target]).toEqual([4, 3, 11]);
    const toClubs = liveRollView({ ...DEFAULT_REQUEST, card: "clubs", save: true, chips: 3 }, facts);
    expect([toClubs.chipsMax, toClubs.chips, toClubs.summary.target, toClubs.problemKeys]).toEqual([2, 2, 8, []]);
    const toTest = liveRollView({ ...DEFAULT_REQUEST, card: "clubs", chips: 3, boon: true }, facts);
    expect([toTest.chipsMax, toTest.chips, toTest.summary.target]).toEqual([0, 0, 8]);
  });
});

describe("hotbar macros for items from a compendium or the sidebar", () => {
  const sword = { type: "weapon", name: "Longsword" };
  const brom = { items: { contents: [{ type: "skill", name: "Longsword" }, { type: "weapon", name: "Longsword", id: "w1" }] } };

  it("rolls an owned item itself, and an unowned one as the speaking actor's item of the same type and name", () => {
    const owned = { ...sword, actor: brom };
    expect(macroItemOf(owned, null)).toBe(owned);
    expect(macroItemOf(sword, brom)).toBe(brom.items.contents[1]);
  });

  it("finds nothing without a speaking actor or a matching item", () => {
    expect(macroItemOf(sword, null)).toBeNull();
    expect(macroItemOf({ type: "weapon", name: "Dagger" }, brom)).toBeNull();
  });
});

describe("hotbar macro UUIDs", () => {
  it("accepts world, embedded and compendium Item UUIDs", () => {
    expect(itemUuidShape("Item.abcdefghijklmnop")).toBe(true);
    expect(itemUuidShape("Actor.ABCDEFGHIJ123456.Item.abcdefghijklmnop")).toBe(true);
    expect(itemUuidShape("Compendium.zilch.weapons.Item.abcdefghijklmnop")).toBe(true);
    expect(itemUuidShape("Scene.ABCDEFGHIJ123456.Token.abcdefghijklmnop.Actor.ABCDEFGHIJ123456.Item.abcdefghijklmnop")).toBe(true);
  });

  it("refuses anything else, so fromUuid is never asked for a non-Item", () => {
    expect(itemUuidShape("Actor.ABCDEFGHIJ123456")).toBe(false);
    expect(itemUuidShape("Item.short")).toBe(false);
    expect(itemUuidShape("Scene.ABCDEFGHIJ123456.Token.abcdefghijklmnop")).toBe(false);
    expect(itemUuidShape("JournalEntry.ABCDEFGHIJ123456.Item.abcdefghijklmnop")).toBe(false);
    expect(itemUuidShape("")).toBe(false);
  });
});

describe("Rally split and recovery limits (REC-1, REC-2)", () => {
  const fighterRogue = (clubs: number, spades: number, capClubs = 5, capSpades = 4): ChipState => ({
    classes: ["fighter", "rogue"],
    chips: { clubs, spades, diamonds: 0, hearts: 0 },
    capacity: { clubs: capClubs, spades: capSpades, diamonds: 0, hearts: 6 },
  });

  it("EX-REC-3: an S at ♣ 1/5 and ♠ 0/4 offers one chip each; a CS deals the third to ♣", () => {
    expect(evenRallySplit("S", fighterRogue(1, 0))).toEqual({ clubs: 1, spades: 1 });
    expect(evenRallySplit("CS", fighterRogue(1, 0))).toEqual({ clubs: 2, spades: 1 });
    expect(rallySplitRefusal("S", fighterRogue(1, 0), { clubs: 1, spades: 1 })).toBeNull();
  });

  it("deals around a full suit and leaves out suits without room", () => {
    expect(evenRallySplit("CS", fighterRogue(4, 0))).toEqual({ clubs: 1, spades: 2 });
    expect(evenRallySplit("CS", fighterRogue(5, 1))).toEqual({ spades: 3 });
  });

  it("asks only when there is a choice: two suits with room, fewer chips than room, and a chip at all", () => {
    expect(rallyNeedsSplit("S", fighterRogue(1, 0))).toBe(true);
    expect(rallyNeedsSplit("CF", fighterRogue(1, 0))).toBe(false);
    expect(rallyNeedsSplit("CS", fighterRogue(5, 1))).toBe(false);
    expect(rallyNeedsSplit("CS", fighterRogue(4, 3))).toBe(false);
    expect(rallyNeedsSplit("S", { ...fighterRogue(0, 0), classes: ["fighter"] })).toBe(false);
  });

  it("refuses with the rule's codes, and a split that drops a chip with room", () => {
    const state = fighterRogue(1, 0);
    expect(rallySplitRefusal("S", state, { clubs: 2, spades: 1 })).toBe("overRegained");
    expect(rallySplitRefusal("CS", fighterRogue(4, 0), { clubs: 2, spades: 1 })).toBe("overRoom");
    expect(rallySplitRefusal("S", state, { clubs: Number.NaN, spades: 1 })).toBe("badAmount");
    expect(rallySplitRefusal("S", state, { diamonds: 1, spades: 1 })).toBe("notClassSuit");
    expect(rallySplitRefusal("S", state, { clubs: 1, spades: 0 })).toBe("chipsLeft");
    // Only 1 chip of room in all: placing it is enough.
    expect(rallySplitRefusal("CS", fighterRogue(5, 3), { spades: 1 })).toBeNull();
  });

  it("reads the dialog's form: blanks are 0, text stays a refusable number", () => {
    const state = fighterRogue(1, 0);
    expect(rallySplitFromForm({ clubs: "", spades: 2 }, state)).toEqual({ clubs: 0, spades: 2 });
    expect(rallySplitRefusal("S", state, rallySplitFromForm({ clubs: "x", spades: 1 }, state))).toBe("badAmount");
  });

  it("shows Rests left today and whether the Rally is spent", () => {
    expect(recoveryView({ rallyUsed: false, restsToday: 1 }, { rally: true, editable: true })).toMatchObject({ rallyUsed: false, restsLeft: 1, restsMax: 2, restDisabled: false, controls: true });
    expect(recoveryView({ rallyUsed: true, restsToday: 2 }, { rally: true, editable: false })).toMatchObject({ rallyUsed: true, restsLeft: 0, restDisabled: true, controls: false, rallyKey: "ZILCH.Recovery.RallyUsed" });
    expect(recoveryView(undefined, { rally: false, editable: true })).toMatchObject({ rally: false, restsLeft: 2 });
  });

  it("reads a prepared character's chips and capacity (♥ chips are HP, never Rally chips)", () => {
    const state = recoveryChipState({
      classList: ["fighter"],
      chips: { clubs: 2, spades: 0, diamonds: 0 },
      suits: { clubs: { capacity: 5 }, spades: { capacity: 0 }, diamonds: { capacity: 0 }, hearts: { capacity: 6 } },
    });
    expect(state).toEqual({ classes: ["fighter"], chips: { clubs: 2, spades: 0, diamonds: 0, hearts: 0 }, capacity: { clubs: 5, spades: 0, diamonds: 0, hearts: 6 } });
  });
});
