import { beforeAll, describe, expect, it } from 'vitest';
import { checkAssertions, type AssertionVerdict } from '@/lib/assertions/check-session-assertions';
import { sessionAssertionSchema } from '@/lib/contract/assertions/session-assertion';
import { approvalGatePreset, parallelAndSequentialPreset, repairLadderPreset, taskSubmitResultPreset } from '@/lib/presets';
import type { RuntimeEvent } from '@/lib/runtime';
import { recordPresetTurn } from '../sessions/session-fixtures';
import { recordPresetTurnAnswering } from './assertion-fixtures';

/** Each preset turn's events, recorded for real through the server's turn stream. */
const turns = {} as Record<
  'parallel' | 'repair' | 'task' | 'taskCutShort' | 'approved' | 'deniedByPerson' | 'deniedByGate' | 'brokenModule',
  RuntimeEvent[]
>;

beforeAll(async () => {
  turns.parallel = (await recordPresetTurn(parallelAndSequentialPreset)).events;
  turns.repair = (await recordPresetTurn(repairLadderPreset)).events;
  turns.task = (await recordPresetTurn(taskSubmitResultPreset)).events;
  turns.taskCutShort = (await recordPresetTurn({ ...taskSubmitResultPreset, maxIterations: 2 })).events;
  turns.approved = (await recordPresetTurn(approvalGatePreset)).events;
  turns.deniedByPerson = (await recordPresetTurnAnswering(approvalGatePreset, { approved: false, reason: 'not today' })).events;
  turns.deniedByGate = (await recordPresetTurn({ ...approvalGatePreset, permissionMode: 'read-only' })).events;
  turns.brokenModule = (await recordPresetTurn({ ...parallelAndSequentialPreset, source: 'export default [;' })).events;
}, 60_000);

/** Parses one assertion as stored JSON would be, then checks it. */
function check(assertion: unknown, ...turnsEvents: RuntimeEvent[][]): AssertionVerdict {
  const [verdict] = checkAssertions([sessionAssertionSchema.parse(assertion)], turnsEvents);
  return verdict!;
}

/** The id of the `index`-th proposed call of `name` in a turn. */
function callId(events: readonly RuntimeEvent[], name: string, index = 0): string {
  const ids = events.flatMap((event) => (event.type === 'model-response' ? event.calls.filter((call) => call.name === name).map((call) => call.callId) : []));
  const id = ids[index];
  if (!id) throw new Error(`No call ${index} of ${name}.`);
  return id;
}

describe('checkAssertions', () => {
  it('answers one verdict per assertion, in order, with its index', () => {
    const verdicts = checkAssertions(
      [
        { kind: 'no-rejected-calls' },
        { kind: 'tool-called', name: 'read_file', called: true },
      ],
      [turns.parallel],
    );
    expect(verdicts.map(({ index, pass }) => ({ index, pass }))).toEqual([
      { index: 0, pass: true },
      { index: 1, pass: true },
    ]);
  });

  it('fails an assertion on a turn the session does not have, and every assertion on a session without turns', () => {
    expect(check({ kind: 'max-iterations', max: 5, turn: 2 }, turns.parallel)).toEqual({ index: 0, pass: false, message: 'The session has 1 turn; there is no turn 3.' });
    expect(check({ kind: 'no-rejected-calls' })).toMatchObject({ pass: false, message: 'The session has no turns to check.' });
  });
});

describe('tool-called', () => {
  it('counts the calls the model proposed, over the whole session or in one turn', () => {
    expect(check({ kind: 'tool-called', name: 'read_file', called: true, times: { min: 4, max: 4 } }, turns.parallel)).toEqual({ index: 0, pass: true, message: 'read_file was called 4 times.' });
    expect(check({ kind: 'tool-called', name: 'read_file', called: true, times: { min: 4 } }, turns.repair, turns.parallel)).toMatchObject({ pass: true });
    expect(check({ kind: 'tool-called', name: 'read_file', called: true, turn: 0 }, turns.repair, turns.parallel)).toMatchObject({
      pass: false,
      message: 'read_file was never called in turn 1; the calls were get_weather ×7, current_time, get_weather ×2.',
    });
  });

  it('counts a rejected call as a call', () => {
    // Nine get_weather calls in the first response (one refused by the ladder) and one retry.
    expect(check({ kind: 'tool-called', name: 'get_weather', called: true, times: { min: 9, max: 9 } }, turns.repair)).toMatchObject({ pass: true, message: 'get_weather was called 9 times.' });
  });

  it('names the calls when there are too many or too few', () => {
    const verdict = check({ kind: 'tool-called', name: 'write_file', called: true, times: { max: 0 } }, turns.parallel);
    expect(verdict).toEqual({ index: 0, pass: false, message: `write_file was called 1 time, more than 0: ${callId(turns.parallel, 'write_file')} (turn 1).` });
    expect(check({ kind: 'tool-called', name: 'read_file', called: true, times: { min: 5 } }, turns.parallel).message).toMatch(/^read_file was called 4 times, fewer than 5: call_\w+ \(turn 1\), /);
  });

  it('allows no call at all only when times says so', () => {
    expect(check({ kind: 'tool-called', name: 'delete_file', called: true, times: { min: 0, max: 1 } }, turns.parallel)).toMatchObject({ pass: true, message: 'delete_file was called 0 times.' });
  });

  it('checks that a tool is never called', () => {
    expect(check({ kind: 'tool-called', name: 'delete_file', called: false }, turns.parallel)).toMatchObject({ pass: true, message: 'delete_file was never called.' });
    expect(check({ kind: 'tool-called', name: 'delete_file', called: false, turn: 0 }, turns.approved)).toEqual({
      index: 0,
      pass: false,
      message: `delete_file was called 1 time in turn 1: ${callId(turns.approved, 'delete_file')} (turn 1).`,
    });
  });
});

describe('call-order', () => {
  it('passes when the names appear in this order, not necessarily adjacent', () => {
    expect(check({ kind: 'call-order', names: ['read_file', 'write_file', 'read_file'] }, turns.parallel)).toMatchObject({
      pass: true,
      message: 'read_file, write_file, read_file were called in this order.',
    });
  });

  it('orders calls across turns', () => {
    expect(check({ kind: 'call-order', names: ['current_time', 'write_file'] }, turns.repair, turns.parallel)).toMatchObject({ pass: true });
    expect(check({ kind: 'call-order', names: ['write_file', 'current_time'] }, turns.repair, turns.parallel).pass).toBe(false);
  });

  it('names the last call found in order and the tool missing after it', () => {
    const verdict = check({ kind: 'call-order', names: ['write_file', 'read_file', 'write_file'] }, turns.parallel);
    expect(verdict).toEqual({
      index: 0,
      pass: false,
      message: `write_file, read_file were called in order (up to read_file call ${callId(turns.parallel, 'read_file', 3)} in turn 1), but no write_file after it; the calls were read_file ×3, write_file, read_file.`,
    });
    expect(check({ kind: 'call-order', names: ['send_email', 'read_file'] }, turns.parallel).message).toBe('send_email was never called; the calls were read_file ×3, write_file, read_file.');
  });
});

describe('arguments-match', () => {
  it('matches a partial value on every call by default, naming the first call that differs', () => {
    expect(check({ kind: 'arguments-match', name: 'write_file', match: { kind: 'partial', value: { path: 'summary.md' } } }, turns.parallel)).toMatchObject({
      pass: true,
      message: 'Every call of write_file has matching arguments (1 call).',
    });
    expect(check({ kind: 'arguments-match', name: 'read_file', match: { kind: 'partial', value: { path: 'notes/monday.md' } } }, turns.parallel)).toEqual({
      index: 0,
      pass: false,
      message: `read_file call ${callId(turns.parallel, 'read_file', 1)} in turn 1: /path is "notes/tuesday.md", expected "notes/monday.md" (3 of 4 calls do not match).`,
    });
  });

  it('with every: false, passes when one call matches', () => {
    expect(check({ kind: 'arguments-match', name: 'read_file', every: false, match: { kind: 'partial', value: { path: 'notes/tuesday.md' } } }, turns.parallel)).toEqual({
      index: 0,
      pass: true,
      message: `read_file call ${callId(turns.parallel, 'read_file', 1)} in turn 1 has matching arguments (1 of 4 calls).`,
    });
    expect(check({ kind: 'arguments-match', name: 'read_file', every: false, match: { kind: 'partial', value: { path: 'nowhere.md' } } }, turns.parallel).message).toBe(
      `None of the 4 calls of read_file has matching arguments; read_file call ${callId(turns.parallel, 'read_file')} in turn 1: /path is "notes/monday.md", expected "nowhere.md".`,
    );
  });

  it('reads repaired arguments as validated, and unparseable ones as not JSON', () => {
    // The first call was sent inside a code fence; the ladder repaired it.
    expect(check({ kind: 'arguments-match', name: 'get_weather', every: false, match: { kind: 'partial', value: { city: 'Oslo', include_forecast: false } } }, turns.repair).pass).toBe(true);
    const refused = callId(turns.repair, 'get_weather', 7);
    expect(check({ kind: 'arguments-match', name: 'get_weather', match: { kind: 'partial', value: {} } }, turns.repair).message).toMatch(
      new RegExp(`^get_weather call ${refused} in turn 1: its arguments are not JSON \\("\\{\\\\"city\\\\":\\\\"Oslo\\\\"`),
    );
  });

  it('says which key is missing and compares arrays element by element', () => {
    expect(check({ kind: 'arguments-match', name: 'write_file', match: { kind: 'partial', value: { mode: 'append' } } }, turns.parallel).message).toMatch(/: \/mode is missing, expected "append"\.$/);
    expect(check({ kind: 'arguments-match', name: 'write_file', match: { kind: 'partial', value: [] } }, turns.parallel).message).toMatch(/: \(root\) is \{"path":"summary\.md",.*, expected \[\]\.$/);
  });

  it('validates every call against a JSON Schema, with the validator’s words', () => {
    const schema = { type: 'object', properties: { city: { type: 'string', minLength: 5 } }, required: ['city'] };
    // Oslo and Lima are too short, and the refused call's arguments are not JSON.
    const verdict = check({ kind: 'arguments-match', name: 'get_weather', turn: 0, match: { kind: 'schema', schema } }, turns.repair);
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toBe(`get_weather call ${callId(turns.repair, 'get_weather')} in turn 1: its arguments do not validate (/city: must be at least 5 characters long) (3 of 9 calls do not match).`);
    expect(check({ kind: 'arguments-match', name: 'get_weather', every: false, match: { kind: 'schema', schema } }, turns.repair).pass).toBe(true);
  });

  it('fails when the tool was never called, whatever every says', () => {
    expect(check({ kind: 'arguments-match', name: 'send_email', every: false, match: { kind: 'partial', value: {} } }, turns.parallel)).toMatchObject({
      pass: false,
      message: 'send_email was never called, so there are no arguments to match; the calls were read_file ×3, write_file, read_file.',
    });
  });
});

describe('no-rejected-calls', () => {
  it('passes a turn whose calls were all accepted', () => {
    expect(check({ kind: 'no-rejected-calls' }, turns.parallel)).toMatchObject({ pass: true, message: 'No call was rejected (5 calls).' });
  });

  it('names each rejected call with its code and reason', () => {
    expect(check({ kind: 'no-rejected-calls' }, turns.parallel, turns.repair)).toEqual({
      index: 0,
      pass: false,
      message: `1 call was rejected: get_weather call ${callId(turns.repair, 'get_weather', 7)} in turn 2 was rejected (unparseable-arguments): ${firstInputError(turns.repair)}.`,
    });
    expect(check({ kind: 'no-rejected-calls', turn: 0 }, turns.parallel, turns.repair).pass).toBe(true);
    expect(check({ kind: 'no-rejected-calls' }, turns.task).message).toMatch(/^1 call was rejected: submit_result call call_\w+ in turn 1 was rejected \(invalid-arguments\): /);
  });
});

describe('no-denied-calls', () => {
  it('passes when every approval was granted', () => {
    expect(check({ kind: 'no-denied-calls' }, turns.approved)).toMatchObject({ pass: true, message: 'No call was denied (3 calls).' });
  });

  it('names calls a person denied, with the reason they gave', () => {
    expect(check({ kind: 'no-denied-calls' }, turns.deniedByPerson)).toEqual({
      index: 0,
      pass: false,
      message: `2 calls were denied: delete_file call ${callId(turns.deniedByPerson, 'delete_file')} in turn 1 was denied by a person: not today; send_email call ${callId(turns.deniedByPerson, 'send_email')} in turn 1 was denied by a person: not today.`,
    });
  });

  it('names calls the permission gate denied, with its reason', () => {
    expect(check({ kind: 'no-denied-calls' }, turns.deniedByGate).message).toBe(
      `2 calls were denied: delete_file call ${callId(turns.deniedByGate, 'delete_file')} in turn 1 was denied by the permission gate: Permission mode read-only: delete_file is a destructive tool.; send_email call ${callId(turns.deniedByGate, 'send_email')} in turn 1 was denied by the permission gate: Permission mode read-only: send_email is a write tool..`,
    );
  });
});

describe('final-text', () => {
  it('reads the last turn unless a turn is named', () => {
    expect(check({ kind: 'final-text', contains: 'eight cities' }, turns.parallel, turns.repair)).toMatchObject({
      pass: true,
      message: 'The final text of turn 2 holds: "Weather collected for eight cities.".',
    });
    expect(check({ kind: 'final-text', contains: 'eight cities', turn: 0 }, turns.parallel, turns.repair)).toEqual({
      index: 0,
      pass: false,
      message: 'The final text of turn 1 does not contain "eight cities": "The summary is written to summary.md and reads back correctly.".',
    });
  });

  it('matches a pattern with RE2, case-sensitively', () => {
    expect(check({ kind: 'final-text', matches: '^The summary is written to \\w+\\.md' }, turns.parallel).pass).toBe(true);
    expect(check({ kind: 'final-text', contains: 'summary', matches: '^the summary' }, turns.parallel)).toMatchObject({
      pass: false,
      message: 'The final text of turn 1 does not match /^the summary/: "The summary is written to summary.md and reads back correctly.".',
    });
  });

  it('fails a turn that ended without a final text, saying how it ended', () => {
    expect(check({ kind: 'final-text', contains: 'x' }, turns.task).message).toBe('Turn 1 ended with reason completed without a final text.');
    expect(check({ kind: 'final-text', contains: 'x' }, turns.brokenModule).message).toMatch(/^Turn 1 ended with an error \(.+\) without a final text\.$/);
    expect(check({ kind: 'final-text', contains: 'x' }, turns.parallel.slice(0, -1)).message).toBe('Turn 1 did not finish (no turn-end), so it has no final text.');
  });
});

describe('task-result-valid', () => {
  it('passes a task turn whose submission was accepted', () => {
    expect(check({ kind: 'task-result-valid' }, turns.task)).toEqual({
      index: 0,
      pass: true,
      message: 'Turn 1 ended with a result that validated: {"order_id":"A-1001","status":"shipped","total":45.99}.',
    });
  });

  it('fails a task turn that ran out of iterations, with the rejected submission', () => {
    expect(check({ kind: 'task-result-valid' }, turns.taskCutShort).message).toMatch(
      /^Turn 1 ended with reason max-iterations without a result; 1 submission rejected, the last rejected \(invalid-arguments\): .+\.$/,
    );
  });

  it('fails a chat turn', () => {
    expect(check({ kind: 'task-result-valid', turn: 0 }, turns.parallel, turns.task).message).toBe('Turn 1 is a chat turn: only a task-mode turn submits a result.');
  });
});

describe('max-iterations and max-tokens', () => {
  it('holds in every turn unless a turn is named', () => {
    expect(check({ kind: 'max-iterations', max: 3 }, turns.parallel, turns.repair)).toMatchObject({ pass: true, message: 'Every turn took at most 3 iterations; the most was 3, in turn 2.' });
    expect(check({ kind: 'max-iterations', max: 2 }, turns.parallel, turns.repair)).toMatchObject({ pass: false, message: 'Turn 2 took 3 iterations, more than 2.' });
    expect(check({ kind: 'max-iterations', max: 2, turn: 0 }, turns.parallel, turns.repair)).toMatchObject({ pass: true, message: 'Turn 1 took 2 iterations (at most 2).' });
  });

  it('sums the usage of every response of a turn', () => {
    const total = usageOf(turns.parallel);
    expect(total).toBeGreaterThan(0);
    expect(check({ kind: 'max-tokens', max: total }, turns.parallel)).toMatchObject({ pass: true, message: `Turn 1 used ${total.toLocaleString('en-US')} tokens (at most ${total.toLocaleString('en-US')}).` });
    expect(check({ kind: 'max-tokens', max: total - 1 }, turns.parallel)).toMatchObject({
      pass: false,
      message: `Turn 1 used ${total.toLocaleString('en-US')} tokens over 2 responses, more than ${(total - 1).toLocaleString('en-US')}.`,
    });
  });

  it('fails a turn that did not finish', () => {
    expect(check({ kind: 'max-tokens', max: 10 }, turns.parallel.slice(0, 5)).message).toBe('Turn 1 did not finish (no turn-end), so its tokens are not known.');
  });
});

function firstInputError(events: readonly RuntimeEvent[]): string {
  const error = events.find((event) => event.type === 'tool-input-error');
  if (!error || error.type !== 'tool-input-error') throw new Error('No input error.');
  return error.message.split('\n')[0]!;
}

function usageOf(events: readonly RuntimeEvent[]): number {
  return events.reduce((sum, event) => sum + (event.type === 'model-response' ? (event.usage?.totalTokens ?? 0) : 0), 0);
}
