import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { CORE_ROW_ACTIONS } from "../../src/applications/combat/core-row";
import { GM, PLAYER, trackerContext, trackerState, type TrackerScene } from "../support/tracker";
import { combatContext } from "../../src/applications/combat/turn-context";
import { requestFor } from "../../src/applications/combat/button-requests";
import { countdownChoose, countdownNext } from "../../src/rules/round/countdown-calls";
import type { CombatantRound, RoundState } from "../../src/rules/round/state";
import { scriptedDice } from "../support/combat";

const renderer = createRenderer();
const render = (zilch: object) => renderer.render("combat/tracker.hbs", { zilch });
const SCENES: TrackerScene[] = ["declaring", "revealed", "closing"];
// Ours, plus the row actions core's CombatTracker handles itself (core-row.ts, FOUNDRY-FACTS §8).
const registered = new Set<string>([...TRACKER_ACTIONS, ...CORE_ROW_ACTIONS]);

describe("combat tracker template", () => {
  for (const mode of ["spades", "countdown"] as const) {
    for (const scene of SCENES) {
      it(`renders 12 combatants in ${mode} mode while ${scene}: one root, labelled registered buttons`, () => {
        const html = render(trackerContext(12, mode, scene));
        const { elements, strayText } = rootElements(html);
        expect(elements).toHaveLength(1);
        expect(strayText).toEqual([]);
        const rows = allElements(html).filter((el) => el.tagName === "li" && (attr(el, "class") ?? "").includes("combatant"));
        expect(rows).toHaveLength(12);
        const buttons = allElements(html).filter((el) => el.tagName === "button");
        expect(buttons.length).toBeGreaterThan(0);
        for (const b of buttons) {
          expect(attr(b, "type")).toBe("button");
          expect(registered.has(attr(b, "data-action") ?? "")).toBe(true);
        }
      });
    }
  }

  it("shows 'declared' and no stance while declaring, then the stances", () => {
    const declaring = render(trackerContext(12, "spades", "declaring"));
    expect(declaring).toContain("Declared");
    expect(declaring).not.toMatch(/stance-shown/);
    const shown = render(trackerContext(12, "spades", "revealed"));
    expect(shown).toMatch(/stance-shown stance-bold/);
    expect(shown).toContain('aria-label="Reveal domino"');
    // DOM-4: with the stance shown, the tile itself reads offence then defence; no second chip repeats it.
    expect(shown).toContain('aria-label="Domino: offence 5, defence 2"');
    expect(shown).toContain('data-greater="O 5" data-lesser="D 2"');
    expect(shown).not.toContain("chip pips");
  });

  it("DOM-4: a shown domino whose stance is not yet shown keeps its plain greater–lesser tile", () => {
    const ctx = trackerContext(12, "spades", "revealed");
    const row = ctx.turns.find((t) => t.domino.state === "revealed")!;
    const html = render({ ...ctx, turns: [{ ...row, stance: { ...row.stance, key: null } }] } as never);
    expect(html).toContain(`aria-label="Domino ${row.domino.greater}–${row.domino.lesser}"`);
    expect(html).not.toContain("offence");
  });

  it("the GM's Hide and Defeated (unless on) and the order arrows are the row's hover controls; a pressed one stays", () => {
    const ctx = trackerContext(12, "spades", "revealed");
    const html = render(ctx);
    expect(html).toMatch(/fa-eye-slash on-hover" data-action="toggleHidden"/);
    expect(html).toMatch(/fa-skull on-hover" data-action="toggleDefeated"/);
    expect(html).toMatch(/class="icon on-hover zilchMoveUp"/);
    const row = ctx.turns[0]!;
    const pressed = row.coreControls.map((c) => (c.action === "toggleHidden" ? { ...c, pressed: true } : c));
    const hidden = render({ ...ctx, turns: [{ ...row, coreControls: pressed }] } as never);
    expect(hidden).toMatch(/fa-eye-slash" data-action="toggleHidden" aria-pressed="true"/);
  });

  it("offers a Threatened combatant only Cautious and Guarded (ST-3)", () => {
    const ctx = trackerContext(12, "spades", "declaring");
    const threatened = ctx.turns.find((t) => t.id === "c5")!;
    expect(threatened.declare.map((c) => c.data.stance)).toEqual(["cautious", "guarded"]);
  });

  it("KN-2: offers a Threatened Rogue with Slip Away and a ♠ chip Reckless and Bold for the chip, marked on the button", () => {
    const { state, inputs } = trackerState(12, "spades", "declaring");
    const ready = inputs.map((t) => (t.id === "c5" ? { ...t, facts: { ...t.facts, slipAwayReady: true } } : t));
    const c5 = combatContext(state, ready, GM, {}).turns.find((t) => t.id === "c5")!;
    expect(c5.declare.map((c) => [c.data.stance, c.data.slipAway ?? 0])).toEqual([
      ["cautious", 0],
      ["guarded", 0],
      ["reckless", 1],
      ["bold", 1],
    ]);
    const html = render({ ...combatContext(state, ready, GM, {}) });
    expect(html).toContain('data-stance="bold" data-slip-away="1"');
    expect(html).toContain("Slip Away (1 ♠ chip): Bold");
    expect(requestFor("zilchDeclareStance", "cb", { combatantId: "c5", stance: "bold", slipAway: "1" }, null)).toEqual({
      kind: "declareStance",
      combatId: "cb",
      combatantId: "c5",
      stance: "bold",
      slipAway: true,
    });
  });

  it("gives a player controls only on its own combatant, and no GM controls", () => {
    const ctx = trackerContext(12, "spades", "declaring", PLAYER);
    expect(ctx.gmControls).toEqual([]);
    for (const t of ctx.turns) {
      if (t.id !== "c0") expect([...t.declare, ...t.extras, ...t.ones, ...t.order]).toEqual([]);
      if (t.id !== "c0") expect(t.panel).toBeNull();
    }
    expect(ctx.turns.find((t) => t.id === "c0")!.declare.length).toBeGreaterThan(0);
    const gm = trackerContext(12, "spades", "declaring", GM);
    expect(gm.gmControls.map((c) => c.action)).toContain("zilchForceReveal");
  });

  it("gives the GM up/down buttons on each Spades row (INI-4), disabled past the ends, and none to a player or in countdown mode", () => {
    const gm = trackerContext(12, "spades", "revealed", GM);
    const moves = (ctx: typeof gm, id: string) =>
      ctx.turns.find((t) => t.id === id)!.order.map((c) => `${c.action}${c.disabled ? " (disabled)" : ""}`);
    const order = gm.turns.map((t) => t.id);
    expect(moves(gm, order[0])).toEqual(["zilchMoveUp (disabled)", "zilchMoveDown"]);
    expect(moves(gm, order[5])).toEqual(["zilchMoveUp", "zilchMoveDown"]);
    expect(moves(gm, order[11])).toEqual(["zilchMoveUp", "zilchMoveDown (disabled)"]);
    // The disabled arrow is rendered disabled, so its click never reaches the handler.
    const html = render(gm);
    expect(html).toMatch(/data-action="zilchMoveUp" data-combatant-id="[^"]+"[^>]* disabled>/);
    const player = trackerContext(12, "spades", "revealed", PLAYER);
    expect(player.turns.flatMap((t) => t.order)).toEqual([]);
    const countdown = trackerContext(12, "countdown", "revealed", GM);
    expect(countdown.turns.flatMap((t) => t.order)).toEqual([]);
  });

  it("in Closing shows the hidden Closing die to a player and the called participant's Act with what it buys", () => {
    const ctx = trackerContext(12, "countdown", "closing", PLAYER);
    expect(ctx.closing.status).not.toBe("none");
    expect(ctx.closing.value).toBeNull();
    const html = render(trackerContext(12, "countdown", "closing", GM));
    expect(html).toMatch(/data-phase="(closing|closed)"/);
  });

  it("the GM's called participant gets Act with its die and the action it pays for (CD-7)", () => {
    const ctx = trackerContext(12, "countdown", "revealed", GM);
    const called = ctx.turns.find((t) => t.countdown?.called);
    expect(called).toBeDefined();
    expect(ctx.turns[0]).toBe(called);
    const act = called!.panel!.actions.find((c) => c.action === "zilchAct");
    expect(act?.die).toBe(called!.countdown!.hand[0]);
    expect(act?.meets).toBe(act!.die! >= 4);
    expect(act?.detail).toBe(act!.die! >= 4 ? "ZILCH.Combat.Action.attack" : "ZILCH.Combat.Buys.Minor");
    expect(called!.panel!.actions.map((c) => c.action)).toEqual(["zilchAct", "zilchAccumulate", "zilchHold", "zilchPass"]);
    // Another combatant's owner sees the state of the called row but no choice on it.
    const player = trackerContext(12, "countdown", "revealed", { isGM: false, owns: (id) => id !== called!.id });
    expect(player.turns.find((t) => t.id === called!.id)!.panel).toBeNull();
  });

  it("opens the control panel on the called row only; every other row stays one compact line", () => {
    for (const mode of ["spades", "countdown"] as const) {
      const ctx = trackerContext(12, mode, "revealed", GM);
      const open = ctx.turns.filter((t) => t.panel !== null);
      expect(open).toHaveLength(1);
      expect(open[0].css).toContain("active");
      const html = render(ctx);
      expect(html.match(/class="panel"/g)).toHaveLength(1);
    }
    const declaring = trackerContext(12, "countdown", "declaring", GM);
    expect(declaring.turns.every((t) => t.panel === null)).toBe(true);
  });

  it("CD-6: the hand is a row of die buttons; the picked die drives Accumulate and Pass, Act and Hold keep the highest", () => {
    const first = trackerContext(12, "countdown", "revealed", GM);
    const called = first.turns.find((t) => t.panel)!;
    const hand = called.countdown!.hand;
    expect(called.panel!.dice.map((d) => d.value)).toEqual(hand);
    expect(called.panel!.dice.filter((d) => d.pressed)).toEqual([expect.objectContaining({ value: hand[0], index: 0 })]);
    const other = hand.find((d) => d !== hand[0] && d > 1)!;
    const picked = trackerContext(12, "countdown", "revealed", GM, { die: { [called.id]: other } }).turns.find((t) => t.id === called.id)!;
    const by = (a: string) => picked.panel!.actions.find((c) => c.action === a)!;
    expect(picked.panel!.picked).toBe(other);
    expect(by("zilchPass").data.die).toBe(other);
    expect(by("zilchAccumulate").data.die).toBe(other);
    expect(by("zilchAct").data.die).toBe(hand[0]);
    expect(by("zilchHold").data.die).toBe(hand[0]);
    const html = render(trackerContext(12, "countdown", "revealed", GM, { die: { [called.id]: other } }));
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`data-action="zilchPickDie" data-combatant-id="${called.id}" data-die="${other}" aria-pressed="true"`));
    // A pick no longer in hand falls back to the Act die.
    const stale = trackerContext(12, "countdown", "revealed", GM, { die: { [called.id]: 99 } }).turns.find((t) => t.id === called.id)!;
    expect(stale.panel!.picked).toBe(hand[0]);
  });

  it("CD-10: a picked 1 is offered for a Pass only, never to Accumulate; Act and Hold still spend the highest usable die", () => {
    const base = trackerContext(12, "countdown", "revealed", GM).turns.find((t) => t.panel)!;
    expect(base.countdown!.hand).toContain(1);
    const one = trackerContext(12, "countdown", "revealed", GM, { die: { [base.id]: 1 } }).turns.find((t) => t.id === base.id)!;
    expect(one.panel!.picked).toBe(1);
    expect(one.panel!.actions.map((c) => c.action)).toEqual(["zilchAct", "zilchHold", "zilchPass"]);
    const by = (a: string) => one.panel!.actions.find((c) => c.action === a)!;
    expect(by("zilchPass").data.die).toBe(1);
    expect(by("zilchAct").data.die).toBe(base.countdown!.hand[0]);
    expect(by("zilchAct").data.die).toBeGreaterThan(1);
    expect(by("zilchHold").data.die).toBe(base.countdown!.hand[0]);
  });

  it("CD-9: the +1 toggle raises what Act and Accumulate pay, and the buttons carry it to the request", () => {
    const base = trackerContext(12, "countdown", "revealed", GM).turns.find((t) => t.panel)!;
    expect(base.countdown!.hand).toContain(1);
    expect(base.panel!.plusOne).toMatchObject({ action: "zilchTogglePlusOne", pressed: false });
    const on = trackerContext(12, "countdown", "revealed", GM, { plusOne: { [base.id]: true } }).turns.find((t) => t.id === base.id)!;
    const act = on.panel!.actions.find((c) => c.action === "zilchAct")!;
    expect(on.panel!.plusOne!.pressed).toBe(true);
    expect(act.die).toBe(base.countdown!.hand[0] + 1);
    expect(act.data.plusOne).toBe(1);
    const acc = on.panel!.actions.find((c) => c.action === "zilchAccumulate")!;
    expect(acc.detailData).toEqual({ total: base.countdown!.hand[0] + 1, speed: 4 });
    const html = render(trackerContext(12, "countdown", "revealed", GM, { plusOne: { [base.id]: true } }));
    expect(html).toMatch(/data-action="zilchAct"[^>]*data-plus-one="1"/);
  });

  it("CD-15: the uses of 1s sit in one labelled group; a player's own idle row keeps them, the GM's idle rows do not", () => {
    const gm = trackerContext(12, "countdown", "revealed", GM);
    const called = gm.turns.find((t) => t.panel)!;
    expect(called.panel!.ones.map((c) => c.action)).toEqual(["zilchEffort", "zilchPressure"]);
    expect(gm.turns.filter((t) => !t.panel).flatMap((t) => t.ones)).toEqual([]);
    const player = trackerContext(12, "countdown", "revealed", PLAYER);
    const own = player.turns.find((t) => t.id === "c0")!;
    expect(own.panel).toBeNull();
    expect(own.ones.map((c) => c.hint)).toEqual(["ZILCH.Combat.EffortHint", "ZILCH.Combat.PressureHint"]);
    expect(render(player)).toMatch(/role="group" aria-labelledby="ones-c0"/);
  });

  it("AT-1: the active row's owner gets Attack (a button per weapon when it has several), nobody else", () => {
    const spades = trackerContext(12, "spades", "revealed", GM);
    const active = spades.turns.find((t) => t.panel)!;
    expect(active.panel!.attacks).toEqual([expect.objectContaining({ action: "zilchAttack", label: "ZILCH.Combat.Attack", data: { id: active.id, weapon: "sword" } })]);
    expect(active.panel!.actions.map((c) => c.action)).toEqual(["zilchEndTurn"]);
    const asPlayer = trackerContext(12, "spades", "revealed", { isGM: false, owns: (id) => id === active.id });
    expect(asPlayer.turns.find((t) => t.id === active.id)!.panel!.attacks).toHaveLength(1);
    const notOwner = trackerContext(12, "spades", "revealed", PLAYER);
    expect(notOwner.turns.flatMap((t) => t.panel?.attacks ?? [])).toEqual([]);
  });

  it("shows the round, the phase and the declaration count in the header; Closing as a banner without its value for a player", () => {
    const declaring = render(trackerContext(12, "countdown", "declaring", PLAYER));
    expect(declaring).toContain("Round 1");
    expect(declaring).toContain("6 of 12 declared");
    const closing = render(trackerContext(12, "countdown", "closing", PLAYER));
    expect(closing).toMatch(/class="closing-banner closing-(pending|reached)" role="status"/);
    expect(closing).not.toContain("closing-die");
  });

  it("shows the Spades initiative (INI-2) on every row and a face-down domino as a tile back the GM can click to reveal", () => {
    const gm = trackerContext(12, "spades", "revealed", GM);
    expect(gm.turns.every((t) => typeof t.initiative === "number")).toBe(true);
    const values = gm.turns.map((t) => t.initiative!);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const html = render(gm);
    expect(html).toMatch(/data-action="zilchRevealDomino"/);
    const player = render(trackerContext(12, "spades", "revealed", PLAYER));
    expect(player).not.toMatch(/zilchRevealDomino/);
    expect(player).toContain("Domino face-down");
  });
});

describe("combat tracker: held dice (CD-13)", () => {
  it("a holder's idle row offers Challenge during another's call; called again it offers Act with held die or Keep holding", () => {
    const dice = scriptedDice();
    const scene = trackerState(12, "countdown", "revealed");
    const inputs = scene.inputs;
    let { state, stored } = scene;
    const holder = state.countdown!.current!;
    const held = countdownChoose(state, stored, { kind: "hold" }, dice);
    if (!held.ok) throw new Error(held.code);
    ({ state, combatants: stored } = held.value as { state: RoundState; combatants: CombatantRound[] });
    const next = countdownNext(state, stored, dice);
    if (!next.ok) throw new Error(next.code);
    ({ state, combatants: stored } = next.value as { state: RoundState; combatants: CombatantRound[] });
    const rounds = inputs.map((i) => ({ ...i, round: stored.find((c) => c.id === i.id)! }));
    const during = combatContext(state, rounds, GM);
    const row = during.turns.find((t) => t.id === holder)!;
    expect(row.panel).toBeNull();
    expect(row.extras.map((c) => c.action)).toEqual(["zilchChallenge"]);
    expect(render(during)).toContain(`data-action="zilchChallenge" data-combatant-id="${holder}"`);
    // Called again while holding (forced here by making it the current call).
    const again = combatContext({ ...state, countdown: { ...state.countdown!, current: holder } }, rounds, GM);
    const panel = again.turns.find((t) => t.id === holder)!.panel!;
    expect(panel.actions.map((c) => c.action)).toEqual(["zilchActHeld", "zilchKeepHolding"]);
    expect(panel.actions[0].die).toBe(state.countdown!.participants.find((p) => p.id === holder)!.held);
  });
});

describe("combat tracker: CD-15 Stun recovery", () => {
  it("a Stunned participant's owner gets 'Recover from Stun' in its group of 1s; others do not", () => {
    const { state, inputs } = trackerState(12, "countdown", "revealed");
    const stunned = inputs.map((t) => (t.id === "c0" ? { ...t, facts: { ...t.facts, conditions: ["stunned" as const] } } : t));
    const player = combatContext(state, stunned, PLAYER);
    const own = player.turns.find((t) => t.id === "c0")!;
    expect(own.ones.map((c) => c.action)).toEqual(["zilchRecoverStun", "zilchEffort", "zilchPressure"]);
    const html = render(player);
    expect(html).toContain("Recover from Stun (spend a 1)");
    expect(html).toMatch(/<button type="button" data-action="zilchRecoverStun" data-combatant-id="c0"/);
    const unstunned = combatContext(state, inputs, PLAYER).turns.find((t) => t.id === "c0")!;
    expect(unstunned.ones.map((c) => c.action)).not.toContain("zilchRecoverStun");
  });
});

describe("OPT-1 lose an action in the tracker", () => {
  it("marks the row of a combatant that loses its Minor action, and no other", () => {
    const { state, inputs } = trackerState(12, "spades", "revealed");
    const marked = { ...state, noMinor: [{ id: "c3", armed: true }] } as RoundState;
    const ctx = combatContext(marked, inputs, GM);
    expect(ctx.turns.filter((t) => t.noMinor).map((t) => t.id)).toEqual(["c3"]);
    const html = render(ctx);
    expect(html.match(/class="chip no-minor"/g)).toHaveLength(1);
    expect(html).toContain("No Minor action");
    expect(render(trackerContext(12, "spades", "revealed"))).not.toContain("no-minor");
  });
});

describe("CB-3, CD-16: marking who is surprised before the combat starts", () => {
  /** A combat of four before its first round, c1 marked surprised. */
  function beforeStart(viewer = GM) {
    const { state, inputs } = trackerState(4, "countdown", "declaring");
    const unstarted: RoundState = { ...state, round: 0, countdown: null };
    const rows = inputs.map((t) => (t.id === "c1" ? { ...t, round: { ...t.round, aware: false } } : t));
    return combatContext(unstarted, rows, viewer);
  }

  it("the GM's rows carry an Aware / Surprised toggle, pressed on the surprised one; the button asks for the other state", () => {
    const ctx = beforeStart();
    const toggles = ctx.turns.map((t) => t.aware);
    expect(toggles.map((c) => c?.pressed)).toEqual([false, true, false, false]);
    expect(toggles[1]).toMatchObject({ action: "zilchSetAware", label: "ZILCH.Combat.Surprised", data: { id: "c1", aware: 1 } });
    expect(toggles[0]).toMatchObject({ label: "ZILCH.Combat.MarkSurprised", data: { id: "c0", aware: 0 } });
    const html = render(ctx);
    expect(html).toMatch(/data-action="zilchSetAware" data-combatant-id="c1" data-aware="1" aria-pressed="true"[^>]*>Surprised</);
    expect(html).toMatch(/data-action="zilchSetAware" data-combatant-id="c0" data-aware="0" aria-pressed="false"[^>]*>Aware</);
    expect(registered.has("zilchSetAware")).toBe(true);
    // The click's request, read from the button's data attributes (button-requests.ts).
    expect(requestFor("zilchSetAware", "cbt", { combatantId: "c1", aware: "1" }, null)).toEqual({
      kind: "setAware",
      combatId: "cbt",
      combatantId: "c1",
      aware: true,
    });
    expect(requestFor("zilchSetAware", "cbt", { combatantId: "c0", aware: "0" }, null)).toMatchObject({ aware: false });
  });

  it("a player never gets it, and nobody does once the combat has started", () => {
    expect(beforeStart(PLAYER).turns.every((t) => t.aware === null)).toBe(true);
    expect(trackerContext(4, "countdown", "declaring").turns.every((t) => t.aware === null)).toBe(true);
    expect(render(beforeStart(PLAYER))).not.toContain("zilchSetAware");
  });
});

describe("CD-2: the GM's modifier to a combatant's action dice", () => {
  it("before the start and between countdown rounds the GM's rows carry − and + around the modifier; the buttons ask for it", () => {
    const { state, inputs } = trackerState(4, "countdown", "declaring");
    const rows = inputs.map((t) => (t.id === "c1" ? { ...t, round: { ...t.round, poolModifier: -2 } } : t));
    const unstarted: RoundState = { ...state, round: 0 };
    const closed: RoundState = { ...state, countdown: { ...state.countdown!, phase: "closed" } };
    for (const s of [unstarted, closed]) {
      const ctx = combatContext(s, rows, GM);
      const values = Object.fromEntries(ctx.turns.map((t) => [t.id, t.poolModifier?.value]));
      expect(values).toEqual({ c0: "\u00b10", c1: "\u22122", c2: "\u00b10", c3: "\u00b10" });
      const html = render(ctx);
      expect(html).toContain('data-action="zilchPoolDown" data-combatant-id="c1" aria-label="One action die fewer"');
      expect(html).toContain('data-action="zilchPoolUp" data-combatant-id="c1" aria-label="One more action die"');
      expect(html).toContain("Dice \u22122");
    }
    expect(requestFor("zilchPoolDown", "cbt", { combatantId: "c1" }, null)).toEqual({
      kind: "adjustPool",
      combatId: "cbt",
      combatantId: "c1",
      by: -1,
    });
    expect(requestFor("zilchPoolUp", "cbt", { combatantId: "c1" }, null)).toMatchObject({ by: 1 });
  });

  it("a player never gets it, nor the GM while a round is being played or in Spades mode; at ±8 the button is disabled", () => {
    const { state, inputs } = trackerState(4, "countdown", "revealed");
    expect(combatContext(state, inputs, GM).turns.every((t) => t.poolModifier === null)).toBe(true);
    // CD-1: while the stances are declared no die is rolled yet, so the GM may still set it.
    const declaring = trackerState(4, "countdown", "declaring");
    const early = combatContext(declaring.state, declaring.inputs, GM).turns;
    expect(early.every((t) => t.poolModifier?.adjustable === true)).toBe(true);
    const closed: RoundState = { ...state, countdown: { ...state.countdown!, phase: "closed" } };
    expect(combatContext(closed, inputs, PLAYER).turns.every((t) => t.poolModifier === null)).toBe(true);
    expect(trackerContext(4, "spades", "revealed").turns.every((t) => t.poolModifier === null)).toBe(true);
    const low = inputs.map((t) => ({ ...t, round: { ...t.round, poolModifier: -8 } }));
    const at = combatContext(closed, low, GM).turns.find((t) => t.id === "c0")!.poolModifier!;
    expect(at.down.disabled).toBe(true);
    expect(at.up.disabled).toBeUndefined();
  });
});

describe("CD-3: keeping other dice than the 8 highest", () => {
  it("before the first call the owner's row offers each unkept value once; the button asks to keep that die", () => {
    const { state, inputs } = trackerState(4, "countdown", "revealed");
    const cd = state.countdown!;
    const fresh: RoundState = {
      ...state,
      countdown: {
        ...cd,
        calls: [],
        current: null,
        participants: cd.participants.map((p) =>
          p.id === "c0" ? { ...p, hand: [6, 6, 5, 4, 4, 3, 2, 2], unkept: [1, 1] } : p,
        ),
      },
    };
    const mine = combatContext(fresh, inputs, PLAYER).turns.find((t) => t.id === "c0")!;
    expect(mine.extras.filter((c) => c.action === "zilchSwapIn").map((c) => c.die)).toEqual([1]);
    const html = render(combatContext(fresh, inputs, PLAYER));
    expect(html).toMatch(/data-action="zilchSwapIn" data-combatant-id="c0" data-die="1">Keep instead of your lowest die:/);
    expect(requestFor("zilchSwapIn", "cbt", { combatantId: "c0", die: "1" }, null)).toEqual({
      kind: "swapIn",
      combatId: "cbt",
      combatantId: "c0",
      die: 1,
    });
    // Others' rows never; and once the first call is made, nobody.
    const others = combatContext(fresh, inputs, PLAYER).turns.filter((t) => t.id !== "c0");
    expect(others.flatMap((t) => t.extras).filter((c) => c.action === "zilchSwapIn")).toEqual([]);
    const called: RoundState = { ...fresh, countdown: { ...fresh.countdown!, calls: ["c2"] } };
    const after = combatContext(called, inputs, PLAYER).turns.find((t) => t.id === "c0")!;
    expect(after.extras.filter((c) => c.action === "zilchSwapIn")).toEqual([]);
  });
});

type ElementNode = ReturnType<typeof allElements>[number];

describe("combat tracker: an idle row's hand as text (CD-4)", () => {
  /** The tracker with the first three idle rows holding the given hands (stored highest first). */
  const withHands = (hands: number[][], viewer = GM) => {
    const { state, inputs } = trackerState(12, "countdown", "revealed");
    const cd = state.countdown!;
    const idle = cd.participants.filter((p) => p.id !== cd.current).slice(0, hands.length);
    const participants = cd.participants.map((p) => {
      const at = idle.indexOf(p);
      return at < 0 ? p : { ...p, hand: hands[at] };
    });
    const ctx = combatContext({ ...state, countdown: { ...cd, participants } }, inputs, viewer);
    return { ctx, ids: idle.map((p) => p.id), html: render(ctx) };
  };
  const descendants = (el: ElementNode): ElementNode[] =>
    el.childNodes.filter((n): n is ElementNode => "tagName" in n).flatMap((n) => [n, ...descendants(n)]);
  const isHand = (el: ElementNode) => (attr(el, "class") ?? "").split(" ").includes("hand");
  const handOf = (html: string, id: string) => {
    const row = allElements(html).find((el) => el.tagName === "li" && attr(el, "data-combatant-id") === id)!;
    const inRow = descendants(row).filter(isHand);
    expect(inRow).toHaveLength(1);
    return inRow[0];
  };
  const text = (el: ElementNode): string =>
    el.childNodes.map((n) => ("value" in n ? n.value : "childNodes" in n ? text(n as ElementNode) : "")).join("");
  const elementsUnder = (el: ElementNode): number => descendants(el).length;

  it("draws the usable dice as one text run and the 1s after them, set apart; the label reads every die", () => {
    const { ids, html } = withHands([[6, 5, 3, 1, 1], [4], [1]]);
    const mixed = handOf(html, ids[0]);
    expect(attr(mixed, "role")).toBe("img");
    expect(attr(mixed, "aria-label")).toBe("Action dice in hand: 6, 5, 3, 1, 1");
    expect(attr(mixed, "title")).toBe("Action dice in hand: 6, 5, 3, 1, 1");
    expect(elementsUnder(mixed)).toBe(1);
    const ones = mixed.childNodes.find((n): n is ElementNode => "tagName" in n)!;
    expect(attr(ones, "class")).toBe("ones");
    expect(text(ones)).toBe("1 1");
    expect(text(mixed)).toBe("6 5 31 1");
    expect(attr(mixed, "class")).toBe("hand dice");
    const usable = handOf(html, ids[1]);
    expect([text(usable), elementsUnder(usable), attr(usable, "aria-label")]).toEqual(["4", 0, "Action dice in hand: 4"]);
    const onlyOnes = handOf(html, ids[2]);
    expect(attr(onlyOnes, "class")).toBe("hand dice ones-only");
    expect(text(onlyOnes)).toBe("1");
  });

  it("keeps the empty hand's words, and a 50-row countdown tracker draws at most two elements a hand", () => {
    const { ids, html } = withHands([[]]);
    const empty = handOf(html, ids[0]);
    expect(text(empty)).toBe("No dice");
    expect(attr(empty, "aria-label")).toBeUndefined();
    const big = render(trackerContext(50, "countdown", "revealed", GM));
    const hands = allElements(big).filter(isHand);
    expect(hands.length).toBeGreaterThan(40);
    expect(hands.some((h) => text(h).split(" ").length >= 4)).toBe(true);
    for (const h of hands) expect(elementsUnder(h)).toBeLessThanOrEqual(1);
    expect(big).not.toMatch(/class="hand[^"]*"[^>]*><span class="zilch-die/);
  });

  it("shows a player the same text hand on rows it cannot act on", () => {
    const { ids, html } = withHands([[5, 2, 1]], { isGM: false, owns: () => false });
    const hand = handOf(html, ids[0]);
    expect(attr(hand, "aria-label")).toBe("Action dice in hand: 5, 2, 1");
    expect(text(hand)).toBe("5 21");
  });
});

describe("CD-14: the owner chooses which dice a Burn turns into 1s", () => {
  it("until the next call after a Burn the owner's row offers each other usable value; the button asks to burn it", () => {
    const { state, inputs } = trackerState(4, "countdown", "revealed");
    const cd = state.countdown!;
    const burned: RoundState = {
      ...state,
      countdown: {
        ...cd,
        current: null,
        participants: cd.participants.map((p) =>
          p.id === "c0" ? { ...p, hand: [6, 5, 5, 1, 1], unkept: [], burnedFrom: [4, 3] } : p,
        ),
      },
    };
    const mine = combatContext(burned, inputs, PLAYER).turns.find((t) => t.id === "c0")!;
    expect(mine.extras.filter((c) => c.action === "zilchBurnInstead").map((c) => c.die)).toEqual([6, 5]);
    const html = render(combatContext(burned, inputs, PLAYER));
    expect(html).toMatch(/data-action="zilchBurnInstead" data-combatant-id="c0" data-die="6">Burn this die instead:/);
    expect(requestFor("zilchBurnInstead", "cbt", { combatantId: "c0", die: "5" }, null)).toEqual({
      kind: "burnInstead",
      combatId: "cbt",
      combatantId: "c0",
      die: 5,
    });
    const others = combatContext(burned, inputs, PLAYER).turns.filter((t) => t.id !== "c0");
    expect(others.flatMap((t) => t.extras).filter((c) => c.action === "zilchBurnInstead")).toEqual([]);
    // Once the window closes (nothing remembered), no button.
    const closed: RoundState = {
      ...burned,
      countdown: {
        ...burned.countdown!,
        participants: burned.countdown!.participants.map((p) => ({ ...p, burnedFrom: [] })),
      },
    };
    const after = combatContext(closed, inputs, PLAYER).turns.find((t) => t.id === "c0")!;
    expect(after.extras.filter((c) => c.action === "zilchBurnInstead")).toEqual([]);
  });
});
