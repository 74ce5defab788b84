import { describe, expect, it } from 'vitest';
import { buildEvaluationRequest, IDLE_EVALUATION, readEvaluationRecord, reduceEvaluationRun, type EvaluationRunAction } from '@/lib/client/evaluation';
import { createInitialState, playgroundReducer } from '@/lib/client/playground-state';
import { evaluationRequestSchema, type EvaluationRecord, type EvaluationRunOutcome } from '@/lib/contract';
import { createPreset } from './client-fixtures';

function outcome(overrides: Partial<EvaluationRunOutcome> & Pick<EvaluationRunOutcome, 'variant' | 'run'>): EvaluationRunOutcome {
  return {
    model: 0,
    seed: 1 + overrides.run,
    sessionId: `session-${overrides.variant}-${overrides.run}`,
    assertions: [{ pass: true, message: 'held' }],
    calls: [{ name: 'read_file', argumentKeys: ['path'], status: 'success', iteration: 1 }],
    repairs: {},
    rejections: {},
    denials: 0,
    iterations: 2,
    tokens: 120,
    latencyMs: 40,
    status: 'completed',
    ending: 'completed',
    ...overrides,
  } as EvaluationRunOutcome;
}

const plan = { assertionLabels: ['read_file is called'], models: ['auto · Responses wire'], variants: ['A', 'B'] };

describe('reduceEvaluationRun', () => {
  it('keeps runs as they end, counts the ones that never ran apart, and ends as the server says', () => {
    const actions: EvaluationRunAction[] = [
      { type: 'evaluation-requested', plan, totalRuns: 4 },
      { type: 'evaluation-event', event: { type: 'evaluation-start', evaluationId: 'ev1', totalRuns: 4, runs: 2, models: 1, variants: 2, concurrency: 4 } },
      { type: 'evaluation-event', event: { type: 'run-end', outcome: outcome({ variant: 1, run: 0 }), finished: 1, totalRuns: 4 } },
      { type: 'evaluation-event', event: { type: 'run-end', outcome: outcome({ variant: 0, run: 0, assertions: [{ pass: false, message: 'not called' }] }), finished: 2, totalRuns: 4 } },
      { type: 'evaluation-event', event: { type: 'run-end', outcome: outcome({ variant: 0, run: 0 }), finished: 2, totalRuns: 4 } },
      {
        type: 'evaluation-event',
        event: { type: 'run-end', outcome: { ...outcome({ variant: 1, run: 1 }), status: 'errored', error: { code: 'stopped', message: 'Stopped.' } } as EvaluationRunOutcome, finished: 3, totalRuns: 4 },
      },
      { type: 'evaluation-stopping' },
      { type: 'evaluation-event', event: { type: 'evaluation-end', status: 'stopped', reason: 'stopped', finished: 3, totalRuns: 4 } },
      { type: 'evaluation-closed' },
    ];
    const state = actions.reduce(reduceEvaluationRun, IDLE_EVALUATION);
    // The page applies events in batches (one render per batch): the same state.
    const events = actions.flatMap((action) => (action.type === 'evaluation-event' ? [action.event] : []));
    const batched = [actions[0]!, { type: 'evaluation-events' as const, events: events.slice(0, 3) }, { type: 'evaluation-stopping' as const }, { type: 'evaluation-events' as const, events: events.slice(3) }, { type: 'evaluation-closed' as const }];
    expect(batched.reduce(reduceEvaluationRun, IDLE_EVALUATION)).toEqual(state);
    expect(state.phase).toBe('stopped');
    expect(state.stopReason).toBe('stopped');
    expect(state.evaluationId).toBe('ev1');
    expect([state.finished, state.totalRuns, state.uncounted]).toEqual([3, 4, 1]);
    // The stopped run kept its partial turn: not counted, but listed as stopped, opening its session.
    expect(state.stopped).toEqual([{ runId: 'm0-v1-r1', model: 'auto · Responses wire', variant: 'B', run: 1, sessionId: 'session-1-1' }]);
    expect(state.runs.map((run) => [run.facts.runId, run.facts.variant, run.facts.assertions, run.sessionId])).toEqual([
      ['m0-v1-r0', 'B', [true], 'session-1-0'],
      ['m0-v0-r0', 'A', [false], 'session-0-0'],
    ]);
  });

  it('a stream that closes while running (Stop) ends stopped; a failure keeps its message', () => {
    const running = reduceEvaluationRun(IDLE_EVALUATION, { type: 'evaluation-requested', plan, totalRuns: 2 });
    expect(reduceEvaluationRun(running, { type: 'evaluation-closed' }).phase).toBe('stopped');
    expect(reduceEvaluationRun(running, { type: 'evaluation-failed', message: '429 Too many evaluations' })).toMatchObject({ phase: 'failed', error: '429 Too many evaluations' });
  });
});

describe('readEvaluationRecord', () => {
  it('reads a stored evaluation with its labels from the request', () => {
    const record: EvaluationRecord = {
      id: 'ev2',
      createdAt: '2026-12-07T11:00:00.000Z',
      status: 'finished',
      totalRuns: 2,
      request: evaluationRequestSchema.parse({
        turn: { messages: [{ role: 'user', content: 'Read a.txt' }] },
        runs: 1,
        models: [{ provider: 'auto', faults: { rate: 0.2 } }],
        variants: [{ label: 'A', source: 'a' }, { label: 'B', source: 'b' }],
        assertions: [{ kind: 'tool-called', name: 'read_file', called: true }],
      }),
      outcomes: [outcome({ variant: 0, run: 0 }), outcome({ variant: 1, run: 0 })],
    };
    const state = readEvaluationRecord(record);
    expect(state.phase).toBe('finished');
    expect(state.plan.models).toEqual(['auto · Responses wire · faults 20%']);
    expect(state.plan.variants).toEqual(['A', 'B']);
    expect(state.plan.assertionLabels).toHaveLength(1);
    expect(state.runs.map((run) => run.facts.model)).toEqual(['auto · Responses wire · faults 20%', 'auto · Responses wire · faults 20%']);
  });

  it('after the page stopped an evaluation, its record brings the runs stopped mid-turn the closed stream never delivered', () => {
    const request = evaluationRequestSchema.parse({
      turn: { messages: [{ role: 'user', content: 'Read a.txt' }] },
      runs: 2,
      models: [{ provider: 'auto' }],
      variants: [{ label: 'A', source: 'a' }],
      assertions: [{ kind: 'tool-called', name: 'read_file', called: true }],
    });
    const stoppedRun = { ...outcome({ variant: 0, run: 1 }), status: 'errored', error: { code: 'stopped', message: 'The evaluation was stopped before its turn ended.' } } as EvaluationRunOutcome;
    const record: EvaluationRecord = { id: 'ev3', createdAt: '2026-12-07T11:00:00.000Z', status: 'stopped', reason: 'stopped', totalRuns: 2, request, outcomes: [outcome({ variant: 0, run: 0 }), stoppedRun] };
    const streamed: EvaluationRunAction[] = [
      { type: 'evaluation-requested', plan: readEvaluationRecord(record).plan, totalRuns: 2 },
      { type: 'evaluation-event', event: { type: 'evaluation-start', evaluationId: 'ev3', totalRuns: 2, runs: 2, models: 1, variants: 1, concurrency: 4 } },
      { type: 'evaluation-event', event: { type: 'run-end', outcome: outcome({ variant: 0, run: 0 }), finished: 1, totalRuns: 2 } },
      { type: 'evaluation-stopping' },
      { type: 'evaluation-closed' },
    ];
    const closed = streamed.reduce(reduceEvaluationRun, IDLE_EVALUATION);
    expect(closed.stopped).toEqual([]);
    const read = reduceEvaluationRun(closed, { type: 'evaluation-record', record });
    expect([read.phase, read.finished, read.runs.length, read.uncounted]).toEqual(['stopped', 2, 1, 1]);
    expect(read.stopped).toEqual([{ runId: 'm0-v0-r1', model: 'auto · Responses wire', variant: 'A', run: 1, sessionId: 'session-0-1' }]);
    // Another evaluation's record, or one read while a new evaluation runs, changes nothing.
    expect(reduceEvaluationRun(closed, { type: 'evaluation-record', record: { ...record, id: 'other' } })).toBe(closed);
  });
});

describe('buildEvaluationRequest', () => {
  const state = playgroundReducer(createInitialState(), { type: 'preset-loaded', preset: createPreset() });

  it('runs the next turn with the editor as B and the pinned text as A, on the run panel model, and the server accepts it', () => {
    const built = buildEvaluationRequest(state, { runs: 20, variantA: { source: 'export default [1];' }, withConversation: true, assertions: [] });
    expect(built).toEqual({
      ok: true,
      value: {
        turn: { messages: [{ role: 'user', content: 'Read a.txt' }], permissions: { mode: 'auto' }, mode: 'chat', maxIterations: 8, files: {} },
        runs: 20,
        models: [{ provider: 'auto', seed: 7 }],
        variants: [
          { label: 'A', source: 'export default [1];' },
          { label: 'B', source: 'export default [];' },
        ],
        assertions: [],
        seed: 7,
      },
    });
    expect(built.ok && evaluationRequestSchema.safeParse(built.value).success).toBe(true);
  });

  it('without a pinned A the editor is the only variant; an empty message is refused with the turn’s words', () => {
    const single = buildEvaluationRequest(state, { runs: 3, variantA: null, withConversation: false, assertions: [] });
    expect(single.ok && single.value.variants).toEqual([{ label: 'B', source: 'export default [];' }]);
    const empty = buildEvaluationRequest({ ...state, message: ' ' }, { runs: 3, variantA: null, withConversation: false, assertions: [] });
    expect(empty).toEqual({ ok: false, error: 'Write a user message first.' });
  });
});
