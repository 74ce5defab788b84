import { getSandboxPool } from '@/lib/sandbox/pool/get-sandbox-pool';
import { useSessionInPool } from '@/lib/sandbox/pool/use-session-in-pool';
import type { Result } from '@/lib/runtime';
import type { ForkedTurn, ForkRequest } from '@/lib/sessions/build-fork-request';
import { readSessionBody } from '@/lib/sessions/read-stored-session';
import type { SessionError } from '@/lib/sessions/session-error';
import type { SessionStore } from '@/lib/sessions/session-store';

/**
 * The turn request a fork of session `id` runs (`buildForkRequest`), built in a sandbox worker from
 * the stored text: the HTTP thread reads a string and gets back one turn's request and tape, not the
 * whole record. A fork that names no turn or changes nothing is `invalid`.
 */
export async function readForkedTurn(id: string, fork: ForkRequest, store: SessionStore): Promise<Result<ForkedTurn, SessionError>> {
  const text = await readSessionBody(id, store);
  if (!text.ok) return text;
  return useSessionInPool(getSandboxPool(), { kind: 'fork', session: { id, text: text.value }, fork });
}
