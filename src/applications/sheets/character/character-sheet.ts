/**
 * The character sheet (ApplicationV2): one PART per tab plus header and tab navigation, actions in
 * DEFAULT_OPTIONS (called with `this` = the sheet and `(event, target)`), submit on change, scroll
 * kept per tab. `_prepareContext` gathers the actor into the builders' input once; each part's
 * context comes from its own pure builder (CHARACTER_PART_CONTEXT) in `_preparePartContext`.
 */
import { ZilchActorSheet, type PrepareOptions } from "../actor/actor-sheet";
import { limitedView } from "../actor/limited";
import { opensInEditMode } from "./first-steps";
import { CHARACTER_PART_CONTEXT, characterShared, type CharacterInput } from "./character-context";
import { characterInput } from "../actor/actor-data";
import { combatFacts } from "../actor/actor-sheet-context";
import { CHARACTER_ACTION_HANDLERS } from "../actor/actor-actions";
import {
  ACTOR_PARTIALS,
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  CHARACTER_TABS,
  isCharacterTab,
} from "../shared/constants";
import { CHARGEN_ACTION_HANDLERS, sheetChargen } from "./chargen-actions";
import { RACE_CHOICE_ACTION_HANDLERS } from "./race-choice";
import { GUIDE_ACTION_HANDLERS, guideHidden } from "./guide-actions";
import type { CardSet } from "../../../rules/suits";
import { DescriptionCache } from "./description-cache";
import { enrichItemDescription } from "../shared/enrich";
import { CARRIED_TYPES } from "./character-items";
import { str } from "../actor/sheet-common";

type SheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type SheetConfiguration = foundry.applications.sheets.ActorSheetV2.Configuration;
type SheetRenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type TabsConfiguration = foundry.applications.api.ApplicationV2.TabsConfiguration;

const TAB_PARTS = new Set<string>(CHARACTER_TABS);
const isPart = (id: string): id is keyof typeof CHARACTER_PART_CONTEXT => id in CHARACTER_PART_CONTEXT;

/** The shared context every part reads, with the builders' input for `_preparePartContext`. */
export type CharacterRenderContext = SheetContext &
  ReturnType<typeof characterShared> & { sheetInput: CharacterInput };

export class CharacterSheet<
  RenderContext extends CharacterRenderContext = CharacterRenderContext,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends ZilchActorSheet<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "actor", "character"],
    position: { ...CHARACTER_SIZE },
    actions: {
      ...CHARACTER_ACTION_HANDLERS,
      ...CHARGEN_ACTION_HANDLERS,
      ...RACE_CHOICE_ACTION_HANDLERS,
      ...GUIDE_ACTION_HANDLERS,
    },
  };

  static override PARTS = Object.fromEntries(
    Object.entries(CHARACTER_PARTS).map(([id, template]) => [
      id,
      TAB_PARTS.has(id)
        ? { template, scrollable: [""] }
        : id === "header"
          ? { template, templates: [...ACTOR_PARTIALS] }
          : { template },
    ]),
  );

  /** v13 tab configuration: the core `tab` action and `changeTab` switch `.tab[data-group][data-tab]`. */
  static override TABS: Record<string, TabsConfiguration> = {
    primary: {
      tabs: CHARACTER_TABS.map((id) => ({ id, cssClass: "" })),
      initial: "suits",
      labelPrefix: "ZILCH.Sheet.Tab",
    },
  };

  /** GEN-1 quick draw: the draw that may still be redrawn (kept while the sheet is open). */
  chargenRedraw: CardSet | null = null;

  override async _prepareContext(options: PrepareOptions<RenderOptions>) {
    const context = await super._prepareContext(options);
    const actor = this.actor;
    // Preparing the tabs sets tabGroups.primary on first render, which changeTab relies on.
    const tabs = this._prepareTabs("primary");
    const active = Object.values(tabs).find((t) => t.active)?.id ?? this.tabGroups.primary;
    const facts = {
      id: this.id,
      editable: this.isEditable,
      activeTab: isCharacterTab(active) ? active : "suits",
      combat: combatFacts(actor),
    };
    // A character with nothing built opens in edit mode, where card generation starts.
    if (options.isFirstRender && opensInEditMode(characterInput(actor, { ...facts, editMode: false })))
      this.editMode = true;
    const input = characterInput(actor, { ...facts, editMode: this.editing });
    input.chargen = sheetChargen(this);
    input.guideHidden = guideHidden();
    input.enriched = await this.enrich({ biography: input.system.biography, notes: input.system.notes });
    input.enrichedDescriptions = await this.#enrichDescriptions(input.items);
    return { ...context, ...characterShared(input), sheetInput: input };
  }

  /** The equipment rows' descriptions, enriched once and kept while the text is unchanged. */
  readonly descriptions = new DescriptionCache();

  #enrichDescriptions(items: CharacterInput["items"]) {
    const carried = items
      .filter((item) => CARRIED_TYPES.has(item.type))
      .map((item) => ({ id: item.id, description: str(item.system.description) }));
    return this.descriptions.of(carried, this.actor.isOwner, async ({ id, description }) => {
      const item = this.actor.items.get(id);
      return item ? enrichItemDescription(item, description) : description;
    });
  }

  /** Each part's own fields, from its pure builder. */
  override async _preparePartContext(
    partId: string,
    context: RenderContext,
    options: PrepareOptions<RenderOptions>,
  ) {
    const shared = await super._preparePartContext(partId, context, options);
    const input = context.sheetInput;
    if (partId === "limited")
      return { ...shared, ...limitedView({ ...input, description: input.enriched?.biography ?? "" }) };
    return isPart(partId) ? { ...shared, ...CHARACTER_PART_CONTEXT[partId](input) } : shared;
  }

  /** changeTab moves the `active` class only; the nav's pressed state follows it for screen readers. */
  override changeTab(
    tab: string,
    group: string,
    options?: foundry.applications.api.ApplicationV2.ChangeTabOptions,
  ) {
    super.changeTab(tab, group, options);
    for (const button of this.element.querySelectorAll<HTMLElement>(
      `[data-action="tab"][data-group="${group}"]`,
    ))
      button.setAttribute("aria-pressed", String(button.dataset.tab === tab));
  }
}
