import { afterAll, describe, expect, it } from 'vitest';
import { defineModule, ECHO_TOOL, scriptedModel } from '../../harness/attack-modules';
import { closeFetchAgents, fetchFrom } from './support/fetch-from';
import { sampleLatency } from '../../harness/sample-latency';
import { expectResponsive } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/** Stored sessions do not grow without bound: an operator's budget evicts the least recently opened, and each address has a daily quota. */
const { baseURL } = useAbuseServer({ env: { PLAYGROUND_SESSION_STORAGE_MB: '0.12', PLAYGROUND_SESSION_QUOTA_MB: '0.06' } });
afterAll(closeFetchAgents);

const json = { 'content-type': 'application/json' };
const source = defineModule([ECHO_TOOL]);
const model = scriptedModel([[['echo', '{"text":"kept?"}']]]);

async function finishedTurn(): Promise<string> {
  const run = await fetchFrom('127.0.0.1', `${baseURL()}/api/turns`, { method: 'POST', headers: json, body: JSON.stringify({ source, messages: [{ role: 'user', content: 'Echo.' }], model }) });
  const turnId = run.headers.get('x-turn-id');
  expect(turnId, run.text.slice(0, 200)).toBeTruthy();
  return turnId as string;
}

function share(address: string, turnId: string, title: string) {
  const playground = { source, message: 'Echo.', model, permissions: { mode: 'auto' }, mode: 'chat' };
  return fetchFrom(address, `${baseURL()}/api/sessions`, { method: 'POST', headers: json, body: JSON.stringify({ title, playground, turnIds: [turnId] }) });
}

describe('storage bounds', () => {
  it('holds an address to its daily quota with a 429 that says so', async () => {
    const turnId = await finishedTurn();
    const answers = [];
    for (let index = 0; index < 9; index += 1) answers.push(await share('127.0.0.20', turnId, `quota ${index}`));
    const summary = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 140)}`).join('\n');
    expect(answers[0]?.status, summary).toBe(201);
    const refused = answers.filter((answer) => answer.status === 429 && answer.text.includes('of sessions in the last 24 hours'));
    expect(refused.length, summary).toBeGreaterThan(0);
    // Another address is not held to the first one's quota.
    expect((await share('127.0.0.21', turnId, 'another address')).status).toBe(201);
  });

  it('evicts the sessions opened least recently once all of them pass the storage budget', async () => {
    const turnId = await finishedTurn();
    const first = await share('127.0.0.30', turnId, 'first');
    expect(first.status, first.text).toBe(201);
    const firstId = (JSON.parse(first.text) as { id: string }).id;
    const writes = (async () => {
      const ids: string[] = [];
      for (let index = 0; index < 16; index += 1) {
        const answer = await share(`127.0.0.${31 + (index % 4)}`, turnId, `filler ${index}`);
        if (answer.status === 201) ids.push((JSON.parse(answer.text) as { id: string }).id);
      }
      return ids;
    })();
    const [latency, ids] = await Promise.all([sampleLatency(baseURL(), writes), writes]);
    expect(ids.length).toBeGreaterThan(8);
    expect((await fetchFrom('127.0.0.40', `${baseURL()}/api/sessions/${firstId}`)).status, 'the first session, never opened, is gone').toBe(404);
    expect((await fetchFrom('127.0.0.40', `${baseURL()}/api/sessions/${ids.at(-1)}`)).status, 'the newest is kept').toBe(200);
    expectResponsive(latency, 'writes past the storage budget');
  });
});
