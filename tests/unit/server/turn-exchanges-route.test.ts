import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getExchanges } from '@/app/api/turns/[turnId]/exchanges/route';
import { GET as getRecord } from '@/app/api/turns/[turnId]/record/route';
import { POST as postTurn } from '@/app/api/turns/route';
import { createSseParser } from '@/lib/client/api';
import { EMBEDDED_BASE_URL } from '@/lib/models/embedded/embedded-fetch';
import type { TapeEntry } from '@/lib/contract';
import { PRESETS } from '@/lib/presets';
import { runtimeEventSchema, type RuntimeEvent } from '@/lib/runtime';
import { readTurnExchanges } from '@/lib/server/turns/registry/read-turn-exchanges';
import { hashTurnControlToken, NOT_YOUR_TURN_MESSAGE } from '@/lib/server/turns/registry/turn-control';
import { createTurnRegistry, getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSqlSessionStore } from '@/lib/sessions/store/create-sql-session-store';
import { createInlineSessionChecker } from '@/lib/sessions/record/session-checker';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';
import { presetModel } from '../sessions/session-fixtures';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-exchanges-'));
  process.env.PGLITE_DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  // Opening the embedded database takes seconds on a loaded machine: paid here, not by the first test.
  await getSessionStore();
}, 90_000);

afterAll(async () => {
  await (await getSessionStore()).close();
  await rm(dataDir, { recursive: true, force: true });
});

function read(turnId: string, headers: Record<string, string> = {}): Promise<Response> {
  return getExchanges(new Request(`http://localhost/api/turns/${turnId}/exchanges`, { headers }), { params: Promise.resolve({ turnId }) });
}

async function readExchanges(turnId: string, token: string): Promise<TapeEntry[]> {
  const response = await read(turnId, { 'turn-control-token': token });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return ((await response.json()) as { exchanges: TapeEntry[] }).exchanges;
}

const entry = (status: number): TapeEntry => ({ request: { input: [] }, response: { id: `resp_${status}` }, status, url: `${EMBEDDED_BASE_URL}/responses`, method: 'POST' });

describe('GET /api/turns/[turnId]/exchanges', () => {
  it('answers a running turn with its tape as it grows', async () => {
    const tape: TapeEntry[] = [entry(200)];
    const token = getTurnRegistry().register('turn_live_exchanges_test', 'test-client', new AbortController(), { tape });
    try {
      expect(await readExchanges('turn_live_exchanges_test', token)).toEqual([entry(200)]);
      tape.push(entry(500));
      expect(await readExchanges('turn_live_exchanges_test', token)).toEqual([entry(200), entry(500)]);
      // The turn id alone, another token, or a cross-site request: refused.
      expect((await read('turn_live_exchanges_test')).status).toBe(403);
      expect((await read('turn_live_exchanges_test', { 'turn-control-token': 'guess' })).status).toBe(403);
      expect((await read('turn_live_exchanges_test', { 'turn-control-token': token, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    } finally {
      getTurnRegistry().unregister('turn_live_exchanges_test');
    }
  });

  it('answers 404 with the reason for an unknown turn', async () => {
    const response = await read('turn_never_existed', { 'turn-control-token': 'any' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'No turn turn_never_existed of yours here: it is not running on this server, or it finished too long ago (a session that includes it still shows its exchanges).',
      code: 'not-found',
    });
    expect((await read('x'.repeat(500), { 'turn-control-token': 'any' })).status).toBe(404);
  });

  it('answers while the turn waits for an approval, then from the store once it finished', { timeout: 90_000 }, async () => {
    const preset = PRESETS.find((candidate) => candidate.id === 'approval-gate')!;
    const started = await postTurn(
      new Request('http://localhost/api/turns', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          source: preset.source,
          messages: [{ role: 'user', content: preset.message }],
          model: presetModel(preset),
          permissions: { mode: preset.permissionMode },
          mode: preset.mode,
          files: preset.files,
        }),
      }),
    );
    expect(started.status).toBe(200);
    const turnId = started.headers.get('x-turn-id')!;
    const token = started.headers.get('turn-control-token')!;
    const events: RuntimeEvent[] = [];
    const parser = createSseParser();
    const reader = started.body!.pipeThrough(new TextDecoderStream()).getReader();
    let inspectedWhileWaiting = false;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      for (const data of parser.push(chunk.value)) {
        const event = runtimeEventSchema.parse(JSON.parse(data));
        events.push(event);
        if (event.type !== 'tool-approval-request') continue;
        if (!inspectedWhileWaiting) {
          // The turn is paused on this call: its first request has been answered and recorded.
          const live = await readExchanges(turnId, token);
          expect(live).toHaveLength(events.filter((candidate) => candidate.type === 'model-response').length);
          expect(live[0]).toMatchObject({ url: `${EMBEDDED_BASE_URL}/responses`, method: 'POST', status: 200 });
          inspectedWhileWaiting = true;
        }
        getTurnRegistry().deliverApproval(turnId, token, event.callId, { approved: true });
      }
    }
    expect(inspectedWhileWaiting).toBe(true);

    const stored = await readExchanges(turnId, token);
    expect((await read(turnId, { 'turn-control-token': 'guess' })).status).toBe(403);
    const requests = events.filter((event) => event.type === 'model-request');
    expect(stored).toHaveLength(requests.length);
    expect(stored.every((exchange) => exchange.url === `${EMBEDDED_BASE_URL}/responses` && exchange.status === 200)).toBe(true);
    // Each iteration sends the conversation so far, so each request carries more input than the last.
    const inputLengths = stored.map((exchange) => ((exchange.request as { input: unknown[] }).input ?? []).length);
    expect(inputLengths).toEqual([...inputLengths].sort((left, right) => left - right));
    const responseIds = events.flatMap((event) => (event.type === 'model-response' ? [event.responseId] : []));
    expect(stored.every((exchange) => exchange.streamed === true)).toBe(true);
    expect(stored.map((exchange) => readCompletedResponseId(exchange.response))).toEqual(responseIds);

    // The same stored turn whole, as the page keeps it to share the turn later: to its starting client only.
    const readRecord = (headers: Record<string, string>) => getRecord(new Request(`http://localhost/api/turns/${turnId}/record`, { headers }), { params: Promise.resolve({ turnId }) });
    const record = await readRecord({ 'turn-control-token': token });
    expect(record.status).toBe(200);
    expect(record.headers.get('cache-control')).toBe('no-store');
    const kept = (await record.json()) as { turn: { turnId: string; tape: TapeEntry[]; events: RuntimeEvent[] } };
    expect(kept.turn.turnId).toBe(turnId);
    expect(kept.turn.tape).toEqual(stored);
    expect(kept.turn.events.at(-1)?.type).toBe('turn-end');
    expect((await readRecord({ 'turn-control-token': 'guess' })).status).toBe(403);
    expect((await readRecord({})).status).toBe(403);
  });
});

/** The id of the response a recorded event stream completed with. */
function readCompletedResponseId(recorded: TapeEntry['response']): string | undefined {
  const data = String(recorded)
    .split('\n')
    .flatMap((line) => (line.startsWith('data: ') ? [JSON.parse(line.slice('data: '.length)) as { type: string; response?: { id: string } }] : []));
  return data.find((event) => event.type === 'response.completed')?.response?.id;
}

describe('readTurnExchanges', () => {
  it('is a storage failure, not a missing turn, when the store cannot be read', async () => {
    const registry = createTurnRegistry();
    const token = registry.register('turn_x', 'client', new AbortController());
    registry.unregister('turn_x');
    const result = await readTurnExchanges('turn_x', token, {
      registry,
      openStore: async () => ({
        getControlledTurn: async () => {
          throw new Error('connection refused');
        },
      }),
    });
    expect(result).toEqual({ ok: false, error: { code: 'storage-failed', message: 'The session database is unavailable: connection refused' } });
  });

  it('prefers the live tape and copies it', async () => {
    const registry = createTurnRegistry();
    const tape = [entry(200)];
    const token = registry.register('turn_y', 'client', new AbortController(), { tape });
    const result = await readTurnExchanges('turn_y', token, { registry, openStore: () => Promise.reject(new Error('not needed')) });
    expect(result).toEqual({ ok: true, value: { exchanges: [entry(200)] } });
    if (result.ok) expect(result.value.exchanges).not.toBe(tape);
  });

  it('reads a finished turn for the holder of its token on an instance that never ran it, and refuses anyone else', async () => {
    const store = await createSqlSessionStore(await createPgliteClient(), { checker: createInlineSessionChecker() });
    try {
      const running = createTurnRegistry();
      const other = createTurnRegistry();
      const tape = [entry(200)];
      const token = running.register('turn_z', 'client', new AbortController(), { tape });
      const turn = { turnId: 'turn_z', request: { source: '', messages: [] }, tape, approvals: [], outputs: [], events: [] };
      running.unregister('turn_z');
      await store.saveTurn('turn_z', JSON.stringify(turn), hashTurnControlToken(token));
      await store.saveTurn('turn_unhashed', JSON.stringify({ ...turn, turnId: 'turn_unhashed' }));
      const options = { registry: other, openStore: async () => store };
      expect(await readTurnExchanges('turn_z', token, options)).toEqual({ ok: true, value: { exchanges: [entry(200)] } });
      for (const given of ['guess', hashTurnControlToken(token), `${token}x`]) {
        expect(await readTurnExchanges('turn_z', given, options)).toEqual({ ok: false, error: { code: 'forbidden', message: NOT_YOUR_TURN_MESSAGE } });
      }
      expect(await readTurnExchanges('turn_unhashed', token, options)).toEqual({ ok: false, error: { code: 'forbidden', message: NOT_YOUR_TURN_MESSAGE } });
      expect(await readTurnExchanges('turn_gone', token, options)).toMatchObject({ ok: false, error: { code: 'not-found' } });
      // The database keeps the hash, never the token.
      expect(JSON.stringify(await store.getControlledTurn('turn_z'))).not.toContain(token);
    } finally {
      await store.close();
    }
  });
});
