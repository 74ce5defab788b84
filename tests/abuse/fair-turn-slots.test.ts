import { afterAll, describe, expect, it } from 'vitest';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';
import { APPROVAL_TOOL, defineModule, ECHO_TOOL, scriptedModel } from '../../harness/attack-modules';
import { asksApproval, createOpenTurns, turnEndOf } from './support/open-turns';
import { turnBody } from '../../harness/run-turn';
import { expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';
import { waitForState } from './support/wait-for-state';

/**
 * Sixteen addresses fill every turn slot (4 each) with turns that wait for an approval nobody
 * gives; an innocent address then starts a turn and gets it running, because the server stops the
 * longest-waiting turn of an address holding the most slots, whose stream ends with an `error`
 * naming why. States are awaited, never times; every attack stream is closed afterwards.
 */
const { baseURL } = useAbuseServer();

const ATTACKERS = Array.from({ length: CONCURRENT_TURN_LIMITS.total / CONCURRENT_TURN_LIMITS.perAddress }, (_, index) => `127.0.0.${20 + index}`);
const INNOCENT = '127.0.0.90';
const STATE_TIMEOUT_MS = 60_000;

const turns = createOpenTurns();
afterAll(() => turns.closeAll());
const startTurn = (address: string, body: unknown) => turns.start(baseURL(), address, body);

function waitFor(done: () => boolean, what: () => string): Promise<void> {
  return waitForState(done, what, { timeoutMs: STATE_TIMEOUT_MS, intervalMs: 25 });
}

describe('turn slots when every one is held by waiting turns', () => {
  it('gives an innocent address a running turn by stopping the longest-waiting turn of an address holding the most', async () => {
    const waiting = turnBody({ source: defineModule([APPROVAL_TOOL]), message: 'Wipe it.', model: scriptedModel([[['wipe', '{}']]], 'Wiped.') });
    const attack = await Promise.all(ATTACKERS.flatMap((address) => Array.from({ length: CONCURRENT_TURN_LIMITS.perAddress }, () => startTurn(address, waiting))));
    const statuses = attack.map((turn) => `${turn.address}: ${turn.status}`).join('\n');
    expect(attack.every((turn) => turn.status === 200), statuses).toBe(true);
    await waitFor(
      () => attack.every(asksApproval),
      () => `every attack turn waiting for its approval (${attack.filter(asksApproval).length} of ${attack.length})`,
    );

    // Every slot is held: another attack address holding none gets a slot only if a turn yields,
    // and so does the innocent, whose turn runs to its end.
    const innocent = await startTurn(INNOCENT, turnBody({ source: defineModule([ECHO_TOOL]), message: 'Echo it.', model: scriptedModel([[['echo', '{"text":"my turn"}']]], 'Echoed.') }));
    expect(innocent.status).toBe(200);
    await waitFor(() => innocent.events.length > 0, () => 'the innocent turn’s first event');
    expect(innocent.events[0]?.type).toBe('turn-start');
    await waitFor(() => turnEndOf(innocent) !== undefined, () => 'the innocent turn’s end');
    expect(turnEndOf(innocent)).toMatchObject({ reason: 'completed' });
    expect(innocent.events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: 'my turn' });

    // Exactly one attack turn gave its slot up, and said why; the rest still wait.
    await waitFor(() => attack.some((turn) => turnEndOf(turn) !== undefined), () => 'the yielded turn’s end');
    const yielded = attack.filter((turn) => turnEndOf(turn) !== undefined);
    expect(yielded.length).toBe(1);
    expect(turnEndOf(yielded[0]!)).toMatchObject({ reason: 'error', error: expect.stringContaining('a visitor holding fewer needed one') });
    // Its stream closes just after its turn-end event arrives: wait for that, then count.
    await waitFor(() => yielded[0]!.ended, () => 'the yielded turn’s stream closing');
    expect(attack.filter((turn) => !turn.ended).length).toBe(attack.length - 1);

    // An attack address already holding its 4 gets nothing more, and no turn is taken for it.
    const greedy = await startTurn(ATTACKERS.find((address) => address !== yielded[0]!.address)!, waiting);
    expect(greedy.status).toBe(429);
    expect(attack.filter((turn) => turnEndOf(turn) !== undefined).length).toBe(1);

    for (const turn of attack) turn.close();
    await waitFor(() => attack.every((turn) => turn.ended), () => 'every attack stream closed');
    await expectServerStillServes(baseURL());
  });
});
