// Server-only: a stored session exported as a trace.
import type { Result } from '@/lib/runtime';
import { convertTraceInPool, type SandboxPool } from '@/lib/sandbox/pool';
import type { SessionError } from '@/lib/sessions';
import { readSessionBody, type SessionStore } from '@/lib/sessions/store';

/** A stored session as an OTLP JSON trace's text, converted in a sandbox worker. */
export async function exportStoredTrace(id: string, { store, pool }: { store: SessionStore; pool: SandboxPool }): Promise<Result<string, SessionError>> {
  const body = await readSessionBody(id, store);
  if (!body.ok) return body;
  return convertTraceInPool(pool, { kind: 'export', session: { id, text: body.value } });
}
