import { afterAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MODEL_CONFIG_LIMITS, SESSION_LIMITS } from '@/lib/contract';
import { TRACE_LIMITS } from '@/lib/traces';
import { formatLatency, sampleLatency } from '../../harness/sample-latency';
import { readCheckedSessionRecord } from '@/lib/sessions';
import { buildGenAiConversation } from '../support/traces/build-gen-ai-conversation';
import { closeFetchAgents, fetchFrom } from './support/fetch-from';
import { expectResponsive, expectServerStillServes, MAX_HEALTH_LATENCY_MS } from './support/server-checks';
import { useAbuseServer } from './support/use-abuse-server';

/**
 * `POST /api/traces/import` and `GET /api/sessions/{id}/export?format=otlp` against the production
 * server: bodies built to hurt (huge, countless values, deep nesting, 100,000 spans, attributes of
 * the wrong types, control characters in names), the longest conversation an import takes, a flood
 * from one address, a large session exported and ids that name nothing. Each gets a bounded answer
 * with its reason (a 4xx naming the limit, or the import with its notes) while `/api/health`
 * keeps answering within a second. Each test attacks from its own address, since imports take one
 * of the address's 10 session writes a minute before the body is read.
 */
const { baseURL } = useAbuseServer();
afterAll(closeFetchAgents);

type Answer = Awaited<ReturnType<typeof fetchFrom>>;

function importFrom(address: string, body: string): Promise<Answer> {
  return fetchFrom(address, `${baseURL()}/api/traces/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, timeoutMs: 120_000 });
}

function exportFrom(address: string, id: string): Promise<Answer> {
  return fetchFrom(address, `${baseURL()}/api/sessions/${id}/export?format=otlp`, { timeoutMs: 60_000 });
}

function describeAnswers(answers: readonly Answer[]): string {
  return answers.map((answer) => `${answer.status} ${answer.text.slice(0, 200)}`).join('\n');
}

/** An OTLP document whose one scope holds `spans` (any JSON text) as its span list. */
function withSpansText(spans: string): string {
  return `{"resourceSpans":[{"scopeSpans":[{"spans":${spans}}]}]}`;
}

/** A span of the GenAI conventions as the importer reads it, its attributes given as OTLP key-values. */
function span(spanId: string, attributes: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { traceId: 'd'.repeat(32), spanId, name: 'chat m', startTimeUnixNano: '10', endTimeUnixNano: '11', attributes, ...extra };
}

const CHAT = { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } };
const CONTROL = '\u0000\u0007\n\r\u001b[2K\u202e\u2028';

describe('POST /api/traces/import built to hurt', () => {
  it('refuses a huge body, countless values, deep nesting, 100,000 spans and span chains past the bounds, each with its limit', async () => {
    const nested = '['.repeat(MAX_JSON_DEPTH + 50) + ']'.repeat(MAX_JSON_DEPTH + 50);
    const chain = Array.from({ length: TRACE_LIMITS.spanDepth + 1 }, (_, index) => span(`s${index}`, [CHAT], index > 0 ? { parentSpanId: `s${index - 1}` } : {}));
    const bodies = [
      `{"resourceSpans":[],"padding":"${'x'.repeat(SESSION_LIMITS.recordBytes + 1_000)}"}`,
      `{"resourceSpans":[],"padding":[${new Array(SESSION_LIMITS.recordValues + 10).fill(0).join(',')}]}`,
      withSpansText(nested),
      withSpansText(`[${new Array(100_000).fill('{}').join(',')}]`),
      JSON.stringify({ data: Array.from({ length: 100_000 }, () => ({ object: 'trace.span' })) }),
      withSpansText(JSON.stringify(chain)),
      withSpansText(JSON.stringify([span('a', [CHAT], { parentSpanId: 'b' }), span('b', [CHAT], { parentSpanId: 'a' })])),
    ];
    // One after another, as one visitor's script would send them, health sampled during each.
    const answers: Answer[] = [];
    const latencies: string[] = [];
    for (const [index, body] of bodies.entries()) {
      const attack = importFrom('127.0.0.41', body);
      const [latency, answer] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
      answers.push(answer);
      latencies.push(`body ${index}: ${formatLatency(latency)}`);
    }
    console.log(latencies.join('\n'));
    const summary = describeAnswers(answers);
    expect(answers.map((answer) => answer.status), summary).toEqual([413, 413, 400, 400, 400, 400, 400]);
    expect(answers[0]!.text, summary).toContain(`the limit is ${SESSION_LIMITS.recordBytes}`);
    expect(answers[1]!.text, summary).toContain(`The body holds more than ${SESSION_LIMITS.recordValues} JSON values`);
    expect(answers[2]!.text, summary).toContain(`The body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    expect(answers[3]!.text, summary).toContain(`The document holds more than ${TRACE_LIMITS.spans} spans; a trace import reads at most that many.`);
    expect(answers[4]!.text, summary).toContain(`The export holds more than ${TRACE_LIMITS.spans} spans; a trace import reads at most that many.`);
    expect(answers[5]!.text, summary).toContain(`is nested more than ${TRACE_LIMITS.spanDepth} spans deep`);
    expect(answers[6]!.text, summary).toContain("loop back to it; a trace's spans must form a tree.");
    for (const line of latencies) expect(Number(/max ([\d.]+) ms over/.exec(line)?.[1]), line).toBeLessThan(MAX_HEALTH_LATENCY_MS);
  });

  it('reads attributes of the wrong types as missing: a 400 saying nothing was recorded, or the import with its notes, never a 5xx', async () => {
    const wrong = [
      span('w1', 'not a list'),
      span('w2', [CHAT, { key: 'gen_ai.input.messages', value: { intValue: { nested: true } } }, { key: 'gen_ai.output.messages', value: { boolValue: 'yes' } }]),
      span('w3', [CHAT, { key: 'gen_ai.output.messages', value: { arrayValue: 'x' } }, { key: 'gen_ai.tool.definitions', value: { kvlistValue: 5 } }], { spanId: 12, startTimeUnixNano: { at: 1 }, status: 'bad', events: 'none' }),
      span('w4', [{ key: 42, value: null }, { key: 'gen_ai.operation.name', value: { doubleValue: 'chat' } }]),
    ];
    const good = buildGenAiConversation({ turns: 1, modelCallsPerTurn: 2 });
    const mixed = { resourceSpans: [...good.resourceSpans, { scopeSpans: [{ spans: wrong.map((item) => ({ ...item, traceId: 'c'.repeat(32) })) }] }] };
    const attack = Promise.all([importFrom('127.0.0.42', withSpansText(JSON.stringify(wrong))), importFrom('127.0.0.42', JSON.stringify(mixed))]);
    const [latency, [alone, beside]] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    expect(alone.status, alone.text).toBe(400);
    expect(alone.text).toContain('The trace holds no model call with a recorded answer');
    expect(beside.status, beside.text).toBe(201);
    const notes = (JSON.parse(beside.text) as { notes: { where: string; reason: string }[] }).notes;
    expect(notes.map((note) => note.reason)).toEqual(expect.arrayContaining([expect.stringContaining('No output messages were recorded')]));
    expectResponsive(latency, 'attributes of the wrong types');
  });

  it('imports control characters in span, tool, model and call names as inert text: tool names renamed, the session stored and replayable', async () => {
    const written = buildGenAiConversation({ turns: 2, modelCallsPerTurn: 2, toolName: `look${CONTROL}up`, callIdPrefix: `call${CONTROL}` });
    const document = JSON.parse(JSON.stringify(written).replaceAll('"chat m"', JSON.stringify(`chat ${CONTROL}`))) as unknown;
    const answer = await importFrom('127.0.0.43', JSON.stringify(document));
    expect(answer.status, answer.text).toBe(201);
    const { id, notes } = JSON.parse(answer.text) as { id: string; notes: { where: string; reason: string }[] };
    expect(notes).toContainEqual({ where: `tool look${CONTROL}up`, reason: expect.stringMatching(/^Renamed [a-zA-Z0-9_-]{1,64}: a playground tool name is/) });
    const read = readCheckedSessionRecord(await (await fetch(`${baseURL()}/api/sessions/${id}`)).json());
    if (!read.ok) throw new Error(read.error);
    expect(read.value.turns).toHaveLength(2);
    const names = read.value.turns.flatMap((turn) => turn.events.flatMap((event) => (event.type === 'model-response' ? event.calls.map((call) => call.name) : [])));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const replay = await fetchFrom('127.0.0.43', `${baseURL()}/api/sessions/${id}/replay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(replay.status, replay.text.slice(0, 300)).toBe(200);
    expect(replay.text).toContain('"identical":true');
  });

  it('converts the most spans a trace holds, refuses a conversation whose recording outgrows a session with 413, and exports a large one, while health answers', async () => {
    // 7,536 spans, most of them calls of one tool: the conversion indexes them (a scan per call cost their square).
    const widest = buildGenAiConversation({ turns: 12, modelCallsPerTurn: 20, callsPerStep: MODEL_CONFIG_LIMITS.callsPerStep });
    // 200 model answers and 760 calls: within the trace bounds, but each model request carries the conversation so far, so its recording outgrows a session's values.
    const longest = buildGenAiConversation({ turns: 12, modelCallsPerTurn: 20, callsPerStep: 4 });
    const large = buildGenAiConversation({ turns: 10, modelCallsPerTurn: 5, callsPerStep: 4 });
    const attack = (async () => [await importFrom('127.0.0.44', JSON.stringify(widest)), await importFrom('127.0.0.44', JSON.stringify(longest)), await importFrom('127.0.0.44', JSON.stringify(large))])();
    const [latency, [wide, long, fits]] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    console.log(`the widest import: ${wide!.status} in ${Math.round(wide!.elapsedMs)} ms; the longest: ${long!.status} in ${Math.round(long!.elapsedMs)} ms; the large one: ${fits!.status} in ${Math.round(fits!.elapsedMs)} ms`);
    expect(wide!.status, wide!.text.slice(0, 300)).toBe(201);
    expect(wide!.text).toContain(`An imported conversation holds at most ${TRACE_LIMITS.conversationSteps} model answers and ${TRACE_LIMITS.conversationCalls} calls; this turn and the 10 after it are not in the session.`);
    expect(long!.status, long!.text.slice(0, 300)).toBe(413);
    expect(long!.text).toContain(`The session holds more than ${SESSION_LIMITS.recordValues} JSON values`);
    expect(fits!.status, fits!.text.slice(0, 300)).toBe(201);
    expectResponsive(latency, 'the widest trace and the longest conversations an import takes');
    const { id } = JSON.parse(fits!.text) as { id: string };
    const exporting = exportFrom('127.0.0.44', id);
    const [exportLatency, exported] = await Promise.all([sampleLatency(baseURL(), exporting), exporting]);
    console.log(`its export: ${exported.status}, ${exported.text.length} characters in ${Math.round(exported.elapsedMs)} ms`);
    expect(exported.status, exported.text.slice(0, 300)).toBe(200);
    const spans = (JSON.parse(exported.text) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    expect(spans.filter((item) => item.name.startsWith('execute_tool')).length).toBe(10 * 4 * 4);
    expectResponsive(exportLatency, 'exporting a large imported conversation');
  });

  it('limits a flood of imports from one address: 10 a minute, the rest 429 with Retry-After, and keeps serving', async () => {
    const body = JSON.stringify(buildGenAiConversation({ turns: 1, modelCallsPerTurn: 2 }));
    const attack = Promise.all(Array.from({ length: 16 }, () => importFrom('127.0.0.45', body)));
    const [latency, answers] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const summary = describeAnswers(answers);
    for (const answer of answers) expect([201, 429], summary).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 201).length, summary).toBeLessThanOrEqual(10);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length, summary).toBeGreaterThanOrEqual(6);
    expect(answers.filter((answer) => answer.status === 201).length, summary).toBeGreaterThan(0);
    // Refused by the write limit before the body is read, or, once admitted, by the address's turn slots its recording run needs.
    for (const answer of limited) expect(answer.text, summary).toMatch(/Too many sessions shared or imported from your address: at most 10 per minute\.|could not be run: .*At most 4 turns may run at once from your address/);
    for (const answer of limited.filter((item) => item.text.includes('Too many sessions'))) expect(Number(answer.headers.get('retry-after')), summary).toBeGreaterThan(0);
    expectResponsive(latency, 'a flood of trace imports from one address');
    await expectServerStillServes(baseURL());
  });
});

describe('GET /api/sessions/{id}/export?format=otlp built to hurt', () => {
  it('answers an id that names nothing with 404, one that is no id with 400, another format with 400, and a flood with 429', async () => {
    const ids = ['AAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5_000), encodeURIComponent(CONTROL)];
    const missing = await Promise.all(ids.map((id) => exportFrom('127.0.0.46', id)));
    const summary = describeAnswers(missing);
    expect(missing.map((answer) => answer.status), summary).toEqual([404, 400, 400, 400]);
    expect(missing[0]!.text).toContain('No session AAAAAAAAAAAAAAAAAAAAAA.');
    for (const answer of missing.slice(1)) expect(answer.text, summary).toContain('is not a session id.');
    const format = await fetchFrom('127.0.0.46', `${baseURL()}/api/sessions/${ids[0]}/export?format=jaeger`);
    expect(format.status, format.text).toBe(400);
    expect(format.text).toContain('format must be otlp');
    const attack = Promise.all(Array.from({ length: 24 }, () => exportFrom('127.0.0.47', ids[0]!)));
    const [latency, flood] = await Promise.all([sampleLatency(baseURL(), attack), attack]);
    const floodSummary = describeAnswers(flood);
    for (const answer of flood) expect([404, 429], floodSummary).toContain(answer.status);
    const limited = flood.filter((answer) => answer.status === 429);
    expect(limited.length, floodSummary).toBeGreaterThan(0);
    for (const answer of limited) expect(answer.text, floodSummary).toContain('Too many trace exports from your address: at most 1 per second (bursts of 10).');
    expectResponsive(latency, 'a flood of trace exports');
  });
});
