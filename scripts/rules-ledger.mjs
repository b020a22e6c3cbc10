// Prints the rules ledger's counts per status and per RULES.md section (docs/rules-ledger.md):
// `node scripts/rules-ledger.mjs`. The ledger test (test/static/rules-ledger.test.ts) checks the ledger itself.
import { readFileSync } from "node:fs";
import yaml from "js-yaml";

const ledger = yaml.load(readFileSync(new URL("../docs/rules-ledger.yaml", import.meta.url), "utf8"));
const statuses = ["automated", "assisted", "table", "missing"];
const count = (rules) => statuses.map((s) => rules.filter((r) => r.status === s).length);
const row = (label, rules) =>
  console.log(
    [
      label.padEnd(8),
      ...count(rules).map((n) => String(n).padStart(9)),
      String(rules.length).padStart(6),
    ].join(" "),
  );

console.log(["section ", ...statuses.map((s) => s.padStart(9)), " total"].join(" "));
const sections = [...new Set(ledger.rules.map((r) => String(r.section)))];
for (const s of sections)
  row(
    `§${s}`,
    ledger.rules.filter((r) => String(r.section) === s),
  );
row("all", ledger.rules);
console.log(
  `examples: ${ledger.examples.length}, ${ledger.examples.filter((e) => (e.tests ?? []).length > 0).length} with a test`,
);
