import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestModelConfig, turnRequestSchema, type TurnRequest, type FinishedTurn } from '@/lib/contract';
import type { RuntimeEvent, RuntimeEventOf } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { saveFinishedTurn } from '@/lib/server/sessions/finished-turns';
import { replayStoredSession } from '@/lib/replay/server/replay-stored-session';
import { runTurnOnTape } from '@/lib/server/replay/run-turn-on-tape';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import { readEventStream } from '../support/read-event-stream';
import { openTestStore, TEST_CHECKER } from './session-fixtures';
import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { createPooledReplayOpener } from '@/lib/sandbox/pool/open-replay-in-pool';

const SOURCE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'write_file',
    description: 'Write a text file.',
    schema: z.object({ path: z.string(), text: z.string() }),
    execute: ({ path, text }, ctx) => { ctx.files.write(path, text); return 'wrote ' + path; },
  }),
  defineTool({
    name: 'read_file',
    description: 'Read a text file.',
    schema: z.object({ path: z.string() }),
    isReadOnly: true,
    execute: ({ path }, ctx) => ctx.files.read(path) ?? 'no such file: ' + path,
  }),
];
`;

const scripted = (script: unknown[]): RequestModelConfig => ({ provider: 'scripted', script }) as RequestModelConfig;

/** The scripted model's steps are the conversation's: step n answers its n-th model request, across turns. */
const MODEL = scripted([
  { calls: [{ name: 'write_file', arguments: '{"path":"notes.md","text":"meeting: Friday"}' }] },
  { text: 'Noted.' },
  { text: 'No, that is all.' },
  { calls: [{ name: 'read_file', arguments: '{"path":"notes.md"}' }] },
  { text: 'Friday.' },
]);

const TURNS: { message: string; model: RequestModelConfig }[] = [
  { message: 'Note that the meeting moved to Friday.', model: MODEL },
  { message: 'Thanks. Anything else?', model: MODEL },
  { message: 'When is the meeting?', model: MODEL },
];

let store: SessionStore;
const finished: FinishedTurn[] = [];

async function runTurn(request: TurnRequest): Promise<RuntimeEvent[]> {
  const started = await streamTurn({ request, clientId: 'conversation-test', env: {}, onFinished: (turn) => void finished.push(turn) });
  if (!started.ok) throw new Error(`The turn did not start: ${started.error}`);
  return readEventStream(toEventStream(started.events));
}

const endOf = (events: RuntimeEvent[]) => events.at(-1) as RuntimeEventOf<'turn-end'>;

beforeAll(async () => {
  ({ store } = await openTestStore(() => createPgliteClient()));
}, 60_000);

afterAll(async () => {
  await store.close();
});

describe('a conversation through the server', () => {
  it('runs three turns, each continuing from the last turn-end; turn 3 reads what turn 1 wrote; the session replays identically per turn', async () => {
    const runs: RuntimeEvent[][] = [];
    for (const turn of TURNS) {
      const previous = runs.at(-1);
      const end = previous ? endOf(previous) : undefined;
      const request = turnRequestSchema.parse({
        source: SOURCE,
        messages: [{ role: 'user', content: turn.message }],
        model: turn.model,
        ...(end ? { conversation: end.conversation, files: end.state?.files, loadedTools: end.state?.loadedTools } : {}),
      });
      runs.push(await runTurn(request));
    }
    expect(runs.map((events) => endOf(events).reason)).toEqual(['completed', 'completed', 'completed']);
    expect(endOf(runs[0]!).state?.files).toEqual({ 'notes.md': 'meeting: Friday' });
    expect(runs[1]!.find((event) => event.type === 'turn-carried-in')).toMatchObject({ conversationItems: 4, files: ['notes.md'] });
    const read = runs[2]!.find((event) => event.type === 'tool-output');
    expect(read).toMatchObject({ name: 'read_file', status: 'success', output: 'meeting: Friday' });
    const userMessages = endOf(runs[2]!).conversation?.filter((item) => item.role === 'user').map((item) => item.content);
    expect(userMessages).toEqual(TURNS.map((turn) => turn.message));
    expect(runs.map(endOf)).toMatchObject([{ finalText: 'Noted.' }, { finalText: 'No, that is all.' }, { finalText: 'Friday.' }]);

    for (const turn of finished) await saveFinishedTurn(turn, { store: store, checker: TEST_CHECKER });
    const shared = await createSharedSession(
      {
        playground: { source: SOURCE, message: '', model: TURNS[2]!.model, permissions: { mode: 'auto' }, mode: 'chat' },
        turnIds: finished.map((turn) => turn.turnId),
      },
      { store, checker: TEST_CHECKER },
    );
    if (!shared.ok) throw new Error(shared.error.message);
    const report = await replayStoredSession(shared.value.id, { store, runTurnOnTape: (turn) => runTurnOnTape(turn), openReplay: createPooledReplayOpener(getSandboxPool()) });
    expect(report).toEqual({
      ok: true,
      value: {
        identical: true,
        differences: [],
        turns: [
          { turn: 0, identical: true, differences: 0 },
          { turn: 1, identical: true, differences: 0 },
          { turn: 2, identical: true, differences: 0 },
        ],
      },
    });
  }, 60_000);

  it('refuses a conversation it cannot continue with a 400-style issue naming the item', () => {
    const parsed = turnRequestSchema.safeParse({
      source: SOURCE,
      messages: [{ role: 'user', content: 'hi' }],
      model: { provider: 'auto' },
      conversation: [
        { type: 'message', role: 'user', content: 'earlier' },
        { type: 'function_call_output', call_id: 'call_x', output: 'orphan' },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['conversation', 1], message: expect.stringContaining('answers call_id "call_x"') });
    const huge = turnRequestSchema.safeParse({
      source: SOURCE,
      messages: [{ role: 'user', content: 'hi' }],
      model: { provider: 'auto' },
      conversation: Array.from({ length: 1001 }, () => ({ type: 'message', role: 'user', content: 'x' })),
    });
    expect(huge.error?.issues[0]?.message).toContain('conversation holds at most 1000 items');
  });
});
