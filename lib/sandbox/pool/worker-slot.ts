// Server-only: one worker thread of the sandbox pool, as the pool tracks it.
import { tmpdir } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { err, ok, type Result, type ToolLogLevel } from '@/lib/runtime';
import { readThreadCpuMs } from '../quickjs/thread-cpu-clock';
import { HEARTBEAT_LENGTH, HEARTBEAT_SLOTS, type WorkerMessage } from './worker-protocol';

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

export type PendingRequest = {
  startedAt: number;
  deadline: number;
  /** How long the worker may stay silent while this request is pending. */
  silenceMs?: number;
  onLog?: (level: ToolLogLevel, message: string) => void;
  resolve: (answer: Result<unknown, PoolFailure>) => void;
};

export type WorkerSlot = WorkerHandle & {
  worker: Worker;
  /** The worker's own clock, written by its event loop every heartbeat interval. */
  heartbeat: BigInt64Array;
  pending: Map<number, PendingRequest>;
  /** Turns whose sandbox lives in this worker. */
  turns: number;
  lastHeard: number;
  /** Booting (loading QuickJS, warming contexts) may block the worker longer than a budget. */
  ready: boolean;
  lost: Set<() => void>;
  dead: boolean;
};

const WORKER_HEAP_MEGABYTES = 1024;

/** Loaded at run time: Next's bundler treats a static `new Worker(…)` as a browser-style worker entry. */
function loadWorkerConstructor(): typeof Worker {
  return process.getBuiltinModule('node:worker_threads').Worker;
}

/** Starts one worker thread; `onFailure` hears why it failed or exited. */
export function spawnWorkerSlot(workerFile: string, onFailure: (slot: WorkerSlot, reason: string) => void): WorkerSlot {
  const heartbeat = new BigInt64Array(new SharedArrayBuffer(HEARTBEAT_LENGTH * 8));
  Atomics.store(heartbeat, HEARTBEAT_SLOTS.wallMs, BigInt(Date.now()));
  const WorkerThread = loadWorkerConstructor();
  const worker = new WorkerThread(workerFile, {
    workerData: { heartbeat: heartbeat.buffer },
    // The worker never sees the server's secrets: it gets no environment but a temp directory.
    env: { TMPDIR: tmpdir(), NODE_ENV: process.env.NODE_ENV ?? 'production' },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MEGABYTES },
  });
  const slot: WorkerSlot = {
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
  worker.on('message', (message: WorkerMessage) => receiveWorkerMessage(slot, message));
  worker.on('error', (error) => onFailure(slot, `The sandbox worker failed: ${error.message}`));
  worker.on('exit', (code) => onFailure(slot, `The sandbox worker exited (code ${code}).`));
  worker.unref();
  return slot;
}

function receiveWorkerMessage(slot: WorkerSlot, message: WorkerMessage): void {
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
  settleRequest(slot, message.id, message.kind === 'answer' ? ok(message.value) : err({ code: 'failed', message: message.message }));
}

/** An idle worker does not keep the process alive; one with a request in flight does. */
export function settleRequest(slot: WorkerSlot, id: number, answer: Result<unknown, PoolFailure>): void {
  const pending = slot.pending.get(id);
  if (!pending) return;
  slot.pending.delete(id);
  if (slot.pending.size === 0) slot.worker.unref();
  pending.resolve(answer);
}

/** Fails every request on a dead worker and tells its turns. */
export function abandonWorkerSlot(slot: WorkerSlot, reason: string): void {
  for (const pending of slot.pending.values()) pending.resolve(err({ code: 'worker-lost', message: reason }));
  slot.pending.clear();
  for (const listener of slot.lost) listener();
  slot.lost.clear();
}

/**
 * CPU milliseconds the worker's thread ran since its last beat. A silent worker that did not run
 * was waiting for a core (it has a lower priority than the HTTP thread), not stuck; Infinity
 * where the thread's CPU time cannot be read, so silence alone decides there.
 */
export function ranSinceBeat(slot: WorkerSlot): number {
  const threadId = Number(Atomics.load(slot.heartbeat, HEARTBEAT_SLOTS.threadId));
  const now = threadId > 0 ? readThreadCpuMs(threadId) : undefined;
  if (now === undefined) return Number.POSITIVE_INFINITY;
  return now - Number(Atomics.load(slot.heartbeat, HEARTBEAT_SLOTS.cpuMicroseconds)) / 1000;
}
