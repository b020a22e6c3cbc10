import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launch, show } from "../test/browser/harness";
import { createRenderer } from "../test/templates/harness";
import { trackerContext } from "../test/combat/tracker-fixtures";
import { advance, createCountdown, startRound } from "../src/rules/countdown/round";
import { scriptedDice } from "../test/combat/fixtures";

/** Issue 6 point 9: medians printed, never asserted (machines differ). */
function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

describe("tracker benchmarks", () => {
  it("next countdown call (CD-5) for 200 participants", () => {
    const participants = Array.from({ length: 200 }, (_, i) => ({ id: `p${i}`, pc: i % 3 === 0, spades: i % 13, tiebreak: i }));
    const hands = Object.fromEntries(participants.map((p, i) => [p.id, [((i * 5) % 6) + 1, ((i * 7) % 6) + 1, 3, 2]]));
    const started = startRound(createCountdown(participants), hands);
    if (!started.ok) throw new Error(started.error.code);
    const dice = scriptedDice();
    const samples: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      advance(started.state, dice);
      samples.push(performance.now() - t);
    }
    console.log(`bench: next countdown call, 200 participants: median ${median(samples).toFixed(4)} ms`);
  });

  const available = browserAvailable();
  describe.runIf(available)("Chromium", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("tracker render with 50 combatants (context + Handlebars + layout in Chromium)", async () => {
      const renderer = createRenderer();
      const { page } = await show(browser, { html: "<div id=host></div>", theme: "light", width: 300, height: 900 });
      const samples: number[] = [];
      for (const mode of ["spades", "countdown"] as const) {
        for (let i = 0; i < 15; i++) {
          const t = performance.now();
          const html = renderer.render("combat/tracker.hbs", { zilch: trackerContext(50, mode, "revealed") });
          // Insert and force layout, as Foundry does when it replaces the part.
          await page.evaluate((markup) => {
            const host = document.getElementById("host")!;
            host.innerHTML = markup;
            return host.getBoundingClientRect().height;
          }, html);
          samples.push(performance.now() - t);
        }
      }
      console.log(`bench: tracker render, 50 combatants: median ${median(samples).toFixed(2)} ms`);
      await page.close();
    });
  });
});
