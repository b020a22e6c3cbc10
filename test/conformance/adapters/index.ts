/**
 * The conformance adapters: one function per vector `kind`, turning a case's input into the result
 * shape FORMAT.md names, by calling src/rules only. Each other file of this folder exports `adapters`, a
 * record of kind → function; they are merged here so areas can be added without touching this file.
 */
export type Adapter = (input: Record<string, unknown>) => Record<string, unknown>;

const modules = import.meta.glob<{ adapters: Record<string, Adapter> }>(["./*.ts", "!./index.ts"], {
  eager: true,
});

export const ADAPTERS: Readonly<Record<string, Adapter>> = Object.assign(
  {},
  ...Object.values(modules).map((m) => m.adapters),
);
