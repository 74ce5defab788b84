import { readEventLoopDelay } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Liveness probe: answers at once without touching the sandbox, the models or the database, so
 * its latency is the HTTP thread's own. It also reports the event loop's delay since the previous
 * probe (the abuse suite and the attack bench sample it while attacks run).
 */
export function GET(): Response {
  return Response.json({ ok: true, eventLoopDelay: readEventLoopDelay() }, { headers: { 'cache-control': 'no-store' } });
}
