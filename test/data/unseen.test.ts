import { describe, expect, it } from "vitest";
import { surelyUnseen, UnseenRenders, type SidebarTabState } from "../../src/applications/combat/unseen";

const HIDDEN: SidebarTabState = { isPopout: false, active: false, popout: null };

describe("a tracker nobody can see", () => {
  it("is not drawn while another sidebar tab is shown, and draws once when its tab is shown again", () => {
    const renders = new UnseenRenders();
    expect(Array.from({ length: 300 }, () => renders.drop(HIDDEN)).every(Boolean)).toBe(true);
    expect(renders.shown()).toBe(true);
    // Asked once: a second showing with nothing dropped since draws nothing more.
    expect(renders.shown()).toBe(false);
  });

  it("the tab shown, a pop-out, or a pop-out of the hidden tab open: every render is drawn", () => {
    const renders = new UnseenRenders();
    for (const tab of [
      { isPopout: false, active: true, popout: null },
      { isPopout: true, active: false },
      { isPopout: false, active: false, popout: { rendered: true } },
    ])
      expect(renders.drop(tab)).toBe(false);
    expect(renders.shown()).toBe(false);
  });

  it("fails safe: a state it cannot read counts as shown", () => {
    for (const tab of [
      { isPopout: undefined, active: false },
      { isPopout: false, active: undefined },
      { isPopout: false, active: false, popout: {} },
    ])
      expect(surelyUnseen(tab)).toBe(false);
    expect(surelyUnseen({ isPopout: false, active: false })).toBe(true);
    expect(surelyUnseen({ isPopout: false, active: false, popout: { rendered: false } })).toBe(true);
  });
});
