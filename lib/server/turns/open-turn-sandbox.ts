// Server-only: a turn's sandbox in the pool, opened the same way for model turns and direct calls.
import { type OpenTurnTools, type TakeToolChanges, type TurnToolsFailure, err, ok, type Result } from '@/lib/runtime';
import type { SandboxTurn } from '@/lib/sandbox/turn';
import { startPooledSandboxTurn, type PooledTurnError, type SandboxPool } from '@/lib/sandbox/pool';

/** Why no turn could start: the pool has no room for another turn (503). */
export type TurnSandboxRefusal = { status: 503; error: string };

/** What `Date.now()` reads inside every turn's sandbox before any sleep, so replays agree. */
export const TURN_CLOCK_START = Date.UTC(2026, 0, 1);

/** A turn's sandbox while its module is evaluated in a worker, and after. */
export type OpeningTurnSandbox = {
  /** The module's tools, for the run's `tools`: the run reports the opening as `sandbox-ready` or `sandbox-error`. */
  openTools: OpenTurnTools;
  /** The file store as the turn's tools left it (the request's files until the sandbox opened). */
  files(): Record<string, string>;
  /** Disposes the sandbox now, or as soon as it has opened. */
  dispose(): void;
  /** The tool sources whose tools changed during the turn (its MCP servers), for the run's `toolChanges`; absent when none can. */
  toolChanges?: TakeToolChanges;
};

/**
 * Picks the turn's worker at once (a full pool is a 503 before any stream starts) and evaluates
 * the module there in the background, so the turn's first event never waits for it. A module
 * that does not evaluate is the run's `sandbox-error`, not an HTTP error.
 */
export function startTurnSandbox(
  pool: SandboxPool,
  request: { source: string; files?: Record<string, string>; seed?: number },
): Result<OpeningTurnSandbox, TurnSandboxRefusal> {
  const started = startPooledSandboxTurn(pool, { source: request.source, files: request.files, seed: request.seed ?? 1, clockStart: TURN_CLOCK_START });
  if (!started.ok) return err({ status: 503, error: started.error.message });
  let sandbox: SandboxTurn | undefined;
  let disposed = false;
  const opened = started.value.then((result) => {
    if (result.ok) {
      sandbox = result.value;
      if (disposed) result.value.dispose();
    }
    return result;
  });
  return ok({
    openTools: async () => {
      const result = await opened;
      return result.ok ? ok(result.value.tools) : err(describeFailure(result.error));
    },
    files: () => sandbox?.files() ?? { ...(request.files ?? {}) },
    dispose() {
      if (disposed) return;
      disposed = true;
      sandbox?.dispose();
    },
  });
}

function describeFailure(failure: PooledTurnError): TurnToolsFailure {
  if (failure.kind === 'pool') return { code: 'sandbox-unavailable', message: `The sandbox could not open: ${failure.failure.message}`, diagnostics: [] };
  return {
    code: 'module-error',
    message: failure.message,
    diagnostics: failure.diagnostics.map((diagnostic) => ({ ...diagnostic, line: Math.max(1, diagnostic.line), column: Math.max(1, diagnostic.column) })),
  };
}
