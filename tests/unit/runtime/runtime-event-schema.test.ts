import { describe, expect, it } from 'vitest';
import { type ModelError, runtimeEventSchema } from '@/lib/runtime';
import { modelErrorCodeSchema } from '@/lib/runtime/vocabulary/statuses';

const stamp = { turnId: 't1', seq: 3, at: 12 };

describe('the turn-end variants', () => {
  it('reads a turn recorded before conversations were kept: completed with its final text', () => {
    const parsed = runtimeEventSchema.parse({ ...stamp, type: 'turn-end', reason: 'completed', iterations: 2, finalText: 'Done.' });
    expect(parsed).toEqual({ ...stamp, type: 'turn-end', reason: 'completed', iterations: 2, finalText: 'Done.' });
  });

  it('keeps a task result and the conversation and state a turn carries on', () => {
    const event = {
      ...stamp,
      type: 'turn-end',
      reason: 'completed',
      iterations: 1,
      result: { summary: 'ok', files: [1, null, true] },
      conversation: [{ type: 'message', role: 'user', content: 'go' }],
      state: { files: { 'a.txt': 'alpha' }, loadedTools: ['crm.lookup'] },
    };
    expect(runtimeEventSchema.parse(event)).toEqual(event);
  });

  it('refuses an error end without its error, and an unknown reason', () => {
    expect(runtimeEventSchema.safeParse({ ...stamp, type: 'turn-end', reason: 'error', iterations: 0 }).error?.issues).toMatchObject([{ path: ['error'] }]);
    expect(runtimeEventSchema.safeParse({ ...stamp, type: 'turn-end', reason: 'error', iterations: 0, error: 'boom' }).success).toBe(true);
    expect(runtimeEventSchema.safeParse({ ...stamp, type: 'turn-end', reason: 'stopped', iterations: 0 }).success).toBe(false);
  });

  it('drops, rather than refuses, the fields of another reason', () => {
    expect(runtimeEventSchema.parse({ ...stamp, type: 'turn-end', reason: 'aborted', iterations: 1, finalText: 'half', error: 'x' })).toEqual({
      ...stamp,
      type: 'turn-end',
      reason: 'aborted',
      iterations: 1,
    });
    expect(runtimeEventSchema.parse({ ...stamp, type: 'turn-end', reason: 'tool-ended', iterations: 1, finalText: 'bye', result: 1 })).toEqual({
      ...stamp,
      type: 'turn-end',
      reason: 'tool-ended',
      iterations: 1,
      finalText: 'bye',
    });
    expect(runtimeEventSchema.parse({ ...stamp, type: 'turn-end', reason: 'error', iterations: 1, error: 'boom', finalText: 'x' })).not.toHaveProperty('finalText');
  });
});

describe('the model-error codes', () => {
  it('are the codes of ModelError, one list', () => {
    const codes: ModelError['code'][] = ['request-failed', 'response-malformed', 'aborted', 'tape-mismatch'];
    expect(modelErrorCodeSchema.options).toEqual(codes);
    for (const code of codes) expect(runtimeEventSchema.safeParse({ ...stamp, type: 'model-error', iteration: 1, code, message: 'm' }).success, code).toBe(true);
    expect(runtimeEventSchema.safeParse({ ...stamp, type: 'model-error', iteration: 1, code: 'strict-schema-rejected', message: 'm' }).success).toBe(false);
  });
});

describe('JSON payloads', () => {
  it('take any JSON value and refuse what JSON cannot carry', () => {
    const available = { ...stamp, type: 'tool-input-available', iteration: 1, callId: 'c1', name: 'f' };
    expect(runtimeEventSchema.safeParse({ ...available, input: { a: [1, 'x', null, { b: false }] } }).success).toBe(true);
    expect(runtimeEventSchema.safeParse({ ...available, input: null }).success).toBe(true);
    expect(runtimeEventSchema.safeParse({ ...available, input: undefined }).success).toBe(false);
    expect(runtimeEventSchema.safeParse({ ...available, input: { when: new Date(0) } }).success).toBe(false);
    expect(runtimeEventSchema.safeParse({ ...available, input: Number.NaN }).success).toBe(false);
  });
});
