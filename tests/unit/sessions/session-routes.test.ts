import { describe, expect, it } from 'vitest';
import { POST as postTurn } from '@/app/api/turns/route';
import { POST as postSession } from '@/app/api/sessions/route';
import { GET as getSession } from '@/app/api/sessions/[id]/route';
import { POST as postReplay } from '@/app/api/sessions/[id]/replay/route';
import { POST as postImport } from '@/app/api/sessions/import/route';
import { PRESETS } from '@/lib/presets';
import { SESSION_LIMITS } from '@/lib/contract';
import { presetModel, presetPlayground } from './session-fixtures';
import { useTemporarySessionStore } from '../../support/use-temporary-session-store';

const preset = PRESETS.find((candidate) => candidate.id === 'repair-ladder')!;

function jsonRequest(url: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

function params(id: string) {
  return { params: Promise.resolve({ id }) };
}

useTemporarySessionStore('pglite-routes-');

describe('session routes', () => {
  it('runs a turn, shares it, reads it back, replays it identically, and imports the export', { timeout: 90_000 }, async () => {
    const turnResponse = await postTurn(
      jsonRequest('/api/turns', {
        source: preset.source,
        messages: [{ role: 'user', content: preset.message }],
        model: presetModel(preset),
        permissions: { mode: preset.permissionMode },
        mode: preset.mode,
      }),
    );
    expect(turnResponse.status).toBe(200);
    const turnId = turnResponse.headers.get('x-turn-id')!;
    await turnResponse.text();
    // The turn is stored by onFinished before the stream closes; Share finds it right away.
    const shared = await postSession(jsonRequest('/api/sessions', { title: 'repair', playground: presetPlayground(preset), turnIds: [turnId] }));
    expect(shared.status).toBe(201);
    const link = (await shared.json()) as { id: string; url: string };
    expect(link.url).toBe(`/s/${link.id}`);

    const read = await getSession(new Request(`http://localhost/api/sessions/${link.id}`), params(link.id));
    expect(read.status).toBe(200);
    const record = (await read.json()) as { id: string; turns: { turnId: string }[]; texts: string[] };
    // Sent as stored: the module once, referenced by the playground and the turn.
    expect(record).toMatchObject({ id: link.id, playground: { source: { text: 0 } }, turns: [{ turnId, request: { source: { text: 0 } } }] });
    expect(record.texts[0]).toBe(preset.source);

    const replay = await postReplay(jsonRequest(`/api/sessions/${link.id}/replay`, {}), params(link.id));
    expect(await replay.json()).toEqual({ identical: true, differences: [], turns: [{ turn: 0, identical: true, differences: 0 }] });

    const imported = await postImport(jsonRequest('/api/sessions/import', record));
    expect(imported.status).toBe(201);
    const copy = (await imported.json()) as { id: string };
    expect(copy.id).not.toBe(link.id);

    // A tape whose URL or method no recording writes is refused: the page would copy them into curl and SDK code.
    const tampered = (change: Record<string, string>) => ({
      ...record,
      turns: record.turns.map((turn, index) => (index === 0 ? { ...turn, tape: (turn as unknown as { tape: object[] }).tape.map((entry) => ({ ...entry, ...change })) } : turn)),
    });
    for (const [change, message] of [
      [{ url: 'http://embedded.invalid/v1/responses\n$(touch marker)' }, /tape\.0\.url: url must be an absolute http\(s\) URL of visible ASCII/],
      [{ url: 'http://embedded.invalid/v1/responses\u2028x' }, /url must be/],
      [{ method: 'POST $(touch marker)' }, /tape\.0\.method: method must be an HTTP method/],
    ] as const) {
      const refused = await postImport(jsonRequest('/api/sessions/import', tampered(change)));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(message);
    }
  });

  it('answers unknown ids 404, malformed ids 400, unknown turns 422 and oversized bodies 413, with the reason', async () => {
    const unknown = await getSession(new Request('http://localhost/api/sessions/x'), params('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No session AAAAAAAAAAAAAAAAAAAAAA.', code: 'not-found' });
    expect((await getSession(new Request('http://localhost/api/sessions/x'), params('nope'))).status).toBe(400);
    expect((await postReplay(jsonRequest('/api/sessions/x/replay', {}), params('AAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);

    const missingTurn = await postSession(jsonRequest('/api/sessions', { playground: presetPlayground(preset), turnIds: ['turn_never'] }));
    expect(missingTurn.status).toBe(422);

    const oversized = await postImport(jsonRequest('/api/sessions/import', { version: 1, padding: 'x'.repeat(SESSION_LIMITS.recordBytes) }));
    expect(oversized.status).toBe(413);
    expect(((await oversized.json()) as { error: string }).error).toMatch(new RegExp(`limit (is|of) ${SESSION_LIMITS.recordBytes}`));
  });
});
