// Server-only: a pool of worker threads that run all untrusted work off the HTTP thread.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { err, ok, type Result, type ToolLogLevel } from '@/lib/runtime';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { watchWorkerSlots } from './watch-worker-slots';
import type { WorkerAnswers, WorkerRequest, WorkerRequestKind } from './worker-protocol';
import { abandonWorkerSlot, spawnWorkerSlot, type PoolFailure, type WorkerHandle, type WorkerSlot } from './worker-slot';

export type SandboxPoolOptions = {
  /** Worker threads; defaults to the core count (at least 2). */
  size?: number;
  workerFile?: string;
  /** Requests waiting in one worker before the pool answers `busy`. */
  maxPendingPerWorker?: number;
  /** Open turns one worker may host. */
  maxTurnsPerWorker?: number;
  /** A worker with work that has not been heard from for this long is terminated and replaced. */
  unresponsiveAfterMs?: number;
};

export type SendOptions = {
  onLog?: (level: ToolLogLevel, message: string) => void;
  /** Wall deadline of the request itself (a safety net under the worker's own budgets). */
  timeoutMs: number;
  /** Aborting tells the worker to abort the execution this request started. */
  signal?: AbortSignal;
  /**
   * A request that runs only the host's own bounded code (no user code, no unbounded pattern)
   * may hold the worker's event loop longer than the watchdog's default before it counts as
   * wedged: on a loaded machine the auto model ranking a 1,223-tool catalog took over 5 s.
   */
  silenceMs?: number;
};

export type SandboxPool = {
  /** The least loaded live worker that can take a new turn, or `busy`. */
  pickWorker(purpose: 'turn' | 'job'): Result<WorkerHandle, PoolFailure>;
  send<K extends WorkerRequestKind>(worker: WorkerHandle, request: Omit<Extract<WorkerRequest, { kind: K }>, 'id'>, options: SendOptions): Promise<Result<WorkerAnswers[K], PoolFailure>>;
  /** Sends to the least loaded worker. */
  run<K extends WorkerRequestKind>(request: Omit<Extract<WorkerRequest, { kind: K }>, 'id'>, options: SendOptions): Promise<Result<WorkerAnswers[K], PoolFailure>>;
  holdTurn(worker: WorkerHandle, delta: 1 | -1): void;
  stats(): { workers: number; pending: number; turns: number; replaced: number };
  close(): Promise<void>;
};

/** A QuickJS entry may run for a whole CPU budget; past that plus this margin the thread is stuck. */
const UNRESPONSIVE_MARGIN_MS = 1500;

/**
 * Built outside Next (scripts/build-sandbox-worker.mjs). The path is assembled so that no bundler
 * mistakes it for a module pattern to trace and bundle.
 */
export function defaultWorkerFile(): string {
  return process.env.PLAYGROUND_SANDBOX_WORKER_FILE ?? [process.cwd(), '.generated', 'sandbox-worker.mjs'].join(path.sep);
}

/** The pool's settings with their defaults filled in. */
function resolvePoolSettings(options: SandboxPoolOptions) {
  return {
    size: Math.max(1, options.size ?? Math.max(2, availableParallelism())),
    workerFile: options.workerFile ?? defaultWorkerFile(),
    maxPending: options.maxPendingPerWorker ?? 64,
    maxTurns: options.maxTurnsPerWorker ?? 48,
    // A module's evaluation holds the worker's event loop for up to its own deadline.
    unresponsiveAfterMs: options.unresponsiveAfterMs ?? Math.max(SANDBOX_LIMITS.cpuBudgetMs, SANDBOX_LIMITS.moduleEvaluationMs) + UNRESPONSIVE_MARGIN_MS,
  };
}

/** Posts one request to a worker and resolves with its answer; aborting asks the worker to abort the call. */
function sendToSlot(slot: WorkerSlot, id: number, request: object, options: SendOptions, nextId: () => number): Promise<Result<unknown, PoolFailure>> {
  const startedAt = Date.now();
  const { signal } = options;
  const onAbort = () => {
    if (!slot.dead) slot.worker.postMessage({ kind: 'abort-call', id: nextId(), callRequest: id } satisfies WorkerRequest);
  };
  return new Promise((resolve) => {
    slot.pending.set(id, {
      startedAt,
      deadline: startedAt + options.timeoutMs,
      silenceMs: options.silenceMs,
      onLog: options.onLog,
      resolve: (answer) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      },
    });
    slot.worker.ref();
    slot.worker.postMessage({ ...request, id });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function load(slot: WorkerSlot): number {
  return slot.pending.size + slot.turns;
}

export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const { size, workerFile, maxPending, maxTurns, unresponsiveAfterMs } = resolvePoolSettings(options);
  const slots: WorkerSlot[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  if (!existsSync(/* turbopackIgnore: true */ workerFile)) {
    throw new Error(`The sandbox worker bundle is missing at ${workerFile}; run "node scripts/build-sandbox-worker.mjs" (npm run dev and npm run build do).`);
  }

  const spawn = (): WorkerSlot => spawnWorkerSlot(workerFile, retire);

  /** Ends a worker for good: every request on it fails, its turns learn it, and a fresh one takes its place. */
  function retire(slot: WorkerSlot, reason: string): void {
    if (slot.dead) return;
    slot.dead = true;
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index >= 0) {
      replaced += 1;
      slots.splice(index, 1);
      if (!closed) slots.push(spawn());
    }
    abandonWorkerSlot(slot, reason);
  }

  const watchdog = watchWorkerSlots({ slots, unresponsiveAfterMs, retire });
  for (let i = 0; i < size; i += 1) slots.push(spawn());

  const pool: SandboxPool = {
    pickWorker(purpose) {
      const candidates = slots.filter((slot) => !slot.dead && slot.pending.size < maxPending && (purpose === 'job' || slot.turns < maxTurns));
      const best = candidates.sort((a, b) => load(a) - load(b))[0];
      if (!best) {
        return err({ code: 'busy', message: `The sandbox is at capacity (${slots.length} workers, ${purpose === 'turn' ? `${maxTurns} turns each` : `${maxPending} requests each`}); try again in a few seconds.` });
      }
      return ok(best);
    },
    send(handle, request, sendOptions) {
      const slot = slots.find((candidate) => candidate === handle);
      if (!slot || slot.dead) return Promise.resolve(err({ code: 'worker-lost', message: 'The sandbox worker of this turn was replaced.' }));
      return sendToSlot(slot, nextId++, request, sendOptions, () => nextId++) as never;
    },
    run(request, sendOptions) {
      const picked = pool.pickWorker('job');
      if (!picked.ok) return Promise.resolve(picked);
      return pool.send(picked.value, request, sendOptions);
    },
    holdTurn(handle, delta) {
      const slot = slots.find((candidate) => candidate === handle);
      if (slot) slot.turns = Math.max(0, slot.turns + delta);
    },
    stats: () => ({
      workers: slots.length,
      pending: slots.reduce((sum, slot) => sum + slot.pending.size, 0),
      turns: slots.reduce((sum, slot) => sum + slot.turns, 0),
      replaced,
    }),
    async close() {
      closed = true;
      clearInterval(watchdog);
      const all = slots.splice(0);
      for (const slot of all) retire(slot, 'The sandbox pool was closed.');
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
  return pool;
}
