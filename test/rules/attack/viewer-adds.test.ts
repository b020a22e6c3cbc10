/**
 * CH-7: a chat client shows the stored attack card as it is when its viewer adds nothing to it; the
 * check must agree with the whole view at every step, for every viewer.
 */
import { describe, expect, it } from "vitest";
import { attackCardView, viewerAddsTo } from "../../../src/views/attack-card/card-view";
import type { AttackRequester } from "../../../src/rules/attack/index";
import { attackScenes, specialScenes } from "../../templates/attack-fixtures";

const VIEWERS: AttackRequester[] = [false, true].flatMap((isGM) =>
  [false, true].flatMap((ownsAttacker) =>
    [false, true].map((ownsDefender) => ({ isGM, ownsAttacker, ownsDefender })),
  ),
);
const EVERY_ROLE: AttackRequester = { isGM: true, ownsAttacker: true, ownsDefender: true };
const scenes = Object.entries({ ...attackScenes(), ...specialScenes() });

describe("whether a viewer's attack card differs from the stored one", () => {
  it.each(scenes)("%s: exactly when the viewer's whole view differs from no viewer's", (_name, state) => {
    const stored = JSON.stringify(attackCardView(state, null));
    for (const viewer of VIEWERS)
      expect([viewer, viewerAddsTo(state, viewer)]).toEqual([
        viewer,
        JSON.stringify(attackCardView(state, viewer)) !== stored,
      ]);
  });

  it.each(scenes)(
    "%s: nothing added for a viewer with every role, nothing added for anyone",
    (_name, state) => {
      if (viewerAddsTo(state, EVERY_ROLE)) return;
      for (const viewer of VIEWERS) expect(viewerAddsTo(state, viewer)).toBe(false);
    },
  );

  it("some steps add nothing for some viewers, and some add for all (the check is not constant)", () => {
    const results = scenes.flatMap(([, state]) => VIEWERS.map((v) => viewerAddsTo(state, v)));
    expect(results).toContain(true);
    expect(results).toContain(false);
  });
});
