/**
 * The live batch, run by a GM from Quench's window in a throwaway world with a
 * scene open. It creates two characters and an orc with tokens on the viewed scene, plays one Spades
 * round and one countdown round through the same request path as the tracker, declares one attack
 * against the orc's unlinked token, and deletes everything it made and restores the settings it
 * changed. It checks what only a real v13 world can show: Foundry's `turn` following Zilch's
 * (turn-sync.ts), round numbers, and the attack card landing on the token's own actor.
 */
import type { MochaHookContext, QuenchBatchContext } from "../types/quench";
import type { ZilchCombat } from "../documents/combat/zilch-combat";
import type { CombatRequest } from "../rules/round/authority";
import { handleAttackDeclare } from "../applications/combat/attack-flow";
import { cardState } from "../documents/attack/card";
import { isApplier } from "../requests/applier";
import { getSetting, SYSTEM_ID } from "../data/settings";
import {
  countdownRequest,
  SETUP_TIMEOUT_MS,
  STEP_TIMEOUT_MS,
  tokenPlaces,
  turnAgrees,
  watchDeprecations,
} from "./scenario";

/** Everything the batch made, deleted in `after`. */
interface Made {
  actors: Actor.Implementation[];
  tokens: TokenDocument.Implementation[];
  combats: ZilchCombat[];
  messages: string[];
}

/** Applies a request as the GM, the way the channel applies it on the active GM's client. */
async function apply(combat: ZilchCombat, request: CombatRequest): Promise<boolean> {
  const result = await combat.zilchApply(request, game.user!);
  return result.ok;
}

/** A combat of the made tokens on the scene, started (round 1 dealt). */
async function startedCombat(scene: Scene.Implementation, made: Made): Promise<ZilchCombat> {
  const combat = (await Combat.create({ scene: scene.id })) as ZilchCombat | undefined;
  if (!combat) throw new Error("the combat could not be created");
  made.combats.push(combat);
  await combat.createEmbeddedDocuments(
    "Combatant",
    made.tokens.map((t) => ({ tokenId: t.id, sceneId: scene.id, actorId: t.actorId })),
  );
  await combat.startCombat();
  return combat;
}

/** ST-1: every combatant declares Cautious, so the stances are shown. */
async function declareAll(combat: ZilchCombat): Promise<void> {
  for (const c of combat.combatants)
    await apply(combat, {
      kind: "declareStance",
      combatId: combat.id!,
      combatantId: c.id!,
      stance: "cautious",
    });
}

async function makeTable(made: Made): Promise<Scene.Implementation> {
  const scene = game.scenes?.viewed;
  if (!scene) throw new Error("open a scene first: the batch places three tokens on the viewed scene");
  const specs = [
    { name: "Quench Ana", type: "character" },
    { name: "Quench Bo", type: "character" },
    { name: "Quench Orc", type: "npc" },
  ] as const;
  const places = tokenPlaces(scene.grid.size);
  for (const [i, spec] of specs.entries()) {
    const actor = await Actor.create({ name: spec.name, type: spec.type });
    if (!actor) throw new Error(`${spec.name} could not be created`);
    made.actors.push(actor);
    // Ana attacks with a weapon in her hands (EQ-1 slot); the item goes with the actor.
    if (i === 0)
      await actor.createEmbeddedDocuments("Item", [
        { name: "Quench mace", type: "weapon", system: { slot: "hands" } },
      ]);
    const token = await actor.getTokenDocument(places[i]);
    const placed = (await scene.createEmbeddedDocuments("Token", [token.toObject()]))?.[0];
    if (placed) made.tokens.push(placed);
  }
  return scene;
}

/** What the batch made (deleted afterwards) and the scene it plays on, once `before` has run. */
interface LiveTable {
  made: Made;
  scene: () => Scene.Implementation;
}

/** Turns in Spades order: Foundry's turn and round follow Zilch's. */
function spadesRoundTests(context: QuenchBatchContext, table: LiveTable): void {
  const { describe, it, assert } = context;
  const { made } = table;
  describe("a Spades round", () => {
    it("turns follow the Spades order, Foundry's turn and round with them", async () => {
      await game.settings.set(SYSTEM_ID, "initiativeMode", "spades");
      const combat = await startedCombat(table.scene(), made);
      assert.equal(combat.round, 1, "Foundry's round is Zilch's first round");
      assert.isNull(combat.turn, "nobody acts while stances are declared");
      await declareAll(combat);
      assert.ok(combat.zilchState.stancesShown, "all declared, so the stances are shown");
      for (let turns = 0; turns < 3; turns += 1) {
        await apply(combat, { kind: "nextCall", combatId: combat.id! });
        assert.ok(
          turnAgrees(combat, combat.zilchState),
          `turn ${turns + 1}: Foundry's current combatant is Zilch's`,
        );
      }
      await apply(combat, { kind: "nextCall", combatId: combat.id! });
      assert.isNull(combat.zilchState.current, "after the last turn nobody acts");
      assert.ok(await apply(combat, { kind: "nextRound", combatId: combat.id! }), "the next round starts");
      assert.equal(combat.round, 2, "Foundry's round moved with Zilch's, once");
    }).timeout(STEP_TIMEOUT_MS);
  });
}

/** A countdown round played to its close. */
function countdownRoundTests(context: QuenchBatchContext, table: LiveTable): void {
  const { describe, it, assert } = context;
  const { made } = table;
  describe("a countdown round", () => {
    it("calls follow the countdown until the round closes, Foundry's turn with them", async () => {
      await game.settings.set(SYSTEM_ID, "initiativeMode", "countdown");
      const combat = await startedCombat(table.scene(), made);
      await declareAll(combat);
      let steps = 0;
      for (let asked = countdownRequest(combat.zilchState, combat.id!); asked && steps < 80; steps += 1) {
        assert.ok(await apply(combat, asked), `step ${steps + 1}: the GM's ${asked.kind} is applied`);
        assert.ok(turnAgrees(combat, combat.zilchState), `step ${steps + 1}: Foundry's turn is Zilch's`);
        asked = countdownRequest(combat.zilchState, combat.id!);
      }
      assert.ok(steps < 80, "the countdown round closes");
    }).timeout(STEP_TIMEOUT_MS);
  });
}

/** An attack on an unlinked token lands on that token's own actor. */
function attackTests(context: QuenchBatchContext, table: LiveTable): void {
  const { describe, it, assert } = context;
  const { made } = table;
  describe("an attack", () => {
    it("a declared attack on the orc's unlinked token lands on that token's own actor", async () => {
      const [attacker] = made.actors;
      const orcToken = made.tokens[2];
      const weapon = attacker?.items.find((i) => (i.type as string) === "weapon");
      if (!attacker || !orcToken || !weapon) throw new Error("the table was not set up");
      const before = new Set(game.messages?.map((m) => m.id));
      const result = await handleAttackDeclare(
        {
          attackerUuid: attacker.uuid,
          itemId: weapon.id!,
          targetTokenUuid: orcToken.uuid,
          declaration: { mode: "melee" },
        },
        game.user!,
      );
      const card = game.messages?.find((m) => !before.has(m.id));
      if (card) made.messages.push(card.id!);
      assert.ok(result.ok, result.ok ? "declared" : `refused: ${result.code}`);
      // The card's state is the message's `system` (the attack subtype), read as the system reads it.
      const state = card ? cardState(card) : undefined;
      assert.equal(state?.defender.actorId, orcToken.actor?.uuid, "the defender is the token's own actor");
    }).timeout(STEP_TIMEOUT_MS);
  });
}

export function liveTableBatch(context: QuenchBatchContext): void {
  const { before, after } = context;
  const made: Made = { actors: [], tokens: [], combats: [], messages: [] };
  const mode = getSetting("initiativeMode");
  let scene: Scene.Implementation | undefined;
  const table: LiveTable = {
    made,
    scene: () => {
      if (!scene) throw new Error("the table was not set up");
      return scene;
    },
  };

  let deprecations: ReturnType<typeof watchDeprecations> | undefined;
  let deprecated: string[] = [];
  before(async function (this: MochaHookContext) {
    this.timeout(SETUP_TIMEOUT_MS);
    // Only the GM tab that applies requests may play the round (src/requests/applier.ts).
    if (!isApplier()) throw new Error("run this batch as the active GM, in the tab that leads");
    deprecations = watchDeprecations(console);
    scene = await makeTable(made);
  });
  after(async function (this: MochaHookContext) {
    this.timeout(SETUP_TIMEOUT_MS);
    deprecated = deprecations?.stop() ?? deprecated;
    await game.settings.set(SYSTEM_ID, "initiativeMode", mode);
    for (const combat of made.combats) await combat.delete();
    for (const id of made.messages) await game.messages?.get(id)?.delete();
    for (const token of made.tokens) await token.delete();
    for (const actor of made.actors) await actor.delete();
  });

  spadesRoundTests(context, table);
  countdownRoundTests(context, table);
  attackTests(context, table);
  // Last: Foundry writes each deprecation warning once per session, so run the batch in a freshly
  // loaded world; a v14 world then names here every deprecated call the system makes.
  context.describe("Foundry's deprecation warnings", () => {
    context
      .it("none was written while the batch played", () => {
        context.assert.equal((deprecations?.stop() ?? deprecated).join("\n"), "", "no deprecated call");
      })
      .timeout(STEP_TIMEOUT_MS);
  });
}
