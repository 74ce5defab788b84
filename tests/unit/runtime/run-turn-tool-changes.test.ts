import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, runTurn, type RuntimeEvent, type Tool, type ToolSourceChange } from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';

const serverTool = (name: string, description = `${name} on the server.`): Tool => ({
  ...defineTool({ name, namespace: 'srv', description, schema: z.object({}), isReadOnly: true, execute: () => `${name} ran` }),
  mcpServer: 'srv',
});

const summarize = (events: readonly RuntimeEvent[]) =>
  events.flatMap((event) => {
    if (event.type === 'tools-changed') return [`changed ${event.iteration} ${event.server} +${event.added} -${event.removed} ~${event.changed}${event.error ? ` error: ${event.error}` : ''}`];
    if (event.type === 'model-request') return [`request ${event.iteration} ${event.offeredTools.join(',')}`];
    if (event.type === 'tool-output') return [`output ${event.name} ${event.status}`];
    return [];
  });

describe('tool sources that change during a turn', () => {
  it('offers a server’s new tools from the next request, beside the module’s, and keeps the old ones when it could not be listed', async () => {
    const module = defineTool({ name: 'note', description: 'A module tool.', schema: z.object({}), execute: () => 'noted' });
    const changes: Record<number, ToolSourceChange[]> = {
      2: [{ server: 'srv', tools: [serverTool('a', 'a, reworded.'), serverTool('c')] }],
      3: [{ server: 'srv', error: 'srv: the server did not answer.' }],
    };
    const asked: number[] = [];
    const outcome = await runTurn({
      tools: [serverTool('a'), module, serverTool('b')],
      toolChanges: async (iteration) => {
        asked.push(iteration);
        return changes[iteration] ?? [];
      },
      model: createScriptedTestModel([
        { calls: [{ name: 'b', namespace: 'srv', arguments: '{}', callId: 'c1' }] },
        { calls: [{ name: 'c', namespace: 'srv', arguments: '{}', callId: 'c2' }] },
        { calls: [{ name: 'b', namespace: 'srv', arguments: '{}', callId: 'c3' }] },
        { text: 'Done.' },
      ]).client,
      input: [userMessage('go')],
    });
    expect(asked).toEqual([2, 3, 4]);
    expect(summarize(outcome.events)).toEqual([
      'request 1 srv.a,note,srv.b',
      'output srv.b success',
      'changed 2 srv +srv.c -srv.b ~srv.a',
      'request 2 srv.a,srv.c,note',
      'output srv.c success',
      'changed 3 srv + - ~ error: srv: the server did not answer.',
      'request 3 srv.a,srv.c,note',
      'output srv.b rejected',
      'request 4 srv.a,srv.c,note',
    ]);
  });
});
