/**
 * The roll dialog as an ApplicationV2 with parts: the fields, the summary ("Target / Chance of
 * success") and the buttons. A change re-renders the summary part alone (as dnd5e's
 * RollConfigurationDialog re-renders its formulas part in `_onChangeForm`), so the fields keep
 * focus and what the user typed. `RollDialog.choose` resolves with the user's choice, or null when
 * the window is closed otherwise (dnd5e's `configure`: a promise resolved on the app's "close"
 * event). Generic with defaulted type parameters as the sheets (FOUNDRY-FACTS §10).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { ROLL_DIALOG_PARTS, ROLL_DIALOG_SIZE } from "../sheets/shared/constants";
import {
  liveRollView,
  rollChoiceFromForm,
  rollDialogContext,
  rollSummaryContext,
  skillIdOf,
  type RollChoice,
  type RollDialogInput,
} from "./roll-dialog-context";
import { requestFromForm, type RollFacts } from "../../rules/roll-request";
import { syncChips, syncInjuries, syncRaceBonus, syncRaceSave, syncSkill } from "./roll-dialog-fields";

type AppContext = foundry.applications.api.ApplicationV2.RenderContext;
type AppConfiguration = foundry.applications.api.ApplicationV2.Configuration;
/** ApplicationV2's render options plus the mixin's `parts`, which a partial re-render names. */
type AppRenderOptions = foundry.applications.api.ApplicationV2.RenderOptions &
  foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** What the dialog is opened with: the actor's name, the fields' input and the facts per skill. */
export interface RollDialogSetup {
  actorName: string;
  input: RollDialogInput;
  /** The roll facts with a given skill chosen (SK-1: its bonus; T-7: its kind of test). */
  factsFor(skillId: string | undefined): RollFacts;
}

/** The form's values, as core's FormDataExtended reads them. */
function formValues(element: HTMLElement): Record<string, unknown> {
  return element instanceof HTMLFormElement
    ? new foundry.applications.ux.FormDataExtended(element).object
    : {};
}

export class RollDialog<
  RenderContext extends AppContext = AppContext,
  Configuration extends AppConfiguration = AppConfiguration,
  RenderOptions extends AppRenderOptions = AppRenderOptions,
> extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["zilch", "roll-dialog-window"],
    // v13 positions take "auto": the window fits the rows this actor gets (skills, contest).
    position: { width: ROLL_DIALOG_SIZE.width, height: "auto" as const },
    // A submitted form (Enter in a field) rolls too; core calls the handler with `this` = the app and
    // the form's data (dnd5e RollConfigurationDialog's `form.handler`). Changes never submit.
    form: {
      async handler(this: RollDialog) {
        await this.rollNow();
      },
      submitOnChange: false,
      closeOnSubmit: false,
    },
    actions: {
      /** Roll: the form as it stands is the choice; closing resolves the promise with it. */
      async roll(this: RollDialog) {
        await this.rollNow();
      },
      async cancel(this: RollDialog) {
        await this.close();
      },
    },
  };

  static override PARTS = {
    fields: { template: ROLL_DIALOG_PARTS.fields },
    summary: { template: ROLL_DIALOG_PARTS.summary },
    buttons: { template: ROLL_DIALOG_PARTS.buttons },
  };

  /** Opens the dialog; resolves with the choice on Roll, or null when it is closed otherwise. */
  static choose(setup: RollDialogSetup): Promise<RollChoice | null> {
    return new Promise((resolve) => {
      const app = new RollDialog(setup);
      app.addEventListener("close", () => resolve(app.choice), { once: true });
      void app.render({ force: true });
    });
  }

  /** Set by the Roll action just before the window closes. */
  choice: RollChoice | null = null;

  readonly setup: RollDialogSetup;

  constructor(setup: RollDialogSetup, options?: DeepPartial<Configuration>) {
    super(options);
    this.setup = setup;
  }

  /** The form as it stands is the user's choice; closing resolves `choose` with it. */
  async rollNow(this: RollDialog): Promise<void> {
    this.choice = rollChoiceFromForm(formValues(this.element));
    await this.close();
  }

  override get title(): string {
    return game.i18n.format("ZILCH.Roll.Title", { name: this.setup.actorName });
  }

  /** The fields from the setup; the summary from the form as it stands (the setup's before the first render). */
  override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const values = this.rendered ? formValues(this.element) : null;
    const request = values ? requestFromForm(values) : this.setup.input.request;
    const facts = values ? this.setup.factsFor(skillIdOf(values)) : this.setup.input.facts;
    return { ...context, ...rollDialogContext(this.setup.input), ...rollSummaryContext(request, facts) };
  }

  /** CH-7, T-4, B-1, INJ-8: the fields and summary follow every change, as the user types. */
  override async _onFirstRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ) {
    await super._onFirstRender(context, options);
    const refresh = () => void this.refresh();
    this.element.addEventListener("input", refresh);
    this.element.addEventListener("change", refresh);
  }

  /** Brings the chips' limit and the injury boxes in line with the form, then re-renders the summary. */
  async refresh(this: RollDialog): Promise<void> {
    const values = formValues(this.element);
    const facts = this.setup.factsFor(skillIdOf(values));
    const view = liveRollView(requestFromForm(values), facts);
    // New injury boxes are all ticked, so the form is read again from them.
    if (syncInjuries(this.element, view)) return this.refresh();
    syncChips(this.element, view);
    syncRaceBonus(this.element, view);
    syncRaceSave(this.element, view);
    syncSkill(this.element, skillIdOf(values) !== undefined, facts.skillBonus);
    await this.render({ parts: ["summary"] });
  }
}
