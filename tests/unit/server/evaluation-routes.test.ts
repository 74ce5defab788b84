import { describe, expect, it } from 'vitest';
import { POST as postEvaluation } from '@/app/api/evaluations/route';
import { GET as getEvaluation } from '@/app/api/evaluations/[id]/route';
import { GET as getSession } from '@/app/api/sessions/[id]/route';
import { GET as getExport } from '@/app/api/evaluations/[id]/export/route';
import { evaluationEventSchema, type EvaluationRecord, type EvaluationRequestBody } from '@/lib/contract';
import { PRESETS } from '@/lib/presets';
import { readEvaluationEvents } from '../../support/read-evaluation-events';
import { useTemporarySessionStore } from '../../support/use-temporary-session-store';

let evaluationId = '';
const preset = PRESETS.find((candidate) => candidate.id === 'auto-model-faults')!;

function params(id: string) {
  return { params: Promise.resolve({ id }) };
}

function evaluationBody(runs: number, variants = 2): EvaluationRequestBody {
  return {
    title: 'faults',
    turn: { messages: [{ role: 'user', content: preset.message }], permissions: { mode: 'auto' }, maxIterations: 4 },
    runs,
    models: [{ provider: 'auto', faults: { rate: 0.5 } }],
    variants: [
      { label: 'A', source: preset.source },
      { label: 'B', source: preset.source.replace('Commenting on', 'Writing on') },
    ].slice(0, variants),
    assertions: [
      { kind: 'tool-called', name: 'search_docs', called: true },
      { kind: 'no-rejected-calls' },
    ],
  };
}

useTemporarySessionStore('pglite-evaluations-');

describe('evaluation routes', () => {
  it('runs N × variants, streams each outcome, stores the record and each run as a session', { timeout: 120_000 }, async () => {
    const response = await postEvaluation(new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(evaluationBody(3)) }));
    expect(response.status).toBe(200);
    const events = await readEvaluationEvents(response);
    expect(events[0]).toMatchObject({ type: 'evaluation-start', totalRuns: 6, runs: 3, models: 1, variants: 2 });
    expect(events.at(-1)).toEqual({ type: 'evaluation-end', status: 'finished', finished: 6, totalRuns: 6 });
    const outcomes = events.flatMap((event) => (event.type === 'run-end' ? [event.outcome] : []));
    expect(outcomes.map((outcome) => `${outcome.variant}:${outcome.run}`).sort()).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', '1:2']);
    expect(events.filter((event) => event.type === 'run-end').map((event) => event.type === 'run-end' && event.finished)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('completed');
      expect(outcome.seed).toBe(1 + outcome.run);
      expect(outcome.assertions).toHaveLength(2);
      expect(outcome.iterations).toBeGreaterThan(0);
      expect(outcome.calls.length).toBeGreaterThan(0);
    }
    // The same seed gives A and B the same model behaviour: the module's change is in no argument.
    const signature = (variant: number, run: number) => JSON.stringify(outcomes.find((outcome) => outcome.variant === variant && outcome.run === run)!.calls);
    expect(signature(0, 1)).toBe(signature(1, 1));

    evaluationId = events[0]!.type === 'evaluation-start' ? events[0]!.evaluationId : '';
    expect(response.headers.get('x-evaluation-id')).toBe(evaluationId);
    const read = await getEvaluation(new Request(`http://localhost/api/evaluations/${evaluationId}`), params(evaluationId));
    expect(read.status).toBe(200);
    const record = (await read.json()) as EvaluationRecord;
    expect(record).toMatchObject({ id: evaluationId, status: 'finished', totalRuns: 6 });
    expect(record.outcomes).toEqual(outcomes);
    expect(record.request.variants.map((variant) => variant.label)).toEqual(['A', 'B']);

    const session = await getSession(new Request('http://localhost/api/sessions/x'), params(outcomes[0]!.sessionId!));
    expect(session.status).toBe(200);
    const stored = (await session.json()) as { title: string; turns: unknown[]; assertions: unknown[] };
    expect(stored.turns).toHaveLength(1);
    expect(stored.assertions).toHaveLength(2);
  });

  it('exports the runs as a Vitest suite and the request as a Promptfoo configuration', async () => {
    const exportAs = (format: string) => getExport(new Request(`http://localhost/api/evaluations/${evaluationId}/export?format=${format}`), params(evaluationId));
    const vitest = await exportAs('vitest');
    expect(vitest.status).toBe(200);
    expect(vitest.headers.get('content-disposition')).toBe(`attachment; filename="evaluation-${evaluationId}.test.ts"`);
    const suite = await vitest.text();
    expect(suite).toContain("import { compareEvaluationRun, replayAndCheck, type SessionAssertion } from './playground-replay.mjs';");
    for (const label of ['A · model 1 · run 1', 'B · model 1 · run 3']) expect(suite).toContain(`label: '${label}'`);
    expect(suite.match(/^  \{ label: /gm)).toHaveLength(6);

    const promptfoo = await exportAs('promptfoo');
    expect(promptfoo.status).toBe(200);
    const config = await promptfoo.text();
    expect(config).toContain('# Not exported: the embedded models (auto) run only in the playground.');
    const json = JSON.parse(config.slice(config.indexOf('{'))) as { evaluateOptions: { repeat: number }; providers: { label: string; config: { tools: { function: { name: string } }[] } }[]; tests: { assert: { type: string }[] }[] };
    expect(json.evaluateOptions.repeat).toBe(3);
    // Each variant's tools, compiled from its module, inline in its provider: nothing else to download.
    expect(json.providers.map((provider) => provider.label)).toEqual(['gpt-5-mini · A', 'gpt-5-mini · B']);
    for (const provider of json.providers) expect(provider.config.tools.map((tool) => tool.function.name)).toContain('search_docs');
    expect(json.tests[0]!.assert.map((assertion) => assertion.type)).toEqual(['javascript', 'is-valid-openai-tools-call']);

    expect((await exportAs('csv')).status).toBe(400);
  });

  it('stops when the client goes away (the request signal aborts): the stream ends as stopped and so does the record', { timeout: 120_000 }, async () => {
    const client = new AbortController();
    const response = await postEvaluation(
      new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(evaluationBody(40, 1)), signal: client.signal }),
    );
    expect(response.status).toBe(200);
    const stoppedId = response.headers.get('x-evaluation-id')!;
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('"type":"run-end"')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += chunk.value;
    }
    client.abort();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
    const events = text.split('\n\n').filter((part) => part.startsWith('data: ')).map((part) => evaluationEventSchema.parse(JSON.parse(part.slice('data: '.length))));
    expect(events.at(-1)).toMatchObject({ type: 'evaluation-end', status: 'stopped', reason: 'stopped' });
    const finished = events.filter((event) => event.type === 'run-end').length;
    expect(finished).toBeLessThan(40);
    const read = await getEvaluation(new Request(`http://localhost/api/evaluations/${stoppedId}`), params(stoppedId));
    expect(await read.json()).toMatchObject({ status: 'stopped', reason: 'stopped' });
  });

  it('refuses a request past its limits with the limit named, and answers 404 for an unknown evaluation', async () => {
    const response = await postEvaluation(new Request('http://localhost/api/evaluations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...evaluationBody(1), runs: 101 }) }));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('runs is at most 100.');
    const missing = await getEvaluation(new Request('http://localhost/api/evaluations/nope'), params('nope'));
    expect(missing.status).toBe(404);
  });
});
