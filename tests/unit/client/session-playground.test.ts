import { describe, expect, it } from 'vitest';
import { selectActiveBranch } from '@/lib/client/conversation-state';
import { createInitialState, playgroundReducer, type PlaygroundState } from '@/lib/client/playground-state';
import { buildSessionPlayground, selectShareableTurnIds, toAbsoluteUrl } from '@/lib/client/session-playground';
import { createPreset } from './client-fixtures';
import { createSessionRecord, createTurnEvents } from './session-fixtures';

function finishedRun(state: PlaygroundState, turnId: string, runId = 1): PlaygroundState {
  let next = playgroundReducer(state, { type: 'run-started', runId, message: 'Hi' });
  for (const event of createTurnEvents(turnId)) next = playgroundReducer(next, { type: 'run-event', runId, event });
  return playgroundReducer(next, { type: 'run-finished', runId });
}

describe('session-loaded', () => {
  it('loads the recorded playground and shows every turn as an ended run', () => {
    const record = createSessionRecord(['turn_a', 'turn_b']);
    const state = playgroundReducer(createInitialState(createPreset()), { type: 'session-loaded', record, origin: 'shared' });
    expect(state.origin).toEqual({ kind: 'shared', sessionId: record.id, createdAt: record.createdAt, title: 'Demo' });
    expect(state.presetId).toBeNull();
    expect(state.documents).toEqual({
      tools: 'export default [];',
      script: '[{"text":"Done."}]\n',
      'result-schema': '{"type":"object"}',
      files: '{\n  "a.txt": "A"\n}\n',
    });
    // The composer starts empty: a message typed there continues the recorded conversation.
    expect(state.message).toBe('');
    expect(state.model.provider).toBe('scripted');
    expect(state.model.seed).toBe(42);
    expect(state.permissionMode).toBe('review');
    expect(state.maxIterations).toBe(4);
    const turns = selectActiveBranch(state.conversation).turns;
    expect(turns.map((turn) => [turn.runId, turn.phase, turn.turnId])).toEqual([
      [0, 'ended', 'turn_a'],
      [0, 'ended', 'turn_b'],
    ]);
    expect(turns.flatMap((turn) => turn.events).map((event) => `${event.turnId}:${event.type}`)).toEqual(['turn_a:turn-start', 'turn_a:turn-end', 'turn_b:turn-start', 'turn_b:turn-end']);
  });

  it('marks a fork with the session it came from; loading a preset makes it local again', () => {
    const record = createSessionRecord();
    const forked = playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'forked' });
    expect(forked.origin).toEqual({ kind: 'forked', sessionId: record.id });
    expect(playgroundReducer(forked, { type: 'preset-loaded', preset: createPreset() }).origin).toEqual({ kind: 'local' });
  });
});

describe('selectShareableTurnIds', () => {
  it('is every turn of the conversation once the newest has ended, in order', () => {
    const one = finishedRun(createInitialState(createPreset()), 'turn_x');
    expect(selectShareableTurnIds(one)).toEqual(['turn_x']);
    expect(selectShareableTurnIds(finishedRun(one, 'turn_z', 2))).toEqual(['turn_x', 'turn_z']);
  });

  it('includes the recorded turns of a fork once a turn ran on top of them', () => {
    const forked = playgroundReducer(createInitialState(), { type: 'session-loaded', record: createSessionRecord(['turn_a']), origin: 'forked' });
    expect(selectShareableTurnIds(forked)).toEqual([]);
    expect(selectShareableTurnIds(finishedRun(forked, 'turn_new'))).toEqual(['turn_a', 'turn_new']);
  });

  it('is null before a run, while it streams, for a recording and on a shared page', () => {
    const preset = createInitialState(createPreset());
    expect(selectShareableTurnIds(preset)).toEqual([]);
    const streaming = playgroundReducer(playgroundReducer(preset, { type: 'run-started', runId: 1, message: 'Hi' }), {
      type: 'run-event',
      runId: 1,
      event: createTurnEvents('turn_x')[0]!,
    });
    expect(selectShareableTurnIds(streaming)).toEqual([]);
    const shared = playgroundReducer(preset, { type: 'session-loaded', record: createSessionRecord(), origin: 'shared' });
    expect(selectShareableTurnIds(finishedRun(shared, 'turn_y'))).toEqual([]);
  });
});

describe('buildSessionPlayground', () => {
  it('sends the editor documents and settings as checked for a run', () => {
    const state = createInitialState(createPreset({ files: { 'notes.md': '# hi' } }));
    const playground = buildSessionPlayground(state);
    expect(playground).toEqual({
      ok: true,
      value: {
        source: 'export default [];',
        script: state.documents.script,
        resultSchema: state.documents['result-schema'],
        files: { 'notes.md': '# hi' },
        message: 'Read a.txt',
        model: { provider: 'auto', seed: 7 },
        permissions: { mode: 'auto' },
        mode: 'chat',
        maxIterations: 8,
      },
    });
  });

  it('refuses what a run would refuse, with the same reason', () => {
    const state = playgroundReducer(createInitialState(createPreset()), { type: 'document-changed', tab: 'files', text: '{ oops' });
    const playground = buildSessionPlayground(state);
    expect(playground.ok).toBe(false);
    if (!playground.ok) expect(playground.error).toMatch(/^files is not valid JSON/);
  });
});

it('makes the server-relative link absolute', () => {
  expect(toAbsoluteUrl('/s/abc', 'http://localhost:3500')).toBe('http://localhost:3500/s/abc');
});
