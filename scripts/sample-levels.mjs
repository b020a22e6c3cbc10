// Slow-start sample characters (TL-5): each standard sample in packs/_source/characters rewritten at the
// levels packs/slow-start.yml names, with the Talents a slow-start character of that level has bought
// (the first floor(max / 2) + level - 1 of its buy order) and the rest held as Boons (TL-6).
//
//   node scripts/sample-levels.mjs          write the variants beside the standard samples
//   node scripts/sample-levels.mjs --check  exit 1 when a written variant differs from what would be written
//
// The standard builds stay the source: edit one, then run this, and its slow-start variants follow.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import yaml from "js-yaml";
import { SOURCE_DIR, slugify, stableId, YAML_OPTIONS } from "./packs.mjs";

const SPEC_FILE = join(SOURCE_DIR, "..", "slow-start.yml");
const CHARACTERS = join(SOURCE_DIR, "characters");

/** The spec: the levels to write and each sample's Talents in the order it buys them. */
export function readSpec(file = SPEC_FILE) {
  return yaml.load(readFileSync(file, "utf8"));
}

/** An item that costs a Talent (TL-3): a knack, or a skill not granted free by the race (RA-3). */
export const isTalent = (item) => item.type === "knack" || (item.type === "skill" && !item.system?.free);

/** TL-5: Talents a slow-start character may have bought at this level, out of max. */
export const slowStartBought = (max, level) => Math.min(max, Math.floor(max / 2) + level - 1);

/** The variant's name; its file and stable id follow from it. */
export const variantName = (base, level) => `${base.name} (slow start, level ${level})`;

function checkBuyOrder(base, order) {
  const held = base.items
    .filter(isTalent)
    .map((i) => i.name)
    .sort();
  const listed = [...order].sort();
  if (JSON.stringify(held) !== JSON.stringify(listed))
    throw new Error(`slow start: ${base.name}'s buy order must list exactly its Talents: ${held.join(", ")}`);
}

/** The slow-start build of `base` at `level`: the same character with fewer Talents and the rest as Boons. */
export function slowStartVariant(base, order, level) {
  checkBuyOrder(base, order);
  const bought = slowStartBought(order.length, level);
  const keep = new Set(order.slice(0, bought));
  const name = variantName(base, level);
  const id = stableId("characters", slugify(name));
  const later = order.slice(bought);
  const pronoun = base.name;
  const note =
    `<p>For tables playing with slow start: ${pronoun} at level ${level}, with ${bought} of ${order.length} ` +
    `Talents bought and ${order.length - bought} Boons.` +
    (later.length ? ` At each new level, the next Talent: ${later.join(", ")}.</p>` : "</p>");
  return {
    ...base,
    name,
    _id: id,
    _key: `!actors!${id}`,
    system: {
      ...base.system,
      boons: order.length - bought,
      talents: { ...base.system.talents, level },
      biography: `${base.system.biography}${note}`,
    },
    items: base.items
      .filter((item) => !isTalent(item) || keep.has(item.name))
      .map((item) => ({ ...item, _key: `!actors.items!${id}.${item._id}` })),
    flags: { ...base.flags, zilch: { ...base.flags?.zilch, slowStart: { from: base._id, level } } },
  };
}

/** Every variant the spec asks for, as [file name, YAML text]. */
export function variantFiles(spec = readSpec(), dir = CHARACTERS) {
  const out = [];
  for (const [slug, order] of Object.entries(spec.samples)) {
    const base = yaml.load(readFileSync(join(dir, `${slug}.yml`), "utf8"));
    for (const level of spec.levels) {
      const doc = slowStartVariant(base, order, level);
      out.push([`${slugify(doc.name)}.yml`, yaml.dump(doc, YAML_OPTIONS)]);
    }
  }
  return out;
}

function main(args) {
  const files = variantFiles();
  if (args.includes("--check")) {
    const stale = files.filter(([file, text]) => {
      try {
        return readFileSync(join(CHARACTERS, file), "utf8") !== text;
      } catch {
        return true;
      }
    });
    for (const [file] of stale) console.error(`slow start: ${file} is not what the script writes`);
    process.exitCode = stale.length ? 1 : 0;
    return;
  }
  for (const [file, text] of files) writeFileSync(join(CHARACTERS, file), text);
  console.log(`slow start: ${files.length} variants written (${readdirSync(CHARACTERS).length} files)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  main(process.argv.slice(2));
