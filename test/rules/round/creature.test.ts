import { describe, expect, it } from "vitest";
import { combatantOfCreature, opponentChoices } from "../../../src/rules/round/creature";

/**
 * Effects aimed at a token reach that token's own actor. Two unlinked tokens of one world actor share
 * the actor's id (and `combatant.actorId`) but each has its own actor uuid (Scene…Token…Actor…).
 */
const world = { id: "orcActor00000001", uuid: "Actor.orcActor00000001", name: "Orc" };
const tokenActor = (token: string) => ({
  id: world.id,
  uuid: `Scene.scene00000000001.Token.${token}.Actor.${world.id}`,
  name: "Orc",
});
const orcA = tokenActor("tokenA0000000001");
const orcB = tokenActor("tokenB0000000001");
const combatants = [
  { id: "combatantA", actorId: world.id, actor: orcA },
  { id: "combatantB", actorId: world.id, actor: orcB },
  { id: "combatantC", actorId: "hero", actor: null },
];

describe("the combatant of a creature", () => {
  it("finds the second unlinked token's own combatant, not the first token of the same actor", () => {
    expect(combatantOfCreature(combatants, orcB)?.id).toBe("combatantB");
    expect(combatantOfCreature(combatants, orcA)?.id).toBe("combatantA");
  });
  it("a world actor with no linked token in the fight has no combatant", () => {
    expect(combatantOfCreature(combatants, world)).toBeUndefined();
  });
  it("a linked token's combatant is found through the world actor itself", () => {
    expect(combatantOfCreature([{ actor: world }], world)).toEqual({ actor: world });
  });
});

describe("contest opponents (T-8)", () => {
  it("offers the targeted unlinked token's own actor under the token's name, first", () => {
    const choices = opponentChoices(
      { uuid: "Actor.hero" },
      [{ name: "Orc (left)", actor: orcB }],
      [world, { uuid: "Actor.hero", name: "Kell" }],
    );
    expect(choices).toEqual([
      { id: orcB.uuid, name: "Orc (left)" },
      { id: world.uuid, name: "Orc" },
    ]);
  });
  it("a linked target is its world actor, offered once; a token with no actor is skipped", () => {
    const choices = opponentChoices(
      { uuid: "Actor.hero" },
      [
        { name: "Ogre", actor: { uuid: "Actor.ogre", name: "Ogre" } },
        { name: "Ghost", actor: null },
      ],
      [{ uuid: "Actor.ogre", name: "Ogre" }],
    );
    expect(choices).toEqual([{ id: "Actor.ogre", name: "Ogre" }]);
  });
});
