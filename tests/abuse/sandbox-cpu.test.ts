import { describe, expect, it } from 'vitest';
import { defineModule, MANY_TOOLS_MODULE, repeatCall, scriptedModel, SPIN_TOOL, TOP_LEVEL_SPIN_MODULE, WIDE_SCHEMA_MODULE } from '../../harness/attack-modules';
import { describeRun, runTurn, toolOutputs, turnBody, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { compileModule } from '../../harness/compile-module';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/** CPU a visitor controls: a spinning call or module is stopped by its CPU budget, off the HTTP thread. */
const { baseURL } = useAbuseServer();

describe('CPU spin', () => {
  it('stops two spinning calls of one turn at their CPU budget and ends the turn', async () => {
    const body = turnBody({ source: defineModule([SPIN_TOOL]), message: 'Spin twice.', model: scriptedModel([repeatCall('spin', 2)]) });
    const turn = runTurn(baseURL(), body, { timeoutMs: 30_000 });
    const [latency, run] = await Promise.all([sampleLatency(baseURL(), turn), turn]);
    const outputs = toolOutputs(run);
    expect(outputs.map((output) => output.status), describeRun(run)).toEqual(['timeout', 'timeout']);
    for (const output of outputs) expect(output.output, describeRun(run)).toMatch(/CPU/i);
    expect(turnEnd(run), describeRun(run)).toBeDefined();
    expect(run.elapsedMs, describeRun(run)).toBeLessThan(15_000);
    expectResponsive(latency, 'spin in execute');
    await expectServerStillServes(baseURL());
  });

  it('answers a module that spins at top level with an error diagnostic within seconds', async () => {
    const compile = compileModule(baseURL(), TOP_LEVEL_SPIN_MODULE);
    const [latency, answer] = await Promise.all([sampleLatency(baseURL(), compile), compile]);
    expect(answer.elapsedMs, answer.text).toBeLessThan(8_000);
    expect(answer.status, answer.text).toBe(200);
    const diagnostics = (answer.body as { diagnostics?: { severity: string; message: string }[] } | undefined)?.diagnostics ?? [];
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length, answer.text).toBeGreaterThan(0);
    expectResponsive(latency, 'spin at module top level');
    await expectServerStillServes(baseURL());
  });
});

describe('huge compiled modules', () => {
  it.each([
    ['50,000 properties in one schema', WIDE_SCHEMA_MODULE],
    ['5,000 tools', MANY_TOOLS_MODULE],
  ])('answers a module with %s within seconds, refused or with diagnostics', async (_name, source) => {
    const compile = compileModule(baseURL(), source);
    const [latency, answer] = await Promise.all([sampleLatency(baseURL(), compile), compile]);
    expect(answer.elapsedMs, answer.text).toBeLessThan(10_000);
    const refused = answer.status >= 400 && answer.status < 500 && typeof (answer.body as { error?: unknown } | undefined)?.error === 'string';
    const diagnosed = answer.status === 200 && ((answer.body as { diagnostics?: unknown[] } | undefined)?.diagnostics?.length ?? 0) > 0;
    expect(refused || diagnosed, `HTTP ${answer.status}: ${answer.text}`).toBe(true);
    expectResponsive(latency, 'huge module');
    await expectServerStillServes(baseURL());
  });
});
