import { describe, expect, it } from 'vitest';
import { defineModule, FILE_FLOOD_TOOL, LOG_FLOOD_TOOL, MEMORY_HOG_TOOLS, OK_TOOL, scriptedModel } from '../../harness/attack-modules';
import { describeRun, eventsOf, runTurn, toolOutputs, turnBody, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/** Memory, logs and files a visitor's tool consumes are capped; a hog fails alone. */
const MAX_STREAM_BYTES = 5 * 1024 * 1024;
const { baseURL } = useAbuseServer();

describe('sandbox quotas', () => {
  it('truncates a flood of 100,000 log lines to a bounded stream', async () => {
    const body = turnBody({ source: defineModule([LOG_FLOOD_TOOL]), message: 'Log a lot.', model: scriptedModel([[['flood_logs', '{}']]]) });
    const turn = runTurn(baseURL(), body, { timeoutMs: 60_000, maxBytes: MAX_STREAM_BYTES + 1 });
    const [latency, run] = await Promise.all([sampleLatency(baseURL(), turn), turn]);
    const logs = eventsOf(run, 'tool-call-log');
    expect(run.cut, describeRun(run)).toBeUndefined();
    expect(run.bytes, describeRun(run)).toBeLessThan(MAX_STREAM_BYTES);
    expect(logs.length, describeRun(run)).toBeLessThanOrEqual(1_000);
    expect(logs.some((log) => /log truncated/i.test(log.message)), `no "log truncated" line among ${logs.length} logs: ${describeRun(run)}`).toBe(true);
    expect(turnEnd(run), describeRun(run)).toBeDefined();
    expectResponsive(latency, 'log flood');
    await expectServerStillServes(baseURL());
  });

  it('fails a memory hog alone while a neighbouring turn succeeds', async () => {
    const hog = runTurn(
      baseURL(),
      turnBody({ source: defineModule(MEMORY_HOG_TOOLS), message: 'Use memory.', model: scriptedModel([[['hog_arrays', '{}'], ['hog_strings', '{}']]]) }),
      { timeoutMs: 60_000 },
    );
    const neighbour = runTurn(baseURL(), turnBody({ source: defineModule([OK_TOOL]), message: 'Say ok.', model: scriptedModel([[['ok', '{}']]]) }), { timeoutMs: 60_000 });
    const both = Promise.all([hog, neighbour]);
    const [latency, [hogRun, neighbourRun]] = await Promise.all([sampleLatency(baseURL(), both), both]);
    expect(toolOutputs(neighbourRun).map((output) => [output.status, output.output]), describeRun(neighbourRun)).toEqual([['success', 'ok']]);
    expect(turnEnd(neighbourRun)?.reason, describeRun(neighbourRun)).toBe('completed');
    const hogOutputs = toolOutputs(hogRun);
    expect(hogOutputs.length, describeRun(hogRun)).toBe(2);
    for (const output of hogOutputs) expect(['error', 'timeout'], describeRun(hogRun)).toContain(output.status);
    expect(hogOutputs.find((output) => output.name === 'hog_arrays')?.output, describeRun(hogRun)).toMatch(/memory/i);
    // A doubling string may meet the string-length limit before the memory cap: either is a limit.
    expect(hogOutputs.find((output) => output.name === 'hog_strings')?.output, describeRun(hogRun)).toMatch(/memory|limit|longer than/i);
    expect(turnEnd(hogRun), describeRun(hogRun)).toBeDefined();
    expectResponsive(latency, 'memory hog');
    await expectServerStillServes(baseURL());
  });

  // Last in this file: before quotas exist it takes the server down.
  it('fails a flood of 6,000 files of 1 MB at the file quota', async () => {
    const body = turnBody({ source: defineModule([FILE_FLOOD_TOOL]), message: 'Write files.', model: scriptedModel([[['flood_files', '{}']]]) });
    const turn = runTurn(baseURL(), body, { timeoutMs: 60_000, maxBytes: MAX_STREAM_BYTES });
    const [latency, run] = await Promise.all([sampleLatency(baseURL(), turn), turn]);
    const outputs = toolOutputs(run);
    expect(outputs.map((output) => output.status), describeRun(run)).toEqual(['error']);
    expect(outputs[0]?.output, describeRun(run)).toMatch(/quota|limit/i);
    expect(outputs[0]?.output, describeRun(run)).toMatch(/file/i);
    expect(turnEnd(run), describeRun(run)).toBeDefined();
    expectResponsive(latency, 'file flood');
    await expectServerStillServes(baseURL());
  });
});
