// Server-only: a turn's sandbox in the pool, opened the same way for model turns and direct calls.
import type { SandboxTurn } from '@/lib/sandbox/create-sandbox-turn';
import { openPooledSandboxTurn } from '@/lib/sandbox/pool/open-pooled-sandbox-turn';
import type { SandboxPool } from '@/lib/sandbox/pool/sandbox-pool';
import { err, ok, type Result } from '@/lib/runtime/result';

/** Why no sandbox opened, as the HTTP answer: the module's own errors (422, with diagnostics) or the pool (503 full, 500 otherwise). */
export type TurnSandboxRefusal = { status: number; error: string; details?: unknown };

/** What `Date.now()` reads inside every turn's sandbox before any sleep, so replays agree. */
export const TURN_CLOCK_START = Date.UTC(2026, 0, 1);

export async function openTurnSandbox(
  pool: SandboxPool,
  request: { source: string; files?: Record<string, string>; seed?: number },
): Promise<Result<SandboxTurn, TurnSandboxRefusal>> {
  const sandbox = await openPooledSandboxTurn(pool, { source: request.source, files: request.files, seed: request.seed ?? 1, clockStart: TURN_CLOCK_START });
  if (sandbox.ok) return ok(sandbox.value);
  const failure = sandbox.error;
  if (failure.kind === 'module') return err({ status: 422, error: failure.message, details: failure.diagnostics });
  return err({ status: failure.failure.code === 'busy' ? 503 : 500, error: failure.failure.message });
}
