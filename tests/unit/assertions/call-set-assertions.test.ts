import { beforeAll, describe, expect, it } from 'vitest';
import { checkAssertions, compareEvaluationRun, describeAssertion, measureToolSet, sessionAssertionSchema, summarizeEvaluationRun } from '@/lib/assertions';
import type { EvaluationRunOutcome } from '@/lib/contract';
import { parallelAndSequentialPreset, repairLadderPreset } from '@/lib/presets';
import type { RuntimeEvent } from '@/lib/runtime';
import { recordPresetTurn } from '../sessions/session-fixtures';

const turns = {} as Record<'parallel' | 'repair', RuntimeEvent[]>;

beforeAll(async () => {
  turns.parallel = (await recordPresetTurn(parallelAndSequentialPreset)).events;
  turns.repair = (await recordPresetTurn(repairLadderPreset)).events;
}, 60_000);

function check(assertion: unknown, events: RuntimeEvent[]) {
  return checkAssertions([sessionAssertionSchema.parse(assertion)], [events])[0]!;
}

const citySchema = { type: 'object', required: ['city'], properties: { city: { type: 'string', pattern: '^Bergen$' } } };

describe('first-call', () => {
  it('holds for the first proposed call and names the first call otherwise', () => {
    expect(check({ kind: 'first-call', name: 'read_file' }, turns.parallel)).toMatchObject({ pass: true });
    const failed = check({ kind: 'first-call', name: 'write_file' }, turns.parallel);
    expect(failed.pass).toBe(false);
    expect(failed.message).toMatch(/^The first call was read_file .*, not write_file;/);
  });
});

describe('valid-call-within', () => {
  it('finds a call whose arguments validate within the iterations, and says when it came later', () => {
    // Bergen is asked for in iteration 1 (refused: two objects) and again, alone, in iteration 2.
    expect(check({ kind: 'valid-call-within', name: 'get_weather', schema: citySchema, iterations: 2 }, turns.repair)).toMatchObject({ pass: true });
    const tooEarly = check({ kind: 'valid-call-within', name: 'get_weather', schema: citySchema, iterations: 1 }, turns.repair);
    expect(tooEarly.pass).toBe(false);
    expect(tooEarly.message).toContain('No call of get_weather within the first 1 iteration has arguments that validate');
    expect(check({ kind: 'valid-call-within', name: 'no_such_tool', schema: citySchema, iterations: 3 }, turns.repair).message).toMatch(/^no_such_tool was never called;/);
  });

  it('refuses an unusable schema and iterations past a turn when parsed', () => {
    expect(sessionAssertionSchema.safeParse({ kind: 'valid-call-within', name: 'x', schema: { type: 'nonsense' }, iterations: 1 }).success).toBe(false);
    expect(sessionAssertionSchema.safeParse({ kind: 'valid-call-within', name: 'x', schema: {}, iterations: 26 }).success).toBe(false);
  });
});

describe('no-repaired-calls', () => {
  it('holds when no rung ran, and lists the repaired calls with their rungs', () => {
    expect(check({ kind: 'no-repaired-calls' }, turns.parallel)).toMatchObject({ pass: true, message: 'No call needed its arguments repaired (5 calls).' });
    const failed = check({ kind: 'no-repaired-calls' }, turns.repair);
    expect(failed.pass).toBe(false);
    expect(failed.message).toMatch(/^8 calls needed their arguments repaired: get_weather .*\(strip-code-fence\)/);
  });
});

describe('tool-set', () => {
  it('computes precision, recall and F1 of the tools called against the expected set', () => {
    expect(measureToolSet(['a', 'b'], ['a', 'b'])).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(measureToolSet(['a', 'c'], ['a', 'b'])).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(measureToolSet(['a'], ['a', 'b', 'c', 'd'])).toEqual({ precision: 1, recall: 0.25, f1: 0.4 });
    expect(measureToolSet([], ['a'])).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('passes at F1 1 for exactly the expected tools, and at a threshold below it', () => {
    expect(check({ kind: 'tool-set', names: ['read_file', 'write_file'] }, turns.parallel)).toMatchObject({ pass: true });
    const missing = check({ kind: 'tool-set', names: ['read_file', 'write_file', 'delete_file'] }, turns.parallel);
    expect(missing).toMatchObject({ pass: false, message: 'The tools called have precision 1, recall 0.67, F1 0.8, below 1: not called: delete_file.' });
    expect(check({ kind: 'tool-set', names: ['read_file', 'write_file', 'delete_file'], minF1: 0.8 }, turns.parallel)).toMatchObject({ pass: true });
  });
});

describe('descriptions and evaluation runs', () => {
  it('describes each new kind in a sentence', () => {
    const parse = (value: unknown) => describeAssertion(sessionAssertionSchema.parse(value));
    expect(parse({ kind: 'first-call', name: 'search', turn: 1 })).toBe('In turn 2, search is the first tool called.');
    expect(parse({ kind: 'valid-call-within', name: 'search', schema: {}, iterations: 2 })).toBe('search is called with arguments that validate against the given schema within 2 iterations.');
    expect(parse({ kind: 'no-repaired-calls' })).toBe('No call needs its arguments repaired.');
    expect(parse({ kind: 'tool-set', names: ['a', 'b'], minF1: 0.5 })).toBe('The tools called are a, b (tool-call F1 at least 0.5).');
  });

  it('reads a run into calls with argument keys and iterations, repairs by rung and rejections by code', () => {
    const facts = summarizeEvaluationRun([sessionAssertionSchema.parse({ kind: 'no-repaired-calls' })], turns.repair);
    expect(facts.calls.map((call) => `${call.name}@${call.iteration}`)).toEqual([...Array(7).fill('get_weather@1'), 'current_time@1', 'get_weather@1', 'get_weather@2']);
    expect(facts.calls[0]).toMatchObject({ argumentKeys: ['city', 'include_forecast'], status: 'success' });
    expect(facts.repairs).toMatchObject({ 'strip-code-fence': 1, 'strip-tag-wrapper': 1, 'empty-to-object': 1 });
    expect(facts.rejections).toEqual({ 'unparseable-arguments': 1 });
    // Each call keeps its own rungs and refusal: 8 calls repaired, whatever the count by rung.
    expect(facts.calls.filter((call) => call.repairs !== undefined)).toHaveLength(8);
    expect(facts.calls.filter((call) => call.refusal !== undefined)).toEqual([expect.objectContaining({ refusal: { kind: 'rejected', code: 'unparseable-arguments' } })]);
    expect(facts.iterations).toBe(3);
    expect(facts.assertions).toEqual([{ pass: false, message: expect.stringMatching(/^8 calls needed their arguments repaired/) }]);
  });
});

describe('compareEvaluationRun', () => {
  /** The repair turn's outcome as an evaluation stores it. */
  function storedOutcome(): EvaluationRunOutcome {
    const facts = summarizeEvaluationRun([], turns.repair);
    return { ...facts, variant: 0, model: 0, run: 0, seed: 1, sessionId: null, latencyMs: 12, status: 'completed', ending: 'completed' };
  }

  it('finds nothing changed when the replay yields the stored outcome, and names calls when a call lost its rungs', () => {
    expect(compareEvaluationRun(storedOutcome(), turns.repair, [])).toEqual([]);
    const stored = storedOutcome();
    const repaired = stored.calls.findIndex((call) => call.repairs !== undefined);
    stored.calls[repaired] = { ...stored.calls[repaired]!, repairs: undefined };
    expect(compareEvaluationRun(stored, turns.repair, [])).toEqual(['calls']);
  });

  it('replays an outcome stored before calls carried their rungs and refusal as identical, still comparing its counts', () => {
    const legacy = storedOutcome();
    legacy.calls = legacy.calls.map(({ repairs: _repairs, refusal: _refusal, ...call }) => call);
    expect(compareEvaluationRun(legacy, turns.repair, [])).toEqual([]);
    expect(compareEvaluationRun({ ...legacy, repairs: { 'fix-syntax': 9 } }, turns.repair, [])).toEqual(['repairs']);
  });
});
