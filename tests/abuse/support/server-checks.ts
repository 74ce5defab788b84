import { expect } from 'vitest';
import { NORMAL_TURN } from '../../../harness/attack-modules';
import { describeRun, runTurn, toolOutputs, turnBody, turnEnd } from '../../../harness/run-turn';
import { formatLatency, type LatencyReport } from '../../../harness/sample-latency';

/** The HTTP thread never waits this long on 2 cores, whatever a visitor sends. */
export const MAX_HEALTH_LATENCY_MS = 1_000;

export function expectResponsive(report: LatencyReport, attack: string): void {
  expect(report.maxMs, `${attack}: ${formatLatency(report)}`).toBeLessThan(MAX_HEALTH_LATENCY_MS);
  expect(report.eventLoopMaxMs, `${attack}: ${formatLatency(report)}`).toBeLessThan(MAX_HEALTH_LATENCY_MS);
  expect(report.failures, `${attack}: ${formatLatency(report)}`).toBe(0);
}

/** After an attack: health answers and a small normal turn runs to `completed`. */
export async function expectServerStillServes(baseURL: string): Promise<void> {
  const health = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
    async (response) => `${response.status} ${await response.text()}`,
    (error: unknown) => `no answer: ${String(error)}`,
  );
  expect(health, 'GET /api/health after the attack').toMatch(/^200 \{"ok":true,/);
  const run = await runTurn(baseURL, turnBody({ ...NORMAL_TURN, message: 'Echo it.' }), { timeoutMs: 20_000 });
  expect(toolOutputs(run).map((output) => [output.status, output.output]), `normal turn after the attack: ${describeRun(run)}`).toEqual([['success', 'still here']]);
  expect(turnEnd(run)?.reason, describeRun(run)).toBe('completed');
}

/** A flood's answers: each served (200) or refused with 429 and a Retry-After, and at least one refused. */
export function expectFloodLimited(answers: readonly { status: number; retryAfter: string | null; text: string }[]): void {
  const summary = answers.map((answer) => `${answer.status} retry-after=${answer.retryAfter} ${answer.text.slice(0, 80)}`).join('\n');
  for (const answer of answers) expect([200, 429], summary).toContain(answer.status);
  const limited = answers.filter((answer) => answer.status === 429);
  expect(limited.length, summary).toBeGreaterThan(0);
  for (const answer of limited) expect(Number(answer.retryAfter), summary).toBeGreaterThan(0);
}
