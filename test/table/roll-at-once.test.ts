/**
 * "Roll and attack at once", a client setting: each person's own choice on their own device. With it on,
 * a plain click on the sheet's Attack declares the attack with the dialog's usual choices, and Shift
 * asks through the dialog instead; on every other client (its default, off) Shift-click is the fast one.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, cardOn, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import { firstTurnTo, startCombat, everyoneDeclares } from "./play";
import { ACTORS, Table, type Seat } from "./table";

const SETTING = "zilch.rollAtOnce";

async function table(): Promise<Table> {
  const t = await Table.open({ world: attackWorld(), seeds: { gm: 4 }, seats: ["gm", "alice", "bob"] });
  await startCombat(t);
  await everyoneDeclares(t);
  // AC-1: Ana's turn, so Alice's attack is hers to make.
  expect(await firstTurnTo(t, "ana")).toBe(true);
  return t;
}

/** `seat` clicks Attack on Ana's greatsword row of her sheet, with or without Shift, the orc targeted. */
async function clickAttack(t: Table, seat: Seat, shiftKey: boolean): Promise<void> {
  const client = t.client(seat);
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const row = { dataset: { itemId: SWORD } };
  const button = { closest: () => row };
  await client.run(() => {
    const sheet = {
      actor: client.actors.get(ACTORS.ana._id)!,
      isEditable: true,
      editMode: false,
      render() {},
    };
    return client.system.sheetActions.attackItem.call(sheet as never, { shiftKey } as never, button as never);
  });
  await t.settle();
}

describe("Roll and attack at once (a client setting)", () => {
  it("is registered for each device, shown to every user, off by default", async () => {
    const t = await table();
    expect(t.alice.settingConfigs.get(SETTING)).toMatchObject({ scope: "client", default: false });
    expect(t.alice.settingConfigs.get(SETTING)).toMatchObject({ config: true, restricted: false });
  });

  it("on Alice's device, a plain click on Attack attacks at once with the usual choices", async () => {
    const t = await table();
    t.alice.clientSettingValues.set(SETTING, true);
    await clickAttack(t, "alice", false);
    const card = stateOn(t.gm);
    expect(card?.declaration).toMatchObject({ mode: "melee" });
    expect(cardOn(t.bob)).toBeDefined();
    expect(t.server.refusals).toEqual([]);
  });

  it("on Alice's device, Shift-click opens the dialog instead, and nothing is declared before it answers", async () => {
    const t = await table();
    t.alice.clientSettingValues.set(SETTING, true);
    await expect(clickAttack(t, "alice", true)).rejects.toThrow(/DialogV2/);
    expect(cardOn(t.gm)).toBeUndefined();
  });

  it("is Alice's alone: on Bob's device (off), Shift-click is the fast one", async () => {
    const t = await table();
    t.alice.clientSettingValues.set(SETTING, true);
    await t.act("gm", async () => {
      await t.gm.actors.get(ACTORS.ana._id)!.update({ ownership: { [t.bob.userId]: 3 } });
    });
    await expect(clickAttack(t, "bob", false)).rejects.toThrow(/DialogV2/);
    expect(cardOn(t.gm)).toBeUndefined();
    await clickAttack(t, "bob", true);
    expect(stateOn(t.gm)?.declaration).toMatchObject({ mode: "melee" });
  });
});
