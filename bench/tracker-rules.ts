/**
 * What each client computes per tracker render before the page draws it: the rules' context of every
 * row and the rows' keys. Bundled by bench/tracker-round.bench.ts (bundled.ts says why), so it is timed
 * as the shipped module runs it.
 */
export { combatContext } from "../src/applications/combat/turn-context";
export { RowKeys } from "../src/applications/combat/row-keys";
