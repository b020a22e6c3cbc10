/** A chat card's data as a player's console could forge it (test/templates and test/browser). */
import type { SpellCastRecord } from "../../src/dice/spell-card";

export const PAYLOAD = `<script>window.zilchForged = 1</script><img src="x" onerror="window.zilchForged = 2">`;

/** A spell card's record as a player's console could forge it, every string holding the payload. */
export const forgedRecord = {
  casterName: PAYLOAD,
  spellName: PAYLOAD,
  paid: 3,
  left: 2,
  overridden: false,
  range: "engaged",
  targetUuid: "Actor.abc",
  targetName: PAYLOAD,
  healing: 3,
  condition: "slowed",
  duration: { kind: "rounds", rounds: 2 },
  wounds: [{ id: "w1", name: PAYLOAD }],
  outcome: { kind: "woundEnded", wound: PAYLOAD },
  description: PAYLOAD,
} satisfies SpellCastRecord & { description: string };
