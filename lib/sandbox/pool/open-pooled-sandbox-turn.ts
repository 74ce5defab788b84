// Server-only: one turn's sandbox, living in a pool worker, seen from the HTTP thread as Tools.
import { randomBytes } from 'node:crypto';
import {
  type JsonValue,
  err,
  ok,
  type Result,
  type Tool,
  type ToolContext,
  type ToolFailure,
  type ToolMetadata,
  type ToolReturn,
  validationFailure,
} from '@/lib/runtime';
import type { SandboxTurn, SandboxTurnError, SandboxTurnOptions } from '../turn/create-sandbox-turn';
import type { ActivityHooks } from '../compile/evaluate-tool-module';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { moduleWorkLimits } from './module-work-limits';
import type { SandboxPool } from './sandbox-pool';
import type { PoolFailure, WorkerHandle } from './worker-slot';
import type { ToolHookMethod, WorkerAnswers } from './worker-protocol';

/** Opening a turn fails for the module's own errors (422) or because the pool is full (503). */
export type PooledTurnError = ({ kind: 'module' } & SandboxTurnError) | { kind: 'pool'; failure: PoolFailure };

/** Hooks run at most one CPU budget in the worker; the rest is queueing behind other work there. */
const HOOK_TIMEOUT_MS = 15_000;
/** Past its own deadline a call gets this much longer before the HTTP thread stops waiting. */
const EXECUTE_GRACE_MS = 5_000;

type Placement = { worker: WorkerHandle; turnKey: string; release: () => void };

/**
 * Evaluates the module in a worker and returns its tools; every hook and execution is a message
 * to that worker. When the worker is lost (a neighbour wedged it and it was replaced), the calls
 * in flight end as errors and the next call re-opens the module on a live worker with the file
 * store as last synced, so the turn goes on.
 */
export async function openPooledSandboxTurn(pool: SandboxPool, options: SandboxTurnOptions): Promise<Result<SandboxTurn, PooledTurnError>> {
  const started = startPooledSandboxTurn(pool, options);
  return started.ok ? started.value : err({ kind: 'pool', failure: started.error });
}

/**
 * `openPooledSandboxTurn` in two steps: the worker is picked (and counted) at once, so a full
 * pool is known before anything waits; the opening itself is the promise.
 */
export function startPooledSandboxTurn(pool: SandboxPool, options: SandboxTurnOptions): Result<Promise<Result<SandboxTurn, PooledTurnError>>, PoolFailure> {
  const picked = pickTurnWorker(pool);
  return picked.ok ? ok(openOnWorker(pool, options, picked.value)) : picked;
}

function pickTurnWorker(pool: SandboxPool): Result<WorkerHandle, PoolFailure> {
  const picked = pool.pickWorker('turn');
  if (picked.ok) pool.holdTurn(picked.value, 1);
  return picked;
}

async function openOnWorker(pool: SandboxPool, options: SandboxTurnOptions, firstWorker: WorkerHandle): Promise<Result<SandboxTurn, PooledTurnError>> {
  let files: Record<string, string> = { ...(options.files ?? {}) };
  let filesVersion = 0;
  let disposed = false;
  let restartNote: string | undefined;

  /** Opens the module on `reserved` (already counted) or on a newly picked worker. */
  async function place(reserved?: WorkerHandle): Promise<Result<{ placement: Placement; tools: ToolMetadata[]; activityHooks: ActivityHooks[] }, PooledTurnError>> {
    const picked = reserved ? ok(reserved) : pickTurnWorker(pool);
    if (!picked.ok) return err({ kind: 'pool', failure: picked.error });
    const worker = picked.value;
    const turnKey = `sbx_${randomBytes(9).toString('base64url')}`;
    const opened = await pool.send<'open-turn'>(
      worker,
      { kind: 'open-turn', turnKey, turn: { source: options.source, files, seed: options.seed ?? 0, clockStart: options.clockStart ?? 0 } },
      moduleWorkLimits(options.source),
    );
    if (!opened.ok || !opened.value.ok) {
      pool.holdTurn(worker, -1);
      if (!opened.ok) return err({ kind: 'pool', failure: opened.error });
      return err({ kind: 'module', ...(opened.value as Extract<WorkerAnswers['open-turn'], { ok: false }>).error });
    }
    let released = false;
    const stopListening = worker.onLost(() => {
      if (placement === current) current = undefined;
      restartNote = 'The sandbox worker of this turn was replaced (another call wedged it); the module was evaluated again and its top-level state was reset.';
    });
    const placement: Placement = {
      worker,
      turnKey,
      release: () => {
        if (released) return;
        released = true;
        stopListening();
        pool.holdTurn(worker, -1);
      },
    };
    return ok({ placement, tools: opened.value.value.tools, activityHooks: opened.value.value.activityHooks });
  }

  const first = await place(firstWorker);
  if (!first.ok) return first;
  let current: Placement | undefined = first.value.placement;

  async function ensurePlaced(): Promise<Result<Placement, ToolFailure>> {
    if (disposed) return err({ code: 'aborted', message: 'The sandbox turn was disposed.' });
    if (current?.worker.alive) return ok(current);
    current?.release();
    const again = await place();
    if (!again.ok) {
      const message = again.error.kind === 'pool' ? again.error.failure.message : again.error.message;
      return err({ code: 'threw', message: `The sandbox could not be restarted: ${message}` });
    }
    current = again.value.placement;
    return ok(current);
  }

  async function hook(index: number, method: ToolHookMethod, args: JsonValue[]): Promise<Result<WorkerAnswers['hook'], ToolFailure>> {
    const placed = await ensurePlaced();
    if (!placed.ok) return placed;
    const answer = await pool.send<'hook'>(placed.value.worker, { kind: 'hook', turnKey: placed.value.turnKey, tool: index, method, args }, { timeoutMs: HOOK_TIMEOUT_MS });
    return answer.ok ? answer : err(failureOf(answer.error));
  }

  async function execute(index: number, args: JsonValue, context: ToolContext): Promise<Result<ToolReturn, ToolFailure>> {
    const placed = await ensurePlaced();
    if (!placed.ok) return placed;
    if (restartNote) {
      context.log('warn', restartNote);
      restartNote = undefined;
    }
    const { worker, turnKey } = placed.value;
    const timeoutMs = Number.isFinite(context.timeoutMs) && context.timeoutMs > 0 ? context.timeoutMs : SANDBOX_LIMITS.defaultWallDeadlineMs;
    const sending = pool.send<'execute'>(worker, { kind: 'execute', turnKey, tool: index, callId: context.callId, args, timeoutMs }, {
      timeoutMs: timeoutMs + EXECUTE_GRACE_MS,
      signal: context.signal,
      onLog: (level, message) => context.log(level, message),
    });
    const answer = await sending;
    if (!answer.ok) return err(failureOf(answer.error));
    if (answer.value.files) {
      files = answer.value.files;
      filesVersion += 1;
    }
    return answer.value.result;
  }

  const { activityHooks } = first.value;
  const tools = first.value.tools.map((metadata, index) => createPooledTool({ metadata, index, activityHooks, hook, execute }));

  return ok({
    tools,
    activityHooks,
    files: () => files,
    filesVersion: () => filesVersion,
    dispose() {
      if (disposed) return;
      disposed = true;
      const placement = current;
      current = undefined;
      if (!placement) return;
      if (placement.worker.alive) void pool.send<'close-turn'>(placement.worker, { kind: 'close-turn', turnKey: placement.turnKey }, { timeoutMs: HOOK_TIMEOUT_MS }).finally(placement.release);
      else placement.release();
    },
  });
}

/** One tool of the module as the loop sees it: its hooks and executions are messages to the turn's worker. */
function createPooledTool(options: {
  metadata: ToolMetadata;
  index: number;
  activityHooks: readonly ActivityHooks[];
  hook: (index: number, method: ToolHookMethod, args: JsonValue[]) => Promise<Result<WorkerAnswers['hook'], ToolFailure>>;
  execute: (index: number, args: JsonValue, context: ToolContext) => Promise<Result<ToolReturn, ToolFailure>>;
}): Tool {
  const { metadata, index, activityHooks, hook, execute } = options;
  return {
    ...metadata,
    async validateArguments(args) {
      const answer = await hook(index, 'validateArguments', [toJson(args)]);
      if (!answer.ok) return err([validationFailure(`Validation could not run: ${answer.error.message}`)]);
      return answer.value.method === 'validateArguments' ? answer.value.result : err([validationFailure('Validation returned an unexpected answer.')]);
    },
    async evaluateNeedsApproval(args) {
      if (metadata.needsApproval !== 'dynamic') return metadata.needsApproval;
      const answer = await hook(index, 'evaluateNeedsApproval', [args]);
      // A needsApproval function that cannot answer asks the human rather than letting the call through.
      return answer.ok && answer.value.method === 'evaluateNeedsApproval' ? answer.value.result : true;
    },
    async validateOutput(value) {
      if (!metadata.hasOutputSchema) return [];
      const answer = await hook(index, 'validateOutput', [toJson(value)]);
      if (!answer.ok) return [validationFailure(`Validation could not run: ${answer.error.message}`)];
      return answer.value.method === 'validateOutput' ? answer.value.result : [validationFailure('Validation returned an unexpected answer.')];
    },
    async describeActivity(args) {
      if (!activityHooks[index]?.describeActivity) return undefined;
      const answer = await hook(index, 'describeActivity', [args]);
      return answer.ok && answer.value.method === 'describeActivity' ? answer.value.result : undefined;
    },
    async describeCompletedActivity(args, output) {
      if (!activityHooks[index]?.describeCompletedActivity) return undefined;
      const answer = await hook(index, 'describeCompletedActivity', [args, output]);
      return answer.ok && answer.value.method === 'describeCompletedActivity' ? answer.value.result : undefined;
    },
    execute: (args, context) => execute(index, args, context),
  };
}

function failureOf(failure: PoolFailure): ToolFailure {
  if (failure.code === 'timeout') return { code: 'timeout', message: failure.message };
  return { code: 'threw', message: failure.message };
}

/** Arguments cross to the worker as JSON data; `undefined` travels as `null`. */
function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value) ?? 'null') as JsonValue);
}
