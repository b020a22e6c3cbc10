/**
 * Where a page's main-thread time goes, read from a Chromium trace: the DevTools timeline events
 * `ParseHTML` (the HTML parser), `UpdateLayoutTree` (style recalculation), `Layout`, and the frame's
 * paint steps (`PrePaint`, `Paint`, `Layerize`, `Commit`: recording what to draw and handing it to the
 * compositor; rasterising runs on other threads), summed by their thread duration (`tdur`, CPU time of
 * the thread: the time other processes hold the cores does not count, but their slowing it does, so
 * compare figures within one run).
 * The page brackets each timed iteration with the user-timing marks PHASE_START and PHASE_END; the
 * thread clock (`tts`) between the two is the iteration's whole CPU time, and what the three phases
 * leave of it is script (the template, the helpers) and the rest (garbage collection, DOM removal).
 * An iteration that waits for the next frame counts only the thread's busy time, not the wait.
 * These are the event names the DevTools Performance panel shows; Playwright's `browser.startTracing`
 * records them with the categories below.
 */
import type { Browser, Page } from "playwright-core";

export const PHASE_START = "zilch-phase-start";
export const PHASE_END = "zilch-phase-end";
const CATEGORIES = ["devtools.timeline", "blink.user_timing"];

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  tts?: number;
  dur?: number;
  tdur?: number;
}

/** Main-thread CPU of one iteration, by phase, in ms. */
export interface Phases {
  total: number;
  parse: number;
  style: number;
  layout: number;
  /** The frame's paint steps; 0 when the iteration forces layout and ends before any frame. */
  paint: number;
  /** Script (template, helpers) and the rest: garbage collection, removing the old DOM. */
  other: number;
}

const PAINT_STEPS = ["PrePaint", "Paint", "Layerize", "Commit"];

/** CPU ms of `events` (sorted by start), each counted once: one inside another (Paint runs nested). */
function outermost(events: readonly TraceEvent[]): number {
  let ms = 0;
  let until = -Infinity;
  for (const e of events) {
    if (e.ts < until) continue;
    ms += (e.tdur ?? 0) / 1000;
    until = e.ts + (e.dur ?? 0);
  }
  return ms;
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** Traces `run` (a loop of marked iterations in `page`) and returns the median phases per iteration. */
export async function tracePhases(
  browser: Browser,
  page: Page,
  run: () => Promise<unknown>,
): Promise<Phases> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await run();
  const trace: unknown = JSON.parse((await browser.stopTracing()).toString());
  const events = (
    Array.isArray(trace) ? trace : (trace as { traceEvents: TraceEvent[] }).traceEvents
  ) as TraceEvent[];
  const starts = events.filter((e) => e.name === PHASE_START).sort((a, b) => a.ts - b.ts);
  const ends = events.filter((e) => e.name === PHASE_END).sort((a, b) => a.ts - b.ts);
  if (starts.length === 0 || starts.length !== ends.length)
    throw new Error("the trace holds no marked iterations");
  const tid = starts[0]!.tid;
  const timed = events.filter((e) => e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const each: Phases[] = starts.map((start, i) => {
    const end = ends[i]!;
    const inside = timed.filter((e) => e.ts >= start.ts && e.ts <= end.ts);
    const sum = (...names: string[]) => outermost(inside.filter((e) => names.includes(e.name)));
    const total = ((end.tts ?? 0) - (start.tts ?? 0)) / 1000;
    const [parse, style, layout] = [sum("ParseHTML"), sum("UpdateLayoutTree"), sum("Layout")];
    const paint = sum(...PAINT_STEPS);
    const other = Math.max(0, total - parse - style - layout - paint);
    return { total, parse, style, layout, paint, other };
  });
  const pick = (key: keyof Phases) => median(each.map((p) => p[key]));
  return {
    total: pick("total"),
    parse: pick("parse"),
    style: pick("style"),
    layout: pick("layout"),
    paint: pick("paint"),
    other: pick("other"),
  };
}

/** "12.3 ms CPU: parse 2.0, style 3.1, layout 5.9, script and the rest 1.3" (and paint, if any). */
export function phasesText(p: Phases): string {
  return (
    `${p.total.toFixed(2)} ms CPU: parse ${p.parse.toFixed(2)}, style ${p.style.toFixed(2)}, ` +
    `layout ${p.layout.toFixed(2)}${p.paint > 0 ? `, paint ${p.paint.toFixed(2)}` : ""}, ` +
    `script and the rest ${p.other.toFixed(2)}`
  );
}
