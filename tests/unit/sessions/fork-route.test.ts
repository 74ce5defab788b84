import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postTurn } from '@/app/api/turns/route';
import { POST as postSession } from '@/app/api/sessions/route';
import { POST as postFork } from '@/app/api/sessions/[id]/fork/route';
import { POST as postReplay } from '@/app/api/sessions/[id]/replay/route';
import type { RuntimeEvent } from '@/lib/runtime';
import { PRESETS } from '@/lib/presets';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';
import { readEventStream } from '../support/read-event-stream';
import { presetModel, presetPlayground } from './session-fixtures';

let dataDir: string;
const preset = PRESETS.find((candidate) => candidate.id === 'parallel-and-sequential')!;

function jsonRequest(url: string, body: unknown): Request {
  return new Request(`http://localhost${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function share(turnIds: string[]): Promise<string> {
  const shared = await postSession(jsonRequest('/api/sessions', { playground: presetPlayground(preset), turnIds }));
  expect(shared.status).toBe(201);
  return ((await shared.json()) as { id: string }).id;
}

let sessionId: string;
let recorded: RuntimeEvent[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-fork-'));
  process.env.PGLITE_DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const response = await postTurn(
    jsonRequest('/api/turns', {
      source: preset.source,
      messages: [{ role: 'user', content: preset.message }],
      model: presetModel(preset),
      permissions: { mode: preset.permissionMode },
      files: preset.files,
    }),
  );
  recorded = await readEventStream(response.body!);
  sessionId = await share([response.headers.get('x-turn-id')!]);
}, 90_000);

afterAll(async () => {
  await (await getSessionStore()).close();
  await rm(dataDir, { recursive: true, force: true });
});

function callOf(events: RuntimeEvent[], filePath: string): string {
  const response = events.find((event) => event.type === 'model-response');
  if (response?.type !== 'model-response') throw new Error('no model response');
  return response.calls.find((call) => call.arguments.includes(filePath))!.callId;
}

describe('POST /api/sessions/<id>/fork', () => {
  it('answers from the recording up to the changed output, then runs live, and the fork replays identically', { timeout: 90_000 }, async () => {
    const monday = callOf(recorded, 'notes/monday.md');
    const response = await postFork(jsonRequest(`/api/sessions/${sessionId}/fork`, { turn: 0, outputs: [{ callId: monday, output: 'Nothing shipped.' }] }), params(sessionId));
    expect(response.status).toBe(200);
    const events = await readEventStream(response.body!);

    const responses = events.flatMap((event) => (event.type === 'model-response' ? [event] : []));
    expect(responses.map((event) => event.servedBy)).toEqual(['tape', 'live']);
    expect(responses[1]?.divergence).toMatch(/^Request 2 differs from the recording at input\[\d+\]/);
    // The same calls as recorded: the first response came from the tape.
    expect(responses[0]?.calls.map((call) => call.callId)).toContain(monday);
    const asked = events.find((event) => event.type === 'tool-output-request' && event.callId === monday);
    expect(asked).toMatchObject({ reason: 'fork-override' });
    const outputs = events.flatMap((event) => (event.type === 'tool-output' ? [[event.callId, event.output] as const] : []));
    expect(outputs).toContainEqual([monday, 'Nothing shipped.']);
    // The other reads ran in the sandbox as recorded.
    expect(outputs).toContainEqual([callOf(recorded, 'notes/tuesday.md'), 'Fixed the flaky test.']);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'completed' });

    const forkId = await share([response.headers.get('x-turn-id')!]);
    const replay = await postReplay(new Request(`http://localhost/api/sessions/${forkId}/replay`, { method: 'POST' }), params(forkId));
    expect(await replay.json()).toMatchObject({ identical: true, differences: [] });
  });

  it('refuses a fork that changes nothing, names an unknown call or turn, or targets an unknown session, saying why', async () => {
    const refused = async (id: string, body: unknown) => {
      const response = await postFork(jsonRequest(`/api/sessions/${id}/fork`, body), params(id));
      return [response.status, ((await response.json()) as { error: string }).error];
    };
    expect(await refused(sessionId, { turn: 0 })).toEqual([400, 'A fork changes something: an output, the module, the model or a setting.']);
    expect(await refused(sessionId, { turn: 0, outputs: [{ callId: 'call_nope', output: 'x' }] })).toEqual([400, 'Call call_nope is not a call of turn 1 with an output to change.']);
    expect(await refused(sessionId, { turn: 3, maxIterations: 2 })).toEqual([400, 'Turn 4 does not exist: the session has 1 turn.']);
    expect(await refused('AAAAAAAAAAAAAAAAAAAAAA', { turn: 0, maxIterations: 2 })).toEqual([404, 'No session AAAAAAAAAAAAAAAAAAAAAA.']);
  });
});
