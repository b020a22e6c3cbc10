import { describe, expect, it } from "vitest";
import { createActor } from "./models-setup";
import { prototypeTokenDefaults } from "../../src/documents/prototype-token";

/**
 * A new player character's token is linked to it, friendly and sighted, so damage to the token is
 * damage to the character; NPCs keep Foundry's unlinked default; nothing the creator set is touched.
 */
describe("prototype token defaults", () => {
  it("links, befriends and sights a new character's token", () => {
    expect(prototypeTokenDefaults("character", {})).toEqual({
      actorLink: true,
      disposition: 1,
      sight: { enabled: true },
    });
  });

  it("keeps what the creator set and leaves NPCs alone", () => {
    expect(prototypeTokenDefaults("character", { prototypeToken: { actorLink: false } })).toEqual({
      disposition: 1,
      sight: { enabled: true },
    });
    expect(
      prototypeTokenDefaults("character", {
        prototypeToken: { actorLink: false, disposition: -1, sight: { enabled: false } },
      }),
    ).toBeNull();
    expect(prototypeTokenDefaults("npc", {})).toBeNull();
  });

  it("applies them when a character is created through _preCreate", async () => {
    const pc = (await createActor({ name: "Ana", type: "character" })) as unknown as {
      prototypeToken: Record<string, unknown>;
    };
    expect(pc.prototypeToken).toMatchObject({ actorLink: true, disposition: 1 });
    const orc = (await createActor({ name: "Orc", type: "npc" })) as unknown as {
      prototypeToken: Record<string, unknown>;
    };
    expect(orc.prototypeToken).toEqual({});
  });
});
