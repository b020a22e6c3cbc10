// The types of what eslint.config.js exports for tests (test/static/layers.test.ts reads LAYERS).
import type { Linter } from "eslint";

export declare const FOUNDRY_GLOBALS: readonly string[];
/** src files still over the 500-line limit, exempt from max-lines until split. */
export declare const OVER_500_LINES: string[];
/** Each folder of src/ and the folders it may import. */
export declare const LAYERS: Readonly<Record<string, readonly string[]>>;
/** The regular expression of the import specifiers `layer` may not use. */
export declare function forbiddenImport(layer: string): string;
declare const config: Linter.Config[];
export default config;
