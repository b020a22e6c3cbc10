// The types of what scripts/release-links.mjs exports, for the manifest layer's tests.
export interface ReleaseLinks {
  url: string;
  manifest: string;
  download: string;
  bugs: string;
  changelog: string;
  readme: string;
  license: string;
}
export declare function normaliseRepository(raw: string): string;
export declare function packageRepository(pkg: { repository?: string | { url?: string } }): string | null;
export declare function releaseLinks(repo: string, version: string): ReleaseLinks;
export declare function distManifest<T extends { version: string }>(
  source: T,
  pkg: { repository?: string | { url?: string } },
): T & Partial<ReleaseLinks>;
