/**
 * The combat tracker with 50 combatants, from prepared data to inserted DOM in
 * Chromium, against one frame (16.7 ms) and against 2× its insert-only floor measured in the same
 * run. "Prepared data" is what the tracker's `_preparePartContext` holds once it has read the prepared
 * documents: the round state and one TurnInput per combatant. The path timed is the tracker's own:
 * `combatContext` (in Node, where it runs in Foundry's client too), then Handlebars and insertion with
 * forced layout in the page. The floor inserts the same final HTML and forces layout. Medians and
 * ratios are printed, never asserted (machines differ). A traced pass then splits the main thread's CPU
 * time of both paths into parsing, style, layout and the rest (bench/phases.ts): on a loaded machine the
 * wall clock also counts other processes; the CPU time leaves that out, though load still slows it.
 * A last traced pass lets the browser draw the next frame instead of forcing layout, so paint counts.
 */
import { loadavg } from "node:os";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable, launch } from "../test/browser/harness";
import { createRenderer } from "../test/templates/harness";
import { GM, trackerState } from "../test/support/tracker";
import { combatContext } from "../src/applications/combat/turn-context";
import { PHASE_END, PHASE_START, phasesText, tracePhases } from "./phases";
import { median, openTrackerPage, rendererClock } from "./tracker-page";

const COMBATANTS = 50;
const ITERATIONS = 40;
/** One frame at 60 Hz, in ms. */
const FRAME_MS = 16.7;
/** The budget against the insert-only floor. */
const FLOOR_RATIO = 2;

/** Medians of `fn` over ITERATIONS runs (Node side). */
function timeNode<T>(fn: () => T): { ms: number; last: T } {
  const samples: number[] = [];
  let last = fn();
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    last = fn();
    samples.push(performance.now() - t);
  }
  return { ms: median(samples), last };
}

describe.runIf(browserAvailable())("tracker benchmark (Chromium)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const mode of ["spades", "countdown"] as const) {
    it(`${COMBATANTS} combatants, ${mode}: prepared data to inserted DOM vs insert only`, async () => {
      const { state, inputs } = trackerState(COMBATANTS, mode, "revealed");
      const context = timeNode(() => ({ zilch: combatContext(state, inputs, GM) }));
      const finalHtml = createRenderer().render("combat/tracker.hbs", context.last);
      const page = await openTrackerPage(browser, [context.last]);
      const result = await page.evaluate(
        ({ data, html, iterations, marks }) => {
          const template = (window as unknown as { zilchTemplate: (d: unknown) => string }).zilchTemplate;
          const host = document.getElementById("host")!;
          const time = (fn: () => void) => {
            const samples: number[] = [];
            for (let i = 0; i < iterations; i++) {
              host.innerHTML = "";
              // Marks for the traced pass (bench/phases.ts), outside the timed span.
              performance.mark(marks.start);
              const t = performance.now();
              fn();
              // Force layout, as the browser must before the tracker is seen.
              host.getBoundingClientRect();
              samples.push(performance.now() - t);
              performance.mark(marks.end);
            }
            performance.clearMarks();
            return samples;
          };
          const drawn = () =>
            new Promise<void>((resolve) =>
              requestAnimationFrame(() => {
                // A message posted from requestAnimationFrame runs after that frame's rendering.
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve();
                channel.port2.postMessage(null);
              }),
            );
          const drawnAfter = async (markup: () => string) => {
            for (let i = 0; i < iterations; i++) {
              host.innerHTML = "";
              await drawn();
              performance.mark(marks.start);
              host.innerHTML = markup();
              await drawn();
              performance.mark(marks.end);
            }
            performance.clearMarks();
            return [];
          };
          // Each loop runs in its own evaluate, so the renderer's CPU clock can be read around it.
          (
            window as unknown as { zilchBench: Record<string, () => number[] | Promise<number[]>> }
          ).zilchBench = {
            render: () =>
              time(() => {
                host.innerHTML = template(data);
              }),
            // Render-and-insert and the insert-only floor, one of each per iteration and in turns, so
            // load that comes and goes falls on both alike: [render samples, floor samples].
            interleaved: () => {
              const both: [number[], number[]] = [[], []];
              for (let i = 0; i < iterations; i++) {
                const order = i % 2 === 0 ? [0, 1] : [1, 0];
                for (const which of order) {
                  host.innerHTML = "";
                  const t = performance.now();
                  host.innerHTML = which === 0 ? template(data) : html;
                  host.getBoundingClientRect();
                  both[which]!.push(performance.now() - t);
                }
              }
              return both.flat();
            },
            insert: () =>
              time(() => {
                host.innerHTML = html;
              }),
            // Render and insert (or insert only), then let the browser draw the next frame (style,
            // layout and paint as in Foundry, no forced layout); only the traced pass reads these
            // (CPU time, not the wait for the frame).
            painted: () => drawnAfter(() => template(data)),
            paintedInsert: () => drawnAfter(() => html),
            // A yardstick of the machine, not of Zilch: as many bare divs as the tracker has elements.
            plain: () => {
              host.innerHTML = html;
              const plain = "<div>x</div>".repeat(host.querySelectorAll("*").length);
              return time(() => {
                host.innerHTML = plain;
              });
            },
          };
          host.innerHTML = html;
          const elements = host.querySelectorAll("*").length;
          const rows = host.querySelectorAll("li.combatant").length;
          return { same: template(data) === html, elements, rows };
        },
        {
          data: context.last,
          html: finalHtml,
          iterations: ITERATIONS,
          marks: { start: PHASE_START, end: PHASE_END },
        },
      );
      // Foundry's page has Font Awesome loaded before any tracker renders: wait for the row controls'
      // icon font here too, so no timed run lays out with a font still loading.
      await page.evaluate(async () => {
        document.getElementById("host")!.getBoundingClientRect();
        await document.fonts.ready;
      });
      if (!result.same) throw new Error("the page's render differs from the template tests' render");
      const cpu = await rendererClock(page);
      const loop = (name: string) =>
        page.evaluate(
          (n) =>
            (window as unknown as { zilchBench: Record<string, () => number[] | Promise<number[]>> })
              .zilchBench[n]!(),
          name,
        );
      // Warm up (V8 optimises the template and helpers after a few calls), then time.
      await loop("render");
      await loop("insert");
      // Wall-clock medians from interleaved samples; CPU per path from a loop of each around the clock.
      const both = await loop("interleaved");
      const renderSamples = both.slice(0, ITERATIONS);
      const insertSamples = both.slice(ITERATIONS);
      const c0 = await cpu();
      await loop("render");
      const c1 = await cpu();
      await loop("insert");
      const c2 = await cpu();
      const plain = median(await loop("plain"));
      const renderPhases = await tracePhases(browser, page, () => loop("render"));
      const insertPhases = await tracePhases(browser, page, () => loop("insert"));
      const paintedPhases = await tracePhases(browser, page, () => loop("painted"));
      const paintedFloor = await tracePhases(browser, page, () => loop("paintedInsert"));
      const render = median(renderSamples);
      // The fastest run: what the page does when no other process holds the cores.
      const fastest = context.ms + Math.min(...renderSamples);
      const insert = median(insertSamples);
      const total = context.ms + render;
      const ratio = total / insert;
      // CPU time of the page's main thread per run: on a loaded machine the wall clock also counts the
      // time other processes held the cores (the frame budget is wall time; this says how much is load).
      const renderCpu = (c1 - c0) / ITERATIONS;
      const insertCpu = (c2 - c1) / ITERATIONS;
      console.log(
        `bench: tracker, ${COMBATANTS} combatants (${mode}) in Chromium: context ${context.ms.toFixed(2)} ms + ` +
          `render and insert ${render.toFixed(2)} ms = ${total.toFixed(2)} ms (frame ${FRAME_MS} ms: ` +
          `${total <= FRAME_MS ? "within" : "OVER"}; fastest ${fastest.toFixed(2)} ms); insert-only floor ${insert.toFixed(2)} ms; ratio ` +
          `${ratio.toFixed(2)} (budget ${FLOOR_RATIO}×: ${ratio <= FLOOR_RATIO ? "within" : "OVER"}); ` +
          `page CPU per run: render and insert ${renderCpu.toFixed(2)} ms, insert only ${insertCpu.toFixed(2)} ms; ` +
          `as many bare divs ${plain.toFixed(2)} ms (the machine's own floor); ` +
          `${result.elements} elements, ${(result.elements / result.rows).toFixed(1)} a row; load average ${loadavg()[0].toFixed(1)}`,
      );
      console.log(
        `bench: tracker (${mode}), where the page's main thread spends a run (traced): render and insert ` +
          `${phasesText(renderPhases)} (frame ${FRAME_MS} ms: ${renderPhases.total + context.ms <= FRAME_MS ? "within" : "OVER"} ` +
          `with the context); insert only ${phasesText(insertPhases)}; render, insert and the next frame ` +
          `drawn, no forced layout: ${phasesText(paintedPhases)} (frame: ` +
          `${paintedPhases.total + context.ms <= FRAME_MS ? "within" : "OVER"} with the context; ratio ` +
          `${((paintedPhases.total + context.ms) / paintedFloor.total).toFixed(2)} to inserting the final HTML ` +
          `and drawing it: ${phasesText(paintedFloor)})`,
      );
      await page.close();
    });
  }
});
