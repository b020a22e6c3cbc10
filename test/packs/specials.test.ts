/**
 * Pack layer, the bestiary's special abilities (NPC-1 SA, ST, SQ with numbers;
 * src/data/actor/npc-specials.ts): the words on a stat block never promise a number its stored special
 * ability does not carry, since the system plays the stored numbers (a breath's save, damage and
 * recharge, a regeneration's HP, an aura's radius and damage, a swallow's damage, a flight's speed).
 * - An ability in words whose name says it is a breath, regeneration, aura, swallow or flight has the
 *   stored special ability of the same name.
 * - Every number in that text is one the stored ability holds, and the save the text names (its suit
 *   and its modifier) and the rounds a breath waits are the stored ones.
 * - A flight's speed is the stat block's fly movement.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileAll, type ActorDoc, type Compiled } from "./support";

let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

interface Special {
  kind: string;
  name: string;
  area: { shape: string; size: number };
  damage: number;
  save: string | null;
  saveModifier: number;
  recharge: number;
  hpPerRound: number;
  radius: number;
  speed: number;
}
interface Entry {
  name: string;
  text: string;
}
interface Npc {
  movement: { fly: number | null };
  specials: Special[];
  specialAttacks: Entry[];
  specialTalents: Entry[];
  specialQualities: Entry[];
}

const creatures = () => compiled.actors.filter((a) => a.pack === "bestiary");
const npc = (a: ActorDoc) => a.system as unknown as Npc;
const entries = (a: ActorDoc) => [
  ...npc(a).specialAttacks,
  ...npc(a).specialTalents,
  ...npc(a).specialQualities,
];
const SUIT_OF: Record<string, string> = { "♣": "clubs", "♠": "spades", "♦": "diamonds", "♥": "hearts" };
const KIND_WORDS = /breath|regenerat|swallow|engulf|aura|flight/i;

/** The numbers a stored ability holds, as a text may state them (a breath's halved damage included). */
function carried(s: Special): Set<number> {
  const byKind: Record<string, number[]> = {
    breath: [s.damage, Math.floor(s.damage / 2), s.area.size, Math.abs(s.saveModifier), s.recharge],
    regeneration: [s.hpPerRound],
    aura: [s.damage, s.radius],
    swallow: [s.damage],
    flight: [s.speed],
  };
  return new Set(byKind[s.kind] ?? []);
}

/** Each ability in words with its stored special ability of the same name. */
function pairs(): { creature: string; entry: Entry; special: Special | undefined }[] {
  return creatures().flatMap((a) =>
    entries(a)
      .filter((e) => KIND_WORDS.test(e.name) || npc(a).specials.some((s) => s.name === e.name))
      .map((entry) => ({
        creature: a.name,
        entry,
        special: npc(a).specials.find((s) => s.name === entry.name),
      })),
  );
}

describe("the bestiary's special abilities: words and stored numbers agree", () => {
  it("there are abilities to check (breaths, regenerations, auras, swallows, flights)", () => {
    const kinds = new Set(pairs().flatMap((p) => (p.special ? [p.special.kind] : [])));
    expect([...kinds].sort()).toEqual(["aura", "breath", "flight", "regeneration", "swallow"]);
  });

  it("an ability named as a breath, regeneration, aura, swallow or flight is stored with its numbers", () => {
    for (const { creature, entry, special } of pairs())
      expect(special, `${creature}: ${entry.name}`).toBeDefined();
  });

  it("every number in its text is one the stored ability holds", () => {
    for (const { creature, entry, special } of pairs()) {
      if (!special) continue;
      // A rule's name (SP-1) is not a number the ability promises.
      const words = entry.text.replace(/\b[A-Z]+-\d+\b/g, "");
      const numbers = [...words.matchAll(/\d+/g)].map((m) => Number(m[0]));
      const held = carried(special);
      for (const n of numbers) expect(held.has(n), `${creature}: ${entry.name} says ${n}`).toBe(true);
    }
  });

  it("the save its text names is the stored suit and modifier, and a breath waits the stored rounds", () => {
    for (const { creature, entry, special } of pairs()) {
      if (!special) continue;
      const where = `${creature}: ${entry.name}`;
      const save = /([♣♠♦♥]) save(?: at [−-](\d+))?/.exec(entry.text);
      if (special.kind === "breath" || special.kind === "swallow") {
        if (save && special.kind === "breath") expect(SUIT_OF[save[1]!], where).toBe(special.save);
        expect(special.saveModifier, where).toBe(save?.[2] ? -Number(save[2]) : 0);
      }
      const waits = /waits (\d+) rounds?/.exec(entry.text);
      if (special.kind === "breath") expect(Number(waits?.[1] ?? 0), where).toBe(special.recharge);
    }
  });

  it("a flight's speed is the stat block's fly movement", () => {
    for (const a of creatures())
      for (const s of npc(a).specials.filter((x) => x.kind === "flight"))
        expect(s.speed, a.name).toBe(npc(a).movement.fly);
  });
});
