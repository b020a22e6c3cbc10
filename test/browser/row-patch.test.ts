/**
 * The tracker renders only what changed, in Chromium: the part rendered for the next state is laid
 * over the one on screen (src/applications/combat/row-patch.ts, run here as it runs in Foundry). After
 * every state of a countdown round the tracker is the same tree a whole render makes; a row that did
 * not change is the same element it was, and a row that moved is moved, not rebuilt.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, show, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { countdownRoundStates, GM } from "../support/tracker";
import { combatContext } from "../../src/applications/combat/turn-context";
import { patchInPageSource } from "../../src/applications/combat/row-patch";
import { RowKeys, type KeyedContext } from "../../src/applications/combat/row-keys";

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
        const patch = new Function(source)() as (a: Element, b: Element) => boolean;
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
      { htmls, source: patchInPageSource() },
    );
    expect(steps.every((s) => s.same)).toBe(true);
    const total = (key: "kept" | "moved" | "rebuilt") => steps.reduce((n, s) => n + s[key], 0);
    // Most rows are untouched by a call; rebuilding is the exception (the called row's controls).
    expect(total("kept")).toBeGreaterThan(total("rebuilt") * 3);
    expect(steps.some((s) => s.moved > 0)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("rows unchanged come as stand-ins: the row on screen stays, and the part is what a whole render shows", async () => {
    const keys = new RowKeys();
    const keyed: KeyedContext[] = [];
    const contexts = countdownRoundStates(12).map(({ state, inputs }) => combatContext(state, inputs, GM));
    for (const context of contexts)
      keyed.push(keys.keep(context, new Map(keyed.at(-1)?.turns.map((t) => [t.id, t.key]))));
    const standIns = keyed.map((zilch) => renderer.render("combat/tracker.hbs", { zilch }));
    // What a whole render of each state shows: every row drawn, with the keys the rows were drawn with.
    const drawn = keyed.map((zilch, i) => {
      const rows = zilch.turns.map((t) =>
        t.kept ? { ...contexts[i]!.turns.find((c) => c.id === t.id)!, key: t.key } : t,
      );
      return renderer.render("combat/tracker.hbs", { zilch: { ...zilch, turns: rows } });
    });
    const { page, consoleErrors } = await show(browser(), {
      html: "<div id=host></div>",
      theme: "light",
      width: 300,
      height: 900,
    });
    const steps = await page.evaluate(
      ({ standIns, drawn, source }) => {
        const patch = new Function(source)() as (a: Element, b: Element) => boolean;
        const parse = (html: string) => {
          const holder = document.createElement("template");
          holder.innerHTML = html;
          return holder.content.firstElementChild!;
        };
        const host = document.getElementById("host")!;
        host.replaceChildren(parse(standIns[0]!));
        const part = host.firstElementChild!;
        return standIns.slice(1).map((html, i) => {
          const before = new Map([...part.querySelectorAll("li")].map((li) => [li.dataset.combatantId, li]));
          const next = parse(html);
          const standing = [...next.querySelectorAll("li[data-kept]")].map((li) =>
            li.getAttribute("data-combatant-id"),
          );
          const laid = patch(part, next);
          return {
            laid,
            standIns: standing.length,
            same: part.isEqualNode(parse(drawn[i + 1]!)),
            keptElements: standing.every(
              (id) => part.querySelector(`li[data-combatant-id="${id}"]`) === before.get(id!),
            ),
          };
        });
      },
      { standIns, drawn, source: patchInPageSource() },
    );
    expect(steps.every((s) => s.laid && s.same && s.keptElements)).toBe(true);
    // Most rows stand in: a call changes the called row and the one called before.
    expect(steps.reduce((n, s) => n + s.standIns, 0)).toBeGreaterThan(steps.length * 4);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("a stand-in with no row drawn with its key on screen: nothing changes, and the caller renders every row", async () => {
    const { page } = await show(browser(), {
      html: '<div id=host><section><ol><li data-combatant-id="a" data-row-key="1">A</li><li data-combatant-id="b" data-row-key="2">B</li></ol></section></div>',
      theme: "light",
      width: 300,
      height: 200,
    });
    const result = await page.evaluate((source) => {
      const patch = new Function(source)() as (a: Element, b: Element) => boolean;
      const prior = document.querySelector("#host > section")!;
      const before = prior.outerHTML;
      const next = document.createElement("section");
      next.innerHTML =
        '<ol><li data-combatant-id="b" data-row-key="3" data-kept></li><li data-combatant-id="a" data-row-key="1" data-kept></li></ol>';
      return { patched: patch(prior, next), unchanged: prior.outerHTML === before };
    }, patchInPageSource());
    expect(result).toEqual({ patched: false, unchanged: true });
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
      const patch = new Function(source)() as (a: Element, b: Element) => boolean;
      const prior = document.querySelector("#host > section")!;
      const next = document.createElement("section");
      next.innerHTML = "<p>a</p><p>b</p>";
      return { patched: patch(prior, next), html: prior.outerHTML };
    }, patchInPageSource());
    expect(result).toEqual({ patched: false, html: "<section><p>a</p></section>" });
    await page.close();
  });
});
