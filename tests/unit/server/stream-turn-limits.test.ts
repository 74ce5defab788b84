import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { type FinishedTurn } from '@/lib/contract';
import { createSseParser } from '@/lib/client/api';

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';
export default [defineTool({ name: 'echo', description: 'Echo.', schema: z.object({ n: z.number() }), isReadOnly: true, execute: (args) => args.n })];
`;

describe('the events-per-turn budget', () => {
  it('stops a turn past its event budget with a turn-end that says so, numbered densely, and stores what was sent', { timeout: 60_000 }, async () => {
    let finished: FinishedTurn | undefined;
    const calls = Array.from({ length: 8 }, (_, n) => ({ name: 'echo', arguments: JSON.stringify({ n }) }));
    const started = await streamTurn({
      request: { source: SOURCE, messages: [{ role: 'user', content: 'echo' }], model: { provider: 'scripted', script: [{ calls }, { calls }, { text: 'done' }] } },
      clientId: 'test',
      env: {},
      maxEvents: 12,
      onFinished: (turn) => {
        finished = turn;
      },
    });
    if (!started.ok) throw new Error(started.error);
    const text = await new Response(toEventStream(started.events)).text();
    const parser = createSseParser();
    const events = [...parser.push(text), ...parser.flush()].map((data) => JSON.parse(data) as RuntimeEvent);
    expect(events).toHaveLength(12);
    expect(events.map((event) => event.seq)).toEqual([...Array(12).keys()]);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'error', error: 'The turn produced more than 12 events and was stopped.' });
    await expect.poll(() => finished?.events.length).toBe(12);
  });
});
