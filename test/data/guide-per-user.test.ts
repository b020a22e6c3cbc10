/**
 * The creation guide is hidden per user: its Hide button writes a flag on the viewing user's own User
 * document (which a player may update, FOUNDRY-FACTS §2), so another player, or the GM, looking at the
 * same character still sees the guide, and Show guide brings it back for that user alone. The users
 * and their clients are the stand-in's (test/stand-in/users.ts).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installClients, ROLES, StandInWorld, type StandInClient } from "../stand-in/users";
import type * as GuideActions from "../../src/applications/sheets/character/guide-actions";

let guide: typeof GuideActions;
let ana: StandInClient;
let bo: StandInClient;

beforeAll(async () => {
  installClients();
  guide = await import("../../src/applications/sheets/character/guide-actions");
});

beforeEach(() => {
  const world = new StandInWorld();
  ana = world.connect(world.addUser("anaUser000000001", ROLES.player));
  bo = world.connect(world.addUser("boUser0000000001", ROLES.player));
});

const sheet = () => {
  const renders: unknown[] = [];
  return { renders, render: (options?: unknown) => void renders.push(options ?? {}) };
};

describe("hiding the creation guide", () => {
  it("Hide guide hides it for the user who pressed it only, and the sheet redraws", async () => {
    const s = sheet();
    await ana.run(() => guide.GUIDE_ACTION_HANDLERS.hideGuide.call(s as never));
    expect(s.renders).toHaveLength(1);
    expect(ana.run(() => guide.guideHidden())).toBe(true);
    expect(bo.run(() => guide.guideHidden())).toBe(false);
  });

  it("Show guide brings it back for that user", async () => {
    const s = sheet();
    await ana.run(() => guide.GUIDE_ACTION_HANDLERS.hideGuide.call(s as never));
    await ana.run(() => guide.GUIDE_ACTION_HANDLERS.showGuide.call(s as never));
    expect(ana.run(() => guide.guideHidden())).toBe(false);
  });
});
