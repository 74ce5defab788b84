import { describe, expect, it, vi } from 'vitest';
import { createTurnWaitBudget } from '@/lib/server/turns/create-turn-wait-budget';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamToolCall } from '@/lib/server/turns/stream-tool-call';
import { createTurnRegistry, getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { createSseParser } from '@/lib/client/api';
import { runtimeEventSchema, type RuntimeEvent, type Tool } from '@/lib/runtime';

// A wait budget short enough to spend in a test; every other limit as shipped.
vi.mock('@/lib/contract', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/contract')>();
  return { ...original, TURN_LIMITS: { ...original.TURN_LIMITS, waitMs: 300 } };
});

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';
export default [
  defineTool({ name: 'wipe', description: 'Delete a file.', schema: z.object({ path: z.string() }), isDestructive: true, execute: () => 'gone' }),
];
`;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<RuntimeEvent[]> {
  const text = await new Response(stream).text();
  const parser = createSseParser();
  return [...parser.push(text), ...parser.flush()].map((data) => runtimeEventSchema.parse(JSON.parse(data)));
}

describe("a direct tool call's wait budget", () => {
  it('stops a call whose approval nobody gives once it waited the budget, and frees its slot', { timeout: 60_000 }, async () => {
    const started = await streamToolCall({ request: { source: SOURCE, name: 'wipe', arguments: '{"path":"a.txt"}' }, clientId: '203.0.113.9' });
    if (!started.ok) throw new Error(started.error);
    const events = await readAll(toEventStream(started.events));
    expect(events.map((event) => event.type)).toContain('tool-approval-request');
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error', error: 'The call waited 0.3 s in all on its tool and on people, the most a call may, and was stopped.' });
    expect(getTurnRegistry().countForClient('203.0.113.9')).toBe(0);
  });

  it("counts a tool's execution as waiting, tells the registry, and stops the run past the budget", async () => {
    const registry = createTurnRegistry();
    registry.register('turn_sleepy', '198.51.100.4', new AbortController());
    const reasons: string[] = [];
    const waits = createTurnWaitBudget({ registry, turnId: 'turn_sleepy', kind: 'call', stop: (reason) => reasons.push(reason), budgetMs: 50 });
    let release: () => void = () => undefined;
    const sleeping: Tool = { name: 'sleep', description: 'Sleeps.', parameters: { type: 'object' }, execute: () => new Promise((resolve) => (release = () => resolve({ status: 'success', output: 'woke' }))) } as unknown as Tool;
    const opened = await waits.openTools(async () => ({ ok: true, value: [sleeping] }));
    if (!opened.ok) throw new Error('the tools did not open');
    const running = opened.value[0]!.execute({}, {} as never);
    expect(registry.listHeldSlots()).toEqual([{ turnId: 'turn_sleepy', clientId: '198.51.100.4', stoppable: true, waitingSince: expect.any(Number) }]);
    await vi.waitFor(() => expect(reasons).toEqual(['The call waited 0.05 s in all on its tool and on people, the most a call may, and was stopped.']));
    release();
    await running;
    waits.dispose();
    expect(registry.listHeldSlots()[0]).not.toHaveProperty('waitingSince');
  });
});
