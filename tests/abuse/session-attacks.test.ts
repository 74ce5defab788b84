import { afterAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@/lib/server/http/body-limits';
import { SESSION_LIMITS } from '@/lib/contract';
import { defineModule, ECHO_TOOL, scriptedModel } from '../../harness/attack-modules';
import { costlyAssertion, costlyAssertions, fetchStoredSession, withTinyValuesEvents, withTinyValuesTape } from '../../harness/costly-sessions';
import { closeFetchAgents, fetchFrom } from './support/fetch-from';
import { sampleLatency } from '../../harness/sample-latency';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { shareTurn } from './support/share-turn';
import { useAbuseServer } from './support/use-abuse-server';

/**
 * Stored sessions and request bodies built to be costly, sent from 127.0.0.2 while `/api/health`
 * is probed from 127.0.0.1: each attack gets a clear 4xx (or a bounded answer) and the HTTP thread
 * keeps answering within a second.
 */
const { baseURL } = useAbuseServer();
afterAll(closeFetchAgents);

const ATTACKER = '127.0.0.2';
const json = { 'content-type': 'application/json' };

function post(path: string, body: string): ReturnType<typeof fetchFrom> {
  return fetchFrom(ATTACKER, `${baseURL()}${path}`, { method: 'POST', headers: json, body, timeoutMs: 60_000 });
}

describe('stored sessions built to be costly', () => {
  it('refuses ≈1 MB of costly assertion schemas and a tape of a million tiny values when they are written, with the reason', async () => {
    const id = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo.', model: scriptedModel([[['echo', '{"text":"a"}']]]), title: 'costly' });
    const plain = await fetchStoredSession(baseURL(), id);
    const attack = Promise.all([
      post('/api/sessions/import', JSON.stringify({ ...plain, assertions: costlyAssertions() })),
      post('/api/sessions/import', JSON.stringify(withTinyValuesTape(plain, 1_000_000))),
    ]);
    const [latency, [assertions, tape]] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    expect(assertions.status, assertions.text).toBe(413);
    expect(assertions.text).toContain("Checking the session's assertions took more than its budget");
    expect(tape.status, tape.text).toBe(413);
    expect(tape.text).toContain(`The body holds more than ${BODY_LIMITS.import.values} JSON values`);
    expectResponsive(latency, 'costly imports');
  });

  it('serves the costliest session it accepts, viewed over and over, for its bytes alone', async () => {
    const id = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo.', model: scriptedModel([[['echo', '{"text":"b"}']]]), title: 'heavy' });
    const plain = await fetchStoredSession(baseURL(), id);
    // Just under every bound: one costly schema, four exchanges of 95,000 tiny values each.
    const turns = plain.turns as Record<string, unknown>[];
    const exchange = (turns[0]!.tape as Record<string, unknown>[])[0]!;
    const tape = Array.from({ length: 4 }, () => ({ ...exchange, streamed: undefined, response: new Array(95_000).fill(0) }));
    const heavy = { ...plain, assertions: [costlyAssertion(7)], turns: [{ ...turns[0], tape }] };
    const imported = await post('/api/sessions/import', JSON.stringify(heavy));
    expect(imported.status, imported.text).toBe(201);
    const heavyId = (JSON.parse(imported.text) as { id: string }).id;

    const views = (async () => {
      const answers: number[] = [];
      for (let index = 0; index < 40; index += 1) {
        const [page, record] = await Promise.all([fetchFrom(ATTACKER, `${baseURL()}/s/${heavyId}`), fetchFrom(ATTACKER, `${baseURL()}/api/sessions/${heavyId}`)]);
        answers.push(page.status, record.status);
      }
      return answers;
    })();
    const [latency, statuses] = await Promise.all([sampleLatency(baseURL(), views), views]);
    expect(statuses.filter((status) => status !== 200 && status !== 429), statuses.join(',')).toEqual([]);
    expect(statuses.filter((status) => status === 429).length, 'views past the per-address read limit').toBeGreaterThan(0);
    expectResponsive(latency, 'repeated views of a heavy session');
    // Another address still reads it.
    const other = await fetchFrom('127.0.0.3', `${baseURL()}/api/sessions/${heavyId}`);
    expect(other.status).toBe(200);
    expect(other.text.length).toBeLessThan(SESSION_LIMITS.recordBytes);
  });

  it('replays the costliest session it accepts over and over in a sandbox worker, the HTTP thread running one turn at a time', async () => {
    const id = await shareTurn(baseURL(), { source: defineModule([ECHO_TOOL]), message: 'Echo.', model: scriptedModel([[['echo', '{"text":"c"}']]]), title: 'replayed' });
    const plain = await fetchStoredSession(baseURL(), id);
    // Just under the record's bound on values: 390,000 zeros in the recorded events, which a replay compares.
    const imported = await post('/api/sessions/import', JSON.stringify(withTinyValuesEvents(plain, 390_000)));
    expect(imported.status, imported.text).toBe(201);
    const heavyId = (JSON.parse(imported.text) as { id: string }).id;

    const replays = (async () => {
      const answers: { status: number; text: string }[] = [];
      for (let index = 0; index < 8; index += 1) answers.push(await post(`/api/sessions/${heavyId}/replay`, '{}'));
      return answers;
    })();
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), replays), replays]);
    const summary = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 120)}`).join('\n');
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429), summary).toEqual([]);
    const replayed = answers.filter((answer) => answer.status === 200);
    expect(replayed.length, summary).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 429).length, `replays past the per-session limit: ${summary}`).toBeGreaterThan(0);
    for (const answer of replayed) {
      const report = JSON.parse(answer.text) as { identical: boolean; differences: { field: string }[]; turns: unknown[] };
      // The replay's turn ends without the planted result: a bounded list of differences says so.
      expect(report.identical).toBe(false);
      expect(report.turns).toEqual([{ turn: 0, identical: false, differences: report.differences.length }]);
      expect(report.differences.length).toBeLessThanOrEqual(100);
      expect(report.differences).toContainEqual({ turn: 0, seq: expect.any(Number), field: 'result', recorded: '(a list of 390000 items, 780001 characters as JSON: too large to show)' });
    }
    expectResponsive(latency, 'repeated replays of a session of 390,000 tiny values');
    await expectServerStillServes(baseURL());
  });
});

describe('bodies built to be costly, on every route', () => {
  /** A body of about `bytes` bytes holding a list of zeros: two bytes a value. */
  const zeros = (bytes: number) => `{"x":[${'0,'.repeat(Math.floor(bytes / 2) - 10)}0]}`;
  const ROUTES: { path: string; bytes: number }[] = [
    { path: '/api/turns', bytes: BODY_LIMITS.turn.bytes },
    { path: '/api/tools/call', bytes: BODY_LIMITS.toolCall.bytes },
    { path: '/api/tools/compile', bytes: BODY_LIMITS.compile.bytes },
    { path: '/api/tools/compile/details', bytes: BODY_LIMITS.small.bytes },
    { path: '/api/sessions', bytes: BODY_LIMITS.share.bytes },
    { path: '/api/sessions/import', bytes: BODY_LIMITS.import.bytes },
    { path: '/api/sessions/AAAAAAAAAAAAAAAAAAAAAA/fork', bytes: BODY_LIMITS.fork.bytes },
    { path: '/api/turns/turn_x/approvals', bytes: BODY_LIMITS.small.bytes },
    { path: '/api/turns/turn_x/outputs', bytes: BODY_LIMITS.output.bytes },
  ];

  it('refuses millions of tiny values with 413 before parsing them, on every route that takes a body', async () => {
    const attack = (async () => {
      const answers: string[] = [];
      for (const route of ROUTES) {
        const answer = await post(route.path, zeros(route.bytes - 1000));
        answers.push(`${route.path} ${answer.status} ${answer.text.slice(0, 120)}`);
      }
      return answers;
    })();
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    // A turn's control routes refuse a request without the turn's token (403) before reading its body.
    for (const answer of answers) expect(answer).toMatch(/ (413 \{"error":"The body holds more than \d+ JSON values|429 |403 )/);
    expectResponsive(latency, 'tiny values on every route');
  });

  it('checks a share body\'s costly assertion schemas in a worker, within its budget, and counts every refusal', async () => {
    const source = defineModule([ECHO_TOOL]);
    const model = scriptedModel([[['echo', '{"text":"c"}']]]);
    const run = await fetchFrom('127.0.0.1', `${baseURL()}/api/turns`, { method: 'POST', headers: json, body: JSON.stringify({ source, messages: [{ role: 'user', content: 'Echo.' }], model }) });
    const turnId = run.headers.get('x-turn-id');
    expect(turnId, run.text.slice(0, 200)).toBeTruthy();
    const playground = { source, message: 'Echo.', model, permissions: { mode: 'auto' }, mode: 'chat' };
    const body = JSON.stringify({ playground, turnIds: [turnId], assertions: costlyAssertions() });
    const attack = Promise.all(Array.from({ length: 12 }, () => fetchFrom('127.0.0.4', `${baseURL()}/api/sessions`, { method: 'POST', headers: json, body, timeoutMs: 120_000 })));
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const summary = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 160)}`).join('\n');
    // Each is checked until its budget runs out (413), or finds the workers busy (503); past 10 a minute the limit answers, bodies unread.
    for (const answer of answers) expect([413, 429, 503], summary).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 413).length, summary).toBeGreaterThan(0);
    // Twelve bodies at once: the gate admits 8 per address in flight (429 request-bodies-per-address), and every
    // body counts once against the 10 a minute, a gated one too (counted as it is refused). So 2 of the 12 counts
    // pass the limit; whether a gated body or one that reached the route took those places depends on timing, so
    // the route refuses between 2 minus the gated ones and 2.
    const atGate = answers.filter((answer) => answer.status === 429 && answer.text.includes('request-bodies-per-address')).length;
    const atRate = answers.filter((answer) => answer.status === 429).length - atGate;
    const pastLimit = answers.length - 10;
    expect(atRate, summary).toBeGreaterThanOrEqual(Math.max(0, pastLimit - atGate));
    expect(atRate, summary).toBeLessThanOrEqual(pastLimit);
    expectResponsive(latency, 'costly share bodies');
    await expectServerStillServes(baseURL());
  });
});
