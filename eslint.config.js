// ESLint flat config. The one project-specific rule: src/rules is the game as pure TypeScript
// (ARCHITECTURE.md §3), so Foundry globals, the DOM, I/O and Math.random are forbidden there.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export const FOUNDRY_GLOBALS = ["game", "CONFIG", "foundry", "ui", "Hooks", "Roll", "ChatMessage", "canvas"];
const DOM_GLOBALS = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "fetch",
  "HTMLElement",
  "Element",
  "Node",
  "Event",
  "XMLHttpRequest",
  "requestAnimationFrame",
];
const rulesMessage = "src/rules is pure: no Foundry globals, DOM or I/O (ARCHITECTURE.md §3).";

export default tseslint.config(
  { ignores: ["dist/", "coverage/", "test-results/", "node_modules/", "release/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
    },
  },
  {
    files: ["src/rules/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...[...FOUNDRY_GLOBALS, ...DOM_GLOBALS].map((name) => ({ name, message: rulesMessage })),
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Randomness comes in as dice or a RollDie (src/rules).",
        },
        ...FOUNDRY_GLOBALS.map((object) => ({
          object: "globalThis",
          property: object,
          message: rulesMessage,
        })),
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "../data/*",
                "../documents/*",
                "../applications/*",
                "../setup/*",
                "../dice/*",
                "../../*",
              ],
              message: rulesMessage,
            },
            { group: ["node:*", "fs", "path", "fvtt-types*"], message: rulesMessage },
          ],
        },
      ],
    },
  },
);
