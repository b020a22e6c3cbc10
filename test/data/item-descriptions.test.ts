import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeActor } from "./models-setup";
import { standInFoundry, strictNamespace } from "../stand-in";
import { textEditorStandIn, type EnrichCall } from "../stand-in/text-editor";
import {
  DescriptionCache,
  type DescribedItem,
} from "../../src/applications/sheets/character/description-cache";
import { enrichItemDescription } from "../../src/applications/sheets/shared/enrich";

/**
 * Within the render budget, equipment rows show their item's
 * description enriched relative to the item, with secrets for its owners; each description is enriched
 * once and again only when its text (or the viewer's right to secrets) changes, never on every render.
 */
type Globals = { foundry: unknown };
const g = globalThis as unknown as Globals;
let saved: unknown;
let calls: EnrichCall[];

beforeEach(() => {
  saved = g.foundry;
  const editor = textEditorStandIn();
  calls = editor.calls;
  g.foundry = strictNamespace("foundry", {
    ...standInFoundry,
    applications: strictNamespace("foundry.applications", { ux: editor.ux }),
  });
});
afterEach(() => {
  g.foundry = saved;
});

function archer() {
  const actor = makeActor({
    name: "Archer",
    type: "character",
    items: [
      {
        name: "Longbow",
        type: "weapon",
        system: { slot: "hands", description: "<p>Yew, taller than its archer.</p>" },
      },
      { name: "Rope", type: "gear", system: { slot: "pack", description: "<p>Fifty feet of hemp.</p>" } },
      { name: "Torch", type: "gear", system: { slot: "handy" } },
    ],
  });
  // Document#isOwner: the stand-in's one user owns what it made (the sheet passes it as `secrets`).
  for (const item of actor.items.contents) Object.defineProperty(item, "isOwner", { value: true });
  return actor;
}

const described = (actor: ReturnType<typeof archer>): DescribedItem[] =>
  actor.items.contents.map((i) => ({
    id: i.id!,
    description: String((i.system as { description?: string }).description ?? ""),
  }));
const enrichFrom = (actor: ReturnType<typeof archer>) => (item: DescribedItem) =>
  enrichItemDescription(actor.items.get(item.id) as unknown as Item.Implementation, item.description);

describe("equipment rows' enriched descriptions", () => {
  it("enrich each described item once, relative to the item, with secrets for its owner", async () => {
    const actor = archer();
    const cache = new DescriptionCache();
    const html = await cache.of(described(actor), true, enrichFrom(actor));
    const [bow, rope, torch] = actor.items.contents;
    expect(html).toEqual({
      [bow!.id!]: "<p>Yew, taller than its archer.</p>",
      [rope!.id!]: "<p>Fifty feet of hemp.</p>",
    });
    expect(html[torch!.id!]).toBeUndefined();
    expect(calls.map((c) => [c.content, c.options.relativeTo, c.options.secrets])).toEqual([
      ["<p>Yew, taller than its archer.</p>", bow, true],
      ["<p>Fifty feet of hemp.</p>", rope, true],
    ]);
  });

  it("enrich nothing on a re-render whose descriptions did not change", async () => {
    const actor = archer();
    const cache = new DescriptionCache();
    const first = await cache.of(described(actor), true, enrichFrom(actor));
    calls.length = 0;
    expect(await cache.of(described(actor), true, enrichFrom(actor))).toEqual(first);
    expect(calls).toEqual([]);
    expect(cache.enrichedCount).toBe(2);
  });

  it("enrich again only the description whose text changed, or all when the right to secrets changes", async () => {
    const actor = archer();
    const cache = new DescriptionCache();
    await cache.of(described(actor), true, enrichFrom(actor));
    const rope = actor.items.contents[1]!;
    await actor.updateEmbeddedDocuments("Item", [
      { _id: rope.id, "system.description": "<p>Thirty feet now.</p>" },
    ]);
    calls.length = 0;
    const html = await cache.of(described(actor), true, enrichFrom(actor));
    expect(calls.map((c) => c.content)).toEqual(["<p>Thirty feet now.</p>"]);
    expect(html[rope.id!]).toBe("<p>Thirty feet now.</p>");
    calls.length = 0;
    await cache.of(described(actor), false, enrichFrom(actor));
    expect(calls).toHaveLength(2);
  });

  it("forget an item that is gone, so one made again with its id is enriched afresh", async () => {
    const cache = new DescriptionCache();
    const enrich = async (item: DescribedItem) => `<div>${item.description}</div>`;
    const items = [
      { id: "a", description: "one" },
      { id: "b", description: "two" },
    ];
    await cache.of(items, true, enrich);
    await cache.of([items[0]!], true, enrich);
    await cache.of(items, true, enrich);
    expect(cache.enrichedCount).toBe(3);
  });

  it("the stand-in refuses what it cannot model: links, inline rolls and secret blocks", async () => {
    const actor = archer();
    const enrich = enrichFrom(actor);
    for (const text of [
      "<p>@UUID[Actor.x]{Brom}</p>",
      "<p>[[/r 1d6]]</p>",
      '<section class="secret">GM only</section>',
    ])
      await expect(enrich({ id: actor.items.contents[0]!.id!, description: text })).rejects.toThrow(
        /not implemented by the stand-in/,
      );
  });
});
