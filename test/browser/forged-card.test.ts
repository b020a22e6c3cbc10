/**
 * A forged spell card in the GM's page (Chromium): the card is built as the GM's client builds it
 * (the card's context and template, then `innerHTML` of a holder, as cast.ts does), with every field
 * of the message holding a script and an image whose `onerror` sets a flag. Nothing runs. The same
 * card built with the message's description, as before the fix, does run the image's handler: the
 * test can fail.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, show, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { spellCardContext } from "../../src/dice/spell-card";
import { forgedRecord, PAYLOAD } from "../support/forged-card";

const available = browserAvailable();
const renderer = createRenderer();
const cardHtml = (description: string) =>
  renderer.render(
    "chat/spell-card.hbs",
    spellCardContext(
      forgedRecord,
      { isGM: true },
      { conditionName: PAYLOAD, woundThreshold: 3, description },
    ),
  );

describe.runIf(available)("a forged spell card in the GM's page (browser)", () => {
  const browser = useBrowser();

  const ranIn = async (html: string) => {
    const { page } = await show(browser(), {
      html: '<ol id="chat-log"></ol>',
      theme: "dark",
      width: 300,
      height: 600,
    });
    const ran = await page.evaluate(async (card) => {
      const holder = document.createElement("div");
      holder.innerHTML = card;
      document.getElementById("chat-log")!.append(...holder.children);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (window as unknown as { zilchForged?: number }).zilchForged ?? null;
    }, html);
    await page.close();
    return ran;
  };

  it("runs nothing: every field shows as text", async () => {
    expect(await ranIn(cardHtml(""))).toBeNull();
  });

  it("would run the image's handler if the message's description were rendered", async () => {
    expect(await ranIn(cardHtml(PAYLOAD))).toBe(2);
  });
});
