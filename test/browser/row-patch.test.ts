/**
 * The tracker renders only what changed, in Chromium: the part rendered for the next state is laid
 * over the one on screen (src/applications/combat/row-patch.ts, run here as it runs in Foundry). After
 * every state of a countdown round the tracker is the same tree a whole render makes; a row that did
 * not change is the same element it was, and a row that moved is moved, not rebuilt.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, show, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { countdownRoundStates, GM } from "../combat/tracker-fixtures";
import { combatContext } from "../../src/applications/combat/turn-context";
import { patchInPlace } from "../../src/applications/combat/row-patch";

const available = browserAvailable();
const renderer = createRenderer();

interface Step {
  same: boolean;
  kept: number;
  moved: number;
  rebuilt: number;
}

describe.runIf(available)("the tracker laid over itself (browser)", () => {
  const browser = useBrowser();

  it("through a countdown round: always what a whole render shows, unchanged rows kept", async () => {
    const htmls = countdownRoundStates(12).map(({ state, inputs }) =>
      renderer.render("combat/tracker.hbs", { zilch: combatContext(state, inputs, GM) }),
    );
    const { page, consoleErrors } = await show(browser(), {
      html: "<div id=host></div>",
      theme: "light",
      width: 300,
      height: 900,
    });
    const steps = await page.evaluate(
      ({ htmls, source }) => {
        const patch = new Function(`return (${source})`)() as (a: Element, b: Element) => boolean;
        const parse = (html: string) => {
          const holder = document.createElement("template");
          holder.innerHTML = html;
          return holder.content.firstElementChild!;
        };
        const host = document.getElementById("host")!;
        host.replaceChildren(parse(htmls[0]!));
        const part = host.firstElementChild!;
        part.setAttribute("data-application-part", "tracker");
        const rowsOf = () =>
          new Map(
            [...part.querySelectorAll("li.combatant")].map((li) => [
              li.getAttribute("data-combatant-id"),
              li,
            ]),
          );
        const results: Step[] = [];
        for (const html of htmls.slice(1)) {
          const before = rowsOf();
          const order = [...before.keys()];
          if (!patch(part, parse(html))) throw new Error("the tracker part could not be laid over itself");
          const after = rowsOf();
          const newOrder = [...after.keys()];
          let kept = 0;
          let moved = 0;
          let rebuilt = 0;
          for (const [id, li] of after) {
            if (before.get(id) !== li) rebuilt++;
            else if (order.indexOf(id) !== newOrder.indexOf(id)) moved++;
            else kept++;
          }
          const fresh = parse(html);
          fresh.setAttribute("data-application-part", "tracker");
          results.push({ same: part.isEqualNode(fresh), kept, moved, rebuilt });
        }
        return results;
      },
      { htmls, source: patchInPlace.toString() },
    );
    expect(steps.every((s) => s.same)).toBe(true);
    const total = (key: "kept" | "moved" | "rebuilt") => steps.reduce((n, s) => n + s[key], 0);
    // Most rows are untouched by a call; rebuilding is the exception (the called row's controls).
    expect(total("kept")).toBeGreaterThan(total("rebuilt") * 3);
    expect(steps.some((s) => s.moved > 0)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("refuses, changing nothing, a part of another shape (the caller then replaces it whole)", async () => {
    const { page } = await show(browser(), {
      html: "<div id=host><section><p>a</p></section></div>",
      theme: "light",
      width: 300,
      height: 200,
    });
    const result = await page.evaluate((source) => {
      const patch = new Function(`return (${source})`)() as (a: Element, b: Element) => boolean;
      const prior = document.querySelector("#host > section")!;
      const next = document.createElement("section");
      next.innerHTML = "<p>a</p><p>b</p>";
      return { patched: patch(prior, next), html: prior.outerHTML };
    }, patchInPlace.toString());
    expect(result).toEqual({ patched: false, html: "<section><p>a</p></section>" });
    await page.close();
  });
});
