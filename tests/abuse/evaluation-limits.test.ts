import { afterAll, describe, expect, it } from 'vitest';
import { EVALUATION_LIMITS, type EvaluationRecord } from '@/lib/contract';
import { defineModule, OK_TOOL, scriptedModel, SLEEP_TOOL } from '../../harness/attack-modules';
import { sampleLatency } from '../../harness/sample-latency';
import { closeFetchAgents, fetchFrom } from './support/fetch-from';
import { createOpenEvaluations, runsEnded, type OpenEvaluation } from './support/open-evaluations';
import { expectFloodLimited, expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';
import { waitForState } from './support/wait-for-state';

/**
 * Evaluations at every limit of the README's table (`POST /api/evaluations`, evaluations running),
 * each from its own loopback address while `/api/health` is probed from 127.0.0.1: a bounded 4xx or
 * 429 naming the limit, and the HTTP thread answering within a second throughout.
 */
const { baseURL } = useAbuseServer();
const evaluations = createOpenEvaluations();
afterAll(async () => {
  await evaluations.closeAll();
  await closeFetchAgents();
});

function evaluationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    turn: { messages: [{ role: 'user', content: 'Check it.' }], permissions: { mode: 'auto' } },
    runs: 4,
    models: [scriptedModel([[['ok', '{}']]])],
    variants: [{ label: 'A', source: defineModule([OK_TOOL]) }],
    assertions: [],
    ...overrides,
  };
}

/** A run that naps three seconds: an evaluation of these is still running when the next request comes. */
const napping = evaluationBody({ runs: 2, concurrency: 1, models: [scriptedModel([[['nap', '{}']]])], variants: [{ label: 'A', source: defineModule([SLEEP_TOOL]) }] });

const post = (address: string, body: string) => fetchFrom(address, `${baseURL()}/api/evaluations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, timeoutMs: 60_000 });

async function readRecord(id: string): Promise<EvaluationRecord> {
  const answer = await fetchFrom('127.0.0.89', `${baseURL()}/api/evaluations/${id}`);
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text) as EvaluationRecord;
}

/** Stop: closes the stream and waits until the record says the evaluation ended (its slot is released with it). */
async function stop(evaluation: OpenEvaluation): Promise<void> {
  evaluation.close();
  if (evaluation.status !== 200 || !evaluation.id) return;
  const id = evaluation.id;
  await expect.poll(async () => (await readRecord(id)).status, { timeout: 30_000, interval: 250 }).not.toBe('running');
}

describe('an evaluation at its limits', () => {
  it('refuses a request past each bound of its body with a 400 or 413 naming it', async () => {
    const address = '127.0.0.80';
    const model = scriptedModel([[['ok', '{}']]]);
    const attack = Promise.all([
      post(address, JSON.stringify(evaluationBody({ runs: EVALUATION_LIMITS.runs + 1 }))),
      post(address, JSON.stringify(evaluationBody({ models: Array.from({ length: EVALUATION_LIMITS.models + 1 }, () => model) }))),
      post(address, JSON.stringify(evaluationBody({ variants: ['A', 'B', 'C'].map((label) => ({ label, source: defineModule([OK_TOOL]) })) }))),
      post(address, JSON.stringify(evaluationBody({ variants: [{ label: 'A', source: `${defineModule([OK_TOOL])}//${'x'.repeat(EVALUATION_LIMITS.sourceChars)}` }] }))),
      post(address, JSON.stringify(evaluationBody({ concurrency: EVALUATION_LIMITS.concurrency + 1 }))),
      post(address, JSON.stringify(evaluationBody({ title: 'x'.repeat(EVALUATION_LIMITS.bodyBytes) }))),
    ]);
    const [latency, [runs, models, variants, module, concurrency, huge]] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const expectRefused = (answer: Awaited<ReturnType<typeof post>>, status: number, reason: string) => {
      expect(answer.status, answer.text).toBe(status);
      expect(answer.text).toContain(reason);
    };
    expectRefused(runs, 400, `runs is at most ${EVALUATION_LIMITS.runs}.`);
    expectRefused(models, 400, `At most ${EVALUATION_LIMITS.models} model configurations.`);
    expectRefused(variants, 400, `At most ${EVALUATION_LIMITS.variants} variants (A and B).`);
    expectRefused(module, 400, `A variant's module is limited to ${EVALUATION_LIMITS.sourceChars} characters in an evaluation.`);
    expectRefused(concurrency, 400, `concurrency is at most ${EVALUATION_LIMITS.concurrency}.`);
    expectRefused(huge, 413, `the limit is ${EVALUATION_LIMITS.bodyBytes}`);
    expectResponsive(latency, 'evaluations past their bounds');
  });

  it('runs one evaluation at a time per address: the others started at once get 429 with the reason', async () => {
    const address = '127.0.0.81';
    const attack = Promise.all(Array.from({ length: 6 }, () => evaluations.start(baseURL(), address, napping)));
    const [latency, started] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const summary = started.map((evaluation) => `${evaluation.status} ${evaluation.text.slice(0, 120)}`).join('\n');
    expect(started.filter((evaluation) => evaluation.status === 200), summary).toHaveLength(1);
    for (const refused of started.filter((evaluation) => evaluation.status !== 200)) {
      expect(refused.status, summary).toBe(429);
      expect(refused.text).toContain(`At most ${EVALUATION_LIMITS.runningPerClient} evaluation may run at once from your address; stop it or wait for it to finish.`);
    }
    expectResponsive(latency, 'six evaluations at once from one address');
    await Promise.all(started.map(stop));
  });

  it(`runs at most ${EVALUATION_LIMITS.runningTotal} evaluations at once on the instance, from everyone`, async () => {
    const running = await Promise.all(Array.from({ length: EVALUATION_LIMITS.runningTotal }, (_, index) => evaluations.start(baseURL(), `127.0.0.${82 + index}`, napping)));
    try {
      expect(running.map((evaluation) => `${evaluation.status} ${evaluation.text}`)).toEqual(running.map(() => '200 '));
      const refused = await evaluations.start(baseURL(), '127.0.0.87', napping);
      expect(refused.status, refused.text).toBe(429);
      expect(refused.text).toContain(`The server is running its maximum of ${EVALUATION_LIMITS.runningTotal} evaluations at once; try again in a minute.`);
    } finally {
      await Promise.all(running.map(stop));
    }
  });

  it('stops mid-way when its stream closes: stored as stopped with the runs that ended, and the address may start again', { timeout: 120_000 }, async () => {
    const address = '127.0.0.88';
    const long = await evaluations.start(baseURL(), address, evaluationBody({ runs: EVALUATION_LIMITS.runs }));
    expect(long.status, long.text).toBe(200);
    await waitForState(() => runsEnded(long) >= 2, () => `two runs ended (${runsEnded(long)})`, { timeoutMs: 60_000, intervalMs: 50 });
    await stop(long);
    const record = await readRecord(long.id!);
    expect(record).toMatchObject({ status: 'stopped', reason: 'stopped', totalRuns: EVALUATION_LIMITS.runs });
    expect(record.outcomes.length).toBeGreaterThanOrEqual(2);
    expect(record.outcomes.length).toBeLessThan(EVALUATION_LIMITS.runs);
    // Its slot was released with its end (each try spends one of the address's 10 a minute).
    await expect.poll(async () => {
      const again = await evaluations.start(baseURL(), address, evaluationBody({ runs: 1 }));
      await stop(again);
      return again.status;
    }, { timeout: 8_000, interval: 1_000 }).toBe(200);
    await expectServerStillServes(baseURL());
  });

  it('spends the address’s rate for sessions written before its body is read: 429 with Retry-After past it', async () => {
    const address = '127.0.0.90';
    const answers = [];
    for (let index = 0; index < 12; index += 1) {
      const answer = await post(address, '{}');
      answers.push({ status: answer.status === 400 ? 200 : answer.status, retryAfter: answer.headers.get('retry-after'), text: answer.text });
    }
    expectFloodLimited(answers);
    expect(answers.find((answer) => answer.status === 429)?.text).toContain('at most 10 per minute');
  });
});
