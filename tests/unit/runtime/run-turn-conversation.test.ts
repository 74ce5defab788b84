import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, readConversation, runTurn, type TurnOutcome, type RuntimeEvent, type RuntimeEventOf } from '@/lib/runtime';
import { createScriptedTestModel, userMessage } from '@/lib/runtime/testing';

/** A tiny file store the tools share, standing in for the sandbox's. */
function createTools(files: Map<string, string>) {
  return [
    defineTool({
      name: 'write_file',
      description: 'Write a file.',
      schema: z.object({ path: z.string(), text: z.string() }),
      execute: ({ path, text }) => {
        files.set(path, text);
        return `wrote ${path}`;
      },
    }),
    defineTool({
      name: 'read_file',
      description: 'Read a file.',
      schema: z.object({ path: z.string() }),
      isReadOnly: true,
      execute: ({ path }) => files.get(path) ?? `no such file: ${path}`,
    }),
    defineTool({
      name: 'lookup_order',
      description: 'Look up an order.',
      schema: z.object({ id: z.string() }),
      isReadOnly: true,
      deferLoading: true,
      execute: ({ id }) => `order ${id}: shipped`,
    }),
  ];
}

function turnEnd(events: RuntimeEvent[]): RuntimeEventOf<'turn-end'> {
  const end = events.at(-1);
  if (end?.type !== 'turn-end') throw new Error('The last event is not turn-end.');
  return end;
}

/** Runs the next turn the way a client does: the previous turn-end's conversation and state sent back. */
async function continueFrom(previous: TurnOutcome, options: { message: string; steps: Parameters<typeof createScriptedTestModel>[0]; files: Map<string, string> }) {
  const end = turnEnd(previous.events);
  const history = readConversation(end.conversation ?? []);
  if (!history.ok) throw new Error(history.error.message);
  const model = createScriptedTestModel(options.steps);
  const outcome = await runTurn({
    tools: createTools(options.files),
    model: model.client,
    input: [userMessage(options.message)],
    carriedIn: { history: history.value, loadedTools: end.state?.loadedTools, files: Object.keys(end.state?.files ?? {}) },
    host: { readFiles: () => Object.fromEntries(options.files) },
  });
  return { outcome, model };
}

describe('a conversation of turns', () => {
  it('carries items in order, files and loaded tools from one turn to the next', async () => {
    const files = new Map<string, string>();
    const first = await runTurn({
      tools: createTools(files),
      model: createScriptedTestModel([
        { calls: [{ name: 'write_file', arguments: '{"path":"notes.md","text":"remember the milk"}', callId: 'w1' }] },
        { search: { query: 'order', callId: 's1' } },
        { text: 'Saved, and I found the order tool.' },
      ]).client,
      input: [userMessage('Save a note')],
      host: { readFiles: () => Object.fromEntries(files) },
    });
    const firstEnd = turnEnd(first.events);
    expect(first.events.some((event) => event.type === 'turn-carried-in')).toBe(false);
    expect(firstEnd.state).toEqual({ files: { 'notes.md': 'remember the milk' }, loadedTools: ['lookup_order'] });
    expect(firstEnd.conversation?.map((item) => [item.type, item.call_id ?? item.role])).toEqual([
      ['message', 'user'],
      ['function_call', 'w1'],
      ['function_call_output', 'w1'],
      ['tool_search_call', 's1'],
      ['tool_search_output', 's1'],
      ['message', 'assistant'],
    ]);

    // Turn 2 calls the deferred tool at once: it was loaded in turn 1.
    const second = await continueFrom(first, {
      message: 'Where is order 7?',
      files,
      steps: [{ calls: [{ name: 'lookup_order', arguments: '{"id":"7"}', callId: 'o1' }] }, { text: 'Shipped.' }],
    });
    const carried = second.outcome.events.find((event) => event.type === 'turn-carried-in');
    expect(carried).toMatchObject({ conversationItems: 6, files: ['notes.md'], loadedTools: ['lookup_order'] });
    const output = second.outcome.events.find((event) => event.type === 'tool-output' && event.callId === 'o1');
    expect(output).toMatchObject({ status: 'success', output: 'order 7: shipped' });
    // The model saw turn 1's items, in order, before the new message.
    const request = second.model.requests[0]!;
    expect(request.input.map((item) => item.type)).toEqual([
      'message',
      'function_call',
      'function_call_output',
      'tool_search_call',
      'tool_search_output',
      'message',
      'message',
    ]);
    expect(request.input.at(-1)).toEqual({ type: 'message', role: 'user', content: 'Where is order 7?' });

    // Turn 3 reads the file turn 1 wrote.
    const third = await continueFrom(second.outcome, {
      message: 'What did I note?',
      files,
      steps: [{ calls: [{ name: 'read_file', arguments: '{"path":"notes.md"}', callId: 'r1' }] }, { text: 'remember the milk' }],
    });
    const read = third.outcome.events.find((event) => event.type === 'tool-output' && event.callId === 'r1');
    expect(read).toMatchObject({ status: 'success', output: 'remember the milk' });
    expect(turnEnd(third.outcome.events).conversation).toHaveLength(6 + 4 + 4);
  });

  it('branches: re-running turn 2 with another message starts from turn 1, and turn 1 is untouched', async () => {
    const files = new Map<string, string>();
    const first = await runTurn({
      tools: createTools(files),
      model: createScriptedTestModel([{ text: 'Hello.' }]).client,
      input: [userMessage('Hi')],
      host: { readFiles: () => Object.fromEntries(files) },
    });
    const before = structuredClone(turnEnd(first.events).conversation);
    const branchA = await continueFrom(first, { message: 'Tell me about A', files, steps: [{ text: 'A.' }] });
    const branchB = await continueFrom(first, { message: 'Tell me about B', files, steps: [{ text: 'B.' }] });
    expect(turnEnd(first.events).conversation).toEqual(before);
    const lastUser = (outcome: TurnOutcome) => turnEnd(outcome.events).conversation?.filter((item) => item.role === 'user').map((item) => item.content);
    expect(lastUser(branchA.outcome)).toEqual(['Hi', 'Tell me about A']);
    expect(lastUser(branchB.outcome)).toEqual(['Hi', 'Tell me about B']);
  });

  it('forgets a loaded tool the module no longer defines, and says what it carried in', async () => {
    const outcome = await runTurn({
      tools: createTools(new Map()),
      model: createScriptedTestModel([{ text: 'ok' }]).client,
      input: [userMessage('now')],
      carriedIn: { history: [userMessage('earlier')], loadedTools: ['lookup_order', 'gone_tool'] },
    });
    expect(outcome.events.find((event) => event.type === 'turn-carried-in')).toMatchObject({ conversationItems: 1, files: [], loadedTools: ['lookup_order'] });
  });

  it('keeps a typed secret out of the conversation it hands back', async () => {
    const outcome = await runTurn({
      tools: [],
      model: createScriptedTestModel([{ text: 'your key is typed-secret-123456' }]).client,
      input: [userMessage('echo my key')],
      host: { secrets: ['typed-secret-123456'] },
    });
    expect(JSON.stringify(turnEnd(outcome.events).conversation)).not.toContain('typed-secret-123456');
  });
});

describe('readConversation', () => {
  it('refuses an output whose call is not earlier, naming the item', () => {
    const read = readConversation([
      { type: 'message', role: 'user', content: 'hi' },
      { type: 'function_call_output', call_id: 'nope', output: 'x' },
    ]);
    expect(read).toEqual({ ok: false, error: { index: 1, message: expect.stringContaining('conversation[1] (function_call_output) answers call_id "nope"') } });
    expect(readConversation([{ role: 'wizard', content: 'x' }])).toMatchObject({ ok: false, error: { index: 0, message: 'conversation[0] (message) has an unknown role.' } });
  });
});
