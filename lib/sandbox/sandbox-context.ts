// Server-only: owns one QuickJS runtime (WASM) with Zod and the prelude evaluated in it.
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { PLAIN_TOOL_OPTIONS } from '@/lib/runtime/tools/check-tool-config';
import { ZOD_TO_JSON_SCHEMA_OPTIONS } from '@/lib/runtime/tools/convert-zod-schema';
import type { Result } from '@/lib/runtime/result';
import { SANDBOX_LIMITS } from './sandbox-limits';
import { SANDBOX_PRELUDE, type SandboxApiMethod } from './sandbox-prelude';
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
  /** The epoch-ms deadline of the code about to run; asked again after each interrupt. */
  nextDeadline(): number;
};

/** Why the host could not get an answer out of the VM. */
export type VmFailure = { kind: 'interrupted' | 'threw'; message: string; stack: string };

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
  dispose(): void;
};

/** Bindings that do nothing but give a deadline: for compiling, and for a disposed context. */
export function createInertBindings(nextDeadline: () => number): HostBindings {
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

const detachedBindings = createInertBindings(() => Date.now() + 1000);

export function createSandboxContext(quickjs: QuickJSWASMModule, zodBundle: string): SandboxContext {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(MEMORY_LIMIT_MEGABYTES * 1024 * 1024);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setModuleLoader((name) => ({ error: new Error(`Cannot import '${name}': tool modules can import only 'zod' and 'playground'.`) }));
  let bindings = detachedBindings;
  let deadline = Number.POSITIVE_INFINITY;
  let interrupted = false;
  runtime.setInterruptHandler(() => {
    if (Date.now() <= deadline) return false;
    interrupted = true;
    deadline = bindings.nextDeadline();
    return true;
  });
  const context = runtime.newContext();
  const deferreds = new Set<QuickJSDeferredPromise>();
  const apiHandles = new Map<SandboxApiMethod | 'evaluateModule', QuickJSHandle>();
  try {
    installZodAndPrelude({ context, zodBundle, deferreds, apiHandles, getBindings: () => bindings });
  } catch (error) {
    disposeAll({ runtime, context, deferreds, apiHandles });
    throw error;
  }

  function enter<T>(run: () => Result<T, VmFailure>): Result<T, VmFailure> {
    interrupted = false;
    deadline = bindings.nextDeadline();
    try {
      return run();
    } finally {
      deadline = Number.POSITIVE_INFINITY;
    }
  }
  function toFailure(errorHandle: QuickJSHandle): VmFailure {
    const described = describeVmError(context, errorHandle);
    return { kind: interrupted ? 'interrupted' : 'threw', ...described };
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
      bindings = next;
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
    wasInterrupted: () => interrupted,
    get alive() {
      return context.alive;
    },
    dispose() {
      bindings = detachedBindings;
      disposeAll({ runtime, context, deferreds, apiHandles });
    },
  };
}

type InstallOptions = {
  context: QuickJSContext;
  zodBundle: string;
  deferreds: Set<QuickJSDeferredPromise>;
  apiHandles: Map<SandboxApiMethod | 'evaluateModule', QuickJSHandle>;
  getBindings: () => HostBindings;
};

function installZodAndPrelude({ context, zodBundle, deferreds, apiHandles, getBindings }: InstallOptions): void {
  context.unwrapResult(context.evalCode(zodBundle, 'zod.js', { type: 'global' })).dispose();
  const zodLib = context.getProp(context.global, ZOD_GLOBAL_NAME);
  context.unwrapResult(context.evalCode(`delete globalThis.${ZOD_GLOBAL_NAME};`, 'setup.js', { type: 'global' })).dispose();
  const host = createHostObject(context, deferreds, getBindings);
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
    for (const method of ['evaluateModule', 'configure', 'validateArguments', 'evaluateNeedsApproval', 'validateOutput', 'describeActivity', 'describeCompletedActivity', 'startCall', 'abortCall'] as const) {
      apiHandles.set(method, context.getProp(api, method));
    }
    api.dispose();
  } finally {
    for (const handle of [factory, host, zodLib, settings]) handle.dispose();
  }
}

/** The `host` object handed to the prelude: functions taking and returning primitives only. */
function createHostObject(context: QuickJSContext, deferreds: Set<QuickJSDeferredPromise>, getBindings: () => HostBindings): QuickJSHandle {
  const host = context.newObject();
  const define = (name: string, fn: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) => {
    const handle = context.newFunction(name, fn);
    context.setProp(host, name, handle);
    handle.dispose();
  };
  define('sleep', (token, ms) => {
    const deferred = context.newPromise();
    deferreds.add(deferred);
    getBindings().sleep(context.getNumber(token!), context.getNumber(ms!), () => {
      if (!deferreds.delete(deferred)) return;
      deferred.resolve();
      deferred.dispose();
    });
    return deferred.handle;
  });
  define('log', (token, text) => void getBindings().log(context.getNumber(token!), context.getString(text!)));
  define('settle', (token, json) => void getBindings().settle(context.getNumber(token!), context.getString(json!)));
  define('readFile', (path) => {
    const text = getBindings().readFile(context.getString(path!));
    return text === undefined ? undefined : context.newString(text);
  });
  define('writeFile', (path, text) => void getBindings().writeFile(context.getString(path!), context.getString(text!)));
  define('listFiles', () => context.newString(JSON.stringify(getBindings().listFiles())));
  define('deleteFile', (path) => (getBindings().deleteFile(context.getString(path!)) ? context.true : context.false));
  return host;
}

function requireApi(apiHandles: Map<string, QuickJSHandle>, method: string): QuickJSHandle {
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

type DisposeOptions = {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  deferreds: Set<QuickJSDeferredPromise>;
  apiHandles: Map<string, QuickJSHandle>;
};

function disposeAll({ runtime, context, deferreds, apiHandles }: DisposeOptions): void {
  if (!context.alive) return;
  for (const deferred of deferreds) deferred.dispose();
  deferreds.clear();
  for (const handle of apiHandles.values()) handle.dispose();
  apiHandles.clear();
  context.dispose();
  runtime.dispose();
}
