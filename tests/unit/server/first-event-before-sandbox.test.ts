import { describe, expect, it } from 'vitest';
import { err } from '@/lib/runtime';
import type { SandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { startTurnSandbox } from '@/lib/server/turns/open-turn-sandbox';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { readEventStream } from '../support/read-event-stream';

/** A module whose top level keeps its worker busy for a while before it exports its one tool. */
const SLOW_MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';
let total = 0;
for (let i = 0; i < 10000000; i += 1) total += i % 7;
export default [defineTool({ name: 'total', description: 'The total.', schema: z.object({}), isReadOnly: true, execute: () => String(total) })];
`;

function expectedTotal(): number {
  let total = 0;
  for (let i = 0; i < 10000000; i += 1) total += i % 7;
  return total;
}

describe('the first event of a turn', () => {
  it('goes out while the module is still being evaluated; sandbox-ready follows once it is', { timeout: 60_000 }, async () => {
    const pool = getSandboxPool();
    const pendingBefore = pool.stats().pending;
    const started = await streamTurn({
      request: { source: SLOW_MODULE, messages: [{ role: 'user', content: 'Total?' }], model: { provider: 'scripted', script: [{ calls: [{ name: 'total', arguments: '{}' }] }, { text: 'Done.' }] } },
      clientId: 'first-event-test',
      env: {},
    });
    if (!started.ok) throw new Error(started.error);
    // The turn counts as running from its first event on, while its sandbox opens.
    expect(getTurnRegistry().countForClient('first-event-test')).toBe(1);
    let pendingAtFirstEvent: number | undefined;
    const events = await readEventStream(toEventStream(started.events), () => {
      pendingAtFirstEvent ??= pool.stats().pending;
    });
    // When turn-start arrived, the worker had not answered the open-turn request yet.
    expect(events[0]?.type).toBe('turn-start');
    expect(pendingAtFirstEvent).toBeGreaterThan(pendingBefore);
    expect(events.slice(0, 3).map((event) => event.type)).toEqual(['turn-start', 'sandbox-ready', 'tools-assembled']);
    expect(events[1]).toMatchObject({ type: 'sandbox-ready', toolCount: 1 });
    expect(events.find((event) => event.type === 'tool-output')).toMatchObject({ status: 'success', output: String(expectedTotal()) });
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed', finalText: 'Done.' });
    await expect.poll(() => getTurnRegistry().countForClient('first-event-test')).toBe(0);
  });

  it('is refused with a 503 before any stream when the pool has no room for another turn', () => {
    const fullPool = { pickWorker: () => err({ code: 'busy', message: 'The sandbox is at capacity (2 workers, 48 turns each); try again in a few seconds.' }) } as unknown as SandboxPool;
    expect(startTurnSandbox(fullPool, { source: 'export default [];' })).toEqual({ ok: false, error: { status: 503, error: 'The sandbox is at capacity (2 workers, 48 turns each); try again in a few seconds.' } });
  });
});
