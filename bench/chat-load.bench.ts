/**
 * Benchmark: a chat log of 100 attack cards loading on one client. Each card's render hook
 * (renderChatMessageHTML, attack-flow.ts `renderAttackCard`) used to build the card's context for its
 * viewer and render the template again for every card; now it does so only for a card its viewer
 * sees more of than the stored content (views/attack-card/card-view.ts `viewerAddsTo`). Three paths, one
 * sample of each in turn, the order rotating, in Node (as the hook's work runs on Foundry's client):
 * - every card: context and template for every card, as before;
 * - as needed: the check, then context and template for the cards that need them;
 * - floor: 100 renders of the simple title-and-lines card.
 * Two logs: the attack scenes of the template tests in turn (most wait on someone), and only the
 * finished ones among them (what a long log mostly holds). The ownership lookups the hook makes (two
 * async uuid lookups a card, now made only for a card some viewer could see more of) are Foundry's
 * and are left out. Medians and ratios are printed, never asserted.
 */
import { describe, it } from "vitest";
import { createRenderer } from "../test/templates/harness";
import { attackScenes, GM_VIEW, ATTACKER_VIEW, specialScenes } from "../test/templates/attack-fixtures";
import { localize } from "../test/support/i18n";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../src/dice/attack-card";
import { attackCardView, viewerAddsTo } from "../src/views/attack-card/card-view";
import type { AttackRequester, AttackState } from "../src/rules/attack/index";
import { LINES_CARD_TEMPLATE, linesCardContext } from "../src/dice/chat-lines";
import { median } from "./tracker-page";

const CARDS = 100;
const SAMPLES = 40;
const EVERY_ROLE: AttackRequester = { isGM: true, ownsAttacker: true, ownsDefender: true };
const renderer = createRenderer();
const template = (path: string) => path.replace("systems/zilch/templates/", "");

function log(states: readonly AttackState[]): AttackState[] {
  return Array.from({ length: CARDS }, (_, i) => states[i % states.length]!);
}

const everyCard = (cards: readonly AttackState[], viewer: AttackRequester) => {
  let chars = 0;
  for (const state of cards)
    chars += renderer.render(template(ATTACK_CARD_TEMPLATE), attackCardContext(state, viewer)).length;
  return chars;
};
const asNeeded = (cards: readonly AttackState[], viewer: AttackRequester) => {
  let chars = 0;
  for (const state of cards)
    if (viewerAddsTo(state, EVERY_ROLE) && viewerAddsTo(state, viewer))
      chars += renderer.render(template(ATTACK_CARD_TEMPLATE), attackCardContext(state, viewer)).length;
  return chars;
};
const lines = linesCardContext(
  "recovery",
  [
    { key: "ZILCH.Recovery.Rest", data: {} },
    { key: "ZILCH.Recovery.Chips", data: { suit: "ZILCH.Suit.clubs", change: "+2" } },
  ],
  (k) => localize(k),
  (k, d) => localize(k, d),
);
const floor = () => {
  let chars = 0;
  for (let i = 0; i < CARDS; i++) chars += renderer.render(template(LINES_CARD_TEMPLATE), lines).length;
  return chars;
};

describe("bench: a chat log of attack cards loading", () => {
  const scenes = Object.values({ ...attackScenes(), ...specialScenes() });
  const finished = scenes.filter((s) => {
    const view = attackCardView(s, EVERY_ROLE);
    return view.controls.length === 0 && view.stepKey === null;
  });
  const logs = { "every scene": log(scenes), finished: log(finished) };
  for (const [name, cards] of Object.entries(logs))
    for (const [who, viewer] of [
      ["GM", GM_VIEW],
      ["attacker", ATTACKER_VIEW],
    ] as const)
      it(`${CARDS} cards (${name}), the ${who}'s client: every card vs as needed vs the floor`, () => {
        const paths = [() => everyCard(cards, viewer), () => asNeeded(cards, viewer), floor];
        const samples: number[][] = [[], [], []];
        for (let i = 0; i < 5; i++) paths.forEach((p) => p());
        for (let i = 0; i < SAMPLES; i++)
          for (let k = 0; k < paths.length; k++) {
            const at = (i + k) % paths.length;
            const t = performance.now();
            paths[at]!();
            samples[at]!.push(performance.now() - t);
          }
        const [before, after, base] = samples.map(median) as [number, number, number];
        const rendered = cards.filter((s) => viewerAddsTo(s, EVERY_ROLE) && viewerAddsTo(s, viewer)).length;
        console.log(
          `bench: chat log of ${CARDS} attack cards (${name}), ${who}: every card ${before.toFixed(2)} ms, ` +
            `as needed ${after.toFixed(2)} ms (${rendered} of ${CARDS} rendered), floor (100 lines cards) ` +
            `${base.toFixed(2)} ms; ratios as needed/every ${(after / before).toFixed(2)}, every/floor ` +
            `${(before / base).toFixed(1)}, as needed/floor ${(after / base).toFixed(1)}`,
        );
      });
});
