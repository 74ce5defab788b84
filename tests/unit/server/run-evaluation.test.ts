import { describe, expect, it } from 'vitest';
import type { EvaluationEvent, EvaluationRequest, EvaluationRunOutcome } from '@/lib/contract';
import { listEvaluationRuns, runEvaluation, type EvaluationRunSpec } from '@/lib/server/evaluations';

const request = {
  turn: { messages: [{ role: 'user', content: 'go' }] },
  runs: 3,
  models: [{ provider: 'auto' }, { provider: 'auto', faults: { rate: 0.5 } }],
  variants: [{ label: 'A', source: '' }, { label: 'B', source: '' }],
  assertions: [],
} as EvaluationRequest;

function outcomeOf(spec: EvaluationRunSpec): EvaluationRunOutcome {
  return { ...spec, sessionId: null, assertions: [], calls: [], repairs: {}, rejections: {}, denials: 0, iterations: 1, tokens: 0, latencyMs: 0, status: 'completed', ending: 'completed' };
}

describe('runEvaluation', () => {
  it('lists run 0 of every model and variant first, each with seed + run', () => {
    const specs = listEvaluationRuns({ ...request, seed: 10 });
    expect(specs).toHaveLength(12);
    expect(specs.slice(0, 4)).toEqual([
      { variant: 0, model: 0, run: 0, seed: 10 },
      { variant: 1, model: 0, run: 0, seed: 10 },
      { variant: 0, model: 1, run: 0, seed: 10 },
      { variant: 1, model: 1, run: 0, seed: 10 },
    ]);
    expect(specs.at(-1)).toEqual({ variant: 1, model: 1, run: 2, seed: 12 });
  });

  it('keeps at most `concurrency` runs in flight and streams each end before the last event', async () => {
    let inFlight = 0;
    let most = 0;
    const events: EvaluationEvent[] = [];
    const kept: number[] = [];
    const state = await runEvaluation({
      request,
      concurrency: 3,
      signal: new AbortController().signal,
      runOne: async (spec) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1 + ((spec.run * 7 + spec.model) % 3)));
        inFlight -= 1;
        return { outcome: outcomeOf(spec) };
      },
      keep: async (_outcome, position) => {
        kept.push(position);
      },
      emit: (event) => events.push(event),
    });
    expect(state).toEqual({ status: 'finished' });
    expect(most).toBe(3);
    expect(kept).toEqual([...Array(12).keys()]);
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(12);
    expect(events.at(-1)).toEqual({ type: 'evaluation-end', status: 'finished', finished: 12, totalRuns: 12 });
  });

  it('stops: no run starts after the signal, runs in flight end, and the end says why', async () => {
    const controller = new AbortController();
    const started: EvaluationRunSpec[] = [];
    const events: EvaluationEvent[] = [];
    const state = await runEvaluation({
      request,
      concurrency: 2,
      signal: controller.signal,
      runOne: async (spec, signal) => {
        started.push(spec);
        if (started.length === 3) controller.abort('stopped');
        if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1));
        return { outcome: outcomeOf(spec) };
      },
      keep: async () => undefined,
      emit: (event) => events.push(event),
    });
    expect(state).toEqual({ status: 'stopped', reason: 'stopped' });
    expect(started.length).toBeLessThanOrEqual(4);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'evaluation-end', status: 'stopped', reason: 'stopped', totalRuns: 12 });
    expect(end?.type === 'evaluation-end' && end.finished).toBe(started.length);
  });

  it('stops after a run that spent the storage quota', async () => {
    const events: EvaluationEvent[] = [];
    const state = await runEvaluation({
      request,
      concurrency: 1,
      signal: new AbortController().signal,
      runOne: async (spec) => ({ outcome: outcomeOf(spec), ...(spec.run === 1 ? { stop: 'storage-quota' as const } : {}) }),
      keep: async () => undefined,
      emit: (event) => events.push(event),
    });
    expect(state).toEqual({ status: 'stopped', reason: 'storage-quota' });
    expect(events.filter((event) => event.type === 'run-end')).toHaveLength(5);
  });
});
