import { afterAll, describe, expect, it } from 'vitest';
import { createPooledSessionChecker } from '@/lib/sandbox/pool/create-pooled-session-checker';
import { createSandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { BODY_LIMITS, INLINE_BODY_VALUES } from '@/lib/server/http/body-limits';
import { parseScannedBody, SESSION_LIMITS, turnRequestSchema } from '@/lib/contract';
import { parseRequestBody } from '@/lib/server/http/read-request-body';
import { createInlineSessionChecker } from '@/lib/sessions/record/session-checker';
import { SESSION_RECORD_VERSION } from '@/lib/sessions/record/session-record';

const pool = createSandboxPool({ size: 1 });
afterAll(() => pool.close());

const source = "import { defineTool } from 'playground';\nexport default [];\n";
const turn = {
  turnId: 'turn_1',
  request: { source, messages: [{ role: 'user', content: 'hi' }], model: { provider: 'auto', seed: 3 }, toolSearch: 'v2' },
  tape: [{ request: { input: [] }, response: { output: [] }, status: 200 }],
  approvals: [],
  outputs: [],
  events: [{ type: 'turn-end', turnId: 'turn_1', seq: 0, at: 1, reason: 'completed', iterations: 1 }],
};
const playground = { source, message: 'hi', model: { provider: 'auto', seed: 3 }, permissions: { mode: 'auto' }, mode: 'chat' };
const file = JSON.stringify({ version: SESSION_RECORD_VERSION, playground, turns: [turn] });
const identity = { id: 'AAAAAAAAAAAAAAAAAAAAAA', createdAt: '2026-01-01T00:00:00.000Z' };

describe('checks in the sandbox pool', () => {
  it('prepares a record in a worker exactly as on the calling thread', async () => {
    const input = { kind: 'import' as const, ...identity, text: file };
    const pooled = await createPooledSessionChecker(pool).prepareSession(input);
    expect(pooled.ok).toBe(true);
    expect(pooled).toEqual(await createInlineSessionChecker().prepareSession(input));
    expect(await createPooledSessionChecker(pool).prepareSession({ kind: 'import', ...identity, text: '{"hello":1}' })).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'The file has no "version": is it an exported session?' },
    });
    const prepared = await createPooledSessionChecker(pool).prepareTurn({ ...turn, request: { ...turn.request, model: { provider: 'openai', model: 'gpt-5.4', apiKey: 'typed-key-123' } } }, ['typed-key-123']);
    expect(prepared.ok && prepared.value).not.toContain('typed-key-123');
  });

  it('checks a batch of shared turns in one request, each on its own: a typed key removed, a turn past the bounds refused', async () => {
    const share = (id: string, finished: unknown) => ({ kind: 'share' as const, id, createdAt: identity.createdAt, playground, turnIds: ['turn_1'], finishedTurns: [JSON.stringify(finished)], secrets: ['typed-key-123'] });
    const leaky = { ...turn, request: { ...turn.request, messages: [{ role: 'user', content: 'my key is typed-key-123' }] } };
    const huge = { ...turn, tape: [{ request: { input: Array.from({ length: SESSION_LIMITS.exchangeValues + 1 }, () => 0) }, response: { output: [] }, status: 200 }] };
    const inputs = [share('BBBBBBBBBBBBBBBBBBBBBB', leaky), share('CCCCCCCCCCCCCCCCCCCCCC', huge), share('DDDDDDDDDDDDDDDDDDDDDD', turn)];
    const answers = await createPooledSessionChecker(pool).prepareSessions(inputs);
    expect(answers).toEqual(await createInlineSessionChecker().prepareSessions(inputs));
    expect(answers.map((answer) => answer.ok)).toEqual([true, false, true]);
    expect(answers[0]?.ok && answers[0].value.body).not.toContain('typed-key-123');
    expect(answers[1]).toEqual({ ok: false, error: { code: 'too-large', message: `turns.0.tape.0.request holds more than ${SESSION_LIMITS.exchangeValues} JSON values; a model exchange holds at most that many.` } });
  });

  it('parses a body of many values in a worker, with the same verdict as on the HTTP thread', async () => {
    const values = INLINE_BODY_VALUES + 5000;
    const large = JSON.stringify({ source, messages: [{ role: 'user', content: 'go' }], model: { provider: 'auto' }, mode: 'task', resultSchema: { enum: Array.from({ length: values }, (_, index) => index) } });
    const parsed = await parseRequestBody(large, 'turn', pool);
    expect(parsed).toEqual(parseScannedBody(large, turnRequestSchema));
    expect(parsed.ok).toBe(true);
    const taped = JSON.stringify({ source, messages: [{ role: 'user', content: 'go' }], model: { provider: 'tape', tape: [] }, resultSchema: { enum: Array.from({ length: values }, (_, index) => index) } });
    expect(await parseRequestBody(taped, 'turn', pool)).toEqual({ ok: false, status: 400, error: expect.stringContaining('Invalid request: model') });
    const tiny = `{"source":"","messages":[],"model":{"provider":"auto"},"resultSchema":{"enum":[${'0,'.repeat(BODY_LIMITS.turn.values)}0]}}`;
    expect(await parseRequestBody(tiny, 'turn', pool)).toEqual({ ok: false, status: 413, error: `The body holds more than ${BODY_LIMITS.turn.values} JSON values; this request may hold at most ${BODY_LIMITS.turn.values}.` });
  });
});
