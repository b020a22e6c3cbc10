/**
 * The actor sheets' action handlers (DEFAULT_OPTIONS.actions). ApplicationV2 calls each with `this`
 * bound to the sheet and `(event, target)`, target being the element carrying `data-action`. Each
 * reads the row from the target's data attributes and changes the actor through its document
 * methods; decisions (drops, reorders, chip values) come from the pure modules beside this one.
 */
import { openRollDialog } from "../../dialogs/roll-dialog";
import { attackWith } from "../../combat/attack-flow";
import { skipsDialog } from "../../fast-click";
import { castSpell } from "../../combat/cast";
import { CARD_KEYS, type CardKey } from "../../../rules/roll-request";
import { CONDITIONS } from "../../../rules/vocabulary";
import { bandageAndAnnounce } from "../../../documents/grit-and-wounds";
import { useKnack } from "../../../documents/knack-use";
import { fearSaveFromSheet } from "../../../documents/fear";
import { breatheFromSheet } from "../../../documents/breath";
import { swallowFromSheet } from "../../../documents/swallow";
import { isItemType } from "../shared/constants";
import { arrayAt } from "../shared/document-arrays";
import { ZilchItemSheet } from "../item/item-sheet";
import { skillCardOf } from "../play/skill-card";
import {
  rallyFromSheet,
  resistTerrorFromSheet,
  restFromSheet,
  sleepFromSheet,
  useItemFromSheet,
} from "../play/recovery-actions";
import { firstAidFromSheet } from "../../../documents/first-aid";

/** What the handlers need from a sheet. */
export interface ActorSheetLike {
  actor: Actor.Implementation;
  isEditable: boolean;
  editMode: boolean;
  render(options?: unknown): unknown;
}

const itemOf = (sheet: ActorSheetLike, target: HTMLElement) =>
  sheet.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");

/** SK-3, SK-4: the card pre-selected in the dialog for a skill item (../play/skill-card.ts). */
export function skillCard(item: Item.Implementation): CardKey {
  return item.isOfType("skill") ? skillCardOf(item.system) : "clubs";
}

/**
 * MAG-1, MAG-6: an attack spell is a Cast through the attack flow; any other spell is cast on its own.
 * `fast` (Shift-click) attacks with the declaration dialog's defaults without opening it.
 */
async function attackOrCast(
  actor: Actor.Implementation,
  item: Item.Implementation,
  fast = false,
): Promise<void> {
  if (item.isOfType("spell") && !item.system.isAttack) await castSpell(actor, item);
  else await attackWith(actor, item, fast);
}

/**
 * What an item's roll does: a skill opens the roll dialog on its card, a weapon or spell attacks
 * (AT-1); `fastForward` skips the dialog and takes its defaults.
 */
export async function rollItem(
  actor: Actor.Implementation,
  item: Item.Implementation,
  fastForward = false,
): Promise<void> {
  const type = item.type;
  if (type === "skill")
    return openRollDialog(actor, { card: skillCard(item), skillId: item.id ?? undefined, fastForward });
  if (type === "weapon" || type === "spell") {
    await attackOrCast(actor, item, fastForward);
    return;
  }
  return openRollDialog(actor, {});
}

export const ACTOR_ACTION_HANDLERS = {
  async toggleMode(this: ActorSheetLike) {
    if (!this.isEditable) return;
    this.editMode = !this.editMode;
    await this.render();
  },
  /** AT-1: a weapon (or a spell, SP: Cast) attacks through the tracker's own attack flow (attackWith), so the two cannot disagree; Shift (or a plain click, with "Roll and attack at once") skips the dialog. */
  async attackItem(this: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    const item = itemOf(this, target);
    if (item) await attackOrCast(this.actor, item, skipsDialog(event));
  },
  /** A card's name or Roll button; Shift skips the dialog and rolls its defaults (a plain click does with "Roll and attack at once"). */
  async rollCard(this: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    const card = CARD_KEYS.find((key) => key === target.dataset.card);
    if (card) await openRollDialog(this.actor, { card, fastForward: skipsDialog(event) });
  },
  /** A skill's name or Roll button; Shift skips the dialog and rolls its defaults (a plain click does with "Roll and attack at once"). */
  async rollSkill(this: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    const item = itemOf(this, target);
    if (item) await rollItem(this.actor, item, skipsDialog(event));
  },
  async rollItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const item = itemOf(this, target);
    if (item) await rollItem(this.actor, item);
  },
  async editItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    await itemOf(this, target)?.sheet?.render(true);
  },
  /** KN-1: use a knack: its chips are paid and a chat line posted; a refusal says why, spending nothing. */
  async useKnack(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const problem = await useKnack(this.actor, itemOf(this, target)?.id ?? "");
    // A refusal the GM's client sent back has been shown already (requests/combat.ts).
    if (problem && problem !== "refused")
      ui.notifications?.warn(game.i18n.localize(`ZILCH.Knack.Problem.${problem}`));
  },
  async deleteItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    await itemOf(this, target)?.deleteDialog();
  },
  async createItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const type = isItemType(target.dataset.type) ? target.dataset.type : "gear";
    const name = game.i18n.localize(`TYPES.Item.${type}`);
    const [created] = (await this.actor.createEmbeddedDocuments("Item", [{ name, type }])) ?? [];
    // A new item (a homebrew skill or knack among them) opens as a form to name and set.
    const sheet = created?.sheet;
    if (sheet instanceof ZilchItemSheet) {
      sheet.editMode = true;
      await sheet.render({ force: true });
    }
  },
  /** CON-4: a condition switched on (lasting until removed) or off (CON-5: its durations forgotten). */
  async toggleCondition(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const condition = CONDITIONS.find((c) => c === target.dataset.condition);
    if (!this.isEditable || !condition) return;
    await this.actor.setCondition(condition, !this.actor.statuses.has(condition));
  },
  /** CON-4: the Terrified chip's Resist button: the turn's Standard action, then the ♥ test. */
  async resistTerror(this: ActorSheetLike) {
    if (this.isEditable) await resistTerrorFromSheet(this.actor);
  },
  async arrayAdd(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const path = target.dataset.path;
    if (!this.isEditable || !path) return;
    const current = arrayAt(this.actor, path);
    // An empty object lets the schema fill every field with its initial value.
    await this.actor.update({ [path]: [...current, {}] });
  },
  async arrayRemove(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const path = target.dataset.path;
    const index = Number(target.dataset.index);
    if (!this.isEditable || !path || !Number.isInteger(index)) return;
    const current = arrayAt(this.actor, path);
    await this.actor.update({ [path]: current.filter((_, i) => i !== index) });
  },
};

/** REC-2, REC-3: only the actor's owner recovers it (the sheet is editable for them). */
const RECOVERY_HANDLERS = {
  async rest(this: ActorSheetLike) {
    if (this.isEditable) await restFromSheet(this.actor);
  },
  async sleep(this: ActorSheetLike) {
    if (this.isEditable) await sleepFromSheet(this.actor);
  },
};

/** REC-2, REC-3 on both sheets; registered by the actor-sheet base with the shared actions. */
export const SHARED_ACTION_HANDLERS = { ...ACTOR_ACTION_HANDLERS, ...RECOVERY_HANDLERS };

export const NPC_ACTION_HANDLERS = {
  /** AT-1, NPC-4: a stat-block attack row attacks by its index; the GM's client checks that it exists. */
  async attackNatural(this: ActorSheetLike, event: PointerEvent, target: HTMLElement) {
    const index = Number(target.dataset.index);
    if (Number.isInteger(index) && index >= 0)
      await attackWith(this.actor, { natural: index }, skipsDialog(event));
  },
  /** GW-9: a Foe's new Wounds bandaged, as on the character sheet. */
  async bandageWounds(this: ActorSheetLike) {
    if (this.isEditable) await bandageAndAnnounce(this.actor);
  },
  /** OPT-2: the creatures the GM targets have just seen this one and save against its fear. */
  async fearSave(this: ActorSheetLike) {
    await fearSaveFromSheet(this.actor);
  },
  /** NPC-1: the breath at this special ability's index, on the tokens the GM targets. */
  async breathe(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const index = Number(target.dataset.index);
    if (Number.isInteger(index) && index >= 0) await breatheFromSheet(this.actor, index);
  },
  /** NPC-1: the swallow at this special ability's index, on the one Grappled creature the GM targets. */
  async swallow(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const index = Number(target.dataset.index);
    if (Number.isInteger(index) && index >= 0) await swallowFromSheet(this.actor, index);
  },
};

export const CHARACTER_ACTION_HANDLERS = {
  /** REC-1: Rally (a multiclass character splits the regained chips after the ♥ test). */
  async rally(this: ActorSheetLike) {
    if (this.isEditable) await rallyFromSheet(this.actor);
  },
  /** GW-9: the owner spends 10 minutes bandaging the new Wounds; a chat line tells the table. */
  async bandageWounds(this: ActorSheetLike) {
    if (this.isEditable) await bandageAndAnnounce(this.actor);
  },
  /**
   * OD-5, INJ-9: First Aid on this character, by the user's own character (or by this one, for a user
   * with none, such as the GM); the roll and what it stopped or healed go to chat. HP-5: at 0 HP after
   * a fight it is also the one try to bring this character round.
   */
  async firstAid(this: ActorSheetLike) {
    if (this.isEditable) await firstAidFromSheet(this.actor, game.user?.character ?? this.actor);
  },
  /** REC-6: use one of a gear row's healing items (one of its quantity). */
  async useItem(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const item = itemOf(this, target);
    if (item && this.isEditable) await useItemFromSheet(this.actor, item);
  },
  /** CH-2, CH-6: a chip click sets the count; the data model clamps, so excess cannot be stored. */
  async toggleChip(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const suit = target.dataset.suit;
    const value = Number(target.dataset.value);
    if (!suit || !Number.isInteger(value)) return;
    const path = suit === "hearts" ? "system.hp.value" : `system.chips.${suit}`;
    await this.actor.update({ [path]: value });
  },
  /** EQ-1: equip moves an item into use (hands or the armour slot); unequip puts it in the pack. */
  async equip(this: ActorSheetLike, _event: PointerEvent, target: HTMLElement) {
    const item = itemOf(this, target);
    if (!item || !this.isEditable) return;
    const slot = "slot" in item.system ? item.system.slot : undefined;
    const inUse = slot === "hands" || slot === "armor";
    const next = inUse ? "pack" : item.type === "armor" ? "armor" : "hands";
    await item.update({ "system.slot": next });
  },
  async contest(this: ActorSheetLike) {
    await openRollDialog(this.actor, {});
  },
};
