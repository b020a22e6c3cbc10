import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launch, show } from "../test/browser/harness";
import { createRenderer } from "../test/templates/harness";
import { GM, trackerState } from "../test/combat/tracker-fixtures";
import { combatContext } from "../src/applications/combat/turn-context";
import { advance, createCountdown, startRound } from "../src/rules/countdown/round";
import { scriptedDice } from "../test/combat/fixtures";

/** Issue 6 point 9: medians printed, never asserted (machines differ). */
function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

describe("tracker benchmarks", () => {
  it("next countdown call (CD-5) for 200 participants", () => {
    const participants = Array.from({ length: 200 }, (_, i) => ({
      id: `p${i}`,
      pc: i % 3 === 0,
      spades: i % 13,
      tiebreak: i,
    }));
    const hands = Object.fromEntries(
      participants.map((p, i) => [p.id, [((i * 5) % 6) + 1, ((i * 7) % 6) + 1, 3, 2]]),
    );
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

    // The scripted round that sets the scene is built once; each sample times what Foundry does per
    // render: the per-turn context, Handlebars, inserting the markup and forcing layout.
    for (const n of [12, 50]) {
      it(`tracker render with ${n} combatants (context + Handlebars + layout in Chromium)`, async () => {
        const renderer = createRenderer();
        const { page } = await show(browser, {
          html: "<div id=host></div>",
          theme: "light",
          width: 300,
          height: 900,
        });
        const samples: number[] = [];
        for (const mode of ["spades", "countdown"] as const) {
          const { state, inputs } = trackerState(n, mode, "revealed");
          for (let i = 0; i < 20; i++) {
            const t = performance.now();
            const html = renderer.render("combat/tracker.hbs", { zilch: combatContext(state, inputs, GM) });
            await page.evaluate((markup) => {
              const host = document.getElementById("host")!;
              host.innerHTML = markup;
              return host.getBoundingClientRect().height;
            }, html);
            samples.push(performance.now() - t);
          }
        }
        console.log(`bench: tracker render, ${n} combatants: median ${median(samples).toFixed(2)} ms`);
        await page.close();
      });
    }
  });
});
