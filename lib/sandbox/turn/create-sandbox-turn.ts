// Server-only: one agent turn's QuickJS context, its tools, timers and virtual files.
import { z } from 'zod';
import {
  type Result,
  type Tool,
  type ToolContext,
  type ToolFailure,
  type ToolReturn,
  describeOutputMismatch,
  type JsonSchemaValidator,
  formatZodIssues,
} from '@/lib/runtime';
import { hasErrors, type Diagnostic, moduleEvaluationBudgetMs, SANDBOX_LIMITS } from '@/lib/contract';
import { sortDiagnostics } from '../compile/compile-tool-module';
import { acquireSandboxContext, trackSandboxCall, trackSandboxSetUp } from '../quickjs/context-pool';
import { evaluateToolModule, type ActivityHooks } from '../compile/evaluate-tool-module';
import { OUTPUT_LIMIT_CHARACTERS, type HostBindings, type SandboxContext, type VmFailure } from '../quickjs/sandbox-context';
import { readEnvelope, sandboxZodIssues } from '../quickjs/sandbox-envelope';
import { createFileStore } from './file-store';
import { createLogQuota } from './log-quota';
import { createSandboxTool, type ToolEngine } from '../compile/sandbox-tool';
import { transpileModuleCached } from '../compile/transpile-module-cached';
import { threadCpuClock } from '../quickjs/vm-deadline';

export type SandboxTurnOptions = {
  source: string;
  /** The virtual file store's initial content, path → text. */
  files?: Record<string, string>;
  /** Seeds `Math.random` inside the sandbox. */
  seed?: number;
  /** What `Date.now()` returns inside the sandbox before any sleep. */
  clockStart?: number;
};

/** The tools of one turn, all sharing one fresh QuickJS context; dispose when the turn ends. */
export type SandboxTurn = {
  tools: Tool[];
  /** Per tool, in `tools` order: which activity labels it defines (a caller across a thread skips asking for the others). */
  activityHooks: ActivityHooks[];
  /** The virtual file store as the turn's tools left it. */
  files(): Record<string, string>;
  /** Grows whenever a tool changes the file store, so a copy elsewhere knows when to refresh. */
  filesVersion(): number;
  dispose(): void;
};

export type SandboxTurnError = { message: string; diagnostics: Diagnostic[] };

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

/**
 * Evaluates the module in a fresh pre-warmed context and returns its tools. A module with any
 * error diagnostic is refused as a whole: a turn never runs with tools silently missing.
 */
export async function createSandboxTurn(options: SandboxTurnOptions): Promise<Result<SandboxTurn, SandboxTurnError>> {
  // Set-up counts as work in flight so a pool refill never lands in the esbuild await.
  trackSandboxSetUp(1);
  try {
    return await setUpSandboxTurn(options);
  } finally {
    trackSandboxSetUp(-1);
  }
}

async function setUpSandboxTurn(options: SandboxTurnOptions): Promise<Result<SandboxTurn, SandboxTurnError>> {
  const transpiled = await transpileModuleCached(options.source);
  if (!transpiled.ok) return { ok: false, error: describeErrors(transpiled.error) };
  const vm = await acquireSandboxContext();
  const engine = createTurnEngine(vm, options.files ?? {}, moduleEvaluationBudgetMs(options.source.length));
  const configured = engine.callHook('configure', [options.seed ?? 0, options.clockStart ?? 0]);
  if (!configured.ok) {
    engine.dispose();
    return { ok: false, error: { message: `The sandbox could not start: ${configured.error.message}`, diagnostics: [] } };
  }
  const evaluated = evaluateToolModule(vm, options.source, transpiled.value);
  engine.finishEvaluation();
  const { diagnostics } = evaluated.compiled;
  if (hasErrors(diagnostics)) {
    engine.dispose();
    return { ok: false, error: describeErrors(diagnostics) };
  }
  return {
    ok: true,
    value: {
      tools: evaluated.tools.map((tool) => createSandboxTool(tool, engine)),
      activityHooks: evaluated.tools.map((tool) => tool.activityHooks),
      files: engine.snapshotFiles,
      filesVersion: engine.filesVersion,
      dispose: engine.dispose,
    },
  };
}

function describeErrors(diagnostics: Diagnostic[]): SandboxTurnError {
  const count = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return { message: `The tool module has ${count} error${count === 1 ? '' : 's'}; fix ${count === 1 ? 'it' : 'them'} to run a turn.`, diagnostics: sortDiagnostics(diagnostics) };
}

type TurnEngine = ToolEngine & { snapshotFiles(): Record<string, string>; filesVersion(): number; finishEvaluation(): void; dispose(): void };

function createTurnEngine(vm: SandboxContext, initialFiles: Record<string, string>, evaluationBudgetMs: number): TurnEngine {
  const files = createFileStore(initialFiles);
  const turnLog = createLogQuota(SANDBOX_LIMITS.log.linesPerTurn, SANDBOX_LIMITS.log.bytesPerTurn, 'turn');
  const calls = new Map<number, PendingCall>();
  let nextToken = 1;
  let disposed = false;
  /** Module evaluation gets its own, shorter budget; hooks get a call's. */
  let unownedBudgetMs = evaluationBudgetMs;
  /** The call whose code the current VM entry runs (a start, or a wake-up of its sleep). */
  let owner: PendingCall | undefined;
  /** Calls are charged the CPU time their entries took: waiting for a core costs them nothing. */
  const cpuClock = threadCpuClock();
  let entryStart = 0;

  /** Runs one VM entry on behalf of `call`, charging the time it takes to that call's CPU budget. */
  function enterFor<T>(call: PendingCall | undefined, run: () => T): T {
    const previous = owner;
    const previousStart = entryStart;
    owner = call;
    entryStart = cpuClock.now();
    try {
      return run();
    } finally {
      if (call) call.cpuMs += cpuClock.now() - entryStart;
      owner = previous;
      entryStart = previousStart;
    }
  }

  const bindings: HostBindings = {
    sleep(token, ms, wake) {
      const call = calls.get(token);
      // A settled call's sleeps never wake, so its leftover code cannot run on.
      if (!call) return;
      const timer = setTimeout(() => {
        call.timers.delete(timer);
        wake();
        enterFor(call, drain);
        enforceBudgets();
      }, Math.min(Math.max(0, ms), MAX_TIMER_MS));
      call.timers.add(timer);
    },
    log(token, text) {
      calls.get(token)?.log(text);
    },
    settle(token, json) {
      const call = calls.get(token);
      if (call) finish(call, readOutput(call, json));
    },
    readFile: (path) => files.read(path),
    writeFile: (path, text) => files.write(path, text),
    listFiles: () => files.list(),
    deleteFile: (path) => files.remove(path),
    nextDeadline() {
      // The end of this entry's CPU budget, and the earliest wall deadline of any call.
      const now = Date.now();
      // A call already ended for overspending no longer owns the entry: its leftovers get a fresh budget.
      const running = owner && calls.has(owner.token) ? owner : undefined;
      // An entry made for no call (module evaluation, a hook) gets a fresh budget each time it is armed.
      const cpuEndsAt = running ? now + Math.max(0, CPU_BUDGET_MS - running.cpuMs - (cpuClock.now() - entryStart)) : now + unownedBudgetMs;
      let wallEndsAt = Number.POSITIVE_INFINITY;
      for (const call of calls.values()) if (call.deadline > now) wallEndsAt = Math.min(wallEndsAt, call.deadline);
      return { cpuEndsAt, wallEndsAt };
    },
  };
  vm.bind(bindings);

  function finish(call: PendingCall, result: Result<ToolReturn, ToolFailure>): void {
    if (!calls.delete(call.token)) return;
    for (const timer of call.timers) clearTimeout(timer);
    call.context.signal.removeEventListener('abort', call.onAbort);
    trackSandboxCall(-1);
    call.resolve(result);
  }

  /** Settles a call from the host side (deadline, abort) and tells the sandbox it is over. */
  function cancel(call: PendingCall, failure: ToolFailure): void {
    if (!calls.has(call.token)) return;
    finish(call, { ok: false, error: failure });
    if (!disposed) vm.call('abortCall', [call.token]);
  }

  /**
   * An interrupt cannot say which call's code was looping, so every call past its deadline
   * times out; calls with time left keep running (the interrupt handler re-arms for them).
   */
  function timeOutOverdue(): void {
    const now = Date.now();
    for (const call of [...calls.values()]) {
      if (call.deadline <= now) cancel(call, overdue(call));
    }
  }

  /** Ends every call past its wall deadline or its CPU budget (the one that was running included). */
  function enforceBudgets(): void {
    if (vm.wasInterrupted()) timeOutOverdue();
    for (const call of [...calls.values()]) {
      if (call.cpuMs >= CPU_BUDGET_MS) cancel(call, cpuExhausted());
    }
  }

  /** Which budget an interrupt inside a call's code enforced: its CPU budget, or its wall deadline. */
  function interruption(call: PendingCall): ToolFailure {
    const spent = call.cpuMs + (owner === call ? cpuClock.now() - entryStart : 0);
    return spent >= CPU_BUDGET_MS - CPU_SLACK_MS ? cpuExhausted() : overdue(call);
  }


  function drain(): void {
    // A round cut by an interrupt leaves the killed job's rejection handlers queued: run them too.
    for (let round = 0; round < 8 && !disposed; round += 1) {
      vm.drainJobs();
      if (!vm.wasInterrupted()) return;
      if (owner) owner.cpuMs += cpuClock.now() - entryStart;
      entryStart = cpuClock.now();
      enforceBudgets();
    }
  }

  function readOutput(call: PendingCall, json: string): Result<ToolReturn, ToolFailure> {
    const envelope = readEnvelope(json);
    if (!envelope.ok) return envelope.error.code === 'timeout' ? { ok: false, error: interruption(call) } : envelope;
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

  return {
    callHook(method, args) {
      if (disposed) return { ok: false, error: { code: 'aborted', message: 'The sandbox turn was disposed.' } };
      const answer = vm.call(method, args);
      enforceBudgets();
      const result = answer.ok ? readEnvelope(answer.value) : { ok: false as const, error: failureFromVm(answer.error) };
      drain();
      return result;
    },
    execute({ index, args, context, outputValidator }) {
      if (disposed) return Promise.resolve({ ok: false, error: { code: 'aborted', message: 'The sandbox turn was disposed.' } });
      if (context.signal.aborted) return Promise.resolve({ ok: false, error: { code: 'aborted', message: 'The call was aborted before it started.' } });
      const timeoutMs = Number.isFinite(context.timeoutMs) && context.timeoutMs > 0 ? context.timeoutMs : DEFAULT_TIMEOUT_MS;
      const token = nextToken++;
      return new Promise((resolve) => {
        const callLog = createLogQuota(SANDBOX_LIMITS.log.linesPerCall, SANDBOX_LIMITS.log.bytesPerCall, 'call');
        const call: PendingCall = {
          token,
          deadline: Date.now() + timeoutMs,
          timeoutMs,
          cpuMs: 0,
          log: (text) => {
            for (const line of turnLog.admit(callLog.admit([text]))) context.log('info', line);
          },
          context,
          timers: new Set(),
          outputValidator,
          onAbort: () => cancel(call, { code: 'aborted', message: 'The call was aborted.' }),
          resolve,
        };
        calls.set(token, call);
        trackSandboxCall(1);
        call.timers.add(setTimeout(() => cancel(call, { code: 'timeout', message: `The tool did not finish within ${timeoutMs} ms.` }), Math.min(timeoutMs, MAX_TIMER_MS)));
        context.signal.addEventListener('abort', call.onAbort, { once: true });
        const started = enterFor(call, () => vm.call('startCall', [index, token, JSON.stringify(args ?? null), context.callId, timeoutMs]));
        enforceBudgets();
        if (!started.ok) finish(call, { ok: false, error: failureFromVm(started.error) });
        else {
          const envelope = readEnvelope(started.value);
          if (!envelope.ok) finish(call, envelope);
        }
        enterFor(call, drain);
        enforceBudgets();
      });
    },
    finishEvaluation() {
      unownedBudgetMs = CPU_BUDGET_MS;
    },
    snapshotFiles: () => files.snapshot(),
    filesVersion: () => files.version(),
    dispose() {
      if (disposed) return;
      for (const call of [...calls.values()]) finish(call, { ok: false, error: { code: 'aborted', message: 'The sandbox turn was disposed.' } });
      disposed = true;
      vm.dispose();
    },
  };
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
