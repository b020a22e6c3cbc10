/**
 * A round request on the active GM's client: one request at a time per combat, validated, with the
 * GM's dice rolled, dispatched (src/rules/round/dispatch.ts) and saved inside the combat's slot; what
 * follows on actors runs after it. The per-kind steps are the table in ./request-steps.ts.
 */
import { dispatch } from "../../rules/round/dispatch";
import type { CombatRequest, Requester, RequestKind } from "../../rules/round/authority";
import { serially } from "../../requests/serial";
import { isApplier } from "../../requests/applier";
import { secretRollDie } from "../../dice/secret-dice";
import {
  REQUEST_STEPS,
  type Prepared,
  type RefusedRequest,
  type RequestOf,
  type RequestSteps,
} from "./request-steps";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of it, no cycle.

/** CON-2, ST-3: per combat, the round start still applying Threatened; declarations wait for it. */
const ROUND_START = new Map<string, Promise<void>>();
/** The combats whose round start is still running (a declaration that finds one waits and retries). */
const ROUND_STARTING = new Set<string>();

type Decided = { ok: true; followUp: () => Promise<void> } | RefusedRequest;

/**
 * Validates and applies a request on the active GM's client; the result says why it was refused.
 * One request at a time per combat: inside its slot a request reads the state the previous one
 * wrote, decides and awaits its write (FOUNDRY-FACTS §4). What follows on actors (turn hooks, a Stun
 * ended, round-start Threatened and Grit) runs after the slot, so a hook may itself ask for a round
 * change (OPT-2 fear's lost action) without waiting for itself. Any client but the active GM's
 * refuses: it must ask the active GM (src/setup/queries.ts).
 */
export async function applyRequest(
  combat: Combat.Implementation,
  asked: CombatRequest,
  user: User.Implementation | null,
): Promise<{ ok: true } | RefusedRequest> {
  if (!isApplier()) return { ok: false, code: "notActiveGM" };
  const id = combat.id!;
  const declaring = REQUEST_STEPS[asked.kind].waitsForRoundStart === true;
  for (;;) {
    // CON-2, ST-3: a declaration made while the round start is still applying Threatened waits for it.
    if (declaring) await ROUND_START.get(id);
    const decided = await serially(`combat.${id}`, () =>
      declaring && ROUND_STARTING.has(id) ? Promise.resolve(null) : decide(combat, asked.kind, asked, user),
    );
    if (decided === null) continue;
    if (!decided.ok) return decided;
    await decided.followUp();
    return { ok: true };
  }
}

/** Who asks, as the authority reads it: the GM, or the owner of some combatants. */
function requester(combat: Combat.Implementation, user: User.Implementation | null): Requester {
  return {
    isGM: user?.isGM ?? false,
    owns: (id) => {
      const c = combat.combatants.get(id);
      return !!(c && user && c.testUserPermission(user, "OWNER"));
    },
  };
}

/** Inside the combat's slot: validate, roll what the GM rolls, dispatch and save (the table's key fixes the request's type). */
async function decide<K extends RequestKind>(
  combat: Combat.Implementation,
  kind: K,
  asked: RequestOf<K>,
  user: User.Implementation | null,
): Promise<Decided> {
  const steps: RequestSteps[K] = REQUEST_STEPS[kind];
  const who = requester(combat, user);
  const before = await combat.zilchRecoverSecrets();
  const prepared: Prepared<RequestOf<K>> | RefusedRequest = steps.prepare
    ? await steps.prepare(combat, asked, who, before)
    : { ok: true, request: asked };
  if (!prepared.ok) return prepared;
  const request = prepared.request;
  const result = dispatch(before, request, who, secretRollDie);
  if (!result.ok) return result;
  const refused = steps.pay ? await steps.pay(combat, request) : null;
  if (refused) return refused;
  await combat.zilchSave(before, result.snapshot, result.log);
  const followUp = async () => {
    await steps.after?.(combat, request);
    await prepared.afterSlot?.();
    await combat.zilchRunHooks(result.hooks);
    await steps.afterHooks?.(combat, before);
  };
  return steps.startsRound ? startingRound(combat.id!, followUp) : { ok: true, followUp };
}

/** Set inside the slot, so a declaration queued behind this round change sees the start pending. */
function startingRound(id: string, followUp: () => Promise<void>): Decided {
  let done = (): void => undefined;
  ROUND_START.set(id, new Promise<void>((resolve) => (done = resolve)));
  ROUND_STARTING.add(id);
  return {
    ok: true,
    followUp: () =>
      followUp().finally(() => {
        ROUND_STARTING.delete(id);
        done();
      }),
  };
}
