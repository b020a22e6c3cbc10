/** AT-1: the attack declaration dialog, rendered from its template, and the declaration its answer makes. */
import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import {
  ATTACK_DIALOG_TEMPLATE,
  attackDialogContext,
  declarationDefaults,
  declarationFromForm,
} from "../../src/applications/combat/attack-dialog";

const renderer = createRenderer();
const none = { injuryOverride: false, chipOverride: false };

describe("attack declaration dialog template", () => {
  it("one root under .zilch; the weapon's modes, Special Attack kinds, aims (chest first chosen) and cover", () => {
    const html = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "thrown", "special"], false, false));
    const { elements, strayText } = rootElements(html);
    expect(elements).toHaveLength(1);
    expect(strayText).toEqual([]);
    expect(html).not.toMatch(/ZILCH\./);
    const selects = allElements(html).filter((el) => el.tagName === "select");
    expect(selects.map((s) => attr(s, "name"))).toEqual(["mode", "special", "aim", "cover", "visibility"]);
    const options = (name: string) =>
      allElements(html)
        .filter((el) => el.tagName === "option" && attr(el.parentNode as never, "name") === name)
        .map((el) => attr(el, "value"));
    expect(options("mode")).toEqual(["melee", "thrown", "special"]);
    expect(options("cover")).toEqual(["none", "light", "half", "heavy", "total"]);
    // RNG-4: how well the target is seen, clear first chosen.
    expect(options("visibility")).toEqual(["clear", "occluded", "invisible"]);
    const chosen = allElements(html).filter((el) => el.tagName === "option" && attr(el, "selected") !== undefined);
    expect(chosen.map((el) => attr(el, "value"))).toEqual(["chest", "clear"]);
    const inputs = allElements(html).filter((el) => el.tagName === "input").map((el) => attr(el, "name"));
    // AC-4: a weapon attack may be declared as a Charge; a Cast (below) may not.
    expect(inputs).toEqual(["modifier", "calledShot", "charge", "knockout", "attackerMounted", "targetMounted", "squareRight", "squareDown"]);
  });

  it("SP-1: the Special Attack kind is marked to show with that mode only; a spell, with no such mode, has none", () => {
    const weapon = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "special"], false, false));
    expect(weapon).toMatch(/<label class="field only-with-mode" data-only-with-mode="special"><span class="field-label">[^<]*<\/span>\s*<select name="special">/);
    expect(weapon).toMatch(/<label class="field"><span class="field-label">[^<]*<\/span>\s*<select name="mode">/);
    const spell = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["cast"], false, false));
    const selects = allElements(spell).filter((el) => el.tagName === "select").map((s) => attr(s, "name"));
    expect(selects).toEqual(["mode", "aim", "cover", "visibility"]);
  });

    it("every control in a fieldset with a legend, the rare ones behind a closed More options", () => {
    const html = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "special"], true, false));
    const controls = allElements(html).filter((el) => ["input", "select"].includes(el.tagName));
    const inside = (el: { parentNode?: unknown }, tag: string): { tagName: string; attrs?: unknown } | null => {
      for (let n = el.parentNode as { tagName?: string; parentNode?: unknown } | null; n; n = n.parentNode as never)
        if (n.tagName === tag) return n as never;
      return null;
    };
    for (const c of controls) {
      expect(inside(c, "fieldset"), attr(c, "name")).not.toBeNull();
      // Each is labelled by the label around it (no id needed, so two dialogs never clash).
      expect(inside(c, "label"), attr(c, "name")).not.toBeNull();
    }
    const legends = allElements(html).filter((el) => el.tagName === "legend");
    expect(legends).toHaveLength(allElements(html).filter((el) => el.tagName === "fieldset").length);
    const details = allElements(html).filter((el) => el.tagName === "details");
    expect(details).toHaveLength(1);
    expect(attr(details[0]!, "open")).toBeUndefined();
    const rare = controls.filter((c) => inside(c, "details")).map((c) => attr(c, "name"));
    expect(rare).toEqual(["knockout", "attackerMounted", "targetMounted", "squareRight", "squareDown"]);
  });

  it("offers a GM's overrides only when asked to", () => {
    const html = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["cast"], true, true));
    const inputs = allElements(html).filter((el) => el.tagName === "input").map((el) => attr(el, "name"));
    expect(inputs).toEqual([
      "modifier",
      "calledShot",
      "knockout",
      "attackerMounted",
      "targetMounted",
      "squareRight",
      "squareDown",
      "injuryOverride",
      "chipOverride",
    ]);
  });
});

describe("the declaration the dialog's answer makes", () => {
  it("AT-1: a melee attack keeps its aim and knock-out; a thrown one drops both unless a called shot", () => {
    const form = { mode: "melee", aim: "head", knockout: true, calledShot: true, cover: "light", modifier: "2.7" };
    expect(declarationFromForm(form, none)).toEqual({
      mode: "melee",
      aim: "head",
      calledShot: false,
      knockout: true,
      attackerMounted: false,
      targetMounted: false,
      special: null,
      modifier: 2,
      injuryOverride: false,
      chipOverride: false,
      cover: 1,
      totalCover: false,
      charge: false,
      visibility: "clear",
      square: null,
    });
    expect(declarationFromForm({ ...form, charge: "on" }, none)).toMatchObject({ charge: true });
    expect(declarationFromForm({ mode: "cast", charge: "on" }, none)).toMatchObject({ charge: false });
    expect(declarationFromForm({ ...form, mode: "thrown", calledShot: false }, none)).toMatchObject({
      aim: null,
      knockout: false,
    });
    expect(declarationFromForm({ ...form, mode: "thrown" }, none)).toMatchObject({ aim: "head", calledShot: true });
  });

  it("SW-2: who is mounted goes with a melee attack only", () => {
    const form = { mode: "melee", aim: "chest", attackerMounted: "on", targetMounted: "on" };
    expect(declarationFromForm(form, none)).toMatchObject({ attackerMounted: true, targetMounted: true });
    expect(declarationFromForm({ ...form, mode: "thrown" }, none)).toMatchObject({
      attackerMounted: false,
      targetMounted: false,
    });
  });

  it("RNG-3, AT-1: total cover reaches the GM's check as total cover", () => {
    expect(declarationFromForm({ mode: "melee", aim: "chest", cover: "total" }, none)).toMatchObject({
      cover: 0,
      totalCover: true,
    });
  });

  it("RNG-4: the visibility chosen, and the named square only when both counts are whole numbers", () => {
    const form = { mode: "thrown", visibility: "invisible", squareRight: "-2", squareDown: "3" };
    expect(declarationFromForm(form, none)).toMatchObject({
      visibility: "invisible",
      square: { right: -2, down: 3 },
    });
    expect(declarationFromForm({ ...form, squareDown: "" }, none)).toMatchObject({ square: null });
    expect(declarationFromForm({ ...form, squareRight: "1.5" }, none)).toMatchObject({ square: null });
    expect(declarationFromForm({ mode: "melee", visibility: "foggy" }, none)).toMatchObject({ visibility: "clear" });
  });

  it("SP-1: a Special Attack names its kind; overrides count only when offered; an unknown mode is nothing", () => {
    const special = declarationFromForm({ mode: "special", special: "grapple", injuryOverride: true }, none);
    expect(special).toMatchObject({ special: "grapple", injuryOverride: false });
    const gm = declarationFromForm({ mode: "cast", chipOverride: true }, { injuryOverride: false, chipOverride: true });
    expect(gm).toMatchObject({ mode: "cast", chipOverride: true });
    expect(declarationFromForm({ mode: "fireball" }, none)).toBeNull();
  });
});

describe("AC-3: the two-weapon choice", () => {
  const partners = [
    { id: "itmRight00000001", name: "Right short sword" },
    { id: "itmDagger0000001", name: "Dagger" },
  ];

  it("is offered with the other weapons of a legal pair, the first chosen, and a share of pips; not without a pair", () => {
    const html = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "special"], false, false, partners));
    const inputs = allElements(html).filter((el) => el.tagName === "input").map((el) => attr(el, "name"));
    expect(inputs).toEqual(["modifier", "calledShot", "charge", "twoWeapon", "firstShare", "knockout", "attackerMounted", "targetMounted", "squareRight", "squareDown"]);
    const options = allElements(html).filter(
      (el) => el.tagName === "option" && attr(el.parentNode as never, "name") === "partner",
    );
    expect(options.map((el) => attr(el, "value"))).toEqual(["itmRight00000001", "itmDagger0000001"]);
    expect(attr(options[0]!, "selected")).toBeDefined();
    expect(html).toContain("Right short sword");
    expect(html).not.toMatch(/ZILCH\./);
    const alone = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "special"], false, false));
    expect(alone).not.toContain('name="twoWeapon"');
  });

  it("the second attack's dialog names its pips and offers no new two-weapon choice", () => {
    const html = renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "special"], false, false, partners, 3));
    expect(html).toContain("The second attack of your two weapons: it takes the rest of your offensive pips (3).");
    expect(html).not.toContain('name="twoWeapon"');
    expect(html).not.toMatch(/ZILCH\./);
  });

  it("its answer names the other weapon and this attack's share; never with a Charge, a Cast or a Special Attack", () => {
    const form = { mode: "melee", aim: "chest", twoWeapon: true, partner: "itmRight00000001", firstShare: "2" };
    expect(declarationFromForm(form, none)).toMatchObject({
      twoWeapon: { partnerId: "itmRight00000001", firstShare: 2 },
      charge: false,
    });
    expect(declarationFromForm({ ...form, charge: "on" }, none)).toMatchObject({ charge: false });
    expect(declarationFromForm({ ...form, twoWeapon: false }, none)).not.toHaveProperty("twoWeapon");
    expect(declarationFromForm({ ...form, mode: "special", special: "trip" }, none)).not.toHaveProperty("twoWeapon");
  });
});

describe("Shift-click on Attack: the dialog's defaults without opening it", () => {
  it("AT-1: the weapon's first mode at the Chest, no cover, a clear view, nothing ticked, no modifier", () => {
    const defaults = declarationDefaults(attackDialogContext(["thrown", "melee", "special"], true, false));
    expect(defaults).toEqual({
      modifier: 0,
      mode: "thrown",
      special: "bullrush",
      aim: "chest",
      cover: "none",
      visibility: "clear",
    });
    expect(declarationFromForm(defaults, { injuryOverride: true, chipOverride: false })).toEqual({
      mode: "thrown",
      aim: null,
      calledShot: false,
      knockout: false,
      attackerMounted: false,
      targetMounted: false,
      special: null,
      modifier: 0,
      injuryOverride: false,
      chipOverride: false,
      charge: false,
      cover: 0,
      totalCover: false,
      visibility: "clear",
      square: null,
    });
  });

  it("AT-1: a melee weapon attacks the Chest; a spell Casts", () => {
    const melee = declarationDefaults(attackDialogContext(["melee", "special"], false, false));
    expect(declarationFromForm(melee, none)).toMatchObject({ mode: "melee", aim: "chest", charge: false });
    const cast = declarationDefaults(attackDialogContext(["cast"], false, true));
    expect(declarationFromForm(cast, none)).toMatchObject({ mode: "cast", chipOverride: false });
  });
});
