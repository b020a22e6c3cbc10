/**
 * The attack card at the table: a world whose combatants stand as tokens on one scene, Ana (Alice's)
 * with a weapon, and the steps of a card as each person clicks them — the player who attacks, the GM
 * for the orc's window and for the damage. Every request goes through the system's own entry points on
 * the clicking person's client (./system.ts): `startAttack` with the user's one target, and a card
 * control's request with the step number that client's copy of the card shows.
 */
import { expect } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import type { RequestResult } from "../../src/requests/channel";
import type { TableClient } from "./client";
import type { TableChatMessage } from "./documents";
import type { ActorData } from "./permissions";
import type { SceneData, WorldData } from "./server";
import { ACTORS, combatOf, defaultWorld, Table, USERS, type Seat, type TableOptions } from "./table";
import { everyoneDeclares, firstTurnTo, roundOn, startCombat } from "./play";

export const SCENE = "sceneTable000001";
export const SWORD = "itmSword00000001";
export const TOKENS = { ana: "tokAna000000001", bo: "tokBo0000000001", orc: "tokOrc000000001" } as const;
type ActorKey = keyof typeof TOKENS;

/** The default world, plus a scene with a linked token per actor (all three side by side) and Ana's sword. */
export function attackWorld(settings: Record<string, unknown> = {}): WorldData {
  const ana: ActorData = {
    ...ACTORS.ana,
    items: [
      {
        _id: SWORD,
        name: "Greatsword",
        type: "weapon",
        system: { category: "great", modes: { melee: true, thrown: false, launcher: false }, hands: 2 },
      },
    ],
  };
  const actors = [ana, ACTORS.bo, ACTORS.orc];
  const at = { ana: [100, 100], bo: [100, 200], orc: [200, 100] } as const;
  const scene: SceneData = {
    _id: SCENE,
    name: "Crossroads",
    active: true,
    grid: { size: 100 },
    tokens: (Object.keys(TOKENS) as ActorKey[]).map((key) => ({
      _id: TOKENS[key],
      name: ACTORS[key].name,
      actorId: ACTORS[key]._id,
      actorLink: true,
      x: at[key][0],
      y: at[key][1],
    })),
  };
  const combat = combatOf("combatTable00001", actors);
  for (const c of combat.combatants) {
    const key = (Object.keys(TOKENS) as ActorKey[]).find((k) => ACTORS[k]._id === c.actorId)!;
    Object.assign(c, { sceneId: SCENE, tokenId: TOKENS[key] });
  }
  return {
    ...defaultWorld(),
    actors,
    combats: [combat],
    scenes: [scene],
    // INJ-1: grievous injuries for enemies too, so Ana's hit on the orc can injure it. The rules
    // scenarios click each roll themselves (a table's "none"); the pace tests play the default.
    settings: { "zilch.injuriesForEnemies": true, "zilch.attackAutoRolls": "none", ...settings },
  };
}

/**
 * A table on the attack world (or `options.world`), the combat started and every stance shown as
 * `stance` (the attack comes next).
 */
export async function attackTable(
  options: TableOptions = {},
  stance: "bold" | "reckless" = "bold",
  firstTurn: "ana" | null = "ana",
): Promise<Table> {
  const table = await Table.open({ world: attackWorld(), ...options });
  await startCombat(table);
  await everyoneDeclares(table, stance);
  if (firstTurn && roundOn(table.gm)?.mode === "spades")
    expect(await firstTurnTo(table, firstTurn)).toBe(true);
  return table;
}

/** The newest attack card `client` holds: an `attack` message (src/data/chat/attack-card.ts). */
export function cardOn(client: TableClient): TableChatMessage | undefined {
  return client.run(() => [...client.messages.values()].filter((m) => m.type === "attack").at(-1));
}

/** What a card's `system` is on a client: the registered model, built by that client. */
type CardModel = { toState(): AttackState; toObject(): { seq: number } };

/** The card's state as `client` holds it. */
export function stateOn(client: TableClient): AttackState | undefined {
  return (cardOn(client)?.system as CardModel | undefined)?.toState();
}

/** The card's step number as `client` holds it. */
export function seqOn(client: TableClient): number | undefined {
  return (cardOn(client)?.system as CardModel | undefined)?.toObject().seq;
}

/** `seat` targets `actor`'s token on the canvas (User#targets) and attacks with Ana's sword. */
export async function attackWithSword(
  table: Table,
  seat: Seat,
  target: ActorKey,
  declaration: Record<string, unknown> = {},
): Promise<boolean> {
  const client = table.client(seat);
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[target])! });
  const result = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(SWORD) as never, {
      mode: "melee",
      aim: "chest",
      ...declaration,
    });
  });
  await table.settle();
  return result;
}

/** A second, inactive scene: the cellar, holding a linked token of the orc. */
export const CELLAR = "sceneCellar00001";

/** The attack world with the cellar beside the first scene, and the combat bound to `bound`. */
export function twoScenes(bound: string | null = SCENE): WorldData {
  const world = attackWorld();
  const cellar: SceneData = {
    _id: CELLAR,
    name: "Cellar",
    active: false,
    grid: { size: 100 },
    tokens: [{ _id: "tokOrcCellar0001", name: "Orc", actorId: ACTORS.orc._id, actorLink: true, x: 0, y: 0 }],
  };
  return {
    ...world,
    scenes: [...(world.scenes ?? []), cellar],
    combats: world.combats.map((c) => ({ ...c, scene: bound })),
  };
}

/** A step request as a card control sends it, from `seat`'s client, quoting its copy's step number. */
export async function clickStep(
  table: Table,
  seat: Seat,
  kind: string,
  extra: Record<string, unknown> = {},
  message: TableChatMessage | undefined = cardOn(table.client(seat)),
): Promise<RequestResult> {
  const client = table.client(seat);
  if (!message) throw new Error(`${seat} holds no attack card`);
  const result = await client.run(() =>
    client.system.askGM(client.system.attackStepRequest, {
      messageId: message.id,
      seq: client.system.cardSeq(message as never),
      kind,
      chips: 0,
      boon: false,
      ...extra,
    }),
  );
  await table.settle();
  return result;
}

/** Who clicks at each step of Ana's attack on the orc, and what: Alice for Ana, the GM for the orc. */
const CLICKS: Record<string, [Seat, string, (s: AttackState) => Record<string, unknown>]> = {
  // AT-5 step 1 (CD-15, GW-4): the orc (the GM's) does not react.
  react: ["gm", "reactiveDefence", () => ({ answer: "decline" })],
  attacker: ["alice", "commitAttacker", () => ({})],
  defender: ["gm", "commitDefender", () => ({})],
  margin: ["alice", "chooseMargin", () => ({ margin: [] })],
  damage: ["alice", "rollDamage", () => ({})],
  apply: ["gm", "applyDamage", () => ({})],
  wound: ["gm", "woundSave", () => ({})],
  injuryLocation: ["alice", "rollLocation", () => ({})],
  injuryShift: ["alice", "chooseLocation", (s) => ({ location: s.injury?.rolled?.location })],
  injuryEffect: ["alice", "rollEffect", () => ({})],
};

/** One card step as the table plays it: `[seat, kind, payload]` for the card's current step. */
export function nextClick(state: AttackState): [Seat, string, Record<string, unknown>] {
  const click = CLICKS[state.step];
  if (!click) throw new Error(`the scenario does not play step ${state.step}`);
  return [click[0], click[1], click[2](state)];
}

/**
 * AT-5, CH-7: closes the chip windows the card waits on, each with no chips and no Boon, by the person
 * whose window it is (Alice's for Ana's attack on the orc, unless `seats` says otherwise); the GM's
 * client has already closed any window with nothing to commit. Returns the windows clicked.
 */
export async function closeWindows(
  table: Table,
  seats: Readonly<Record<"attacker" | "defender", Seat>> = { attacker: "alice", defender: "gm" },
): Promise<string[]> {
  const clicked: string[] = [];
  for (let state = stateOn(table.gm); state?.step === "attacker" || state?.step === "defender";) {
    const kind = state.step === "attacker" ? "commitAttacker" : "commitDefender";
    expect(await clickStep(table, seats[state.step], kind), `${seats[state.step]} ${kind}`).toEqual({
      ok: true,
    });
    clicked.push(state.step);
    state = stateOn(table.gm);
  }
  return clicked;
}

/** Plays the card to its end; `after` runs after every step. Returns the steps played. */
export async function playCard(
  table: Table,
  after: (step: string) => Promise<void> = async () => undefined,
): Promise<string[]> {
  const steps: string[] = [];
  for (let n = 0; n < 20; n++) {
    const state = stateOn(table.gm);
    if (!state || state.step === "done") return steps;
    const [seat, kind, extra] = nextClick(state);
    expect(await clickStep(table, seat, kind, extra), `${seat} ${kind}`).toEqual({ ok: true });
    steps.push(state.step);
    await after(state.step);
  }
  throw new Error("the card never finished");
}

export { USERS };
