/** The one js-yaml function the tests use (the package ships no types; scripts/packs.mjs uses it as JS). */
declare module "js-yaml" {
  export function load(text: string): unknown;
  const yaml: { load: typeof load };
  export default yaml;
}
