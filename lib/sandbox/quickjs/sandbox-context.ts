// Server-only: owns one QuickJS runtime (WASM) with Zod and the prelude evaluated in it.
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { PLAIN_TOOL_OPTIONS, ZOD_TO_JSON_SCHEMA_OPTIONS, type Result } from '@/lib/runtime';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { SANDBOX_PRELUDE, type SandboxApiMethod } from './sandbox-prelude';
import { armVmDeadline, isVmDue, nextCheckAt, threadCpuClock, type EntryLimits, type VmDeadline } from './vm-deadline';
import { ZOD_GLOBAL_NAME } from './zod-bundle';

const MEMORY_LIMIT_MEGABYTES = SANDBOX_LIMITS.quickjsMemoryMegabytes;
/** Tool output above this many characters (after JSON.stringify) is a `limit-exceeded` failure. */
export const OUTPUT_LIMIT_CHARACTERS = SANDBOX_LIMITS.outputBytes;
/**
 * QuickJS's own stack limit. WASM frames also consume the host's native stack, and measured
 * recursion overflowed Node's stack (a host RangeError that would wreck the WASM instance) at
 * 384 KB; at 192 KB QuickJS reports its catchable "stack overflow" first with room to spare.
 */
const MAX_STACK_BYTES = 192 * 1024;
const MODULE_FILE = 'tools.js';

/** What the host provides to the code in one context; attached per turn with `bind`. */
export type HostBindings = {
  /** Schedules `wake` after `ms`; never calling it leaves the sandbox promise pending. */
  sleep(token: number, ms: number, wake: () => void): void;
  log(token: number, text: string): void;
  settle(token: number, json: string): void;
  readFile(path: string): string | undefined;
  writeFile(path: string, text: string): void;
  listFiles(): string[];
  deleteFile(path: string): boolean;
  /**
   * The limits of the code about to run, asked again after each interrupt: the end of its CPU
   * budget (which moves by any time the thread waits for a core) and its wall deadline.
   */
  nextDeadline(): EntryLimits;
};

/** Why the host could not get an answer out of the VM. */
export type VmFailure = { kind: 'interrupted' | 'threw'; message: string; stack: string };

/** A QuickJS instance and its memory. */
export type QuickJsInstance = { quickjs: QuickJSWASMModule; memory: WebAssembly.Memory };

/** One warm QuickJS runtime + context, used by exactly one compile or one turn, then disposed. */
export type SandboxContext = {
  bind(bindings: HostBindings): void;
  /** Evaluates the transpiled CommonJS module text; returns the prelude's JSON description. */
  evaluateModule(code: string): Result<string, VmFailure>;
  call(method: SandboxApiMethod, args: (string | number)[]): Result<string, VmFailure>;
  /** Runs queued promise jobs (after a host callback resolved something). */
  drainJobs(): Result<number, VmFailure>;
  /** True when the last VM entry was cut by the interrupt handler. */
  wasInterrupted(): boolean;
  readonly alive: boolean;
  /** The instance the context owns alone, when it was copied from a snapshot (so it can be reset to it). */
  readonly instance: QuickJsInstance | undefined;
  /** False once a host exception (a trap, the host's own stack overflow) escaped a VM entry. */
  readonly entriesEndedCleanly: boolean;
  dispose(): void;
};

/** Bindings that do nothing but give a deadline: for compiling, and for a disposed context. */
export function createInertBindings(nextDeadline: () => EntryLimits): HostBindings {
  return {
    sleep: () => undefined,
    log: () => undefined,
    settle: () => undefined,
    readFile: () => undefined,
    writeFile: () => undefined,
    listFiles: () => [],
    deleteFile: () => false,
    nextDeadline,
  };
}

const detachedBindings = createInertBindings(() => ({ cpuEndsAt: Date.now() + 1000, wallEndsAt: Number.POSITIVE_INFINITY }));

/** The methods of the prelude's api object the host keeps a handle to. */
export const API_METHODS = ['evaluateModule', 'configure', 'validateArguments', 'evaluateNeedsApproval', 'validateOutput', 'describeActivity', 'describeCompletedActivity', 'startCall', 'abortCall'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** The host side of one QuickJS runtime + context: the handles and state a SandboxContext drives. */
export type ContextParts = {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  apiHandles: Map<ApiMethod, QuickJSHandle>;
  deferreds: Set<QuickJSDeferredPromise>;
  vm: VmState;
};

/** What the interrupt handler and the host functions read: set per entry, per turn. */
export type VmState = { bindings: HostBindings; deadline: VmDeadline; interrupted: boolean };

const NO_DEADLINE: VmDeadline = { cpuEndsAt: Number.POSITIVE_INFINITY, wallEndsAt: Number.POSITIVE_INFINITY, armedWall: 0, armedCpu: 0 };

export function createVmState(): VmState {
  return { bindings: detachedBindings, deadline: NO_DEADLINE, interrupted: false };
}

/** The runtime's host-side settings: its loader refuses every import, its interrupt handler enforces `vm.deadline`. */
export function attachRuntimeHandlers(runtime: QuickJSRuntime, vm: VmState): void {
  runtime.setModuleLoader((name) => ({ error: new Error(`Cannot import '${name}': tool modules can import only 'zod' and 'playground'.`) }));
  runtime.setInterruptHandler(() => {
    const now = Date.now();
    if (now <= nextCheckAt(vm.deadline)) return false;
    if (!isVmDue(vm.deadline, now, threadCpuClock().now())) return false;
    vm.interrupted = true;
    vm.deadline = armVmDeadline(vm.bindings.nextDeadline());
    return true;
  });
}

/** A fresh context with Zod and the prelude evaluated in it (~100 ms; `restoreSandboxContext` copies one instead). */
export function createSandboxContext(quickjs: QuickJSWASMModule, zodBundle: string): SandboxContext {
  return wrapContextParts(installContextParts(quickjs, zodBundle));
}

/** Creates the runtime and context in `quickjs` and evaluates Zod and the prelude there. */
export function installContextParts(quickjs: QuickJSWASMModule, zodBundle: string): ContextParts {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(MEMORY_LIMIT_MEGABYTES * 1024 * 1024);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  const vm = createVmState();
  attachRuntimeHandlers(runtime, vm);
  const context = runtime.newContext();
  const parts: ContextParts = { runtime, context, apiHandles: new Map(), deferreds: new Set(), vm };
  try {
    installZodAndPrelude(parts, zodBundle);
  } catch (error) {
    disposeAll(parts);
    throw error;
  }
  return parts;
}

/** The SandboxContext over installed (or restored) parts. */
export function wrapContextParts(parts: ContextParts, instance?: QuickJsInstance): SandboxContext {
  const { runtime, context, apiHandles, vm } = parts;
  let released = false;
  let entriesEndedCleanly = true;

  function enter<T>(run: () => Result<T, VmFailure>): Result<T, VmFailure> {
    if (released) return { ok: false, error: { kind: 'threw', message: 'The sandbox context was disposed.', stack: '' } };
    vm.interrupted = false;
    vm.deadline = armVmDeadline(vm.bindings.nextDeadline());
    try {
      return run();
    } catch (error) {
      entriesEndedCleanly = false;
      throw error;
    } finally {
      vm.deadline = NO_DEADLINE;
    }
  }
  function toFailure(errorHandle: QuickJSHandle): VmFailure {
    const described = describeVmError(context, errorHandle);
    return { kind: vm.interrupted ? 'interrupted' : 'threw', ...described };
  }
  function callHandle(fn: QuickJSHandle, args: QuickJSHandle[]): Result<string, VmFailure> {
    const result = context.callFunction(fn, context.undefined, args);
    if (result.error) return { ok: false, error: toFailure(result.error) };
    const text = context.typeof(result.value) === 'string' ? context.getString(result.value) : 'null';
    result.value.dispose();
    return { ok: true, value: text };
  }

  return {
    bind(next) {
      vm.bindings = next;
    },
    evaluateModule(code) {
      return enter(() => {
        const factory = context.evalCode(`(function (require, module, exports) { 'use strict';\n${code}\n})`, MODULE_FILE, { type: 'global' });
        if (factory.error) return { ok: false, error: toFailure(factory.error) };
        try {
          return callHandle(requireApi(apiHandles, 'evaluateModule'), [factory.value]);
        } finally {
          factory.value.dispose();
        }
      });
    },
    call(method, args) {
      return enter(() => {
        const handles = args.map((arg) => (typeof arg === 'number' ? context.newNumber(arg) : context.newString(arg)));
        try {
          return callHandle(requireApi(apiHandles, method), handles);
        } finally {
          for (const handle of handles) handle.dispose();
        }
      });
    },
    drainJobs() {
      return enter(() => {
        const result = runtime.executePendingJobs();
        if (result.error) return { ok: false, error: toFailure(result.error) };
        return { ok: true, value: result.value };
      });
    },
    wasInterrupted: () => vm.interrupted,
    get alive() {
      return !released && context.alive;
    },
    instance,
    get entriesEndedCleanly() {
      return entriesEndedCleanly;
    },
    /**
     * Every context owns its WebAssembly instance, so releasing it is dropping the instance: the
     * memory goes with it, and nothing is freed object by object (which took ~7 ms, and could hit
     * QuickJS's leak assertion after a turn that reached its memory cap).
     */
    dispose() {
      if (released) return;
      released = true;
      vm.bindings = detachedBindings;
      parts.deferreds.clear();
      apiHandles.clear();
    },
  };
}

function installZodAndPrelude(parts: ContextParts, zodBundle: string): void {
  const { context, apiHandles } = parts;
  context.unwrapResult(context.evalCode(zodBundle, 'zod.js', { type: 'global' })).dispose();
  // Read through an expression rather than `context.global`, whose handle would stay allocated.
  const zodLib = context.unwrapResult(context.evalCode(`(function () { var zod = globalThis.${ZOD_GLOBAL_NAME}; delete globalThis.${ZOD_GLOBAL_NAME}; return zod; })()`, 'setup.js', { type: 'global' }));
  const host = context.newObject();
  for (const [name, fn] of createHostFunctions(parts)) {
    const handle = context.newFunction(name, fn);
    context.setProp(host, name, handle);
    handle.dispose();
  }
  const settings = context.newString(
    JSON.stringify({
      jsonSchemaOptions: ZOD_TO_JSON_SCHEMA_OPTIONS,
      plainToolOptions: PLAIN_TOOL_OPTIONS,
      outputLimitCharacters: OUTPUT_LIMIT_CHARACTERS,
      memoryLimitMegabytes: MEMORY_LIMIT_MEGABYTES,
    }),
  );
  const factory = context.unwrapResult(context.evalCode(SANDBOX_PRELUDE, 'prelude.js', { type: 'global' }));
  try {
    const api = context.unwrapResult(context.callFunction(factory, context.undefined, host, zodLib, settings));
    for (const method of API_METHODS) apiHandles.set(method, context.getProp(api, method));
    api.dispose();
  } finally {
    for (const handle of [factory, host, zodLib, settings]) handle.dispose();
  }
}

/**
 * The functions of the `host` object handed to the prelude, in the order they are created: a
 * restored context registers the same functions in the same order, so each gets the id its
 * QuickJS function object holds. They take and return primitives only.
 */
export function createHostFunctions({ context, deferreds, vm }: Pick<ContextParts, 'context' | 'deferreds' | 'vm'>): [string, (...args: QuickJSHandle[]) => QuickJSHandle | undefined][] {
  return [
    [
      'sleep',
      (token, ms) => {
        const deferred = context.newPromise();
        deferreds.add(deferred);
        vm.bindings.sleep(context.getNumber(token!), context.getNumber(ms!), () => {
          if (!deferreds.delete(deferred)) return;
          deferred.resolve();
          deferred.dispose();
        });
        return deferred.handle;
      },
    ],
    ['log', (token, text) => void vm.bindings.log(context.getNumber(token!), context.getString(text!))],
    ['settle', (token, json) => void vm.bindings.settle(context.getNumber(token!), context.getString(json!))],
    [
      'readFile',
      (path) => {
        const text = vm.bindings.readFile(context.getString(path!));
        return text === undefined ? undefined : context.newString(text);
      },
    ],
    ['writeFile', (path, text) => void vm.bindings.writeFile(context.getString(path!), context.getString(text!))],
    ['listFiles', () => context.newString(JSON.stringify(vm.bindings.listFiles()))],
    ['deleteFile', (path) => (vm.bindings.deleteFile(context.getString(path!)) ? context.true : context.false)],
  ];
}

function requireApi(apiHandles: Map<ApiMethod, QuickJSHandle>, method: ApiMethod): QuickJSHandle {
  const handle = apiHandles.get(method);
  if (!handle) throw new Error(`The sandbox prelude has no ${method} entry point.`);
  return handle;
}

/** Reads message and stack of a thrown VM value through property reads, never by running its methods. */
function describeVmError(context: QuickJSContext, errorHandle: QuickJSHandle): { message: string; stack: string } {
  try {
    if (context.typeof(errorHandle) !== 'object') return { message: String(context.dump(errorHandle)), stack: '' };
    const read = (key: string) => {
      const handle = context.getProp(errorHandle, key);
      const value = context.typeof(handle) === 'string' ? context.getString(handle) : '';
      handle.dispose();
      return value;
    };
    const name = read('name');
    const message = read('message');
    return { message: name && name !== 'Error' ? `${name}: ${message}` : message, stack: read('stack') };
  } finally {
    errorHandle.dispose();
  }
}

function disposeAll({ runtime, context, deferreds, apiHandles }: ContextParts): void {
  if (!context.alive) return;
  for (const deferred of deferreds) deferred.dispose();
  deferreds.clear();
  for (const handle of apiHandles.values()) handle.dispose();
  apiHandles.clear();
  context.dispose();
  runtime.dispose();
}
