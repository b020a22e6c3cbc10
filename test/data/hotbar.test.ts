/**
 * Dragging an item to the hotbar (src/setup/hotbar.ts) through the `hotbarDrop` hook, with the
 * Foundry calls it makes recorded here:
 * - `fromUuidSync(uuid, { strict })`: with `strict` left at its default it throws for a UUID it
 *   cannot resolve at once (dnd5e and draw-steel pass `strict: false` where that can happen); here
 *   an unloaded compendium entry is such a UUID;
 * - `game.macros`, `Macro.create`, `User#assignHotbarMacro`.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import "./models-setup";

// The macro's roll (the sheet's roll actions) is not what these tests drop; it stays out of the import.
vi.mock("../../src/applications/sheets/actor/actor-actions", () => ({ rollItem: async () => undefined }));
const { registerHotbar } = await import("../../src/setup/hotbar");

type Handler = (bar: unknown, data: unknown, slot: number) => unknown;
type MacroStub = { id: string; command: string; isAuthor: boolean };

const SWORD = "Actor.actAna0000000001.Item.itmSword00000001";
const UNLOADED = "Compendium.zilch.weapons.Item.itmUnloaded00001";

let hotbarDrop: Handler;
let macros: MacroStub[];
let created: { command: string }[];
let assigned: { macro: MacroStub; slot: number }[];

beforeEach(() => {
  macros = [];
  created = [];
  assigned = [];
  const handlers: Record<string, Handler> = {};
  Reflect.set(globalThis, "Hooks", { on: (name: string, fn: Handler) => (handlers[name] = fn) });
  Reflect.set(globalThis, "fromUuidSync", (uuid: string, options: { strict?: boolean } = {}) => {
    if (uuid === SWORD) return { type: "weapon", name: "Sword", img: null };
    if (options.strict !== false) throw new Error(`${uuid} cannot be resolved synchronously`);
    return null;
  });
  Reflect.set(globalThis, "Macro", {
    create: async (data: { command: string }) => {
      created.push(data);
      return { id: `new${created.length}`, command: data.command, isAuthor: true };
    },
  });
  const game = Reflect.get(globalThis, "game") as Record<string, unknown>;
  game.macros = { find: (test: (m: MacroStub) => boolean) => macros.find(test) };
  game.user = {
    assignHotbarMacro: async (macro: MacroStub, slot: number) => void assigned.push({ macro, slot }),
  };
  registerHotbar();
  hotbarDrop = handlers.hotbarDrop!;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("an item dropped on the hotbar", () => {
  it("an entry this client cannot resolve at once is left to core, without an error", () => {
    expect(hotbarDrop(null, { type: "Item", uuid: UNLOADED }, 3)).toBe(true);
  });

  it("makes the user's own macro, not reusing another user's macro of the same command", async () => {
    const command = `zilch.rollItemMacro(${JSON.stringify(SWORD)});`;
    macros.push({ id: "theirs", command, isAuthor: false });
    expect(hotbarDrop(null, { type: "Item", uuid: SWORD }, 2)).toBe(false);
    await settle();
    expect(created.map((m) => m.command)).toEqual([command]);
    expect(assigned.map((a) => [a.macro.id, a.slot])).toEqual([["new1", 2]]);
  });

  it("reuses the user's own macro of the same command", async () => {
    const command = `zilch.rollItemMacro(${JSON.stringify(SWORD)});`;
    macros.push({ id: "mine", command, isAuthor: true });
    hotbarDrop(null, { type: "Item", uuid: SWORD }, 5);
    await settle();
    expect(created).toEqual([]);
    expect(assigned.map((a) => [a.macro.id, a.slot])).toEqual([["mine", 5]]);
  });
});
