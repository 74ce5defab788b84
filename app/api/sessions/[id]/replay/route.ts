import { readClientAddress, respondTooManyRequests, respondWithSessionResult } from '@/lib/server/http';
import { takeRequestLimit } from '@/lib/server/admission';
import { withSessionStore } from '@/lib/server/sessions';
import { replayStoredSession } from '@/lib/replay/server';
import { runTurnOnTape } from '@/lib/server/replay';
import { getSandboxPool, createPooledReplayOpener } from '@/lib/sandbox/pool';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Re-runs the session on its tape with its recorded approvals → `{ identical, differences }`. A sandbox worker parses the
 * record and compares the events; this thread runs one turn at a time. Its turns count against the requester's address,
 * and so does the replay itself.
 */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  const clientAddress = readClientAddress(request);
  const byAddress = await takeRequestLimit('replays-per-address', clientAddress);
  if (!byAddress.ok) return respondTooManyRequests(byAddress.error);
  const admitted = await takeRequestLimit('replays-per-session', id);
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const openReplay = createPooledReplayOpener(getSandboxPool());
  const report = await withSessionStore((store) => replayStoredSession(id, { store, openReplay, runTurnOnTape: (turn) => runTurnOnTape(turn, clientAddress) }));
  return respondWithSessionResult(report);
}
