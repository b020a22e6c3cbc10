import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MODELS } from "./models-setup";
import { attackScenes } from "../templates/attack-fixtures";
import { RECORD_LIMIT } from "../../src/data/chat/record";

/**
 * The attack card is a ChatMessage subtype whose `system` is the card's state and
 * step number, declared once, bounded and validated; cards stored in flags before it come in through
 * `migrateData`.
 */
const AttackCard = CHAT_MESSAGE_MODELS.attack;
type Source = Record<string, unknown>;
const build = (source: Source) => new AttackCard(source as never);

describe("the attack card model", () => {
  it("keeps every card the state machine makes, at every step, and reads it back as state", () => {
    for (const [name, state] of Object.entries(attackScenes())) {
      const card = build({ ...state, seq: 4 });
      expect(card.toState(), name).toMatchObject(structuredClone(state));
      expect(card.toObject().seq).toBe(4);
      // What the model stored is what it gives back: a second pass changes nothing.
      expect(build(card.toObject()).toObject(), name).toEqual(card.toObject());
    }
  });

  it("refuses a step the card does not have, a NaN or an unbounded number in a computed record", () => {
    const state = Object.values(attackScenes()).find((s) => s.result !== null)!;
    expect(() => build({ ...state, step: "teleport" })).toThrow(/step/);
    expect(() => build({ ...state, result: { ...state.result, attack: Number.NaN } })).toThrow(/result/);
    expect(() => build({ ...state, result: { ...state.result, attack: RECORD_LIMIT + 1 } })).toThrow(
      /result/,
    );
    expect(() => build({ ...state, defender: { ...state.defender, side: { spades: 1e9 } } })).toThrow(
      /defender\.side/,
    );
  });

  it("clamps stored counts into their bounds", () => {
    const state = Object.values(attackScenes())[0]!;
    const card = build({ ...state, seq: 123456, attacker: { ...state.attacker, chips: 999 } });
    expect(card.toObject().seq).toBe(9999);
    expect(card.toState().attacker.chips).toBe(40);
  });

  it("migrates a card stored in flags (flags.zilch.attack and attackSeq) to the subtype's shape", () => {
    const state = Object.values(attackScenes()).find((s) => s.step === "damage")!;
    // A development build's card: no Soak, reaction, margin, special or grapple yet, no named modifiers.
    const old: Source = structuredClone({ ...state });
    for (const key of ["soak", "reaction", "margin", "special", "grapple", "movement"]) delete old[key];
    const card = build({ attack: old, attackSeq: 3 });
    expect(card.toObject().seq).toBe(3);
    const migrated = card.toState();
    expect(migrated).toMatchObject({ step: "damage", result: state.result, attacker: state.attacker });
    expect(migrated).toMatchObject({
      soak: null,
      reaction: null,
      margin: null,
      special: null,
      grapple: null,
    });
    expect(migrated.defender.modifiers).toEqual([]);
    expect(Object.keys(card.toObject())).not.toContain("attack");
  });

  it("CD-15: a stored card without the reactive defence's answer reads as none; the answer is bounded", () => {
    const state = Object.values(attackScenes()).find((s) => s.step === "attacker")!;
    const old: Source = structuredClone({ ...state, seq: 2 });
    delete old.reactiveDefence;
    expect(build(old).toState().reactiveDefence).toBeNull();
    const asked = build({ ...state, seq: 2, step: "react", reactiveDefence: "offered" });
    expect(asked.toState()).toMatchObject({ step: "react", reactiveDefence: "offered" });
    // A card left waiting under the step's first name waits on the same step, its offer still open.
    const waiting = build({ ...state, seq: 2, step: "reactiveDefence", reactiveDefence: null });
    expect(waiting.toState()).toMatchObject({ step: "react", reactiveDefence: "offered" });
    expect(build({ ...state, seq: 2 }).toState().defender.ownTurn).toBe(false);
    expect(build({ ...state, seq: 3, reactiveDefence: "taken" }).toState().reactiveDefence).toBe("taken");
    expect(() => build({ ...state, reactiveDefence: "twice" })).toThrow(/reactiveDefence/);
  });
});
