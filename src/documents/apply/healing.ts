/**
 * Healing: what a non-attack spell's card offers the selected tokens. The spell card
 * is posted by the caster's own client (src/applications/combat/cast.ts), so its flag is whatever that
 * client wrote (FOUNDRY-FACTS §2: anyone creates a message with any flags). The active GM's client
 * therefore reads the flag through this validating reader: whole points of healing within the spell
 * model's bound, and the card's own target, or nothing.
 */
import { SYSTEM_ID } from "../../data/settings";
import { SPELL_FLAG } from "../../dice/spell-card";
import { SPELL_BOUNDS } from "../../data/item/spell";

/** A healing spell card's points and the actor its own Apply button heals (null: none named). */
export interface CardHealing {
  readonly healing: number;
  readonly targetUuid: string | null;
  /** What the card claims was cast, for ./spell-trust.ts. */
  readonly spellName: string;
  readonly condition: string | null;
  /** The caster the card names by uuid (null on cards posted before it was recorded). */
  readonly casterUuid: string | null;
}

/** REC-4, MAG-7: the card's healing, when it is a whole number of points within the spell's bound. */
export function cardHealing(message: ChatMessage.Implementation): CardHealing | null {
  const stored: unknown = message.getFlag(SYSTEM_ID, SPELL_FLAG);
  if (typeof stored !== "object" || stored === null) return null;
  const { healing, targetUuid, spellName, condition, casterUuid } = stored as Record<string, unknown>;
  if (typeof healing !== "number" || !Number.isInteger(healing)) return null;
  if (healing < 1 || healing > SPELL_BOUNDS.healing.max) return null;
  if (typeof spellName !== "string") return null;
  return {
    healing,
    targetUuid: typeof targetUuid === "string" ? targetUuid : null,
    spellName,
    condition: typeof condition === "string" ? condition : null,
    casterUuid: typeof casterUuid === "string" ? casterUuid : null,
  };
}
