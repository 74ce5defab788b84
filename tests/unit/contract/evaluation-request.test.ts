import { describe, expect, it } from 'vitest';
import { EVALUATION_LIMITS, evaluationEventSchema, evaluationRequestSchema, evaluationRunOutcomeSchema, evaluationRunSeed } from '@/lib/contract';

const request = {
  turn: { messages: [{ role: 'user', content: 'Delete the temp files.' }] },
  runs: 20,
  models: [{ provider: 'auto', faults: { rate: 0.2 } }],
  variants: [{ label: 'A', source: 'export default []' }, { label: 'B', source: 'export default []' }],
  assertions: [{ kind: 'tool-called', name: 'delete_file', called: true }],
};

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('evaluationRequestSchema', () => {
  it('accepts N runs of two variants on an embedded model', () => {
    expect(evaluationRequestSchema.safeParse(request).success).toBe(true);
  });

  it('refuses runs, models and variants past their limits, naming the limit', () => {
    expect(messagesOf(evaluationRequestSchema.safeParse({ ...request, runs: 101 }))).toContain(`runs is at most ${EVALUATION_LIMITS.runs}.`);
    expect(messagesOf(evaluationRequestSchema.safeParse({ ...request, runs: 0 }))).toContain('runs is at least 1.');
    const models = Array.from({ length: 5 }, () => ({ provider: 'auto' }));
    expect(messagesOf(evaluationRequestSchema.safeParse({ ...request, models }))).toContain(`At most ${EVALUATION_LIMITS.models} model configurations.`);
    const variants = ['A', 'B', 'C'].map((label) => ({ label, source: '' }));
    expect(messagesOf(evaluationRequestSchema.safeParse({ ...request, variants }))).toContain(`At most ${EVALUATION_LIMITS.variants} variants (A and B).`);
    expect(messagesOf(evaluationRequestSchema.safeParse({ ...request, variants: [{ label: ' ', source: '' }] }))).toContain('Give each variant a label.');
  });

  it('refuses a tape model, a seed the runs would overflow, and a module past the evaluation limit', () => {
    expect(evaluationRequestSchema.safeParse({ ...request, models: [{ provider: 'tape', tape: [] }] }).success).toBe(false);
    expect(evaluationRequestSchema.safeParse({ ...request, seed: 2 ** 31 - 1 }).success).toBe(false);
    const source = 'x'.repeat(EVALUATION_LIMITS.sourceChars + 1);
    expect(messagesOf(evaluationRequestSchema.safeParse({ ...request, variants: [{ label: 'A', source }] }))).toContain(
      `A variant's module is limited to ${EVALUATION_LIMITS.sourceChars} characters in an evaluation.`,
    );
  });

  it('does not take a module or model inside the turn', () => {
    const parsed = evaluationRequestSchema.parse({ ...request, turn: { ...request.turn, source: 'x', seed: 4 } });
    expect(parsed.turn).toEqual(request.turn);
  });

  it('gives run r the seed seed + r', () => {
    expect(evaluationRunSeed({}, 0)).toBe(1);
    expect(evaluationRunSeed({ seed: 40 }, 9)).toBe(49);
  });
});

describe('evaluation events', () => {
  const outcome = {
    variant: 1, model: 0, run: 3, seed: 4, sessionId: 'abc', assertions: [{ pass: false, message: 'delete_file is never called.' }],
    calls: [{ name: 'list_files', argumentKeys: ['path'], status: 'success', iteration: 1 }],
    repairs: { 'fix-closers': 1 }, rejections: { 'invalid-arguments': 2 }, denials: 0, iterations: 3, tokens: 410, latencyMs: 12.5,
  };

  it('reads a completed and an errored run', () => {
    expect(evaluationRunOutcomeSchema.safeParse({ ...outcome, status: 'completed', ending: 'completed' }).success).toBe(true);
    expect(evaluationRunOutcomeSchema.safeParse({ ...outcome, status: 'errored', error: { code: 'stopped', message: 'Stopped.' } }).success).toBe(true);
    expect(evaluationRunOutcomeSchema.safeParse({ ...outcome, status: 'errored' }).success).toBe(false);
    expect(evaluationRunOutcomeSchema.safeParse({ ...outcome, status: 'completed', ending: 'completed', repairs: { 'no-such-rung': 1 } }).success).toBe(false);
  });

  it('reads the three event types, a stopped end with its reason', () => {
    const events = [
      { type: 'evaluation-start', evaluationId: 'e1', totalRuns: 40, runs: 20, models: 1, variants: 2, concurrency: 4 },
      { type: 'run-end', outcome: { ...outcome, status: 'completed', ending: 'max-iterations' }, finished: 1, totalRuns: 40 },
      { type: 'evaluation-end', status: 'stopped', reason: 'stopped', finished: 1, totalRuns: 40 },
      { type: 'evaluation-end', status: 'finished', finished: 40, totalRuns: 40 },
    ];
    for (const event of events) expect(evaluationEventSchema.safeParse(event).success).toBe(true);
    expect(evaluationEventSchema.safeParse({ type: 'evaluation-end', status: 'stopped', finished: 1, totalRuns: 40 }).success).toBe(false);
  });
});
