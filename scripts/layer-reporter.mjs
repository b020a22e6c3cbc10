// A Vitest reporter for scripts/test.mjs: says when each layer (project) starts, counts each project's
// tests (passed, failed, skipped) and writes them as JSON to ZILCH_LAYER_REPORT. Vitest's JSON report names files, not projects, and the
// data and table layers run each file under two projects ("data (v13)" and "data (v14)").
import { writeFileSync } from "node:fs";

export default class LayerReporter {
  #started = new Set();

  onTestModuleStart(module) {
    const layer = module.project.name;
    if (this.#started.has(layer)) return;
    this.#started.add(layer);
    process.stdout.write(`\n━━ layer ${layer} started\n`);
  }

  onTestRunEnd(testModules) {
    const counts = {};
    for (const module of testModules) {
      const bucket = (counts[module.project.name] ??= { passed: 0, failed: 0, skipped: 0 });
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests += 1;
        const state = test.result().state;
        if (state === "passed") bucket.passed += 1;
        else if (state === "failed") bucket.failed += 1;
        else bucket.skipped += 1;
      }
      // A file that failed before any test ran (an import error) counts as one failure.
      if (tests === 0 && module.state() === "failed") bucket.failed += 1;
    }
    const target = process.env.ZILCH_LAYER_REPORT;
    if (target) writeFileSync(target, JSON.stringify(counts, null, 2));
  }
}
