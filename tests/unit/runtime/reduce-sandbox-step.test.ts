import { describe, expect, it } from 'vitest';
import { reduceRuntimeEvents, runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';

const turnId = 'turn_sandbox';
const start: RuntimeEvent = { type: 'turn-start', turnId, seq: 0, at: 0, mode: 'chat', model: 'auto', permissionMode: 'auto', maxIterations: 4, userMessage: 'Go' };

describe('the sandbox step in the timeline state', () => {
  it('is absent while the sandbox opens, so a live timeline can say it is preparing', () => {
    const state = reduceRuntimeEvents([start]);
    expect(state.status).toBe('running');
    expect(state.sandbox).toBeUndefined();
  });

  it('records sandbox-ready with how long it took and how many tools the module has', () => {
    const ready: RuntimeEvent = { type: 'sandbox-ready', turnId, seq: 1, at: 38.5, durationMs: 38.5, toolCount: 3 };
    expect(runtimeEventSchema.parse(ready)).toEqual(ready);
    expect(reduceRuntimeEvents([start, ready]).sandbox).toEqual({ status: 'ready', durationMs: 38.5, toolCount: 3, at: 38.5 });
  });

  it('records sandbox-error with its code, message and every diagnostic, and the turn-end after it', () => {
    const diagnostics = [{ message: 'Expected ")" but found "schema"', line: 3, column: 14, severity: 'error' as const }];
    const failed: RuntimeEvent = { type: 'sandbox-error', turnId, seq: 1, at: 12, code: 'module-error', message: 'The tool module has 1 error; fix it to run a turn.', diagnostics };
    const end: RuntimeEvent = { type: 'turn-end', turnId, seq: 2, at: 12, reason: 'error', iterations: 0, error: 'The tool module has 1 error; fix it to run a turn. tools.ts:3:14 Expected ")" but found "schema"' };
    expect(runtimeEventSchema.parse(failed)).toEqual(failed);
    const state = reduceRuntimeEvents([start, failed, end]);
    expect(state.sandbox).toEqual({ status: 'failed', code: 'module-error', message: 'The tool module has 1 error; fix it to run a turn.', diagnostics, at: 12 });
    expect(state).toMatchObject({ status: 'ended', end: { reason: 'error', iterations: 0 }, tools: [], iterations: [] });
  });

  it('refuses a diagnostic without a position or with an unknown severity on the wire', () => {
    const bad = { type: 'sandbox-error', turnId, seq: 1, at: 1, code: 'module-error', message: 'x', diagnostics: [{ message: 'x', line: 0, column: 1, severity: 'error' }] };
    expect(runtimeEventSchema.safeParse(bad).success).toBe(false);
    expect(runtimeEventSchema.safeParse({ ...bad, diagnostics: [{ message: 'x', line: 1, column: 1, severity: 'fatal' }] }).success).toBe(false);
    expect(runtimeEventSchema.safeParse({ ...bad, code: 'busy', diagnostics: [] }).success).toBe(false);
  });
});
