import { describe, expect, it } from "vitest";
import {
  CARD_FOR_USE,
  cardForTest,
  cardLabel,
  eff,
  eff2,
  effectiveCards,
  effectiveValue,
  faceCard,
  inherentValue,
  perSuit,
  showsOneCard,
  type CardInputs,
} from "../../src/rules/suits";

const pc: CardInputs = {
  primary: { clubs: 8, spades: 7, diamonds: 6, hearts: 5 },
  secondary: { clubs: 6, spades: 9, diamonds: 7, hearts: 4 },
  race: { clubs: 1, diamonds: -1 },
  mods: { spades: 2 },
  drain: { hearts: 2, spades: 1 },
};

describe("SU-4 effective values", () => {
  it("add race and mods and subtract drain on both cards", () => {
    expect(eff(pc, "clubs")).toBe(9);
    expect(eff2(pc, "clubs")).toBe(7);
    expect(eff(pc, "spades")).toBe(8);
    expect(eff2(pc, "spades")).toBe(10);
    expect(eff(pc, "hearts")).toBe(3);
    expect(eff2(pc, "hearts")).toBe(2);
  });
  it("never go below 0", () => {
    expect(eff({ ...pc, drain: { hearts: 40 } }, "hearts")).toBe(0);
  });
  it("apply a secondary-only effect to the secondary alone", () => {
    const withSecondary = { ...pc, secondaryMods: { clubs: 3 } };
    expect(eff(withSecondary, "clubs")).toBe(9);
    expect(eff2(withSecondary, "clubs")).toBe(10);
  });
  it("SU-2: an NPC's secondary reads its primary", () => {
    const npc: CardInputs = { primary: { clubs: 7, spades: 6, diamonds: 3, hearts: 9 }, drain: { clubs: 1 } };
    expect(eff2(npc, "clubs")).toBe(6);
    expect(effectiveValue(npc, "hearts", "secondary")).toBe(9);
  });
  it("computes every card at once", () => {
    const all = effectiveCards(pc);
    expect(all.primary).toEqual({ clubs: 9, spades: 8, diamonds: 5, hearts: 3 });
    expect(all.secondary).toEqual({ clubs: 7, spades: 10, diamonds: 6, hearts: 2 });
  });
});

describe("SU-6 inherent values", () => {
  it("are base + race, ignoring drain and mods", () => {
    expect(inherentValue(pc, "diamonds", "secondary")).toBe(6);
    expect(inherentValue(pc, "spades")).toBe(7);
    expect(inherentValue(pc, "hearts")).toBe(5);
  });
});

describe("SU-3 face cards", () => {
  const letters = { jack: "J", queen: "Q", king: "K", ace: "A" };
  it("labels 11–14 with the face letter and every other value as a number", () => {
    expect([10, 11, 12, 13, 14, 15].map((v) => cardLabel(v, letters))).toEqual([
      "10",
      "J",
      "Q",
      "K",
      "A",
      "15",
    ]);
    expect(faceCard(1)).toBeNull();
    expect(faceCard(13)).toBe("king");
  });
});

describe("SU-2, SU-5 which card", () => {
  it("shows one card when primary and secondary agree", () => {
    const cards = effectiveCards({ primary: perSuit(6), secondary: { ...perSuit(6), clubs: 7 } });
    expect(showsOneCard(cards, "spades")).toBe(true);
    expect(showsOneCard(cards, "clubs")).toBe(false);
  });
  it("names the card each use reads", () => {
    expect(CARD_FOR_USE.attack).toEqual({ suit: "clubs", card: "primary" });
    expect(CARD_FOR_USE.cast).toEqual({ suit: "diamonds", card: "primary" });
    expect(CARD_FOR_USE.defence.suit).toBe("spades");
    expect(CARD_FOR_USE.strengthRequirement).toEqual({ suit: "clubs", card: "secondary" });
    expect(CARD_FOR_USE.talentMaximum).toEqual({ suit: "diamonds", card: "secondary" });
    expect(CARD_FOR_USE.hitPoints.suit).toBe("hearts");
  });
  it("a test that names only a suit reads the primary", () => {
    expect(cardForTest("hearts")).toEqual({ suit: "hearts", card: "primary" });
    expect(cardForTest("hearts", "secondary").card).toBe("secondary");
  });
});
