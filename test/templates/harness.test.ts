import { describe, expect, it } from "vitest";
import { createRenderer, rootElements, templateFiles, systemPath } from "./harness";
import { MissingI18nKeyError } from "../support/i18n";

/**
 * The templates layer's own cases: every template renders with an empty context through real
 * Handlebars, and the harness fails on an unknown helper and on a missing lang/en.json key.
 */
describe("template harness", () => {
  const renderer = createRenderer();

  it("finds the system's templates", () => {
    expect(templateFiles().length).toBeGreaterThan(0);
  });

  for (const file of templateFiles()) {
    it(`renders ${systemPath(file)} with an empty context to one root element`, () => {
      const html = renderer.render(systemPath(file), {});
      const { elements, strayText } = rootElements(html);
      expect(strayText).toEqual([]);
      expect(elements).toHaveLength(1);
    });
  }

  it("fails on an unknown helper", () => {
    expect(() => renderer.renderSource("<p>{{noSuchHelper 1}}</p>", {})).toThrow(/noSuchHelper/);
  });

  it("fails on a missing lang/en.json key", () => {
    expect(() => renderer.renderSource('<p>{{localize "ZILCH.No.Such.Key"}}</p>', {})).toThrow(MissingI18nKeyError);
  });

  it("renders a chat card with a full context", () => {
    const html = renderer.render("chat/test-card.hbs", {
      cardKey: "ZILCH.Card.strength",
      dice: [
        { faces: 12, result: 12, exploded: true },
        { faces: 8, result: 3, exploded: false },
      ],
      target: 9,
      roll: 15,
      dos: "CF",
      dosKey: "ZILCH.DoS.CF",
    });
    expect(html).toContain("Test of Strength");
    expect(html).toContain("dos-CF");
    expect(rootElements(html).elements).toHaveLength(1);
  });
});
