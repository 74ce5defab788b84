import type { SessionAssertion } from '@/lib/assertions';
import { removeModelSecrets } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import { SESSION_RECORD_VERSION } from '@/lib/sessions';
import type { RunState } from './conversation-state';
import type { SharedPlayground } from './session-playground';

/** The id and time an import file must carry; the server gives the stored session its own. */
const PLACEHOLDER_ID = 'kept-in-this-browser-0';

/**
 * A session file, as Import reads it, made of the turn records this browser kept: how a
 * conversation is shared once the server has let its turns go (24 hours). The server checks it
 * like any imported file. Fails, saying which turn and why, when a turn's record was not kept.
 */
export function buildKeptSessionFile(options: { playground: SharedPlayground; turns: readonly RunState[]; assertions: readonly SessionAssertion[]; now?: Date }): Result<string, string> {
  const { playground, turns, assertions, now = new Date() } = options;
  const missing = turns.flatMap((turn, index) => (turn.record === undefined ? [index + 1] : []));
  if (missing.length > 0) {
    const which = missing.length === 1 ? `turn ${missing[0]}` : `turns ${missing.join(', ')}`;
    return err(
      `this browser did not keep ${which} (a turn is kept when it ends on this page, unless it is over 2 MB; turns opened from a shared session are not), so it cannot be shared any more. Run it again, then share.`,
    );
  }
  const record = {
    version: SESSION_RECORD_VERSION,
    id: PLACEHOLDER_ID,
    createdAt: now.toISOString(),
    playground: { ...playground, model: removeModelSecrets(playground.model) },
    turns: turns.map((turn) => turn.record),
    ...(assertions.length > 0 ? { assertions } : {}),
  };
  return ok(JSON.stringify(record));
}
