// Server-only: the engine under one turn's sandbox tools: calls, their budgets, timers and files.
import { z } from 'zod';
import { type Result, type ToolContext, type ToolFailure, type ToolReturn, describeOutputMismatch, type JsonSchemaValidator, formatZodIssues } from '@/lib/runtime';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { recycleSandboxContext, trackSandboxCall } from '../quickjs/context-pool';
import { OUTPUT_LIMIT_CHARACTERS, type HostBindings, type SandboxContext, type VmFailure } from '../quickjs/sandbox-context';
import { readEnvelope, sandboxZodIssues } from '../quickjs/sandbox-envelope';
import { createFileStore, type FileStore } from './file-store';
import { createLogQuota, type LogQuota } from './log-quota';
import type { ToolEngine } from '../compile/sandbox-tool';
import type { ThreadCpuClock } from '../quickjs/thread-cpu-clock';
import { threadCpuClock } from '../quickjs/vm-deadline';

const CPU_BUDGET_MS = SANDBOX_LIMITS.cpuBudgetMs;
const DEFAULT_TIMEOUT_MS = SANDBOX_LIMITS.defaultWallDeadlineMs;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The interrupt handler is polled, so a call stopped at its budget may have run a little less. */
const CPU_SLACK_MS = 20;

/** What a call settles with; `outputIssues` are a Zod output schema's, checked in the sandbox. */
const toolReturn = z.object({ content: z.json().optional(), details: z.json().optional(), endTurn: z.boolean().optional(), outputIssues: sandboxZodIssues.optional() });

type PendingCall = {
  token: number;
  deadline: number;
  timeoutMs: number;
  /** Time spent running this call's code inside the VM, summed over every entry made for it. */
  cpuMs: number;
  log: (text: string) => void;
  context: ToolContext;
  timers: Set<ReturnType<typeof setTimeout>>;
  outputValidator?: JsonSchemaValidator;
  onAbort: () => void;
  resolve: (result: Result<ToolReturn, ToolFailure>) => void;
};

export type TurnEngine = ToolEngine & { snapshotFiles(): Record<string, string>; filesVersion(): number; finishEvaluation(): void; dispose(): void };

/** What the VM's entries, its timers and the turn's calls share. */
type EngineState = {
  vm: SandboxContext;
  files: FileStore;
  turnLog: LogQuota;
  calls: Map<number, PendingCall>;
  nextToken: number;
  disposed: boolean;
  /** Module evaluation gets its own, shorter budget; hooks get a call's. */
  unownedBudgetMs: number;
  /** The call whose code the current VM entry runs (a start, or a wake-up of its sleep). */
  owner: PendingCall | undefined;
  /** Calls are charged the CPU time their entries took: waiting for a core costs them nothing. */
  cpuClock: ThreadCpuClock;
  entryStart: number;
};

type CallRequest = Parameters<ToolEngine['execute']>[0];

const DISPOSED: ToolFailure = { code: 'aborted', message: 'The sandbox turn was disposed.' };

export function createTurnEngine(vm: SandboxContext, initialFiles: Record<string, string>, evaluationBudgetMs: number): TurnEngine {
  const engine: EngineState = {
    vm,
    files: createFileStore(initialFiles),
    turnLog: createLogQuota(SANDBOX_LIMITS.log.linesPerTurn, SANDBOX_LIMITS.log.bytesPerTurn, 'turn'),
    calls: new Map(),
    nextToken: 1,
    disposed: false,
    unownedBudgetMs: evaluationBudgetMs,
    owner: undefined,
    cpuClock: threadCpuClock(),
    entryStart: 0,
  };
  vm.bind(createHostBindings(engine));
  return {
    callHook: (method, args) => callHook(engine, method, args),
    execute: (request) => startCall(engine, request),
    finishEvaluation() {
      engine.unownedBudgetMs = CPU_BUDGET_MS;
    },
    snapshotFiles: () => engine.files.snapshot(),
    filesVersion: () => engine.files.version(),
    dispose() {
      if (engine.disposed) return;
      for (const call of [...engine.calls.values()]) finish(engine, call, { ok: false, error: DISPOSED });
      engine.disposed = true;
      recycleSandboxContext(vm);
    },
  };
}

/** What the sandbox's host functions do: sleeps, logs, settling a call, the file store, and the next entry's deadlines. */
function createHostBindings(engine: EngineState): HostBindings {
  const { calls, files } = engine;
  return {
    sleep(token, ms, wake) {
      const call = calls.get(token);
      // A settled call's sleeps never wake, so its leftover code cannot run on.
      if (!call) return;
      const timer = setTimeout(() => {
        call.timers.delete(timer);
        wake();
        enterFor(engine, call, () => drain(engine));
        enforceBudgets(engine);
      }, Math.min(Math.max(0, ms), MAX_TIMER_MS));
      call.timers.add(timer);
    },
    log(token, text) {
      calls.get(token)?.log(text);
    },
    settle(token, json) {
      const call = calls.get(token);
      if (call) finish(engine, call, readOutput(engine, call, json));
    },
    readFile: (path) => files.read(path),
    writeFile: (path, text) => files.write(path, text),
    listFiles: () => files.list(),
    deleteFile: (path) => files.remove(path),
    nextDeadline() {
      // The end of this entry's CPU budget, and the earliest wall deadline of any call.
      const now = Date.now();
      // A call already ended for overspending no longer owns the entry: its leftovers get a fresh budget.
      const running = engine.owner && calls.has(engine.owner.token) ? engine.owner : undefined;
      // An entry made for no call (module evaluation, a hook) gets a fresh budget each time it is armed.
      const cpuEndsAt = running ? now + Math.max(0, CPU_BUDGET_MS - running.cpuMs - (engine.cpuClock.now() - engine.entryStart)) : now + engine.unownedBudgetMs;
      let wallEndsAt = Number.POSITIVE_INFINITY;
      for (const call of calls.values()) if (call.deadline > now) wallEndsAt = Math.min(wallEndsAt, call.deadline);
      return { cpuEndsAt, wallEndsAt };
    },
  };
}

/** Runs one VM entry on behalf of `call`, charging the time it takes to that call's CPU budget. */
function enterFor<T>(engine: EngineState, call: PendingCall | undefined, run: () => T): T {
  const previous = engine.owner;
  const previousStart = engine.entryStart;
  engine.owner = call;
  engine.entryStart = engine.cpuClock.now();
  try {
    return run();
  } finally {
    if (call) call.cpuMs += engine.cpuClock.now() - engine.entryStart;
    engine.owner = previous;
    engine.entryStart = previousStart;
  }
}

function callHook(engine: EngineState, method: Parameters<ToolEngine['callHook']>[0], args: (string | number)[]): Result<unknown, ToolFailure> {
  if (engine.disposed) return { ok: false, error: DISPOSED };
  const answer = engine.vm.call(method, args);
  enforceBudgets(engine);
  const result = answer.ok ? readEnvelope(answer.value) : { ok: false as const, error: failureFromVm(answer.error) };
  drain(engine);
  return result;
}

/** Starts one call in the VM under its wall deadline and CPU budget; settles when the sandbox settles it or the host ends it. */
function startCall(engine: EngineState, { index, args, context, outputValidator }: CallRequest): Promise<Result<ToolReturn, ToolFailure>> {
  if (engine.disposed) return Promise.resolve({ ok: false, error: DISPOSED });
  if (context.signal.aborted) return Promise.resolve({ ok: false, error: { code: 'aborted', message: 'The call was aborted before it started.' } });
  const timeoutMs = Number.isFinite(context.timeoutMs) && context.timeoutMs > 0 ? context.timeoutMs : DEFAULT_TIMEOUT_MS;
  const token = engine.nextToken++;
  return new Promise((resolve) => {
    const callLog = createLogQuota(SANDBOX_LIMITS.log.linesPerCall, SANDBOX_LIMITS.log.bytesPerCall, 'call');
    const call: PendingCall = {
      token,
      deadline: Date.now() + timeoutMs,
      timeoutMs,
      cpuMs: 0,
      log: (text) => {
        for (const line of engine.turnLog.admit(callLog.admit([text]))) context.log('info', line);
      },
      context,
      timers: new Set(),
      outputValidator,
      onAbort: () => cancel(engine, call, { code: 'aborted', message: 'The call was aborted.' }),
      resolve,
    };
    engine.calls.set(token, call);
    trackSandboxCall(1);
    call.timers.add(setTimeout(() => cancel(engine, call, { code: 'timeout', message: `The tool did not finish within ${timeoutMs} ms.` }), Math.min(timeoutMs, MAX_TIMER_MS)));
    context.signal.addEventListener('abort', call.onAbort, { once: true });
    const started = enterFor(engine, call, () => engine.vm.call('startCall', [index, token, JSON.stringify(args ?? null), context.callId, timeoutMs]));
    enforceBudgets(engine);
    if (!started.ok) finish(engine, call, { ok: false, error: failureFromVm(started.error) });
    else {
      const envelope = readEnvelope(started.value);
      if (!envelope.ok) finish(engine, call, envelope);
    }
    enterFor(engine, call, () => drain(engine));
    enforceBudgets(engine);
  });
}

function finish(engine: EngineState, call: PendingCall, result: Result<ToolReturn, ToolFailure>): void {
  if (!engine.calls.delete(call.token)) return;
  for (const timer of call.timers) clearTimeout(timer);
  call.context.signal.removeEventListener('abort', call.onAbort);
  trackSandboxCall(-1);
  call.resolve(result);
}

/** Settles a call from the host side (deadline, abort) and tells the sandbox it is over. */
function cancel(engine: EngineState, call: PendingCall, failure: ToolFailure): void {
  if (!engine.calls.has(call.token)) return;
  finish(engine, call, { ok: false, error: failure });
  if (!engine.disposed) engine.vm.call('abortCall', [call.token]);
}

/**
 * An interrupt cannot say which call's code was looping, so every call past its deadline
 * times out; calls with time left keep running (the interrupt handler re-arms for them).
 */
function timeOutOverdue(engine: EngineState): void {
  const now = Date.now();
  for (const call of [...engine.calls.values()]) {
    if (call.deadline <= now) cancel(engine, call, overdue(call));
  }
}

/** Ends every call past its wall deadline or its CPU budget (the one that was running included). */
function enforceBudgets(engine: EngineState): void {
  if (engine.vm.wasInterrupted()) timeOutOverdue(engine);
  for (const call of [...engine.calls.values()]) {
    if (call.cpuMs >= CPU_BUDGET_MS) cancel(engine, call, cpuExhausted());
  }
}

/** Which budget an interrupt inside a call's code enforced: its CPU budget, or its wall deadline. */
function interruption(engine: EngineState, call: PendingCall): ToolFailure {
  const spent = call.cpuMs + (engine.owner === call ? engine.cpuClock.now() - engine.entryStart : 0);
  return spent >= CPU_BUDGET_MS - CPU_SLACK_MS ? cpuExhausted() : overdue(call);
}

function drain(engine: EngineState): void {
  // A round cut by an interrupt leaves the killed job's rejection handlers queued: run them too.
  for (let round = 0; round < 8 && !engine.disposed; round += 1) {
    engine.vm.drainJobs();
    if (!engine.vm.wasInterrupted()) return;
    if (engine.owner) engine.owner.cpuMs += engine.cpuClock.now() - engine.entryStart;
    engine.entryStart = engine.cpuClock.now();
    enforceBudgets(engine);
  }
}

function readOutput(engine: EngineState, call: PendingCall, json: string): Result<ToolReturn, ToolFailure> {
  const envelope = readEnvelope(json);
  if (!envelope.ok) return envelope.error.code === 'timeout' ? { ok: false, error: interruption(engine, call) } : envelope;
  const parsed = toolReturn.safeParse(envelope.value);
  if (!parsed.success) return { ok: false, error: { code: 'output-invalid', message: 'The tool returned something that is not JSON data.' } };
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > OUTPUT_LIMIT_CHARACTERS) {
    return { ok: false, error: { code: 'limit-exceeded', message: `The output is ${bytes} bytes as JSON; the limit is ${OUTPUT_LIMIT_CHARACTERS} (1 MB).` } };
  }
  // The checked JSON.parse result, not Zod's rebuilt copy: a "__proto__" key stays an own property.
  const { content = null, details, endTurn, outputIssues } = envelope.value as z.infer<typeof toolReturn>;
  const issues = outputIssues ? formatZodIssues(outputIssues, content) : (call.outputValidator?.(content) ?? []);
  if (issues.length > 0) return { ok: false, error: { code: 'output-invalid', message: describeOutputMismatch(issues) } };
  return { ok: true, value: { content, ...(details === undefined ? {} : { details }), ...(endTurn ? { endTurn: true } : {}) } };
}

function cpuExhausted(): ToolFailure {
  return { code: 'timeout', message: `The tool used more than its CPU budget of ${CPU_BUDGET_MS} ms and was stopped: is there an endless loop?` };
}

function overdue(call: PendingCall): ToolFailure {
  return { code: 'timeout', message: `The tool exceeded its ${call.timeoutMs} ms deadline while running.` };
}

function failureFromVm(failure: VmFailure): ToolFailure {
  if (failure.kind === 'interrupted') return { code: 'timeout', message: `The tool was interrupted at its deadline or its CPU budget of ${CPU_BUDGET_MS} ms.` };
  if (/out of memory/.test(failure.message)) return { code: 'limit-exceeded', message: `The tool exceeded the sandbox memory limit of ${SANDBOX_LIMITS.quickjsMemoryMegabytes} MB.` };
  if (/string too long/.test(failure.message)) return { code: 'limit-exceeded', message: 'The tool built a string longer than the sandbox allows.' };
  if (/stack overflow/.test(failure.message)) return { code: 'limit-exceeded', message: 'Maximum call stack size exceeded: is there unbounded recursion?' };
  return { code: 'threw', message: failure.message };
}
