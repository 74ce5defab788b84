import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as postImport } from '@/app/api/sessions/import/route';
import { GET as getExport } from '@/app/api/sessions/[id]/export/route';
import { parallelAndSequentialPreset } from '@/lib/presets';
import { getSessionStore } from '@/lib/server/sessions/get-session-store';
import type { OtlpTraceDocument } from '@/lib/traces';
import { recordPresetSession } from '../sessions/session-fixtures';

let dataDir: string;

function params(id: string) {
  return { params: Promise.resolve({ id }) };
}

function exportRequest(id: string, query = '?format=otlp'): Request {
  return new Request(`http://localhost/api/sessions/${id}/export${query}`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-traces-'));
  process.env.PGLITE_DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
});

afterAll(async () => {
  await (await getSessionStore()).close();
  await rm(dataDir, { recursive: true, force: true });
});

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
