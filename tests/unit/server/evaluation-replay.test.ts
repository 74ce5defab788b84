import { describe, expect, it } from 'vitest';
import { POST as postEvaluation } from '@/app/api/evaluations/route';
import { GET as getEvaluation } from '@/app/api/evaluations/[id]/route';
import { POST as postReplay } from '@/app/api/evaluations/[id]/replay/route';
import type { EvaluationRecord, EvaluationReplayReport, EvaluationRequestBody } from '@/lib/contract';
import { PRESETS } from '@/lib/presets';
import { useTemporarySessionStore } from '../../support/use-temporary-session-store';

const preset = PRESETS.find((candidate) => candidate.id === 'auto-model-faults')!;

const body: EvaluationRequestBody = {
  turn: { messages: [{ role: 'user', content: preset.message }], permissions: { mode: preset.permissionMode }, maxIterations: preset.maxIterations },
  runs: 50,
  models: [{ provider: 'auto', faults: { rate: 0.5 } }],
  variants: [{ label: 'A', source: preset.source }],
  assertions: [
    { kind: 'tool-called', name: 'search_docs', called: true },
    { kind: 'no-rejected-calls' },
    { kind: 'max-iterations', max: 3 },
  ],
};

useTemporarySessionStore('pglite-evaluation-replay-');

describe('evaluation replay', () => {
  it('50 runs of the auto model with faults give the same outcomes on Replay, every run on its tape', { timeout: 600_000 }, async () => {
    const response = await postEvaluation(new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect(response.status).toBe(200);
    const id = response.headers.get('x-evaluation-id')!;
    await response.text();
    const read = await getEvaluation(new Request(`http://localhost/api/evaluations/${id}`), { params: Promise.resolve({ id }) });
    const record = (await read.json()) as EvaluationRecord;
    expect(record.status).toBe('finished');
    expect(record.outcomes).toHaveLength(50);
    // Faults at rate 0.5 over 50 seeds: some runs repair or reject, so the assertions do not all agree.
    const rejected = record.outcomes.filter((outcome) => Object.keys(outcome.rejections).length > 0).length;
    const repaired = record.outcomes.filter((outcome) => Object.keys(outcome.repairs).length > 0).length;
    expect(rejected + repaired).toBeGreaterThan(0);
    expect(new Set(record.outcomes.map((outcome) => outcome.assertions.map((verdict) => verdict.pass).join())).size).toBeGreaterThan(1);

    const replayed = await postReplay(new Request(`http://localhost/api/evaluations/${id}/replay`, { method: 'POST' }), { params: Promise.resolve({ id }) });
    expect(replayed.status).toBe(200);
    const report = (await replayed.json()) as EvaluationReplayReport;
    expect(report.skipped).toBe(0);
    expect(report.runs).toHaveLength(50);
    expect(report.runs.filter((run) => !run.identical)).toEqual([]);
    expect(report.runs.every((run) => run.changed.length === 0)).toBe(true);
    expect(report.identical).toBe(true);
    const verdictsOf = (runs: readonly { sessionId: string | null; assertions: { pass: boolean; message: string }[] }[]) =>
      Object.fromEntries(runs.map((run) => [run.sessionId, run.assertions]));
    expect(verdictsOf(report.runs)).toEqual(verdictsOf(record.outcomes));
  });

  it('answers 404 for an unknown evaluation', async () => {
    const replayed = await postReplay(new Request('http://localhost/api/evaluations/missing/replay', { method: 'POST' }), { params: Promise.resolve({ id: 'missing' }) });
    expect(replayed.status).toBe(404);
  });
});
