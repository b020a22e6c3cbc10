import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createRenderer, rootElements, templateFiles, systemPath } from "./harness";
import { MissingI18nKeyError } from "../support/i18n";
import { TEST_CARD_TEMPLATE, testCardContext } from "../../src/dice/chat-cards";

/**
 * The templates layer's own cases: every template compiles with only the helpers the system and
 * Foundry provide, and the harness fails on an unknown helper and on a missing lang/en.json key.
 * (Each part's empty and full contexts are tested beside its sheet, tracker or card.)
 */
describe("template harness", () => {
  const renderer = createRenderer();

  it("finds the system's templates", () => {
    expect(templateFiles().length).toBeGreaterThan(0);
  });

  for (const file of templateFiles()) {
    it(`compiles ${systemPath(file)} with known helpers only`, () => {
      expect(() => renderer.compileSource(readFileSync(file, "utf8"))).not.toThrow();
    });
  }

  it("fails on an unknown helper", () => {
    expect(() => renderer.renderSource("<p>{{noSuchHelper 1}}</p>", {})).toThrow(/noSuchHelper/);
  });

  it("fails on a missing lang/en.json key", () => {
    expect(() => renderer.renderSource('<p>{{localize "ZILCH.No.Such.Key"}}</p>', {})).toThrow(MissingI18nKeyError);
  });

  it("renders a real chat card from its context builder to one root element", () => {
    const html = renderer.render(
      TEST_CARD_TEMPLATE,
      testCardContext({ actorName: "Brom", card: "strength", dice: { d12: 12, d8: 3 }, target: 9 }),
    );
    expect(html).toContain("dos-CF");
    expect(rootElements(html).elements).toHaveLength(1);
  });
});
