import type { ModuleDiagnostic, SandboxErrorCode, TurnEnding } from '../events/runtime-event';
import type { Redactor } from '../redact-secrets';
import { err, ok, type Result } from '../vocabulary/result';
import type { Tool } from '../tools/tool';
import type { EventEmitter } from '../events/create-event-emitter';

/** Why a turn's tools could not be opened, as `sandbox-error` reports it. */
export type TurnToolsFailure = { code: SandboxErrorCode; message: string; diagnostics: ModuleDiagnostic[] };

/** Opens the turn's sandbox and evaluates its tool module there: the module's tools, or why there are none. */
export type OpenTurnTools = () => Promise<Result<readonly Tool[], TurnToolsFailure>>;

/**
 * A run's module tools: given (tools that need no set-up, as in tests), or opened once the run
 * has started, so that `turn-start` never waits for a sandbox.
 */
export type TurnTools = readonly Tool[] | OpenTurnTools;

/** How many of a module's errors the `turn-end` message names; `sandbox-error` carries them all. */
const NAMED_DIAGNOSTICS = 3;

/**
 * The run's module tools. Opened ones are a step of the timeline: `sandbox-ready` with how long
 * they took, or `sandbox-error` with the module's diagnostics, after which the run ends with the
 * ending returned (`error`, or `aborted` when the run was stopped while its sandbox was opening).
 */
export async function prepareTurnTools(options: {
  tools: TurnTools;
  emitter: EventEmitter;
  signal: AbortSignal;
  redact: Redactor;
}): Promise<Result<readonly Tool[], TurnEnding>> {
  const { tools, emitter, signal, redact } = options;
  if (typeof tools !== 'function') return ok(tools);
  const startedAt = emitter.elapsed();
  const opened = await untilAborted(tools(), signal);
  if (!opened) return err({ reason: 'aborted' });
  if (!opened.ok) {
    const failure: TurnToolsFailure = {
      code: opened.error.code,
      message: redact(opened.error.message),
      diagnostics: opened.error.diagnostics.map((diagnostic) => ({ ...diagnostic, message: redact(diagnostic.message) })),
    };
    emitter.emit({ type: 'sandbox-error', ...failure });
    return err({ reason: 'error', error: describeToolsFailure(failure) });
  }
  emitter.emit({ type: 'sandbox-ready', durationMs: Math.max(0, emitter.elapsed() - startedAt), toolCount: opened.value.length });
  return ok(opened.value);
}

/** The failure in one line: its message, then the first errors with their position (`tools.ts:3:14 …`). */
export function describeToolsFailure(failure: TurnToolsFailure): string {
  const errors = failure.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length === 0) return failure.message;
  const named = errors.slice(0, NAMED_DIAGNOSTICS).map((diagnostic) => `tools.ts:${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`);
  const more = errors.length > NAMED_DIAGNOSTICS ? `; and ${errors.length - NAMED_DIAGNOSTICS} more` : '';
  return `${failure.message} ${named.join('; ')}${more}`;
}

/** The promise's value, or undefined as soon as `signal` aborts (the opening goes on; its owner disposes what it opens). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
