/**
 * The one test roll (T-1): a d12, and on a 12 a d8 added to it. Every test, save, contest and wound
 * check rolls through `ZilchTestRoll.rollTest`, as real `Roll`s so Dice So Nice animates them (FOUNDRY-
 * FACTS §6). The class is registered in `CONFIG.Dice.rolls` (src/setup/dice.ts), as dnd5e registers
 * its own Roll subclasses (dnd5e release-5.1.10 dnd5e.mjs: `CONFIG.Dice.rolls = [BasicRoll, D20Roll,
 * DamageRoll]`), because a chat message rebuilds its stored rolls by their class name from that list
 * (foundryvtt/foundryvtt#7668: a subclass missing there comes back as a plain Roll).
 */
import { testRoll, type TestDice } from "../rules/tests";

/** T-1: the d12 every test rolls, and the d8 rolled only when the d12 shows 12. */
const D12 = "1d12";
const D8 = "1d8";

export class ZilchTestRoll extends Roll {
  /** T-1: is this the d8 a 12 on the d12 called for? */
  get isD8(): boolean {
    return this.formula === D8;
  }

  /** T-1: one test's dice, the d8 only after a 12, with the evaluated rolls for the chat message. */
  static async rollTest(): Promise<{ dice: TestDice; roll: number; rolls: ZilchTestRoll[] }> {
    const d12 = await new ZilchTestRoll(D12).evaluate();
    const first: TestDice = { d12: Number(d12.total) };
    // T-1: a 12 never stands; testRoll refuses a 12 without its d8, so the d8 is rolled exactly then.
    if (first.d12 !== 12) return { dice: first, roll: testRoll(first), rolls: [d12] };
    const d8 = await new ZilchTestRoll(D8).evaluate();
    const dice: TestDice = { d12: first.d12, d8: Number(d8.total) };
    return { dice, roll: testRoll(dice), rolls: [d12, d8] };
  }
}
