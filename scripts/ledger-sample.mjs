// Draws rows at random from the rules ledger's `automated` and `assisted` rows, for an audit that reads each
// rule end to end: `node scripts/ledger-sample.mjs [count] [seed]`. The seed is printed so a draw can be
// repeated exactly; without one it comes from the clock. The draw depends only on the seed, the count and
// the ledger's rows (taken in file order), so the same ledger and seed give the same rows on any machine.
import { readFileSync } from "node:fs";
import yaml from "js-yaml";

const count = Number(process.argv[2] ?? 30);
const seed = process.argv[3] === undefined ? Date.now() % 2 ** 32 : Number(process.argv[3]);
if (!Number.isInteger(count) || count < 1)
  throw new Error(`count must be a positive integer, not ${process.argv[2]}`);
if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
  throw new Error(`seed must be an integer from 0 to 2^32-1, not ${process.argv[3]}`);

/** mulberry32: a small 32-bit generator, enough for a reproducible draw (not for anything secret). */
function generator(state) {
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const ledger = yaml.load(readFileSync(new URL("../docs/rules-ledger.yaml", import.meta.url), "utf8"));
const pool = ledger.rules.filter((r) => r.status === "automated" || r.status === "assisted");
if (count > pool.length) throw new Error(`only ${pool.length} automated or assisted rows to draw from`);

// A partial Fisher-Yates shuffle: the first `count` places are a uniform draw without repeats.
const random = generator(seed);
const rows = [...pool];
for (let i = 0; i < count; i++) {
  const j = i + Math.floor(random() * (rows.length - i));
  [rows[i], rows[j]] = [rows[j], rows[i]];
}

console.log(`seed ${seed}: ${count} of ${pool.length} automated or assisted rows`);
for (const r of rows.slice(0, count)) console.log(`${r.id.padEnd(8)} ${r.status.padEnd(9)} ${r.rule}`);
