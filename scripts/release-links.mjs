// The links a release's system.json carries, derived from the repository's address: the manifest URL
// installed worlds follow for updates, the zip to download, and the links a package listing shows
// (bugs, changelog, readme, license), each at the tagged version so a listing never describes a later
// release. Used by scripts/package.mjs for the release and by scripts/build.mjs for dist/, so a copy of
// dist/ installed by hand follows the same releases. Without an address both leave the links empty:
// we never invent one.

/** https://host/owner/name from the forms npm accepts (git+https, .git suffix, github:owner/name). */
export function normaliseRepository(raw) {
  let url = raw
    .trim()
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/\/$/, "");
  const short = /^github:([\w.-]+\/[\w.-]+)$/.exec(url);
  if (short) url = `https://github.com/${short[1]}`;
  if (!/^https:\/\/[^/]+\/[\w.-]+\/[\w.-]+$/.test(url)) {
    throw new Error(`the repository "${raw}" is not of the form https://<host>/<owner>/<name>`);
  }
  return url;
}

/** package.json's `repository` (a string or `{ url }`), or null. */
export function packageRepository(pkg) {
  const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  return repo || null;
}

/**
 * dist/system.json: the source manifest, with the release links when package.json names the
 * repository (so a copy of dist/ installed by hand is offered the published releases as updates), and
 * with the source's empty links otherwise.
 */
export function distManifest(source, pkg) {
  const repository = packageRepository(pkg);
  if (!repository) return { ...source };
  return { ...source, ...releaseLinks(normaliseRepository(repository), source.version) };
}

/** The manifest's links for `version` released from the repository at `repo` (already normalised). */
export function releaseLinks(repo, version) {
  const atTag = (file) => `${repo}/blob/v${version}/${file}`;
  return {
    url: repo,
    manifest: `${repo}/releases/latest/download/system.json`,
    download: `${repo}/releases/download/v${version}/zilch.zip`,
    bugs: `${repo}/issues`,
    changelog: atTag("CHANGELOG.md"),
    readme: atTag("README.md"),
    license: atTag("LICENSE"),
  };
}
