import { describe, expect, it } from 'vitest';
import { createInitialState, playgroundReducer, type PlaygroundState } from '@/lib/client/playground-state';
import { buildSessionPlayground, selectShareableTurnId, toAbsoluteUrl } from '@/lib/client/session-playground';
import { createPreset } from './client-fixtures';
import { createSessionRecord, createTurnEvents } from './session-fixtures';

function finishedRun(state: PlaygroundState, turnId: string): PlaygroundState {
  let next = playgroundReducer(state, { type: 'run-started', runId: 1 });
  for (const event of createTurnEvents(turnId)) next = playgroundReducer(next, { type: 'run-event', runId: 1, event });
  return playgroundReducer(next, { type: 'run-finished', runId: 1 });
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
    expect(state.message).toBe('Hi');
    expect(state.model.provider).toBe('scripted');
    expect(state.model.seed).toBe(42);
    expect(state.permissionMode).toBe('review');
    expect(state.maxIterations).toBe(4);
    expect(state.run.phase).toBe('ended');
    expect(state.run.runId).toBe(0);
    expect(state.run.turnId).toBe('turn_b');
    expect(state.run.events.map((event) => `${event.turnId}:${event.type}`)).toEqual(['turn_a:turn-start', 'turn_a:turn-end', 'turn_b:turn-start', 'turn_b:turn-end']);
  });

  it('marks a fork with the session it came from; loading a preset makes it local again', () => {
    const record = createSessionRecord();
    const forked = playgroundReducer(createInitialState(), { type: 'session-loaded', record, origin: 'forked' });
    expect(forked.origin).toEqual({ kind: 'forked', sessionId: record.id });
    expect(playgroundReducer(forked, { type: 'preset-loaded', preset: createPreset() }).origin).toEqual({ kind: 'local' });
  });
});

describe('selectShareableTurnId', () => {
  it('is the turn that ran and ended on this page', () => {
    expect(selectShareableTurnId(finishedRun(createInitialState(createPreset()), 'turn_x'))).toBe('turn_x');
  });

  it('is null before a run, while it streams, for a recording and on a shared page', () => {
    const preset = createInitialState(createPreset());
    expect(selectShareableTurnId(preset)).toBeNull();
    const streaming = playgroundReducer(playgroundReducer(preset, { type: 'run-started', runId: 1 }), {
      type: 'run-event',
      runId: 1,
      event: createTurnEvents('turn_x')[0]!,
    });
    expect(selectShareableTurnId(streaming)).toBeNull();
    const recorded = playgroundReducer(preset, { type: 'session-loaded', record: createSessionRecord(), origin: 'forked' });
    expect(selectShareableTurnId(recorded)).toBeNull();
    const shared = playgroundReducer(preset, { type: 'session-loaded', record: createSessionRecord(), origin: 'shared' });
    expect(selectShareableTurnId(finishedRun(shared, 'turn_y'))).toBeNull();
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
