export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Liveness probe: answers at once without touching the sandbox, the models or the database, so
 * its latency is the HTTP thread's own (the abuse suite samples it while attacks run).
 */
export function GET(): Response {
  return Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
}
