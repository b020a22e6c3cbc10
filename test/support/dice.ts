import type { RollDie } from "../../src/rules/vocabulary";

/** A RollDie for code that must not roll: any call fails the test. */
export const noRoll: RollDie = () => {
  throw new Error("no randomness expected");
};

/** A RollDie that returns `results` in order (consuming the array) and records the faces it was asked for. */
export function scripted(results: number[]): RollDie & { faces: number[] } {
  const faces: number[] = [];
  const roll = ((n: number) => {
    faces.push(n);
    const r = results.shift();
    if (r === undefined) throw new Error("script exhausted");
    return r;
  }) as RollDie & { faces: number[] };
  roll.faces = faces;
  return roll;
}

/** mulberry32: a small seeded uniform die, so statistics and property runs are reproducible. */
export function seeded(seed: number): RollDie {
  let a = seed >>> 0;
  return (faces: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return 1 + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * faces);
  };
}
