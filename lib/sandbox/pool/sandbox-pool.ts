// Server-only: a pool of worker threads that run all untrusted work off the HTTP thread.
import { existsSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { err, ok, type Result, type ToolLogLevel } from '@/lib/runtime';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { readThreadCpuMs } from '../quickjs/thread-cpu-clock';
import { isWorkerStuck } from './is-worker-stuck';
import { HEARTBEAT_LENGTH, HEARTBEAT_SLOTS, type WorkerAnswers, type WorkerMessage, type WorkerRequest, type WorkerRequestKind } from './worker-protocol';

/** Why the pool could not answer: it is full, the worker died under the request, or it failed. */
export type PoolFailure =
  | { code: 'busy'; message: string }
  | { code: 'worker-lost'; message: string }
  | { code: 'timeout'; message: string }
  | { code: 'failed'; message: string };

/** One worker thread as the pool tracks it; turns stay on the worker that opened them. */
export type WorkerHandle = {
  readonly alive: boolean;
  /** Called once when the worker dies or is replaced. */
  onLost(listener: () => void): () => void;
};

type Pending = {
  startedAt: number;
  deadline: number;
  /** How long the worker may stay silent while this request is pending. */
  silenceMs?: number;
  onLog?: (level: ToolLogLevel, message: string) => void;
  resolve: (answer: Result<unknown, PoolFailure>) => void;
};

type Slot = WorkerHandle & {
  worker: Worker;
  /** The worker's own clock, written by its event loop every heartbeat interval. */
  heartbeat: BigInt64Array;
  pending: Map<number, Pending>;
  /** Turns whose sandbox lives in this worker. */
  turns: number;
  lastHeard: number;
  /** Booting (loading QuickJS, warming contexts) may block the worker longer than a budget. */
  ready: boolean;
  lost: Set<() => void>;
  dead: boolean;
};

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

const WATCHDOG_INTERVAL_MS = 250;
/** A QuickJS entry may run for a whole CPU budget; past that plus this margin the thread is stuck. */
const UNRESPONSIVE_MARGIN_MS = 1500;
const WORKER_HEAP_MEGABYTES = 1024;
const BOOT_ALLOWANCE_MS = 10_000;

/**
 * Built outside Next (scripts/build-sandbox-worker.mjs). The path is assembled so that no bundler
 * mistakes it for a module pattern to trace and bundle.
 */
export function defaultWorkerFile(): string {
  return process.env.PLAYGROUND_SANDBOX_WORKER_FILE ?? [process.cwd(), '.generated', 'sandbox-worker.mjs'].join(path.sep);
}

/** Loaded at run time: Next's bundler treats a static `new Worker(…)` as a browser-style worker entry. */
function loadWorkerConstructor(): typeof Worker {
  return process.getBuiltinModule('node:worker_threads').Worker;
}

export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const size = Math.max(1, options.size ?? Math.max(2, availableParallelism()));
  const workerFile = options.workerFile ?? defaultWorkerFile();
  const maxPending = options.maxPendingPerWorker ?? 64;
  const maxTurns = options.maxTurnsPerWorker ?? 48;
  // A module's evaluation holds the worker's event loop for up to its own deadline.
  const unresponsiveAfterMs = options.unresponsiveAfterMs ?? Math.max(SANDBOX_LIMITS.cpuBudgetMs, SANDBOX_LIMITS.moduleEvaluationMs) + UNRESPONSIVE_MARGIN_MS;
  const slots: Slot[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  if (!existsSync(/* turbopackIgnore: true */ workerFile)) {
    throw new Error(`The sandbox worker bundle is missing at ${workerFile}; run "node scripts/build-sandbox-worker.mjs" (npm run dev and npm run build do).`);
  }

  function spawn(): Slot {
    const heartbeat = new BigInt64Array(new SharedArrayBuffer(HEARTBEAT_LENGTH * 8));
    Atomics.store(heartbeat, HEARTBEAT_SLOTS.wallMs, BigInt(Date.now()));
    const WorkerThread = loadWorkerConstructor();
    const worker = new WorkerThread(workerFile, {
      workerData: { heartbeat: heartbeat.buffer },
      // The worker never sees the server's secrets: it gets no environment but a temp directory.
      env: { TMPDIR: tmpdir(), NODE_ENV: process.env.NODE_ENV ?? 'production' },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MEGABYTES },
    });
    const slot: Slot = {
      worker,
      heartbeat,
      pending: new Map(),
      turns: 0,
      lastHeard: Date.now(),
      ready: false,
      lost: new Set(),
      dead: false,
      get alive() {
        return !this.dead;
      },
      onLost(listener) {
        if (slot.dead) {
          listener();
          return () => undefined;
        }
        slot.lost.add(listener);
        return () => slot.lost.delete(listener);
      },
    };
    worker.on('message', (message: WorkerMessage) => receive(slot, message));
    worker.on('error', (error) => retire(slot, `The sandbox worker failed: ${error.message}`));
    worker.on('exit', (code) => retire(slot, `The sandbox worker exited (code ${code}).`));
    worker.unref();
    return slot;
  }

  function receive(slot: Slot, message: WorkerMessage): void {
    slot.lastHeard = Date.now();
    if (message.kind === 'ready') {
      slot.ready = true;
      return;
    }
    const pending = slot.pending.get(message.id);
    if (!pending) return;
    if (message.kind === 'log') {
      pending.onLog?.(message.level, message.message);
      return;
    }
    settle(slot, message.id, message.kind === 'answer' ? ok(message.value) : err({ code: 'failed', message: message.message }));
  }

  /** An idle worker does not keep the process alive; one with a request in flight does. */
  function settle(slot: Slot, id: number, answer: Result<unknown, PoolFailure>): void {
    const pending = slot.pending.get(id);
    if (!pending) return;
    slot.pending.delete(id);
    if (slot.pending.size === 0) slot.worker.unref();
    pending.resolve(answer);
  }

  /** Ends a worker for good: every request on it fails, its turns learn it, and a fresh one takes its place. */
  function retire(slot: Slot, reason: string): void {
    if (slot.dead) return;
    slot.dead = true;
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index >= 0) {
      replaced += 1;
      slots.splice(index, 1);
      if (!closed) slots.push(spawn());
    }
    for (const pending of slot.pending.values()) pending.resolve(err({ code: 'worker-lost', message: reason }));
    slot.pending.clear();
    for (const listener of slot.lost) listener();
    slot.lost.clear();
  }

  /** The default, unless every pending request is one that may hold the loop longer (the longest of those). */
  function allowedSilence(slot: Slot): number {
    let allowed = 0;
    for (const pending of slot.pending.values()) {
      if (pending.silenceMs === undefined) return unresponsiveAfterMs;
      allowed = Math.max(allowed, pending.silenceMs);
    }
    return Math.max(allowed, unresponsiveAfterMs);
  }

  const watchdog = setInterval(() => {
    const now = Date.now();
    for (const slot of [...slots]) {
      const silentFor = now - Math.max(slot.lastHeard, Number(Atomics.load(slot.heartbeat, HEARTBEAT_SLOTS.wallMs)));
      const allowed = slot.ready ? allowedSilence(slot) : BOOT_ALLOWANCE_MS;
      if (slot.pending.size > 0 && silentFor > allowed && isWorkerStuck({ silentForMs: silentFor, ranForMs: ranSinceBeat(slot), allowedMs: allowed })) {
        retire(slot, `The sandbox worker stopped answering for ${silentFor} ms (code that could not be interrupted ran past the CPU budget) and was replaced.`);
        continue;
      }
      for (const [id, pending] of slot.pending) {
        if (pending.deadline <= now) settle(slot, id, err({ code: 'timeout', message: `The sandbox did not answer within ${pending.deadline - pending.startedAt} ms.` }));
      }
    }
  }, WATCHDOG_INTERVAL_MS);
  watchdog.unref();

  for (let i = 0; i < size; i += 1) slots.push(spawn());

  /**
   * CPU milliseconds the worker's thread ran since its last beat. A silent worker that did not run
   * was waiting for a core (it has a lower priority than the HTTP thread), not stuck; Infinity
   * where the thread's CPU time cannot be read, so silence alone decides there.
   */
  function ranSinceBeat(slot: Slot): number {
    const threadId = Number(Atomics.load(slot.heartbeat, HEARTBEAT_SLOTS.threadId));
    const now = threadId > 0 ? readThreadCpuMs(threadId) : undefined;
    if (now === undefined) return Number.POSITIVE_INFINITY;
    return now - Number(Atomics.load(slot.heartbeat, HEARTBEAT_SLOTS.cpuMicroseconds)) / 1000;
  }

  function load(slot: Slot): number {
    return slot.pending.size + slot.turns;
  }

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
      const id = nextId++;
      const startedAt = Date.now();
      const { signal } = sendOptions;
      const onAbort = () => {
        if (!slot.dead) slot.worker.postMessage({ kind: 'abort-call', id: nextId++, callRequest: id } satisfies WorkerRequest);
      };
      return new Promise((resolve) => {
        slot.pending.set(id, {
          startedAt,
          deadline: startedAt + sendOptions.timeoutMs,
          silenceMs: sendOptions.silenceMs,
          onLog: sendOptions.onLog,
          resolve: (answer) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(answer as never);
          },
        });
        slot.worker.ref();
        slot.worker.postMessage({ ...request, id });
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
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
