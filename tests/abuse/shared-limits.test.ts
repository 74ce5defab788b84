import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_TURN_LIMITS } from '@/lib/server/admission/rate-limits';
import { APPROVAL_TOOL, defineModule, ECHO_TOOL, scriptedModel, SLEEP_TOOL } from '../../harness/attack-modules';
import { closeFetchAgents, fetchFrom } from './support/fetch-from';
import { describeRun, runTurn, turnBody, turnEnd } from '../../harness/run-turn';
import { sampleLatency } from '../../harness/sample-latency';
import { createOpenEvaluations } from './support/open-evaluations';
import { asksApproval, createOpenTurns, turnEndOf } from './support/open-turns';
import { expectResponsive, expectServerStillServes } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';
import { waitForState } from './support/wait-for-state';


/**
 * Two instances on one DATABASE_URL, as behind a load balancer: what one instance's visitor spent
 * the other refuses too. Runs only with a PostgreSQL server (TEST_DATABASE_URL, as CI sets it).
 */
const url = process.env.TEST_DATABASE_URL;
const describeShared = url ? describe : describe.skip;
const schema = `shared_limits_abuse_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
const scopedURL = url ? `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : '';

describeShared('limits shared by two instances on one database', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
  });
  afterAll(async () => {
    await closeFetchAgents();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
  const first = useAbuseServer({ env: { DATABASE_URL: scopedURL } });
  const second = useAbuseServer({ env: { DATABASE_URL: scopedURL } });

  it('refuses on the second instance the shares an address spent on the first', async () => {
    const write = (baseURL: string) => fetchFrom('127.0.0.70', `${baseURL}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // A refused body still spends the limit: ten of them spend the address's ten writes a minute.
    const spent = [];
    for (let index = 0; index < 10; index += 1) spent.push(await write(first.baseURL()));
    expect(spent.map((answer) => answer.status)).not.toContain(429);
    const elsewhere = [await write(second.baseURL()), await write(second.baseURL())];
    const refused = elsewhere.find((answer) => answer.status === 429);
    expect(refused, elsewhere.map((answer) => `${answer.status} ${answer.text.slice(0, 120)}`).join('\n')).toBeDefined();
    expect(refused?.text).toContain('Too many sessions shared or imported from your address: at most 10 per minute.');
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await write(second.baseURL())).status, 'and the first instance no longer counts alone').toBe(429);
    expect((await fetchFrom('127.0.0.71', `${second.baseURL()}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, 'another address').toBe(400);
  });

  it("runs one evaluation per address in all: one running on the first instance refuses the address's next on the second", async () => {
    const evaluations = createOpenEvaluations();
    const napping = {
      turn: { messages: [{ role: 'user', content: 'Nap.' }], permissions: { mode: 'auto' } },
      runs: 2,
      concurrency: 1,
      models: [scriptedModel([[['nap', '{}']]])],
      variants: [{ label: 'A', source: defineModule([SLEEP_TOOL]) }],
      assertions: [],
    };
    try {
      const running = await evaluations.start(first.baseURL(), '127.0.0.72', napping);
      expect(running.status, running.text).toBe(200);
      const attack = evaluations.start(second.baseURL(), '127.0.0.72', napping);
      const [latency, refused] = await Promise.all([sampleLatency(second.baseURL(), attack), attack]);
      expect(refused.status, refused.text).toBe(429);
      expect(refused.text).toContain('At most 1 evaluation may run at once from your address; stop it or wait for it to finish.');
      expectResponsive(latency, 'a second evaluation on the second instance');
      const other = await evaluations.start(second.baseURL(), '127.0.0.73', napping);
      expect(other.status, 'another address').toBe(200);
      other.close();
      // Stopped on the first instance: its lease is released and the second admits the address again.
      running.close();
      await expect.poll(async () => {
        const again = await evaluations.start(second.baseURL(), '127.0.0.72', { ...napping, runs: 1 });
        again.close();
        return again.status;
      }, { timeout: 8_000, interval: 1_000 }).toBe(200);
    } finally {
      await evaluations.closeAll();
    }
  });

  it("gives an address 4 turn slots in all: sleeping turns on the first instance hold the second's", async () => {
    const body = turnBody({ source: defineModule([SLEEP_TOOL]), message: 'Nap.', model: scriptedModel([[['nap', '{}']]]) });
    const started: Promise<void>[] = [];
    const naps = Array.from({ length: 4 }, () => {
      let markStarted = () => {};
      started.push(new Promise<void>((resolve) => (markStarted = resolve)));
      return runTurn(first.baseURL(), body, { timeoutMs: 30_000, onEvent: (event) => event.type === 'turn-start' && markStarted() });
    });
    await Promise.all(started);
    const attack = runTurn(second.baseURL(), body, { timeoutMs: 30_000 });
    const [latency, refused] = await Promise.all([sampleLatency(second.baseURL(), attack), attack]);
    expect(refused.status, describeRun(refused)).toBe(429);
    expect(refused.refusal).toContain('At most 4 turns may run at once from your address');
    expectResponsive(latency, 'a fifth turn on the second instance');
    for (const nap of await Promise.all(naps)) expect(turnEnd(nap)?.reason, describeRun(nap)).toBe('completed');
    // The naps' slots were released when they ended: the second instance admits the address again.
    const quick = turnBody({ source: defineModule([SLEEP_TOOL]), message: 'Hello.', model: scriptedModel([]) });
    await expect.poll(async () => turnEnd(await runTurn(second.baseURL(), quick, { timeoutMs: 30_000 }))?.reason, { timeout: 10_000 }).toBe('completed');
  });

  it('gives a newcomer on the second instance the slot of the longest-waiting turn of an address hogging the first', { timeout: 180_000 }, async () => {
    const turns = createOpenTurns();
    const db = new pg.Client({ connectionString: scopedURL });
    await db.connect();
    try {
      // Sixteen addresses hold all 64 slots on the first instance with turns waiting for an approval nobody gives.
      const attackers = Array.from({ length: CONCURRENT_TURN_LIMITS.total / CONCURRENT_TURN_LIMITS.perAddress }, (_, index) => `127.0.0.${120 + index}`);
      const waiting = turnBody({ source: defineModule([APPROVAL_TOOL]), message: 'Wipe it.', model: scriptedModel([[['wipe', '{}']]], 'Wiped.') });
      const attack = await Promise.all(attackers.flatMap((address) => Array.from({ length: CONCURRENT_TURN_LIMITS.perAddress }, () => turns.start(first.baseURL(), address, waiting))));
      expect(attack.map((turn) => turn.status).filter((status) => status !== 200)).toEqual([]);
      await waitForState(() => attack.every(asksApproval), () => `every attack turn asking its approval (${attack.filter(asksApproval).length} of ${attack.length})`, { timeoutMs: 90_000, intervalMs: 50 });
      // The first instance's heartbeat tells the database its leases wait (within 10 s).
      let waitingLeases = 0;
      const countWaiting = async () => {
        waitingLeases = Number((await db.query<{ count: string }>('SELECT count(*) FROM turn_leases WHERE waiting_since IS NOT NULL')).rows[0]?.count);
        return waitingLeases;
      };
      await expect.poll(countWaiting, { timeout: 30_000, interval: 250 }).toBe(CONCURRENT_TURN_LIMITS.total);

      // The innocent asks the second instance, whose own process holds no slot: the shared pool is full.
      const innocentTurn = turnBody({ source: defineModule([ECHO_TOOL]), message: 'Echo it.', model: scriptedModel([[['echo', '{"text":"my turn"}']]], 'Echoed.') });
      const innocent = await turns.start(second.baseURL(), '127.0.0.190', innocentTurn);
      expect(innocent.status).toBe(200);
      await waitForState(() => turnEndOf(innocent) !== undefined, () => 'the innocent turn’s end', { timeoutMs: 60_000, intervalMs: 25 });
      expect(turnEndOf(innocent)).toMatchObject({ reason: 'completed' });

      // Exactly one turn on the first instance gave its slot up, saying why; the rest still wait.
      await waitForState(() => attack.some((turn) => turnEndOf(turn) !== undefined), () => 'the yielded turn’s end', { timeoutMs: 30_000, intervalMs: 25 });
      const yielded = attack.filter((turn) => turnEndOf(turn) !== undefined);
      expect(yielded).toHaveLength(1);
      expect(turnEndOf(yielded[0]!)).toMatchObject({ reason: 'error', error: expect.stringMatching(/^The server was running its maximum of 64 turns and a visitor holding fewer needed one: this turn had waited \d+ s/) });
      // An attacker already holding its 4 on the first instance gets none on the second.
      const greedy = await turns.start(second.baseURL(), attackers.find((address) => address !== yielded[0]!.address)!, waiting);
      expect(greedy.status).toBe(429);
      await expectServerStillServes(second.baseURL());
    } finally {
      await turns.closeAll();
      await db.end();
    }
  });
});
