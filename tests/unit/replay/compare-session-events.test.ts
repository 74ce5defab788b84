import { describe, expect, it } from 'vitest';
import type { RuntimeEvent } from '@/lib/runtime';
import { MAX_SHOWN_VALUE_CHARS } from '@/lib/compare';
import { compareTurnEvents, MAX_DIFFERENCES_PER_TURN } from '@/lib/replay/compare-session-events';

function recordedEvents(turnId: string, at: number): RuntimeEvent[] {
  return [
    { type: 'turn-start', turnId, seq: 0, at, mode: 'chat', model: 'embedded:scripted', permissionMode: 'auto', maxIterations: 5, userMessage: 'go' },
    { type: 'model-response', turnId, seq: 1, at: at + 1, iteration: 1, responseId: 'resp_1', calls: [{ callId: 'c1', name: 'read_file', arguments: '{"path":"a"}' }] },
    { type: 'tool-output', turnId, seq: 2, at: at + 2, iteration: 1, callId: 'c1', name: 'read_file', status: 'success', output: 'alpha', summary: 'Read a', audit: 'read a', durationMs: at * 3, details: { lines: [1, 2] } },
    { type: 'turn-end', turnId, seq: 3, at: at + 3, reason: 'completed', iterations: 1, finalText: 'done' },
  ];
}

describe('compareTurnEvents', () => {
  it('ignores timings, the generated turn id and the replay model label', () => {
    const replayed = recordedEvents('turn_b', 900).map((event) => (event.type === 'turn-start' ? { ...event, model: 'tape' } : event));
    expect(compareTurnEvents(0, recordedEvents('turn_a', 5), replayed)).toEqual([]);
  });

  it('ignores the duration stated in the audit line, not the rest of it', () => {
    const withAudit = (audit: string) => recordedEvents('t', 5).map((event) => (event.type === 'tool-output' ? { ...event, audit } : event));
    expect(compareTurnEvents(0, withAudit('c1 read_file {} → success in 40 ms'), withAudit('c1 read_file {} → success in 57 ms'))).toEqual([]);
    expect(compareTurnEvents(0, withAudit('c1 x → error (thrown) after 3 ms: boom'), withAudit('c1 x → error (thrown) after 9 ms: bang'))).toEqual([
      { turn: 0, seq: 2, field: 'audit', recorded: 'c1 x → error (thrown) after … ms: boom', replayed: 'c1 x → error (thrown) after … ms: bang' },
    ]);
  });

  it('describes a differing value too large to show instead of sending it, and cuts a long text', () => {
    const long = 'x'.repeat(MAX_SHOWN_VALUE_CHARS + 5);
    const replayed = recordedEvents('turn_a', 5).map((event): RuntimeEvent => {
      if (event.type === 'tool-output') return { ...event, output: long, details: new Array<number>(20_000).fill(0) };
      return event;
    });
    expect(compareTurnEvents(0, recordedEvents('turn_a', 5), replayed)).toEqual([
      { turn: 0, seq: 2, field: 'details', recorded: { lines: [1, 2] }, replayed: '(a list of 20000 items, 40001 characters as JSON: too large to show)' },
      { turn: 0, seq: 2, field: 'output', recorded: 'alpha', replayed: `${'x'.repeat(MAX_SHOWN_VALUE_CHARS)}… (${MAX_SHOWN_VALUE_CHARS + 5} characters in all)` },
    ]);
  });

  it('reports each differing field by path, with both values', () => {
    const replayed = recordedEvents('turn_a', 5).map((event): RuntimeEvent => {
      if (event.type === 'model-response') return { ...event, calls: [{ callId: 'c1', name: 'read_file', arguments: '{"path":"b"}' }] };
      if (event.type === 'tool-output') return { ...event, output: 'beta', details: { lines: [1, 3], extra: true } };
      return event;
    });
    expect(compareTurnEvents(2, recordedEvents('turn_a', 5), replayed)).toEqual([
      { turn: 2, seq: 1, field: 'calls[0].arguments', recorded: '{"path":"a"}', replayed: '{"path":"b"}' },
      { turn: 2, seq: 2, field: 'details.extra', replayed: true },
      { turn: 2, seq: 2, field: 'details.lines[1]', recorded: 2, replayed: 3 },
      { turn: 2, seq: 2, field: 'output', recorded: 'alpha', replayed: 'beta' },
    ]);
  });

  it('reports a different event type once, and missing or extra events', () => {
    const recorded = recordedEvents('turn_a', 5);
    const swapped: RuntimeEvent[] = [recorded[0]!, { type: 'model-error', turnId: 'turn_a', seq: 1, at: 6, iteration: 1, code: 'tape-mismatch', message: 'Request 1 differs' }];
    expect(compareTurnEvents(0, recorded, swapped)).toEqual([
      { turn: 0, seq: 1, field: 'type', recorded: 'model-response', replayed: 'model-error' },
      { turn: 0, seq: 2, field: 'type', recorded: 'tool-output' },
      { turn: 0, seq: 3, field: 'type', recorded: 'turn-end' },
    ]);
    expect(compareTurnEvents(0, recorded.slice(0, 3), recorded)).toEqual([{ turn: 0, seq: 3, field: 'type', replayed: 'turn-end' }]);
  });

  it('compares a turn recorded before the sandbox step with a replay that has one, numbered as recorded', () => {
    const recorded = recordedEvents('t', 5);
    const withStep = (events: RuntimeEvent[]): RuntimeEvent[] => [
      events[0]!,
      { type: 'sandbox-ready', turnId: 't', seq: 1, at: 6, durationMs: 12, toolCount: 1 },
      ...events.slice(1).map((event) => ({ ...event, seq: event.seq + 1 })),
    ];
    expect(compareTurnEvents(0, recorded, withStep(recorded))).toEqual([]);
    const changed = recorded.map((event) => (event.type === 'tool-output' ? { ...event, output: 'beta' } : event));
    expect(compareTurnEvents(0, recorded, withStep(changed))).toEqual([{ turn: 0, seq: 2, field: 'output', recorded: 'alpha', replayed: 'beta' }]);
    // A recording that has the step keeps it in the comparison.
    expect(compareTurnEvents(0, withStep(recorded), recorded)[0]).toEqual({ turn: 0, seq: 1, field: 'type', recorded: 'sandbox-ready', replayed: 'model-response' });
  });

  it('does not count fields a first-runtime recording lacks, and still counts the ones it has', () => {
    const recorded = recordedEvents('t', 5);
    const replayed = recorded.map((event): RuntimeEvent => {
      if (event.type === 'turn-end' && event.reason === 'completed') return { ...event, conversation: [{ type: 'message', role: 'user', content: 'go' }], finalText: 'other' };
      if (event.type === 'tool-output') return { ...event, details: { lines: [1, 2], added: 0 } };
      return event;
    });
    expect(compareTurnEvents(0, recorded, replayed, { legacyEventFields: true })).toEqual([{ turn: 0, seq: 3, field: 'finalText', recorded: 'done', replayed: 'other' }]);
    expect(compareTurnEvents(0, recorded, replayed)).toHaveLength(3);
  });

  it('caps the differences of one turn', () => {
    const many = (text: string): RuntimeEvent[] =>
      Array.from({ length: MAX_DIFFERENCES_PER_TURN + 20 }, (_, seq) => ({ type: 'tool-call-log', turnId: 't', seq, at: 0, iteration: 1, callId: 'c', name: 'n', level: 'info', message: `${text}${seq}` }));
    expect(compareTurnEvents(0, many('a'), many('b'))).toHaveLength(MAX_DIFFERENCES_PER_TURN);
  });

  it('compares a rejected call of a turn recorded with the old validation wording without its texts, and everything else as usual', () => {
    const rejected = (message: string, output: string, name = 'read_file'): RuntimeEvent[] => [
      { type: 'tool-input-error', turnId: 't', seq: 0, at: 1, iteration: 1, callId: 'c1', name, code: 'invalid-arguments', message, issues: [{ path: '/path', message }] },
      { type: 'tool-output', turnId: 't', seq: 1, at: 2, iteration: 1, callId: 'c1', name, status: 'error', output, summary: message, audit: `c1 → ${message}`, durationMs: 1 },
      {
        type: 'turn-end', turnId: 't', seq: 2, at: 3, reason: 'completed', iterations: 1, finalText: 'done',
        conversation: [{ type: 'function_call_output', call_id: 'c1', output }],
      },
    ];
    const recorded = rejected('Invalid input: expected string, received undefined', 'Invalid arguments: path: Invalid input');
    const replayed = rejected('is required but missing', 'Invalid arguments: /path is required but missing');
    expect(compareTurnEvents(0, recorded, replayed, { legacyValidationWording: true })).toEqual([]);
    expect(compareTurnEvents(0, recorded, replayed).map((difference) => difference.field)).toEqual([
      'issues[0].message', 'message', 'audit', 'output', 'summary', 'conversation[0].output',
    ]);
    const otherTool = rejected('is required but missing', 'Invalid arguments: /path is required but missing', 'write_file');
    expect(compareTurnEvents(0, recorded, otherTool, { legacyValidationWording: true }).map((difference) => difference.field)).toEqual(['name', 'name']);
  });
});
