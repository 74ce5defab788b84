import { ok, type Result } from '@/lib/runtime';
import { readSessionBody } from '@/lib/sessions/store';
import type { SessionError } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';
import type { ReplayOpener } from '../open-stored-replay';
import type { ReplayReport } from '../replay-report';
import type { ReplayTurnRunner } from '../replay-session';

/**
 * Replay by id: reads the stored text, has `openReplay` parse it where it may (a sandbox worker),
 * and runs the turns it hands out one at a time on their tapes. The caller never holds the record:
 * it sees one turn's request and tape at a time, and gets back the report.
 */
export async function replayStoredSession(
  id: string,
  dependencies: { store: SessionStore; runTurnOnTape: ReplayTurnRunner; openReplay: ReplayOpener },
): Promise<Result<ReplayReport, SessionError>> {
  const text = await readSessionBody(id, dependencies.store);
  if (!text.ok) return text;
  const opened = await dependencies.openReplay({ id, text: text.value });
  if (!opened.ok) return opened;
  const replay = opened.value;
  try {
    let step = replay.step;
    while (step.kind === 'turn') {
      const next = await replay.advance(await dependencies.runTurnOnTape(step.turn));
      if (!next.ok) return next;
      step = next.value;
    }
    return ok(step.report);
  } finally {
    replay.close();
  }
}
