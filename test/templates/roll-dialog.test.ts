import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { ROLL_DIALOG_PARTS } from "../../src/applications/sheets/constants";
import { rollChoiceFromForm, rollSummaryContext } from "../../src/applications/dialogs/roll-dialog-context";
import { DEFAULT_REQUEST, summarizeRequest } from "../../src/rules/roll-request";

/**
 * Issue 11 point 4: the roll dialog's summary part is rebuilt from the form as it stands (the app
 * re-renders that part alone on change), and Roll resolves with the form read as the user's choice.
 */
const renderer = createRenderer();
const facts = {
  cards: { clubs: 11, spades: 8, diamonds: 6, hearts: 6, strength: 9, cunning: 7, knowledge: 7, charisma: 6 },
  skillBonus: 5,
  chips: { clubs: 3, spades: 4 },
  boons: 1,
  pips: null,
};

describe("roll dialog summary part", () => {
  it("follows the request: a harder difficulty lowers the target (T-2)", () => {
    const easy = rollSummaryContext({ ...DEFAULT_REQUEST, card: "clubs" }, facts);
    const hard = rollSummaryContext({ ...DEFAULT_REQUEST, card: "clubs", difficulty: "hard" }, facts);
    expect(hard.summary.target).toBeLessThan(easy.summary.target);
    expect(renderer.render(ROLL_DIALOG_PARTS.summary, hard)).toContain(`Target ${hard.summary.target}`);
  });

  it("counts only the chips the card allows (CH-7): a test commits none", () => {
    const request = { ...DEFAULT_REQUEST, card: "clubs" as const, chips: 3, save: false };
    expect(rollSummaryContext(request, facts).summary).toEqual(summarizeRequest({ ...request, chips: 0 }, facts));
  });
});

describe("roll dialog choice", () => {
  it("reads the form's values as the request, skill and contest", () => {
    const choice = rollChoiceFromForm({ card: "spades", difficulty: "hard", modifier: "2", skillId: "sk1", opponent: "Actor.abc", opponentCard: "cunning", opponentModifier: "-3" });
    expect(choice.request).toMatchObject({ card: "spades", difficulty: "hard", modifier: 2 });
    expect(choice).toMatchObject({ skillId: "sk1", opponent: "Actor.abc", opponentCard: "cunning", opponentModifier: -3 });
  });

  it("a blank skill and opponent are none, a bad modifier is 0", () => {
    const choice = rollChoiceFromForm({ card: "clubs", skillId: "", opponent: "", opponentModifier: "x" });
    expect(choice).toMatchObject({ skillId: undefined, opponent: "", opponentModifier: 0 });
  });
});
