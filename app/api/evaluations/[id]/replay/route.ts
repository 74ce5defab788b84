import { readClientAddress, respondTooManyRequests } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { serveEvaluationReplay } from '@/lib/server/evaluations';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every run of the evaluation re-run on its tape (no model called) → `{ identical, runs, skipped }`; it counts as one replay of the address. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  const address = readClientAddress(request);
  const admitted = await takeRequestLimit('replays-per-address', address);
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  return serveEvaluationReplay(id, address);
}
