/**
 * Benchmark: what one countdown round of 50 combatants costs each client's main thread in the
 * tracker. Every call of the round (and every chosen action) is one combat update that every client
 * renders: about 300 renders here. Each state is drawn (style, layout and paint in the next frame)
 * before the next arrives, and the page's main-thread CPU is read around each round (Chromium's
 * ThreadTime). Four paths over the same states, one round of each in turn, the order rotating from
 * one repetition to the next so that load falls on all alike:
 * - rows: the tracker as it renders now, only the rows a change touched (row-keys.ts: unchanged rows
 *   come as stand-ins; row-patch.ts lays the result over the part on screen);
 * - patched: every row rendered, and the whole part laid over the one on screen;
 * - whole: every row rendered, and the part replaced whole, as core replaces it;
 * - frames: the floor, the same number of frames drawn with nothing changed.
 * The rules' context for every state (combatContext, and for rows its keys and stand-ins, in Node as
 * in Foundry's client) is added to its path. The budget is 0.5 s per round; the figures are printed,
 * never asserted (machines differ).
 */
import { loadavg } from "node:os";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launch } from "../test/browser/harness";
import { countdownRoundStates, GM, PLAYER } from "../test/combat/tracker-fixtures";
import { combatContext } from "../src/applications/combat/turn-context";
import { RowKeys, type KeyedContext } from "../src/applications/combat/row-keys";
import { patchInPageSource } from "../src/applications/combat/row-patch";
import { median, openTrackerPage, rendererClock } from "./tracker-page";

const COMBATANTS = 50;
const REPETITIONS = 3;
const BUDGET_MS = 500;
const PATHS = ["rows", "patched", "whole", "frames"] as const;
type Path = (typeof PATHS)[number];

describe.runIf(browserAvailable())("tracker through a countdown round (Chromium)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Every client kind: the GM's tracker (every row, the GM's controls) and a player's (their own row's controls).
  for (const [who, viewer] of [
    ["GM", GM],
    ["player", PLAYER],
  ] as const)
    it(`${COMBATANTS} combatants, ${who}: every render of one round, by path, against drawing the frames alone`, async () => {
      const states = countdownRoundStates(COMBATANTS);
      let started = performance.now();
      const contexts = states.map(({ state, inputs }) => combatContext(state, inputs, viewer));
      const contextMs = performance.now() - started;
      // What each client does per change: key the rows and stand in for those drawn as they are (the
      // screen then shows the keys of the state before).
      started = performance.now();
      const keys = new RowKeys();
      const keyed: KeyedContext[] = [];
      for (const context of contexts) keyed.push(keys.keep(context, shownBy(keyed.at(-1))));
      const keyingMs = performance.now() - started;
      const whole = contexts.map((zilch) => ({ zilch }));
      const rows = keyed.map((zilch) => ({ zilch }));
      const last = { zilch: keys.keep(contexts.at(-1)!, new Map()) };
      const page = await openTrackerPage(browser, [...whole, ...rows, last]);
      await page.evaluate(
        ({ whole, rows, last, patchSource }) => {
          const patch = new Function(patchSource)() as (a: Element, b: Element) => boolean;
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
          (window as unknown as { zilchRound: (path: string) => Promise<boolean> }).zilchRound = async (
            path,
          ) => {
            const contexts = path === "rows" ? rows : whole;
            host.replaceChildren(parse(template(contexts[0])));
            let prior = host.firstElementChild!;
            await drawn();
            for (let i = 1; i < contexts.length; i++) {
              if (path !== "frames") {
                const next = parse(template(contexts[i]));
                if (!(path !== "whole" && patch(prior, next))) {
                  if (path === "rows")
                    throw new Error(`state ${i}: the rows path fell back to a whole render`);
                  prior.replaceWith(next);
                  prior = next;
                }
              }
              await drawn();
            }
            // The part ends as the same tree as a whole render of the last state (attributes compared
            // as sets: a patched element may list them in another order).
            const end = host.firstElementChild!;
            if (path === "frames") return end.isEqualNode(parse(template(contexts[0])));
            return end.isEqualNode(parse(template(path === "rows" ? last : contexts.at(-1))));
          };
        },
        { whole, rows, last, patchSource: patchInPageSource() },
      );
      const cpu = await rendererClock(page);
      const round = async (path: Path) => {
        const before = await cpu();
        const same = await page.evaluate(
          (p) => (window as unknown as { zilchRound: (path: string) => Promise<boolean> }).zilchRound(p),
          path,
        );
        if (!same) throw new Error(`the ${path} path ends showing something else than a whole render`);
        return (await cpu()) - before;
      };
      for (const path of PATHS) await round(path);
      const samples: Record<Path, number[]> = { rows: [], patched: [], whole: [], frames: [] };
      for (let r = 0; r < REPETITIONS * PATHS.length; r++) {
        // Interleaved: each repetition runs every path once, starting one further along each time, so
        // no path always meets a warmer or a busier page.
        const path = PATHS[(r + Math.floor(r / PATHS.length)) % PATHS.length]!;
        samples[path].push(await round(path));
      }
      const cost: Record<Path, number> = {
        rows: median(samples.rows) + contextMs + keyingMs,
        patched: median(samples.patched) + contextMs,
        whole: median(samples.whole) + contextMs,
        frames: median(samples.frames),
      };
      const ms = (n: number) => `${n.toFixed(0)} ms`;
      console.log(
        `bench: tracker through one countdown round, ${who}'s client, ${COMBATANTS} combatants, ${states.length} renders, main-thread ` +
          `CPU per client: rows ${ms(cost.rows)} (budget ${BUDGET_MS} ms: ${cost.rows <= BUDGET_MS ? "within" : "OVER"}; ` +
          `${ms(cost.rows - cost.frames)} above the frames' floor); whole part laid over ${ms(cost.patched)}, ` +
          `replaced whole ${ms(cost.whole)}, frames alone (floor) ${ms(cost.frames)}; ratios rows/patched ` +
          `${(cost.rows / cost.patched).toFixed(2)}, rows/whole ${(cost.rows / cost.whole).toFixed(2)}, ` +
          `rows/floor ${(cost.rows / cost.frames).toFixed(2)}; context ${ms(contextMs)} and keys ${ms(keyingMs)} ` +
          `in it; per render ${(cost.rows / states.length).toFixed(2)} ms; samples ${JSON.stringify(samples, (_k, v: unknown) => (typeof v === "number" ? Math.round(v) : v))}; ` +
          `load average ${loadavg()[0].toFixed(1)}`,
      );
      await page.close();
    });
});

/** The row keys on screen once `context` is drawn (a stand-in leaves the row of its key). */
function shownBy(context: KeyedContext | undefined): Map<string, string> {
  return new Map(context?.turns.map((t) => [t.id, t.key]));
}
