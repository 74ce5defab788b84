import type { Result } from '@/lib/runtime';
import type { ForkedTurn } from '@/lib/sessions';
import type { ForkRequest } from '@/lib/contract';
import { readSessionBody } from '@/lib/sessions/store';
import type { SessionError } from '@/lib/sessions';
import type { SessionStore } from '@/lib/sessions/store';
import type { SessionTextRunner } from '../use-stored-session-text';

/**
 * The turn request a fork of session `id` runs (`buildForkRequest`), built through `run` (a sandbox
 * worker) from the stored text: the HTTP thread reads a string and gets back one turn's request and tape, not the
 * whole record. A fork that names no turn or changes nothing is `invalid`.
 */
export async function readForkedTurn(id: string, fork: ForkRequest, { store, run }: { store: SessionStore; run: SessionTextRunner }): Promise<Result<ForkedTurn, SessionError>> {
  const text = await readSessionBody(id, store);
  if (!text.ok) return text;
  return run({ kind: 'fork', session: { id, text: text.value }, fork });
}
