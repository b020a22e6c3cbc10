import { describe, expect, it } from "vitest";
import {
  MAX_WAIT_MS,
  mergeRenderOptions,
  RenderBatch,
  type Scheduler,
} from "../../src/applications/combat/render-batch";

/** A scheduler whose frame and timeout run when the test says so. */
function manualScheduler() {
  const frames: Array<() => void> = [];
  const timeouts: Array<{ run: () => void; ms: number }> = [];
  const scheduler: Scheduler = {
    frame: (run) => void frames.push(run),
    timeout: (run, ms) => void timeouts.push({ run, ms }),
  };
  return { scheduler, frames, timeouts };
}

describe("a burst of tracker renders", () => {
  it("twenty changes before the next frame render once, with every part any of them asked for", async () => {
    const { scheduler, frames } = manualScheduler();
    const renders: Array<{ parts?: string[] }> = [];
    const batch = new RenderBatch(async (options: { parts?: string[] }) => {
      renders.push(options);
      return renders.length;
    }, scheduler);
    const waits = Array.from({ length: 20 }, (_, i) =>
      batch.request({ parts: [i % 2 ? "tracker" : "header"] }),
    );
    expect(renders).toHaveLength(0);
    frames.shift()!();
    expect(await Promise.all(waits)).toEqual(Array(20).fill(1));
    expect(renders).toEqual([{ parts: ["header", "tracker"] }]);
  });

  it("a request naming no part renders every part; the next burst renders again", async () => {
    const { scheduler, frames } = manualScheduler();
    const renders: Array<{ parts?: string[] }> = [];
    const batch = new RenderBatch(
      async (options: { parts?: string[] }) => void renders.push(options),
      scheduler,
    );
    void batch.request({ parts: ["tracker"] });
    void batch.request({});
    frames.shift()!();
    void batch.request({ parts: ["tracker"] });
    frames.shift()!();
    await Promise.resolve();
    expect(renders).toEqual([{}, { parts: ["tracker"] }]);
  });

  it("a background tab that gets no frame renders after at most the wait, once", async () => {
    const { scheduler, frames, timeouts } = manualScheduler();
    let renders = 0;
    const batch = new RenderBatch(async () => ++renders, scheduler);
    const done = batch.request({});
    expect(timeouts[0]!.ms).toBe(MAX_WAIT_MS);
    timeouts[0]!.run();
    frames[0]!();
    expect(await done).toBe(1);
    expect(renders).toBe(1);
  });

  it("a failed render fails every request of its burst", async () => {
    const { scheduler, frames } = manualScheduler();
    const batch = new RenderBatch(() => Promise.reject(new Error("no tracker")), scheduler);
    const waits = [batch.request({}), batch.request({})];
    frames[0]!();
    for (const wait of waits) await expect(wait).rejects.toThrow("no tracker");
  });

  it("merges options: the latest wins, parts are the union", () => {
    expect(mergeRenderOptions({ parts: ["a"], force: false }, { parts: ["b", "a"], force: true })).toEqual({
      parts: ["a", "b"],
      force: true,
    });
  });
});
