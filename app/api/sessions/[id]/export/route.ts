import { readClientAddress, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { withSessionStore } from '@/lib/server/sessions';
import { exportStoredTrace } from '@/lib/server/traces';
import { getSandboxPool } from '@/lib/sandbox/pool';
import { describeTraceFileName } from '@/lib/traces';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/sessions/{id}/export?format=otlp`: the session as an OTLP JSON trace with the
 * OpenTelemetry GenAI conventions, as a download. The record is converted in a sandbox worker.
 */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const admitted = await takeRequestLimit('trace-exports-per-address', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const format = new URL(request.url).searchParams.get('format');
  if (format !== 'otlp') return Response.json({ error: 'format must be otlp (an OTLP JSON trace); the session record itself is GET /api/sessions/{id}.' }, { status: 400 });
  const { id } = await context.params;
  const trace = await withSessionStore((store) => exportStoredTrace(id, { store, pool: getSandboxPool() }));
  if (!trace.ok) return respondWithSessionResult(trace);
  return new Response(trace.value, {
    headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="${describeTraceFileName(id)}"`, 'cache-control': 'public, max-age=300' },
  });
}
