import { withSessionStore } from '@/lib/sessions/get-session-store';
import { replayStoredSession } from '@/lib/sessions/replay-stored-session';
import { respondWithSessionResult } from '@/lib/sessions/respond-session-result';
import { runTurnOnTape } from '@/lib/sessions/run-turn-on-tape';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Re-runs the session on its tape with its recorded approvals → `{ identical, differences }`. */
export async function POST(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  const report = await withSessionStore((store) => replayStoredSession(id, { store, runTurnOnTape: (turn) => runTurnOnTape(turn, `replay:${id}`) }));
  return respondWithSessionResult(report);
}
