import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteClient } from '@/lib/sessions/store/create-pglite-client';
import { createSharedSession } from '@/lib/sessions/store/create-shared-session';
import { readSessionBody, readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { measureUtf8Bytes, SESSION_LIMITS } from '@/lib/contract';
import { sessionTurnSchema, type SessionPlayground, type SessionTurn } from '@/lib/sessions/record/session-record';
import type { SessionStore } from '@/lib/sessions/store/session-store';
import type { SqlClient } from '@/lib/sessions/store/sql-client';
import { openTestStore, TEST_CHECKER } from './session-fixtures';

/** The size of GitHub's REST API imported as a module (1,223 operations). */
const MODULE_CHARS = 1_900_000;

/** A module of at least `MODULE_CHARS` characters: tool after tool, each named after its index and `tag`. */
function createLargeModule(tag: string): string {
  const tools: string[] = [];
  let length = 0;
  for (let index = 0; length < MODULE_CHARS; index += 1) {
    const tool = `  defineTool({ name: '${tag}_operation_${index}', description: 'Operation ${index} of the ${tag} API.', jsonSchema: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' } }, required: ['owner', 'repo'] }, execute: () => 'ok' }),\n`;
    tools.push(tool);
    length += tool.length;
  }
  return `import { defineTool } from 'playground';\n\nexport default [\n${tools.join('')}];\n`;
}

function createTurn(turnId: string, source: string, index: number): SessionTurn {
  return sessionTurnSchema.parse({
    turnId,
    request: {
      source,
      messages: [{ role: 'user', content: `List the open issues, page ${index + 1}.` }],
      model: { provider: 'auto', seed: 7 },
      permissions: { mode: 'auto' },
      mode: 'chat',
      files: { 'notes.md': `page ${index}` },
      instructions: 'Answer briefly.',
      toolSearch: 'v2',
    },
    tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
    approvals: [],
    outputs: [],
    events: [{ type: 'turn-end', turnId, seq: 0, at: 1, reason: 'completed', iterations: 1 }],
  });
}

function createPlayground(source: string): SessionPlayground {
  return { source, message: '', model: { provider: 'auto', seed: 7 }, permissions: { mode: 'auto' }, mode: 'chat', instructions: 'Answer briefly.' };
}

let store: SessionStore;
let client: SqlClient;
const MODULE = createLargeModule('github');

beforeAll(async () => {
  ({ store, client } = await openTestStore(() => createPgliteClient()));
}, 60_000);

afterAll(async () => {
  await store.close();
});

describe('a session on a large module', () => {
  it('stores ten turns on a 1.9M-character module under the limit, and reads every turn back with its module', { timeout: 60_000 }, async () => {
    expect(MODULE.length).toBeGreaterThanOrEqual(MODULE_CHARS);
    const turnIds = Array.from({ length: 10 }, (_, index) => `large_turn_${index}`);
    for (const [index, turnId] of turnIds.entries()) await store.saveTurn(turnId, JSON.stringify(createTurn(turnId, MODULE, index)));

    const shared = await createSharedSession({ playground: createPlayground(MODULE), turnIds }, { store, checker: TEST_CHECKER });
    if (!shared.ok) throw new Error(shared.error.message);
    const [row] = await client.query<{ bytes: number }>('SELECT octet_length(body) AS bytes FROM sessions WHERE id = $1', [shared.value.id]);
    const storedBytes = Number(row!.bytes);
    expect(storedBytes).toBeLessThan(SESSION_LIMITS.recordBytes);
    expect(storedBytes).toBeLessThan(MODULE.length + 100_000);

    const read = await readStoredSession(shared.value.id, store);
    if (!read.ok) throw new Error(read.error.message);
    const inlineBytes = measureUtf8Bytes(JSON.stringify(read.value));
    console.info(`10 turns on a ${MODULE.length}-character module: ${storedBytes} bytes stored, ${inlineBytes} with every text inline.`);
    expect(read.value.playground.source === MODULE).toBe(true);
    expect(read.value.turns.map((turn) => turn.request.source === MODULE)).toEqual(Array(10).fill(true));
    expect(read.value.turns.map((turn) => turn.request.files)).toEqual(turnIds.map((_, index) => ({ 'notes.md': `page ${index}` })));

    // What GET /api/sessions/<id> answers: the stored form, the module once.
    const sent = await readSessionBody(shared.value.id, store);
    if (!sent.ok) throw new Error(sent.error.message);
    expect((JSON.parse(sent.value) as { texts: string[] }).texts.filter((text) => text === MODULE)).toHaveLength(1);
    expect(measureUtf8Bytes(sent.value)).toBeLessThan(SESSION_LIMITS.recordBytes);
  });

  it('refuses a session whose distinct modules together pass the limit, naming the limit', { timeout: 60_000 }, async () => {
    const modules = ['alpha', 'beta', 'gamma'].map(createLargeModule);
    const turnIds = modules.map((_, index) => `distinct_turn_${index}`);
    for (const [index, turnId] of turnIds.entries()) await store.saveTurn(turnId, JSON.stringify(createTurn(turnId, modules[index]!, index)));
    const shared = await createSharedSession({ playground: createPlayground(modules[0]!), turnIds }, { store, checker: TEST_CHECKER });
    expect(shared).toEqual({
      ok: false,
      error: { code: 'too-large', message: expect.stringMatching(new RegExp(`^The session is \\d+ bytes as stored; the limit is ${SESSION_LIMITS.recordBytes} bytes\\.$`)) },
    });
  });
});
