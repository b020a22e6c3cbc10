// The types of what scripts/rules-reference.mjs exports, for test/static/rules-reference.test.ts.
export interface RuleId {
  id: string;
  section: string;
}
export interface LedgerEntry {
  id: string;
  rule?: string;
  status?: string;
}
export declare const SECTIONS: Readonly<Record<string, { title: string; pages: string[] }>>;
export declare function parseRuleIds(text: string): RuleId[];
export declare function pageNames(entry: { pages: { name: string }[] }): string[];
export declare function sectionProblems(ids: RuleId[], pages: string[]): string[];
export interface RulesEntry {
  pages: { name: string; text: { content: string } }[];
}
export declare function pageMarkdown(html: string, level: number): string;
export declare function rulesReference(
  ids: RuleId[],
  ledger: { rules: LedgerEntry[]; examples?: LedgerEntry[] },
  entry: RulesEntry,
): string;
