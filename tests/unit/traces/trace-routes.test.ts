import { describe, expect, it } from 'vitest';
import { POST as postImport } from '@/app/api/sessions/import/route';
import { GET as getExport } from '@/app/api/sessions/[id]/export/route';
import { POST as postTraceImport } from '@/app/api/traces/import/route';
import { GET as getSession } from '@/app/api/sessions/[id]/route';
import { parallelAndSequentialPreset } from '@/lib/presets';
import type { OtlpTraceDocument } from '@/lib/traces';
import { readCheckedSessionRecord, type SessionRecord } from '@/lib/sessions';
import { recordPresetSession } from '../sessions/session-fixtures';
import { recordGenAiTrace } from '../../support/traces/record-gen-ai-trace';
import { LENIENT_APP, WEATHER_SCENARIO } from '../../support/traces/trace-scenario';
import { useTemporarySessionStore } from '../../support/use-temporary-session-store';


function params(id: string) {
  return { params: Promise.resolve({ id }) };
}

function importRequest(body: string): Request {
  return new Request('http://localhost/api/traces/import', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.8' }, body });
}

type ImportAnswer = { id: string; url: string; format: string; notes: { where: string; reason: string }[] };

async function readStored(id: string): Promise<SessionRecord> {
  const read = readCheckedSessionRecord(await (await getSession(new Request(`http://localhost/api/sessions/${id}`), params(id))).json());
  if (!read.ok) throw new Error(read.error);
  return read.value;
}

/** Each proposed call of a session, in order: its tool and its arguments as the model wrote them. */
function callsOf(record: SessionRecord): string[] {
  return record.turns.flatMap((turn) => turn.events.flatMap((event) => (event.type === 'model-response' ? event.calls.map((call) => `${call.name} ${call.arguments}`) : [])));
}

function exportRequest(id: string, query = '?format=otlp'): Request {
  return new Request(`http://localhost/api/sessions/${id}/export${query}`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
}

useTemporarySessionStore('pglite-traces-');

describe('GET /api/sessions/{id}/export?format=otlp', () => {
  it('downloads a stored session as an OTLP JSON trace, converted in a sandbox worker', { timeout: 90_000 }, async () => {
    const record = await recordPresetSession(parallelAndSequentialPreset);
    const imported = await postImport(new Request('http://localhost/api/sessions/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) }));
    expect(imported.status).toBe(201);
    const { id } = (await imported.json()) as { id: string };

    const response = await getExport(exportRequest(id), params(id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="trace-${id}.otlp.json"`);
    const document = (await response.json()) as OtlpTraceDocument;
    const spans = document.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    expect(spans.map((span) => span.name)).toEqual([
      'invoke_agent playground',
      'chat embedded-scripted',
      ...Array.from({ length: 3 }, () => 'execute_tool read_file'),
      'execute_tool write_file',
      'execute_tool read_file',
      'chat embedded-scripted',
    ]);
    const again = await getExport(exportRequest(id), params(id));
    expect(await again.json()).toEqual(document);
  });

  it('refuses another format with 400 and an unknown session with 404', async () => {
    const refused = await getExport(exportRequest('AAAAAAAAAAAAAAAAAAAAAA', '?format=jaeger'), params('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^format must be otlp/);
    const missing = await getExport(exportRequest('AAAAAAAAAAAAAAAAAAAAAA'), params('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/traces/import', () => {
  it('stores an OpenTelemetry GenAI trace as a session and answers its id, format and notes', { timeout: 120_000 }, async () => {
    const response = await postTraceImport(importRequest(JSON.stringify(await recordGenAiTrace(WEATHER_SCENARIO))));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as ImportAnswer;
    expect(answer).toMatchObject({ url: `/s/${answer.id}`, format: 'otel-genai' });
    expect(Array.isArray(answer.notes)).toBe(true);
    const stored = await readStored(answer.id);
    expect(callsOf(stored)).toEqual(['get_weather {"city":"Paris"}', 'get_weather {"city":"Atlantis"}', 'suggest_outfit {"celsius":18}']);
  });

  it('stores where the runtime decided otherwise than the app on its turn, and answers it among the notes', { timeout: 120_000 }, async () => {
    const response = await postTraceImport(importRequest(JSON.stringify(await recordGenAiTrace(LENIENT_APP))));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as ImportAnswer;
    const differing = answer.notes.filter((note) => note.reason.startsWith('The app ran this call'));
    expect(differing.map((note) => note.where)).toEqual(['call call_number (get_weather)', 'call call_quotes (get_weather)', 'call call_hidden (forecast)', 'call call_cancel (cancel_booking)']);
    const stored = await readStored(answer.id);
    expect(stored.turns[0]!.appDifferences?.map((difference) => difference.kind)).toEqual(['arguments-rejected', 'arguments-repaired', 'unknown-tool', 'permission-ask']);
    expect(stored.turns[0]!.appDifferences?.map((difference) => difference.note)).toEqual(differing.map((note) => note.reason));
  });

  it('re-imports an exported session as a trace with the same calls', { timeout: 120_000 }, async () => {
    const record = await recordPresetSession(parallelAndSequentialPreset);
    const imported = await postImport(new Request('http://localhost/api/sessions/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(record) }));
    const { id } = (await imported.json()) as { id: string };
    const trace = await (await getExport(exportRequest(id), params(id))).text();
    const response = await postTraceImport(importRequest(trace));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as ImportAnswer;
    expect(answer.format).toBe('otel-genai');
    expect(callsOf(await readStored(answer.id))).toEqual(callsOf(record));
  });

  it('refuses what is not a trace with 400 and the reason', async () => {
    const notJson = await postTraceImport(importRequest('{"resourceSpans": ['));
    expect(notJson.status).toBe(400);
    const notTrace = await postTraceImport(importRequest(JSON.stringify({ hello: 'world' })));
    expect(notTrace.status).toBe(400);
    expect(((await notTrace.json()) as { error: string }).error).toMatch(/resourceSpans/);
  });
});
