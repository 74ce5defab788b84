import { describe, expect, it } from 'vitest';
import { defineModule, ECHO_TOOL, scriptedModel, SLEEP_TOOL } from '../../harness/attack-modules';
import { sampleLatency } from '../../harness/sample-latency';
import { expectFloodLimited, expectResponsive, expectServerStillServes } from './support/server-checks';
import { shareTurn } from './support/share-turn';
import { useAbuseServer } from './support/use-abuse-server';

/** Forks and comparisons of shared sessions: bounded bodies, clear refusals, and floods that leave the server answering. */
const { baseURL } = useAbuseServer();

type Answer = { status: number; retryAfter: string | null; text: string };

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
  } catch (error) {
    return { status: 0, retryAfter: null, text: String(error) };
  }
}

function postFork(sessionId: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return send(`${baseURL()}/api/sessions/${sessionId}/fork`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

describe('fork of a shared turn', () => {
  it('refuses bodies past their limits or naming what the turn does not have, each with a reason', async () => {
    const sessionId = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo.', model: scriptedModel([[['echo', '{"text":"a"}']]]), title: 'fork attacks' });
    const many = Array.from({ length: 51 }, (_, index) => ({ callId: `call_${index}`, output: 'x' }));
    expect(await postFork(sessionId, { turn: 0, outputs: many })).toMatchObject({ status: 400, text: expect.stringContaining('at most 50 changed outputs') });
    expect(await postFork(sessionId, { turn: 0, outputs: [{ callId: 'c', output: 'x'.repeat(1_100_000) }] })).toMatchObject({ status: 400, text: expect.stringContaining('an output is limited to') });
    expect(await postFork(sessionId, { turn: 0, outputs: [{ callId: 'call_nope', output: 'x' }] })).toMatchObject({ status: 400, text: expect.stringContaining('is not a call of turn 1') });
    expect(await postFork(sessionId, { turn: 99, maxIterations: 1 })).toMatchObject({ status: 400, text: expect.stringContaining('Turn 100 does not exist') });
    expect(await postFork(sessionId, '{"turn": 0, ')).toMatchObject({ status: 400, text: expect.stringContaining('not valid JSON') });
    expect((await postFork('../../etc/passwd', { turn: 0, maxIterations: 1 })).status).toBeGreaterThanOrEqual(400);
    expect((await postFork('AAAAAAAAAAAAAAAAAAAAAA', { turn: 0, maxIterations: 1 })).status).toBe(404);
    await expectServerStillServes(baseURL());
  });

  it('counts forks as turns: at most 4 at once from one address, whatever headers say', async () => {
    const sessionId = await shareTurn(baseURL(), { source: defineModule([SLEEP_TOOL]), message: 'Nap.', model: scriptedModel([[['nap', '{}']]]), title: 'fork flood' });
    // A changed module makes every request differ from the recording: each fork runs its tool live for 3 s.
    const source = defineModule([SLEEP_TOOL, ECHO_TOOL]);
    const forks = await Promise.all(Array.from({ length: 6 }, (_, index) => postFork(sessionId, { turn: 0, source }, { 'x-forwarded-for': `203.0.113.${index + 40}` })));
    const summary = forks.map((answer) => `${answer.status} ${answer.text.slice(0, 100)}`).join('\n');
    const accepted = forks.filter((answer) => answer.status === 200);
    expect(accepted.length, summary).toBeGreaterThan(0);
    expect(accepted.length, summary).toBeLessThanOrEqual(4);
    for (const answer of forks.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status, summary).toBe(429);
      expect(Number(answer.retryAfter), summary).toBeGreaterThan(0);
    }
    for (const answer of accepted) expect(answer.text, summary).toContain('"servedBy":"live"');
  });
});

describe('comparisons', () => {
  it('refuses bad sides with a reason and a flood with 429 while the server keeps answering', async () => {
    const model = scriptedModel([[['echo', '{"text":"a"}']]]);
    const a = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo.', model, title: 'compare a' });
    const b = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo again.', model, title: 'compare b' });
    const compare = (query: string) => send(`${baseURL()}/api/compare?${query}`, { headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(await compare(`a=${a}`)).toMatchObject({ status: 400, text: expect.stringContaining('Name the two sessions') });
    expect(await compare(`a=${a}&b=${b}&turnA=0`)).toMatchObject({ status: 400, text: expect.stringContaining('turnA is a turn number from 1') });
    expect(await compare(`a=${a}&b=${b}&turnA=5`)).toMatchObject({ status: 400, text: expect.stringContaining('has no turn 5') });
    const answered = await compare(`a=${a}&b=${b}`);
    expect(answered.status, answered.text).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ comparison: { firstDivergence: { turnIndex: 0 } } });

    const flood = Promise.all(Array.from({ length: 40 }, () => compare(`a=${a}&b=${b}`)));
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), flood), flood]);
    expectFloodLimited(answers);
    expectResponsive(latency, 'compare flood');
  });
});
