/**
 * Planted leaks: a test of the secrecy tests. Each leak is a bug the GM's client could have, planted
 * from here (test code only: nothing in src/ knows of them) by wrapping the GM's `zilchSave`, so after
 * every save of the round the GM's client also does one wrong thing with a secret it keeps: a stance
 * not yet shown, a secret bid, or a Closing die the world hides. The ten of the 2026-11-28 security
 * review's mutation check come first, then its two extra ones. A secrecy history plants the leak the
 * switch names (`plantLeak`, a no-op while it names none); ./planted-leaks.test.ts sets it, and every
 * planted leak must make a secrecy check fail.
 */
import type { Table } from "./table";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import type { TableClient } from "./client";

export const LEAKS = [
  "ballotInCombatFlag",
  "whisperedDeclaration",
  "stanceInChatFlavor",
  "stanceInCombatantSystem",
  "stanceInCombatantFlag",
  "ballotOnGmUserFlag",
  "ballotWrittenThenRemoved",
  "closingInChatTooltip",
  "closingUnderAnotherRoundKey",
  "bidsInRoundState",
  "stanceUnderUnknownActorKey",
  "closingAsChatRoll",
] as const;
export type Leak = (typeof LEAKS)[number];

/** The leak the next secrecy histories plant (null: none, as in every ordinary run). */
let planted: Leak | null = null;

/** Runs `fn` with `leak` planted in every table a secrecy history opens meanwhile. */
export async function withLeak<T>(leak: Leak, fn: () => Promise<T>): Promise<T> {
  planted = leak;
  try {
    return await fn();
  } finally {
    planted = null;
  }
}

type Secrets = {
  /** Declared stances not yet shown, by combatant id. */
  ballot: Record<string, string>;
  bids: Record<string, unknown>;
  closing: number | null;
};

/** What the GM's client keeps in secret for the combat (its memory and storage). */
function keptSecrets(combat: ZilchCombat): Secrets {
  const s = combat.zilchSnapshot();
  return { ballot: { ...s.ballot }, bids: { ...(s.bids ?? {}) }, closing: combat.zilchKeptClosing() };
}

const empty = (o: object) => Object.keys(o).length === 0;

/** The Closed line the GM's client posted, if the round has Closed. */
function closedLine(gm: TableClient) {
  return gm.messages.contents.find((m) => m.content.includes("The round is Closed"));
}

/** One leak's wrong step after a save, on the GM's client. */
const LEAK_STEPS: Record<Leak, (combat: ZilchCombat, kept: Secrets, gm: TableClient) => Promise<unknown>> = {
  ballotInCombatFlag: async (combat, { ballot }) =>
    !empty(ballot) && combat.setFlag("zilch", "ballot" as never, ballot as never),
  whisperedDeclaration: async (combat, { ballot }, gm) => {
    for (const [id, stance] of Object.entries(ballot))
      await ChatMessage.create({
        content: `${combat.combatants.get(id)?.name ?? ""} declared ${stance}`,
        whisper: [...gm.users.values()].map((u) => u.id),
      } as never);
  },
  stanceInChatFlavor: async (_combat, { ballot }) => {
    for (const stance of Object.values(ballot))
      await ChatMessage.create({ content: "A stance was declared", flavor: stance } as never);
  },
  stanceInCombatantSystem: async (combat, { ballot }) => {
    for (const [id, stance] of Object.entries(ballot))
      await combat.combatants.get(id)?.update({ system: { stance } } as never);
  },
  stanceInCombatantFlag: async (combat, { ballot }) => {
    for (const [id, stance] of Object.entries(ballot))
      await combat.combatants.get(id)?.setFlag("zilch" as never, "stance" as never, stance as never);
  },
  ballotOnGmUserFlag: async (_combat, { ballot }, gm) =>
    !empty(ballot) && gm.run(() => game.user!.setFlag("zilch" as never, "ballot" as never, ballot as never)),
  ballotWrittenThenRemoved: async (combat, { ballot }) => {
    if (empty(ballot)) return;
    await combat.setFlag("zilch", "scratch" as never, ballot as never);
    await combat.unsetFlag("zilch", "scratch" as never);
  },
  closingInChatTooltip: async (_combat, { closing }, gm) => {
    const line = closedLine(gm);
    if (closing === null || !line || line.content.includes("data-tooltip")) return;
    await line.update({ content: `<span data-tooltip="${closing}">${line.content}</span>` });
  },
  closingUnderAnotherRoundKey: async (combat, { closing }) =>
    closing !== null && combat.setFlag("zilch", "round.countdown.closingKept" as never, closing as never),
  bidsInRoundState: async (combat, { bids }) =>
    !empty(bids) && combat.setFlag("zilch", "round.bidsMade" as never, bids as never),
  stanceUnderUnknownActorKey: async (combat, { ballot }) => {
    for (const [id, stance] of Object.entries(ballot))
      await combat.combatants.get(id)?.actor?.update({ system: { lastDeclared: stance } } as never);
  },
  closingAsChatRoll: async (_combat, { closing }, gm) => {
    const line = closedLine(gm);
    if (closing === null || !line || line.rolls.length > 0) return;
    const roll = {
      class: "Roll",
      formula: "1d6",
      total: closing,
      evaluated: true,
      dice: [{ faces: 6, results: [closing] }],
    };
    await line.update({ rolls: [roll] });
  },
};

/**
 * Plants the switched-on leak (if any) in this table: after each of the round's saves on the GM's
 * client, the leak's step runs there with what that client keeps in secret.
 */
export function plantLeak(table: Table): void {
  const leak = planted;
  if (leak === null) return;
  const gm = table.gm;
  const Combat = gm.run(() => CONFIG.Combat.documentClass) as unknown as { prototype: ZilchCombat };
  const save = Combat.prototype.zilchSave;
  Combat.prototype.zilchSave = async function (
    this: ZilchCombat,
    ...args: Parameters<ZilchCombat["zilchSave"]>
  ) {
    await save.apply(this, args);
    await LEAK_STEPS[leak](this, keptSecrets(this), gm);
  };
}
