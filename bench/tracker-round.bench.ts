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
 * The rules' context for every state (combatContext, and for rows its keys and stand-ins) is timed in
 * Node on the bundled code (bundled.ts), warm, and added to its path. Two more rounds of the rows path
 * are traced to say where its time goes (phases.ts: parse, style, layout, paint, script and the rest).
 * A client whose tracker tab is hidden draws nothing in the round (unseen.ts) and the last state once
 * when the tab is shown: that figure is printed apart and is not part of the budget. The budget is
 * 0.5 s per round; the figures are printed, never asserted (machines differ).
 */
import { loadavg } from "node:os";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launch } from "../test/browser/harness";
import { countdownRoundStates, GM, PLAYER } from "../test/support/tracker";
import type { KeyedContext } from "../src/applications/combat/row-keys";
import { patchInPageSource } from "../src/applications/combat/row-patch";
import { median, openTrackerPage, rendererClock } from "./tracker-page";
import { importBundled } from "./bundled";
import { PHASE_END, PHASE_START, phasesText, tracePhases } from "./phases";
import type * as TrackerRules from "./tracker-rules";

/** The rules' context and the row keys, from the bundle (tracker-rules.ts). */
type Rules = typeof TrackerRules;

const COMBATANTS = 50;
const REPETITIONS = 3;
const BUDGET_MS = 500;
const PATHS = ["rows", "patched", "whole", "frames"] as const;
type Path = (typeof PATHS)[number];

describe.runIf(browserAvailable())("tracker through a countdown round (Chromium)", () => {
  let browser: Browser;
  let rules: Rules;
  beforeAll(async () => {
    browser = await launch();
    rules = (await importBundled("bench/tracker-rules.ts")) as Rules;
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
      // What each client computes per change, on the bundled code, warm (one pass first, then the
      // median of five): every row's context, then the rows keyed, with a stand-in for each row drawn
      // as it is (the screen then shows the keys of the state before).
      const passes = Array.from({ length: 6 }, () => roundRules(rules, states, viewer)).slice(1);
      const contextMs = median(passes.map((p) => p.contextMs));
      const keyingMs = median(passes.map((p) => p.keyingMs));
      const { contexts, keyed, keys } = passes[0]!;
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
          // A tracker whose tab was hidden all round draws the last state once, whole, when shown.
          (window as unknown as { zilchShown: () => Promise<void> }).zilchShown = async () => {
            host.replaceChildren();
            await drawn();
            host.replaceChildren(parse(template(whole.at(-1))));
            await drawn();
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
      // Where the rows path's time goes, traced over two more rounds (phases.ts).
      const parts = await tracePhases(browser, page, () =>
        page.evaluate(
          async ({ start, end }) => {
            const round = (window as unknown as { zilchRound: (path: string) => Promise<boolean> })
              .zilchRound;
            for (let k = 0; k < 2; k++) {
              performance.mark(start);
              await round("rows");
              performance.mark(end);
            }
          },
          { start: PHASE_START, end: PHASE_END },
        ),
      );
      const shownSamples: number[] = [];
      for (let k = 0; k < 5; k++) {
        const before = await cpu();
        await page.evaluate(() => (window as unknown as { zilchShown: () => Promise<void> }).zilchShown());
        shownSamples.push((await cpu()) - before);
      }
      const shownMs = median(shownSamples) + contextMs / states.length;
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
      console.log(
        `bench: the rows path's round in the page, ${who}, traced: ${phasesText(parts)}; the same round's ` +
          `rules in Node (bundled): context ${ms(contextMs)}, keys ${ms(keyingMs)}. Tracker tab hidden all ` +
          `round (not counted in the budget): 0 of ${states.length} renders drawn, then ${ms(shownMs)} to draw ` +
          `it once when shown (one whole render with its context)`,
      );
      await page.close();
    }, 600_000);
});

/** One pass of the rules over the round's states, timed: each state's context, then the rows keyed. */
function roundRules(rules: Rules, states: ReturnType<typeof countdownRoundStates>, viewer: typeof GM) {
  let started = performance.now();
  const contexts = states.map(({ state, inputs }) => rules.combatContext(state, inputs, viewer));
  const contextMs = performance.now() - started;
  started = performance.now();
  const keys = new rules.RowKeys();
  const keyed: KeyedContext[] = [];
  for (const context of contexts) keyed.push(keys.keep(context, shownBy(keyed.at(-1))));
  const keyingMs = performance.now() - started;
  return { contexts, keyed, keys, contextMs, keyingMs };
}

/** The row keys on screen once `context` is drawn (a stand-in leaves the row of its key). */
function shownBy(context: KeyedContext | undefined): Map<string, string> {
  return new Map(context?.turns.map((t) => [t.id, t.key]));
}
