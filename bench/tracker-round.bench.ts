/**
 * Benchmark: what one countdown round of 50 combatants costs each client's main thread in the
 * tracker. Every call of the round (and every chosen action) is one combat update that every client
 * renders: about 300 renders here. Two paths over the same states, interleaved round by round so
 * that load falls on both alike: the tracker as it renders now (the part laid over the one on
 * screen, src/applications/combat/row-patch.ts) and the floor it is compared with, the part replaced
 * whole as core replaces it. Each state is drawn (style, layout and paint in the next frame) before
 * the next arrives. The page's main-thread CPU is read around each round (Chromium's ThreadTime), and
 * the rules' context for every state (combatContext, in Node as in Foundry's client) is added. The
 * budget is 0.5 s per round; the figures are printed, never asserted (machines differ).
 */
import { loadavg } from "node:os";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launch } from "../test/browser/harness";
import { countdownRoundStates, GM } from "../test/combat/tracker-fixtures";
import { combatContext } from "../src/applications/combat/turn-context";
import { patchInPlace } from "../src/applications/combat/row-patch";
import { median, openTrackerPage, rendererClock } from "./tracker-page";

const COMBATANTS = 50;
const ROUNDS = 3;
const BUDGET_MS = 500;

describe.runIf(browserAvailable())("tracker through a countdown round (Chromium)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(`${COMBATANTS} combatants: every render of one round, patched vs replaced whole`, async () => {
    const states = countdownRoundStates(COMBATANTS);
    const started = performance.now();
    const contexts = states.map(({ state, inputs }) => ({ zilch: combatContext(state, inputs, GM) }));
    const contextMs = performance.now() - started;
    const page = await openTrackerPage(browser, contexts);
    await page.evaluate(
      ({ contexts, patchSource }) => {
        const patch = new Function(`return (${patchSource})`)() as (a: Element, b: Element) => boolean;
        const template = (window as unknown as { zilchTemplate: (d: unknown) => string }).zilchTemplate;
        const host = document.getElementById("host")!;
        const parse = (html: string) => {
          const holder = document.createElement("template");
          holder.innerHTML = html;
          return holder.content.firstElementChild!;
        };
        const drawn = () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve();
              channel.port2.postMessage(null);
            }),
          );
        (window as unknown as { zilchRound: (kind: string) => Promise<boolean> }).zilchRound = async (
          kind,
        ) => {
          host.replaceChildren(parse(template(contexts[0])));
          let prior = host.firstElementChild!;
          await drawn();
          for (let i = 1; i < contexts.length; i++) {
            const next = parse(template(contexts[i]));
            if (!(kind === "patch" && patch(prior, next))) {
              prior.replaceWith(next);
              prior = next;
            }
            await drawn();
          }
          // The patched part is the same tree as a whole render of the last state (attributes compared
          // as sets: a patched element may list them in another order).
          return host.firstElementChild!.isEqualNode(parse(template(contexts.at(-1))));
        };
      },
      { contexts, patchSource: patchInPlace.toString() },
    );
    const cpu = await rendererClock(page);
    const round = async (kind: "patch" | "replace") => {
      const before = await cpu();
      const same = await page.evaluate(
        (k) => (window as unknown as { zilchRound: (kind: string) => Promise<boolean> }).zilchRound(k),
        kind,
      );
      if (!same) throw new Error(`the ${kind} path ends showing something else than a whole render`);
      return (await cpu()) - before;
    };
    await round("patch");
    await round("replace");
    const patched: number[] = [];
    const replaced: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which path goes first, so neither always meets a warmer or a busier page.
      if (r % 2 === 0) {
        patched.push(await round("patch"));
        replaced.push(await round("replace"));
      } else {
        replaced.push(await round("replace"));
        patched.push(await round("patch"));
      }
    }
    const patch = median(patched) + contextMs;
    const whole = median(replaced) + contextMs;
    console.log(
      `bench: tracker through one countdown round, ${COMBATANTS} combatants, ${states.length} renders, main-thread ` +
        `CPU per client: patched ${patch.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${patch <= BUDGET_MS ? "within" : "OVER"}) ` +
        `against ${whole.toFixed(0)} ms replacing the part whole (ratio ${(patch / whole).toFixed(2)}); ` +
        `context ${contextMs.toFixed(0)} ms of each; per render ${(patch / states.length).toFixed(2)} ms; ` +
        `load average ${loadavg()[0].toFixed(1)}`,
    );
    await page.close();
  });
});
