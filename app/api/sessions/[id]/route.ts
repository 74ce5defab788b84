import { withSessionStore } from '@/lib/sessions/get-session-store';
import { readCompactSession } from '@/lib/sessions/read-compact-session';
import { respondWithSessionResult } from '@/lib/server/respond-session-result';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The stored session record, each distinct text once (the client expands it): 404 for an unknown id, 400 for a malformed one. */
export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return respondWithSessionResult(await withSessionStore((store) => readCompactSession(id, store)));
}
