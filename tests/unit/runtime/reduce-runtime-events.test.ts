import { describe, expect, it } from 'vitest';
import { reduceRuntimeEvents, type RuntimeEvent, type RuntimeEventInput, runtimeEventSchema } from '@/lib/runtime';
import { applyRuntimeEvent, createTimelineState } from '@/lib/runtime/events/reduce-runtime-events';

/** Stamps hand-written event bodies with a dense seq and increasing `at`, and checks them against the wire schema. */
function stampEvents(bodies: RuntimeEventInput[], turnId = 't1'): RuntimeEvent[] {
  return bodies.map((body, seq) => runtimeEventSchema.parse({ ...body, turnId, seq, at: seq * 10 }));
}

const turnStart: RuntimeEventInput = {
  type: 'turn-start',
  mode: 'chat',
  model: 'embedded:scripted',
  permissionMode: 'auto',
  maxIterations: 8,
  userMessage: 'hi',
};

function call(callId: string, name: string, iteration = 1) {
  return { callId, name, iteration };
}

function output(callId: string, name: string, status: 'success' | 'error' | 'denied' | 'rejected' | 'aborted' | 'timeout', text = 'ok'): RuntimeEventInput {
  return { type: 'tool-output', ...call(callId, name), status, output: text, summary: name, audit: `${name} ${status}`, durationMs: 40 };
}

describe('reduceRuntimeEvents', () => {
  it('starts idle and becomes running on turn-start', () => {
    expect(createTimelineState().status).toBe('idle');
    const state = reduceRuntimeEvents(stampEvents([turnStart]));
    expect(state.status).toBe('running');
    expect(state.turn).toMatchObject({ turnId: 't1', model: 'embedded:scripted', mode: 'chat', permissionMode: 'auto' });
  });

  it('reduces a single successful call through every phase', () => {
    const bodies: RuntimeEventInput[] = [
      turnStart,
      { type: 'model-request', iteration: 1, offeredTools: ['read_file'], deferredCount: 2, inputItemCount: 1 },
      { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}' }] },
      { type: 'tool-input-available', ...call('c1', 'read_file'), input: { path: 'a.txt' }, activity: 'Reading a.txt' },
      { type: 'dispatch-plan', iteration: 1, batches: [{ mode: 'parallel', callIds: ['c1'] }] },
      { type: 'tool-permission', ...call('c1', 'read_file'), decision: 'allow', risk: 'read', reason: 'read-only tool' },
      { type: 'tool-call-start', ...call('c1', 'read_file'), batch: 0 },
      { type: 'tool-call-log', ...call('c1', 'read_file'), level: 'info', message: 'open a.txt' },
      output('c1', 'read_file', 'success', 'hello'),
      { type: 'model-request', iteration: 2, offeredTools: ['read_file'], deferredCount: 0, inputItemCount: 3 },
      { type: 'model-response', iteration: 2, responseId: 'r2', text: 'The file says hello.', calls: [] },
      { type: 'turn-end', reason: 'completed', iterations: 2, finalText: 'The file says hello.' },
    ];
    const events = stampEvents(bodies);
    const phases = events.map((_, i) => reduceRuntimeEvents(events.slice(0, i + 1)).calls.c1?.phase);
    expect(phases.slice(2, 9)).toEqual(['proposed', 'proposed', 'queued', 'queued', 'running', 'running', 'done']);

    const state = reduceRuntimeEvents(events);
    expect(state.status).toBe('ended');
    expect(state.end).toMatchObject({ reason: 'completed', iterations: 2, finalText: 'The file says hello.' });
    expect(state.iterations.map((it) => it.iteration)).toEqual([1, 2]);
    expect(state.iterations[0]).toMatchObject({
      request: { offeredTools: ['read_file'], deferredCount: 2 },
      response: { responseId: 'r1' },
      callIds: ['c1'],
      plan: [{ mode: 'parallel', callIds: ['c1'] }],
    });
    expect(state.calls.c1).toMatchObject({
      rawArguments: '{"path":"a.txt"}',
      input: { path: 'a.txt' },
      activity: 'Reading a.txt',
      permission: { decision: 'allow', risk: 'read', reason: 'read-only tool' },
      batch: 0,
      startedAt: 60,
      logs: [{ level: 'info', message: 'open a.txt', at: 70 }],
      output: { status: 'success', output: 'hello', durationMs: 40, at: 80 },
    });
    expect(state.iterations[1]?.response?.text).toBe('The file says hello.');
    expect(state.lastSeq).toBe(11);
    expect(state.lastAt).toBe(110);
  });

  it('keeps model order when parallel calls complete out of order, and records batches', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        {
          type: 'model-response',
          iteration: 1,
          responseId: 'r1',
          calls: [
            { callId: 'a', name: 'read_file', arguments: '{}' },
            { callId: 'b', name: 'read_file', arguments: '{}' },
            { callId: 'w', name: 'write_file', arguments: '{}' },
            { callId: 'c', name: 'read_file', arguments: '{}' },
          ],
        },
        {
          type: 'dispatch-plan',
          iteration: 1,
          batches: [
            { mode: 'parallel', callIds: ['a', 'b'] },
            { mode: 'sequential', callIds: ['w'] },
            { mode: 'parallel', callIds: ['c'] },
          ],
        },
        { type: 'tool-call-start', ...call('a', 'read_file'), batch: 0 },
        { type: 'tool-call-start', ...call('b', 'read_file'), batch: 0 },
        output('b', 'read_file', 'success'),
        output('a', 'read_file', 'success'),
        { type: 'tool-call-start', ...call('w', 'write_file'), batch: 1 },
      ]),
    );
    expect(state.iterations[0]?.callIds).toEqual(['a', 'b', 'w', 'c']);
    expect(state.iterations[0]?.plan?.map((b) => b.mode)).toEqual(['parallel', 'sequential', 'parallel']);
    expect(['a', 'b', 'w', 'c'].map((id) => state.calls[id]?.phase)).toEqual(['done', 'done', 'running', 'queued']);
    expect(state.calls.w?.batch).toBe(1);
  });

  it('moves an approved call from awaiting-approval to queued, even when the plan arrives later', () => {
    const events = stampEvents([
      turnStart,
      { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'd', name: 'delete_file', arguments: '{"path":"x"}' }] },
      { type: 'tool-permission', ...call('d', 'delete_file'), decision: 'ask', risk: 'destructive', reason: 'destructive tool in review mode' },
      { type: 'tool-approval-request', ...call('d', 'delete_file'), input: { path: 'x' }, reason: 'destructive tool in review mode' },
      { type: 'dispatch-plan', iteration: 1, batches: [{ mode: 'sequential', callIds: ['d'] }] },
      { type: 'tool-approval-response', ...call('d', 'delete_file'), approved: true, decidedBy: 'human' },
      { type: 'tool-call-start', ...call('d', 'delete_file'), batch: 0 },
      output('d', 'delete_file', 'success'),
    ]);
    const phases = events.map((_, i) => reduceRuntimeEvents(events.slice(0, i + 1)).calls.d?.phase);
    expect(phases.slice(1)).toEqual(['proposed', 'proposed', 'awaiting-approval', 'awaiting-approval', 'queued', 'running', 'done']);
    const final = reduceRuntimeEvents(events).calls.d;
    expect(final?.approvalRequest).toMatchObject({ input: { path: 'x' }, reason: 'destructive tool in review mode' });
    expect(final?.approvalResponse).toMatchObject({ approved: true, decidedBy: 'human' });
  });

  it.each([
    ['human', 'Denied by the user.'],
    ['timeout', 'No decision within 60 s.'],
  ] as const)('marks a call denied by %s as rejected, then done with status denied', (decidedBy, reason) => {
    const events = stampEvents([
      turnStart,
      { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'd', name: 'delete_file', arguments: '{}' }] },
      { type: 'tool-approval-request', ...call('d', 'delete_file'), input: {}, reason: 'review mode' },
      { type: 'tool-approval-response', ...call('d', 'delete_file'), approved: false, decidedBy, reason },
      output('d', 'delete_file', 'denied', `Denied: ${reason}`),
    ]);
    expect(reduceRuntimeEvents(events.slice(0, 4)).calls.d?.phase).toBe('rejected');
    const final = reduceRuntimeEvents(events).calls.d;
    expect(final?.phase).toBe('done');
    expect(final?.startedAt).toBeUndefined();
    expect(final?.approvalResponse).toMatchObject({ approved: false, decidedBy, reason });
    expect(final?.output?.status).toBe('denied');
  });

  it('records a permission denial without an approval', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'w', name: 'write_file', arguments: '{}' }] },
        { type: 'tool-permission', ...call('w', 'write_file'), decision: 'deny', risk: 'write', reason: 'read-only mode' },
      ]),
    );
    expect(state.calls.w).toMatchObject({ phase: 'rejected', permission: { decision: 'deny', reason: 'read-only mode' } });
  });

  it('records input errors with issues and suggestions', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        {
          type: 'model-response',
          iteration: 1,
          responseId: 'r1',
          calls: [
            { callId: 'u', name: 'reed_file', arguments: '{}' },
            { callId: 'v', name: 'read_file', arguments: '{"path": 3}' },
          ],
        },
        { type: 'tool-input-error', ...call('u', 'reed_file'), code: 'unknown-tool', message: 'Unknown tool reed_file.', suggestions: ['read_file'] },
        {
          type: 'tool-input-error',
          ...call('v', 'read_file'),
          code: 'invalid-arguments',
          message: 'Invalid arguments.',
          issues: [{ path: '/path', message: 'expected string, received number' }],
        },
        output('u', 'reed_file', 'rejected', 'Unknown tool reed_file. Did you mean read_file?'),
      ]),
    );
    expect(state.calls.u).toMatchObject({
      phase: 'done',
      inputError: { code: 'unknown-tool', suggestions: ['read_file'], issues: [] },
      output: { status: 'rejected', output: 'Unknown tool reed_file. Did you mean read_file?' },
    });
    expect(state.calls.v).toMatchObject({
      phase: 'rejected',
      inputError: { code: 'invalid-arguments', issues: [{ path: '/path', message: 'expected string, received number' }], suggestions: [] },
    });
  });

  it('accumulates repair steps in rung order', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'c', name: 'read_file', arguments: '```json\n{"path":"a",}\n```' }] },
        {
          type: 'tool-input-repair',
          ...call('c', 'read_file'),
          repairs: [
            { rung: 'strip-code-fence', before: '```json\n{"path":"a",}\n```', after: '{"path":"a",}' },
            { rung: 'fix-syntax', before: '{"path":"a",}', after: '{"path":"a"}' },
          ],
        },
        { type: 'tool-input-available', ...call('c', 'read_file'), input: { path: 'a' } },
      ]),
    );
    expect(state.calls.c?.repairs.map((r) => r.rung)).toEqual(['strip-code-fence', 'fix-syntax']);
    expect(state.calls.c?.rawArguments).toBe('```json\n{"path":"a",}\n```');
  });

  it('records a model error and the error turn end', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'model-request', iteration: 1, offeredTools: [], deferredCount: 0, inputItemCount: 1 },
        { type: 'model-error', iteration: 1, code: 'request-failed', message: '401 Incorrect API key', status: 401 },
        { type: 'turn-end', reason: 'error', iterations: 1, error: '401 Incorrect API key' },
      ]),
    );
    expect(state.iterations[0]?.modelError).toMatchObject({ code: 'request-failed', status: 401 });
    expect(state.end).toMatchObject({ reason: 'error', error: '401 Incorrect API key' });
  });

  it('ends an aborted turn with its running call aborted', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 's', name: 'slow', arguments: '{}' }] },
        { type: 'dispatch-plan', iteration: 1, batches: [{ mode: 'parallel', callIds: ['s'] }] },
        { type: 'tool-call-start', ...call('s', 'slow'), batch: 0 },
        { type: 'tool-approval-response', ...call('s', 'slow'), approved: false, decidedBy: 'abort' },
        output('s', 'slow', 'aborted', 'Aborted by the user.'),
        { type: 'turn-end', reason: 'aborted', iterations: 1 },
      ]),
    );
    expect(state.calls.s).toMatchObject({ phase: 'done', output: { status: 'aborted' } });
    expect(state.end?.reason).toBe('aborted');
  });

  it('records tool searches and the deferral note', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'tools-assembled', tools: [], deferralNote: 'offered directly' },
        { type: 'tool-search', iteration: 1, callId: 'ts', query: 'weather', execution: 'client', matches: ['get_weather'] },
      ]),
    );
    expect(state.deferralNote).toBe('offered directly');
    expect(state.iterations[0]?.searches).toMatchObject([{ query: 'weather', matches: ['get_weather'] }]);
  });

  it('reduces tool search and the context meter: per-request tokens, newly loaded tools and the turn total', () => {
    const offered = ['docs.search_docs', 'tool_search'];
    const loaded = ['crm.lookup_account', 'billing.list_invoices', 'docs.search_docs', 'tool_search'];
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'model-request', iteration: 1, offeredTools: offered, deferredCount: 3, inputItemCount: 1, toolTokens: { sent: 100, allLoaded: 400 } },
        { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'ts', name: 'tool_search', arguments: '{"query":"account invoices"}' }] },
        { type: 'tool-search', iteration: 1, callId: 'ts', query: 'account invoices', execution: 'client', matches: ['crm.lookup_account', 'billing.list_invoices'] },
        output('ts', 'tool_search', 'success', '{"tools":[]}'),
        { type: 'model-request', iteration: 2, offeredTools: loaded, deferredCount: 1, inputItemCount: 3, toolTokens: { sent: 250, allLoaded: 400 } },
        { type: 'model-response', iteration: 2, responseId: 'r2', calls: [{ callId: 'h', name: 'tool_search', arguments: '{"query":"nothing"}' }] },
        { type: 'tool-search', iteration: 2, callId: 'h', query: 'nothing', execution: 'server', matches: [] },
        { type: 'model-request', iteration: 3, offeredTools: loaded, deferredCount: 1, inputItemCount: 5, toolTokens: { sent: 250, allLoaded: 400 } },
      ]),
    );
    expect(state.iterations.map((it) => it.request?.toolTokens)).toEqual([
      { sent: 100, allLoaded: 400 },
      { sent: 250, allLoaded: 400 },
      { sent: 250, allLoaded: 400 },
    ]);
    expect(state.iterations.map((it) => it.request?.newlyOffered)).toEqual([[], ['crm.lookup_account', 'billing.list_invoices'], []]);
    expect(state.iterations.map((it) => it.request?.deferredCount)).toEqual([3, 1, 1]);
    expect(state.toolTokens).toEqual({ sent: 600, allLoaded: 1200, requests: 3 });
    expect(state.iterations[0]?.searches).toEqual([
      { callId: 'ts', query: 'account invoices', execution: 'client', matches: ['crm.lookup_account', 'billing.list_invoices'], at: 30 },
    ]);
    expect(state.calls.ts).toMatchObject({ name: 'tool_search', phase: 'done', output: { status: 'success' } });
    expect(state.iterations[1]?.searches).toMatchObject([{ callId: 'h', execution: 'server', matches: [] }]);
  });

  it('leaves the context meter empty when requests carry no token counts', () => {
    const state = reduceRuntimeEvents(
      stampEvents([turnStart, { type: 'model-request', iteration: 1, offeredTools: ['a'], deferredCount: 0, inputItemCount: 1 }]),
    );
    expect(state.toolTokens).toEqual({ sent: 0, allLoaded: 0, requests: 0 });
    expect(state.iterations[0]?.request).not.toHaveProperty('toolTokens');
    expect(state.iterations[0]?.request?.newlyOffered).toEqual([]);
  });

  it('ignores re-delivered events and events of another turn, without mutating', () => {
    const events = stampEvents([
      turnStart,
      { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'c', name: 'x', arguments: '{}' }] },
    ]);
    const state = reduceRuntimeEvents(events);
    const frozen = JSON.stringify(state);
    expect(applyRuntimeEvent(state, events[1] as RuntimeEvent)).toBe(state);
    const foreign = stampEvents([turnStart, turnStart, { type: 'turn-end', reason: 'completed', iterations: 0 }], 'other')[2] as RuntimeEvent;
    expect(applyRuntimeEvent(state, foreign)).toBe(state);
    const next = applyRuntimeEvent(state, stampEvents([turnStart, turnStart, output('c', 'x', 'success')])[2] as RuntimeEvent);
    expect(next.calls.c?.phase).toBe('done');
    expect(JSON.stringify(state)).toBe(frozen);
  });

  it('creates calls known only from later events, appended to their iteration', () => {
    const state = reduceRuntimeEvents(stampEvents([turnStart, output('z', 'late', 'error', 'boom')]));
    expect(state.iterations[0]?.callIds).toEqual(['z']);
    expect(state.calls.z).toMatchObject({ name: 'late', phase: 'done' });
    expect(state.calls.z?.rawArguments).toBeUndefined();
  });

  it('keeps only the fields of the way the turn ended', () => {
    const ended = (end: RuntimeEventInput) => reduceRuntimeEvents(stampEvents([turnStart, end])).end;
    expect(ended({ type: 'turn-end', reason: 'error', iterations: 1, error: 'boom' })).toEqual({ reason: 'error', iterations: 1, error: 'boom', at: 10 });
    expect(ended({ type: 'turn-end', reason: 'completed', iterations: 2, result: { ok: true } })).toEqual({ reason: 'completed', iterations: 2, result: { ok: true }, at: 10 });
    expect(ended({ type: 'turn-end', reason: 'max-iterations', iterations: 3 })).toEqual({ reason: 'max-iterations', iterations: 3, at: 10 });
  });

  it('records what a call did only in a phase that can hold it', () => {
    const events = stampEvents([
      turnStart,
      { type: 'model-response', iteration: 1, responseId: 'r1', calls: [{ callId: 'u', name: 'nope', arguments: '{}' }, { callId: 'h', name: 'ask_me', arguments: '{}' }] },
      { type: 'tool-input-error', ...call('u', 'nope'), code: 'unknown-tool', message: 'Unknown tool nope.' },
      { type: 'tool-call-start', ...call('u', 'nope'), batch: 0 },
      { type: 'tool-output-request', ...call('h', 'ask_me'), input: {}, reason: 'no-execute' },
      { type: 'dispatch-plan', iteration: 1, batches: [{ mode: 'parallel', callIds: ['h'] }] },
      { type: 'tool-call-start', ...call('h', 'ask_me'), batch: 0 },
      { type: 'tool-output-response', ...call('h', 'ask_me'), decidedBy: 'human' },
      { type: 'tool-output-request', ...call('h', 'ask_me'), input: {}, reason: 'no-execute' },
    ]);
    const state = reduceRuntimeEvents(events);
    // A rejected call does not start; a call asks for a typed output only once it has started.
    expect(state.calls.u).toMatchObject({ phase: 'rejected', inputError: { code: 'unknown-tool' } });
    expect(state.calls.u?.batch).toBeUndefined();
    expect(reduceRuntimeEvents(events.slice(0, 5)).calls.h).toEqual({ callId: 'h', name: 'ask_me', iteration: 1, rawArguments: '{}', repairs: [], logs: [], phase: 'proposed' });
    expect(state.calls.h).toMatchObject({ phase: 'awaiting-output', batch: 0, startedAt: 60, outputRequest: { reason: 'no-execute', at: 80 } });
    expect(state.calls.h?.outputResponse).toBeUndefined();
  });

  it('puts the notes a model attached to a call on that call', () => {
    const state = reduceRuntimeEvents(
      stampEvents([
        turnStart,
        { type: 'model-request', iteration: 1, offeredTools: ['tag_items'], deferredCount: 0, inputItemCount: 1 },
        {
          type: 'model-response',
          iteration: 1,
          responseId: 'r1',
          calls: [
            { callId: 'c1', name: 'tag_items', arguments: '{"tags":[]}', notes: ['/tags: minItems 5000 clamped to 16'] },
            { callId: 'c2', name: 'tag_items', arguments: '{"tags":[]}' },
          ],
        },
        { type: 'tool-input-error', ...call('c1', 'tag_items'), code: 'invalid-arguments', message: 'tags: must NOT have fewer than 5000 items' },
      ]),
    );
    expect(state.calls.c1).toMatchObject({ argumentNotes: ['/tags: minItems 5000 clamped to 16'], phase: 'rejected' });
    expect(state.calls.c2?.argumentNotes).toBeUndefined();
  });
});

describe('reducing streamed deltas', () => {
  const request: RuntimeEventInput = { type: 'model-request', iteration: 1, offeredTools: ['read_file'], deferredCount: 0, inputItemCount: 1 };
  const text = (item: number, delta: string): RuntimeEventInput => ({ type: 'model-delta', iteration: 1, item, kind: 'text', delta });
  const args = (delta: string): RuntimeEventInput => ({ type: 'model-delta', iteration: 1, item: 1, kind: 'arguments', callId: 'c1', name: 'read_file', delta });

  it('grows text per item in item order and arguments on a call card created by its first delta', () => {
    const state = reduceRuntimeEvents(stampEvents([turnStart, request, text(2, 'later '), text(0, 'Reading '), text(0, 'it.'), args('{"path":'), args('"a.txt"}')]));
    const iteration = state.iterations[0];
    expect(iteration?.streamedText).toEqual([
      { item: 0, text: 'Reading it.' },
      { item: 2, text: 'later ' },
    ]);
    expect(iteration?.response).toBeUndefined();
    expect(iteration?.callIds).toEqual(['c1']);
    expect(state.calls.c1).toMatchObject({ name: 'read_file', phase: 'proposed', streamedArguments: '{"path":"a.txt"}' });
    expect(state.calls.c1?.rawArguments).toBeUndefined();
  });

  it('takes the final content and timing from model-response, in the model order', () => {
    const events = stampEvents([
      turnStart,
      request,
      text(0, 'Reading it.'),
      args('{"path":"a.txt"}'),
      {
        type: 'model-response',
        iteration: 1,
        responseId: 'r1',
        text: 'Reading it.',
        calls: [{ callId: 'c0', name: 'list_files', arguments: '{}' }, { callId: 'c1', name: 'read_file', arguments: '{"path":"a.txt"}' }],
        timing: { durationMs: 900, firstTokenMs: 120, outputTokensPerSecond: 41.5 },
      },
    ]);
    const state = reduceRuntimeEvents(events);
    expect(state.iterations[0]?.response).toMatchObject({ text: 'Reading it.', timing: { durationMs: 900, firstTokenMs: 120, outputTokensPerSecond: 41.5 } });
    expect(state.iterations[0]?.callIds).toEqual(['c0', 'c1']);
    expect(state.calls.c1).toMatchObject({ rawArguments: '{"path":"a.txt"}', streamedArguments: '{"path":"a.txt"}' });
  });

  it('ignores a re-delivered delta', () => {
    const events = stampEvents([turnStart, request, text(0, 'once')]);
    const state = reduceRuntimeEvents(events);
    expect(applyRuntimeEvent(state, events[2]!)).toBe(state);
    expect(state.iterations[0]?.streamedText).toEqual([{ item: 0, text: 'once' }]);
  });
});
