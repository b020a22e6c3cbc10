/**
 * The combat tracker: Foundry's v13 CombatTracker with its `tracker` part replaced by
 * templates/combat/tracker.hbs, whose context comes from the pure `combatContext`. Every button sends a
 * request through src/requests/combat.ts, so the active GM's client validates and applies it.
 */
import type { ZilchCombat } from "../../documents/combat/zilch-combat";
import { menuEntryKey } from "../../foundry/compat";
import { requestCombat } from "../../requests/combat";
import {
  isTrackerAction,
  LOCAL_ACTIONS,
  REMOVED_CONTEXT_ENTRIES,
  removedControls,
  TRACKER_ACTIONS,
  type TrackerAction,
} from "./actions";
import { attackWith } from "./attack-flow";
import { keepClicksFromRow } from "./core-row";
import { requestFor } from "./button-requests";
import { weaponOfButton, type TurnInput } from "./turn-context";
import { trackerContext } from "./tracker-view";
import { STANCES, type Stance } from "../../rules/vocabulary";
import { RenderBatch } from "./render-batch";
import { skipsDialog } from "../fast-click";
import { patchInPlace } from "./row-patch";
import { RowKeys, rowKeysOn } from "./row-keys";
import { UnseenRenders } from "./unseen";
import { isRecord } from "../../rules/records";

const BaseTracker = foundry.applications.sidebar.tabs.CombatTracker;
type TrackerRenderOptions = foundry.applications.sidebar.tabs.CombatTracker.RenderOptions;

async function onTrackerAction(
  this: ZilchCombatTracker,
  event: PointerEvent,
  target: HTMLElement,
): Promise<void> {
  const combat = this.viewed;
  const action = target.dataset.action;
  if (!combat || !isTrackerAction(action)) return;
  if (LOCAL_ACTIONS.has(action)) {
    await this.zilchLocal(action, combat, target.dataset, skipsDialog(event));
    return;
  }
  if (action === "zilchNextRound" && game.user?.isGM) {
    await combat.nextRound();
    return;
  }
  // CD-15 Pressure: the enemy is the user's one targeted token.
  const targets = [...(game.user?.targets ?? [])];
  const targetCombatant =
    targets.length === 1 ? combat.getCombatantsByToken(targets[0].document)[0] : undefined;
  const request = requestFor(action, combat.id!, target.dataset, targetCombatant?.id ?? null);
  if (request === null) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Combat.Error.noTarget"));
    return;
  }
  const done = await requestCombat(request);
  // CD-18 (a): only this client remembers which die it bid, to mark it until the call resolves.
  if (done && request.kind === "bid") await this.zilchBidPlaced(request.combatantId, request.die);
}

export class ZilchCombatTracker extends BaseTracker {
  static override DEFAULT_OPTIONS = {
    actions: Object.fromEntries(TRACKER_ACTIONS.map((a) => [a, onTrackerAction])),
  };

  static override PARTS = {
    ...BaseTracker.PARTS,
    tracker: { template: "systems/zilch/templates/combat/tracker.hbs", scrollable: [""] },
  };

  /** This viewer's unsaved picks (CD-6 die, CD-9 toggle, CD-8 named action, ST-1 NPC stance); nobody else sees them. */
  #picks: {
    die: Record<string, number>;
    plusOne: Record<string, boolean>;
    bid: Record<string, number>;
    action: Record<string, string>;
    npcStance: Stance | "";
  } = { die: {}, plusOne: {}, bid: {}, action: {}, npcStance: "" };

  /** CD-18 (a): remember the die this viewer bid (its own secret) and show it pressed. */
  async zilchBidPlaced(combatantId: string, die: number): Promise<void> {
    this.#picks.bid[combatantId] = die;
    await this.render({ parts: ["tracker"] });
  }

  /** The buttons that only change this tracker, or open the attack dialog (AT-1; `fast`: its defaults at once). */
  async zilchLocal(
    action: TrackerAction,
    combat: ZilchCombat,
    data: DOMStringMap,
    fast = false,
  ): Promise<void> {
    const id = data.combatantId ?? "";
    if (action === "zilchPickDie") this.#picks.die[id] = Number(data.die);
    if (action === "zilchTogglePlusOne") this.#picks.plusOne[id] = !this.#picks.plusOne[id];
    if (action === "zilchAttack") {
      const combatant = combat.combatants.get(id);
      const actor = combatant?.actor;
      const ref = weaponOfButton(data.weapon);
      if (!actor || !ref) return;
      // NPC-1: the stat-block attack's index is checked again on the GM's client.
      const weapon = "natural" in ref ? ref : actor.items.get(ref.itemId);
      if (weapon) await attackWith(actor, weapon, fast);
      return;
    }
    await this.render({ parts: ["tracker"] });
  }

  /** CD-8: the owner names another action in the called row's select; only this tracker changes. */
  #onNamedChange = (event: Event): void => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || !select.dataset.combatantId) return;
    this.#picks.action[select.dataset.combatantId] = select.value;
    void this.render({ parts: ["tracker"] });
  };

  /** ST-1: the GM picks the stance the NPCs' declaration gives; only this tracker changes. */
  #onNpcStanceChange = (event: Event): void => {
    if (!(event.target instanceof HTMLSelectElement)) return;
    const value = event.target.value;
    this.#picks.npcStance = STANCES.find((s) => s === value) ?? "";
    void this.render({ parts: ["tracker"] });
  };

  /**
   * A burst of render requests (several documents changed by one step) renders once, at the next
   * frame (render-batch.ts). The first render, and any forced one (opening the tab), happen at once;
   * while another sidebar tab is shown, none happens until this one is shown again (unseen.ts).
   */
  #batch = new RenderBatch((options: Partial<TrackerRenderOptions>) => super.render(options));

  /** Renders asked for while the tracker's sidebar tab is not the one shown (unseen.ts). */
  #unseen = new UnseenRenders();

  override render(options?: Partial<TrackerRenderOptions>): Promise<this>;
  override render(force: boolean, options?: Partial<TrackerRenderOptions>): Promise<this>;
  override render(
    options?: boolean | Partial<TrackerRenderOptions>,
    more?: Partial<TrackerRenderOptions>,
  ): Promise<this> {
    if (typeof options === "boolean") return super.render(options, more);
    if (!this.rendered || options?.force) return super.render(options);
    if (this.#unseen.drop(this)) return Promise.resolve(this);
    return this.#batch.request(options ?? {});
  }

  /** The tab is shown again: one render draws what changed while it was not (forced: it is shown now). */
  protected override _onActivate(): void {
    super._onActivate();
    if (this.#unseen.shown()) void this.render({ force: true });
  }

  /** Each row's key, and whether the next render must draw every row (row-keys.ts). */
  #rowKeys = new RowKeys();
  #everyRow = false;

  /**
   * The tracker part is laid over the one on screen (row-patch.ts), so only the rows a change touched
   * are restyled; the other parts, and a tracker whose rows came, went or moved, are replaced as core
   * replaces them. A part whose stand-ins found no row to stand for (the screen changed since its
   * context was read) is not shown: the tracker renders again, every row drawn. Part elements carry `data-application-part` [dnd5e base-actor-sheet.mjs reads
   * `[data-application-part="inventory"]`]. Row controls keep working, as actions are handled by the
   * application's own click listener (FOUNDRY-FACTS §7); the named-action selects are bound again in
   * `_onRender`.
   */
  protected override _replaceHTML(...args: Parameters<InstanceType<typeof BaseTracker>["_replaceHTML"]>) {
    const [result, content, options] = args;
    const next = isRecord(result) ? result.tracker : undefined;
    const prior = content.querySelector('[data-application-part="tracker"]');
    if (isRecord(result) && next instanceof HTMLElement) {
      const laid = prior !== null && patchInPlace(prior, next);
      if (laid || next.querySelector("[data-kept]")) {
        if (!laid) {
          this.#everyRow = true;
          void this.render({ parts: ["tracker"] });
        }
        const rest = Object.fromEntries(Object.entries(result).filter(([part]) => part !== "tracker"));
        super._replaceHTML(rest, content, options);
        return;
      }
    }
    super._replaceHTML(...args);
  }

  /** Core's initiative and step-back controls have no Zilch meaning (actions.ts): removed once rendered. */
  protected override async _onRender(...args: Parameters<InstanceType<typeof BaseTracker>["_onRender"]>) {
    await super._onRender(...args);
    for (const control of removedControls(this.element)) control.remove();
    for (const select of this.element.querySelectorAll("select.zilch-named-action")) {
      select.addEventListener("change", this.#onNamedChange);
      keepClicksFromRow(select);
    }
    this.element
      .querySelector("select.zilch-npc-stance")
      ?.addEventListener("change", this.#onNpcStanceChange);
  }

  /**
   * The combatant context menu without Clear/Reroll initiative (draw-steel drops the same entries). Core's
   * entries are known by `label` on v14 and `name` on v13 (menuEntryKey).
   */
  protected override _getEntryContextOptions() {
    return super
      ._getEntryContextOptions()
      .filter((entry) => !REMOVED_CONTEXT_ENTRIES.has(menuEntryKey(entry) ?? ""));
  }

  /** The combat context menu without Roll All / Roll NPCs. */
  protected override _getCombatContextOptions() {
    return super
      ._getCombatContextOptions()
      .filter((entry) => !REMOVED_CONTEXT_ENTRIES.has(menuEntryKey(entry) ?? ""));
  }

  protected override async _preparePartContext(
    ...args: Parameters<InstanceType<typeof BaseTracker>["_preparePartContext"]>
  ) {
    const [partId] = args;
    const ctx = await super._preparePartContext(...args);
    const combat = this.viewed;
    if (partId === "tracker" && combat) {
      const shown = this.#everyRow || !this.rendered ? new Map<string, string>() : rowKeysOn(this.element);
      this.#everyRow = false;
      return {
        ...ctx,
        zilch: this.#rowKeys.keep(trackerContext(combat, this.#picks, coreRowsOf(ctx)), shown),
      };
    }
    return ctx;
  }
}

/**
 * What core's own `_prepareTurnContext` said of each row (FOUNDRY-FACTS §8: `canPing` and
 * `effects.icons` on `context.turns`), read defensively: a row core did not describe gets no ping
 * button and no effect icons, never a guess.
 */
function coreRowsOf(ctx: object): Map<string, NonNullable<TurnInput["core"]>> {
  const rows = new Map<string, NonNullable<TurnInput["core"]>>();
  const turns: unknown = "turns" in ctx ? ctx.turns : undefined;
  if (!Array.isArray(turns)) return rows;
  for (const turn of turns) {
    if (!isRecord(turn) || typeof turn.id !== "string") continue;
    const icons = isRecord(turn.effects) && Array.isArray(turn.effects.icons) ? turn.effects.icons : [];
    const effects = icons
      .filter(isRecord)
      .flatMap((icon) =>
        typeof icon.img === "string"
          ? [{ img: icon.img, name: typeof icon.name === "string" ? icon.name : "" }]
          : [],
      );
    rows.set(turn.id, { canPing: turn.canPing === true, effects });
  }
  return rows;
}
