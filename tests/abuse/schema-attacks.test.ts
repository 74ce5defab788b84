import { describe, expect, it } from 'vitest';
import { CATASTROPHIC_CASES, defineModule, GENERATOR_CASES, jsonSchemaTool, scriptedModel, UNIQUE_OBJECTS_OUTPUT_TOOL } from '../../harness/attack-modules';
import { describeRun, eventsOf, runTurn, toolOutputs, turnBody, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/** Schemas a visitor writes: validating against them and generating from them is bounded work off the HTTP thread. */
const MAX_STREAM_BYTES = 5 * 1024 * 1024;
const { baseURL } = useAbuseServer();

describe('catastrophic validation', () => {
  it('validates backtracking patterns and quadratic uniqueItems correctly without hanging', async () => {
    const source = defineModule([...CATASTROPHIC_CASES.map((entry) => entry.tool), UNIQUE_OBJECTS_OUTPUT_TOOL]);
    // Each pattern case three times with its evil arguments and once with valid ones: the evil ones
    // do not match, so a correct validator rejects them. The big uniqueItems values are distinct:
    // valid, or stopped by the CPU budget, never rejected.
    const patternCalls = CATASTROPHIC_CASES.filter((entry) => entry.name !== 'unique_numbers').flatMap((entry) => [
      ...Array.from({ length: 3 }, () => ({ name: entry.name, args: entry.args, allowed: ['rejected'] })),
      { name: entry.name, args: entry.validArgs, allowed: ['success'] },
    ]);
    const withinBudget = ['success', 'error', 'timeout'];
    const uniqueCalls = [
      ...CATASTROPHIC_CASES.filter((entry) => entry.name === 'unique_numbers').map((entry) => ({ name: entry.name, args: entry.args, allowed: withinBudget })),
      { name: 'unique_objects', args: '{}', allowed: withinBudget },
    ];
    const toStep = (calls: { name: string; args: string }[]) => calls.map((call): [string, string] => [call.name, call.args]);
    const model = scriptedModel([toStep(patternCalls), toStep(uniqueCalls)]);
    const turn = runTurn(baseURL(), turnBody({ source, message: 'Validate these.', model, maxIterations: 3 }), { timeoutMs: 60_000, maxBytes: MAX_STREAM_BYTES });
    const [latency, run] = await Promise.all([sampleLatency(baseURL(), turn), turn]);
    expect(turnEnd(run)?.reason, describeRun(run)).toBe('completed');
    // tool-output events come in completion order; model-response lists the calls in model order.
    const callIds = eventsOf(run, 'model-response').flatMap((response) => response.calls.map((call) => call.callId));
    const outputOf = new Map(toolOutputs(run).map((output) => [output.callId, output]));
    const outcomes = [...patternCalls, ...uniqueCalls].map((call, index) => {
      const output = outputOf.get(callIds[index] ?? '');
      return { name: call.name, args: call.args.slice(0, 40), allowed: call.allowed, got: output?.status, output: output?.output.slice(0, 160) };
    });
    expect(
      outcomes.filter((outcome) => !outcome.allowed.includes(outcome.got ?? 'missing')),
      describeRun(run),
    ).toEqual([]);
    for (const outcome of outcomes.filter((candidate) => candidate.got === 'error' || candidate.got === 'timeout')) expect(outcome.output, describeRun(run)).toMatch(/CPU|budget|limit/i);
    expect(run.elapsedMs, describeRun(run)).toBeLessThan(30_000);
    expectResponsive(latency, 'catastrophic patterns');
    await expectServerStillServes(baseURL());
  });
});

describe('the auto model generating from huge schemas', () => {
  it.each(GENERATOR_CASES.map((entry) => [entry.name, entry.schema] as const))('keeps %s bounded', async (name, schema) => {
    const source = defineModule([jsonSchemaTool(name, schema)]);
    const turn = runTurn(baseURL(), turnBody({ source, message: `Call ${name}.`, model: { provider: 'auto', seed: 1 }, maxIterations: 3 }), {
      timeoutMs: 45_000,
      maxBytes: MAX_STREAM_BYTES + 1,
    });
    const [latency, run] = await Promise.all([sampleLatency(baseURL(), turn), turn]);
    expect(run.cut, describeRun(run)).toBeUndefined();
    expect(run.bytes, describeRun(run)).toBeLessThan(MAX_STREAM_BYTES);
    const proposed = eventsOf(run, 'model-response').flatMap((response) => response.calls.map((call) => call.name));
    expect(proposed, `the auto model must have generated a call: ${describeRun(run)}`).toContain(name);
    expect(turnEnd(run), describeRun(run)).toBeDefined();
    expectResponsive(latency, `generator on ${name}`);
    await expectServerStillServes(baseURL());
  });
});
