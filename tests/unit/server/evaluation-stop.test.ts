import { describe, expect, it } from 'vitest';
import { GET as getSession } from '@/app/api/sessions/[id]/route';
import { evaluationRequestSchema, type EvaluationRequestBody } from '@/lib/contract';
import { readRunFacts } from '@/lib/evaluation';
import { PRESETS } from '@/lib/presets';
import type { RuntimeEvent } from '@/lib/runtime';
import { listReplayableRuns } from '@/lib/server/evaluations/list-replayable-runs';
import { createEvaluationTurnRunner } from '@/lib/server/evaluations/run-evaluation-turn';
import { createEvaluationRunStore } from '@/lib/server/evaluations/store-evaluation-run';
import { getSessionChecker, getSessionStore } from '@/lib/server/sessions/get-session-store';
import { readModelEnvironment, streamTurn, type StreamTurnOptions } from '@/lib/server/turns';
import { replaySession } from '@/lib/replay';
import { runTurnOnTape } from '@/lib/server/replay';
import { readStoredSession } from '@/lib/sessions/store/read-stored-session';
import { useTemporarySessionStore } from '../../support/use-temporary-session-store';

const preset = PRESETS.find((candidate) => candidate.id === 'auto-model-faults')!;
// The docs search takes a minute: a run that calls it is still going when the evaluation is stopped.
const slowSource = preset.source.replace('await ctx.sleep(50);', 'await ctx.sleep(60_000);');

const body: EvaluationRequestBody = {
  title: 'stopped',
  turn: { messages: [{ role: 'user', content: preset.message }], permissions: { mode: 'auto' }, maxIterations: 4 },
  runs: 1,
  models: [{ provider: 'auto' }],
  variants: [{ label: 'A', source: slowSource }],
  assertions: [{ kind: 'tool-called', name: 'search_docs', called: true }, { kind: 'no-rejected-calls' }],
};

useTemporarySessionStore('pglite-evaluation-stop-');

describe('a stopped evaluation run', () => {
  it('keeps its partial turn: the stored session has the events and tape until Stop, ends as stopped, and the run counts as stopped, not as failing', { timeout: 60_000 }, async () => {
    const request = evaluationRequestSchema.parse(body);
    const stopper = new AbortController();
    const seen: RuntimeEvent[] = [];
    // The turn as the evaluation starts it, with its events also read here, to stop while the slow call runs.
    const startTurn = async (options: StreamTurnOptions) => {
      const started = await streamTurn(options);
      if (!started.ok) return started;
      const { attach } = started.events;
      started.events.attach = (sink) =>
        attach({
          close: () => sink.close(),
          write: (text) => {
            sink.write(text);
            for (const match of text.matchAll(/^data: (.*)$/gm)) seen.push(JSON.parse(match[1]!) as RuntimeEvent);
            if (seen.some((event) => event.type === 'tool-call-start' && event.name === 'search_docs')) stopper.abort('stopped');
          },
        });
      return started;
    };
    const store = await getSessionStore();
    const runOne = createEvaluationTurnRunner({
      request,
      clientId: '203.0.113.7',
      env: readModelEnvironment(),
      startTurn,
      storeRun: createEvaluationRunStore(request, { store, checker: getSessionChecker(), owner: 'stop-test' }),
    });
    const { outcome } = await runOne({ variant: 0, model: 0, run: 0, seed: 1 }, stopper.signal);

    expect(outcome).toMatchObject({ status: 'errored', error: { code: 'stopped', message: 'The evaluation was stopped before its turn ended; the session keeps what it did until then.' } });
    expect(outcome.sessionId).toEqual(expect.any(String));
    // What it did until then is in its facts: the call it was making.
    expect(outcome.calls.map((call) => call.name)).toContain('search_docs');
    expect(outcome.iterations).toBeGreaterThan(0);

    const response = await getSession(new Request('http://localhost/api/sessions/x'), { params: Promise.resolve({ id: outcome.sessionId! }) });
    expect(response.status).toBe(200);
    const session = (await response.json()) as { turns: { events: RuntimeEvent[]; tape: unknown[] }[] };
    expect(session.turns).toHaveLength(1);
    const [turn] = session.turns;
    expect(turn!.tape.length).toBeGreaterThan(0);
    const types = turn!.events.map((event) => event.type);
    expect(types[0]).toBe('turn-start');
    expect(types).toContain('model-response');
    expect(types).toContain('tool-call-start');
    expect(turn!.events.at(-1)).toMatchObject({ type: 'turn-end', reason: 'aborted' });
    expect(turn!.events.map((event) => event.seq)).toEqual([...turn!.events.keys()]);

    // Its session's Replay does not run the turn past Stop again (a minute's sleep, then a tape it lacks): it says stopped.
    const stored = await readStoredSession(outcome.sessionId!, store);
    if (!stored.ok) throw new Error(stored.error.message);
    expect(await replaySession(stored.value, (taped) => runTurnOnTape(taped))).toMatchObject({
      identical: true,
      differences: [],
      turns: [{ turn: 0, identical: true, differences: 0, stopped: true }],
    });

    // The results leave it out: a stopped run fails no assertion it never finished.
    expect(readRunFacts(outcome, { models: ['auto'], variants: ['A'] })).toBeNull();
  });

  it('is left out of Replay and the Vitest export (its tape ends where it was stopped), counted as skipped like a run not stored', () => {
    const row = (run: number, sessionId: string | null, outcome: object) => ({ variant: 0, model: 0, run, sessionId, outcomeText: JSON.stringify(outcome) });
    const rows = [
      row(0, 's0', { status: 'completed', ending: 'completed' }),
      row(1, 's1', { status: 'errored', error: { code: 'stopped', message: 'The evaluation was stopped before its turn ended.' } }),
      row(2, null, { status: 'errored', error: { code: 'not-stored', message: 'quota' } }),
      row(3, 's3', { status: 'errored', error: { code: 'turn-error', message: 'The model request failed.' } }),
    ];
    expect(listReplayableRuns(rows).map((run) => run.run)).toEqual([0, 3]);
  });
});
