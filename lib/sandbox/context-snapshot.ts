// Server-only (runs inside a sandbox worker): copies a freshly warmed QuickJS instance instead of warming each one.
import { Lifetime, QuickJSRuntime, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { API_METHODS, attachRuntimeHandlers, createHostFunctions, createVmState, installContextParts, wrapContextParts, type ApiMethod, type ContextParts, type SandboxContext } from './sandbox-context';

/** A QuickJS instance and its memory; `loadInstance` makes one whose memory starts with `pages` pages. */
export type QuickJsInstance = { quickjs: QuickJSWASMModule; memory: WebAssembly.Memory };
export type LoadInstance = (pages?: number) => Promise<QuickJsInstance>;

/**
 * The memory of an instance right after Zod and the prelude were evaluated in it, as the pages
 * that differ from a fresh instance's, plus the pointers the host side holds into it.
 */
export type ContextSnapshot = {
  pages: number;
  chunks: { offset: number; bytes: Uint8Array }[];
  runtimePointer: number;
  contextPointer: number;
  apiPointers: [ApiMethod, number][];
  /** The host-reference ids the host functions got, in creation order. */
  hostRefIds: number[];
};

const PAGE_BYTES = 4096;

/** The parts of quickjs-emscripten 0.32 that restoring needs; they are not in its typed API. */
type ModuleInternals = {
  module: ConstructorParameters<typeof QuickJSRuntime>[0]['module'];
  ffi: ConstructorParameters<typeof QuickJSRuntime>[0]['ffi'] & { QTS_FreeRuntime(pointer: number): void };
  callbacks: ConstructorParameters<typeof QuickJSRuntime>[0]['callbacks'] & { deleteRuntime(pointer: number): void };
};
type HandleInternals = { value: number };
type ContextInternals = { ctx: HandleInternals; memory: { heapValueHandle(pointer: number): QuickJSHandle } };
type RuntimeInternals = { rt: HandleInternals };

/**
 * Warms a context in a fresh instance (the expensive part: QuickJS parses the 450 KB Zod bundle)
 * and records what its memory then holds. The returned context is itself usable: the snapshot
 * was taken before any user code could run in it.
 */
export async function captureContextSnapshot(loadInstance: LoadInstance, zodBundle: string): Promise<{ snapshot: ContextSnapshot; context: SandboxContext }> {
  const instance = await loadInstance();
  const baseline = new Uint8Array(instance.memory.buffer).slice();
  const hostRefIds: number[] = [];
  const parts = withRecordedHostRefs(instance.quickjs, hostRefIds, () => installContextParts(instance.quickjs, zodBundle));
  const memory = new Uint8Array(instance.memory.buffer);
  const snapshot: ContextSnapshot = {
    pages: instance.memory.buffer.byteLength / 65536,
    chunks: diffPages(baseline, memory),
    runtimePointer: (parts.runtime as unknown as RuntimeInternals).rt.value,
    contextPointer: (parts.context as unknown as ContextInternals).ctx.value,
    apiPointers: API_METHODS.map((method) => [method, (parts.apiHandles.get(method) as unknown as HandleInternals).value]),
    hostRefIds,
  };
  return { snapshot, context: wrapContextParts(parts) };
}

/**
 * A context in a new instance whose memory is a copy of the snapshot's: the same Zod, prelude
 * and warm-up, none of another turn's state (~5 ms instead of ~100). Throws when the copy does
 * not line up (another quickjs-emscripten build); the caller then warms contexts the long way.
 */
export async function restoreSandboxContext(snapshot: ContextSnapshot, loadInstance: LoadInstance): Promise<SandboxContext> {
  const instance = await loadInstance(snapshot.pages);
  if (instance.memory.buffer.byteLength < snapshot.pages * 65536) throw new Error('The new sandbox instance has less memory than the snapshot.');
  const memory = new Uint8Array(instance.memory.buffer);
  for (const chunk of snapshot.chunks) memory.set(chunk.bytes, chunk.offset);
  const internals = instance.quickjs as unknown as ModuleInternals;
  const rt = new Lifetime(snapshot.runtimePointer, undefined, (pointer: number) => {
    internals.ffi.QTS_FreeRuntime(pointer);
    internals.callbacks.deleteRuntime(pointer);
  });
  const runtime = new QuickJSRuntime({ module: internals.module, ffi: internals.ffi, callbacks: internals.callbacks, rt: rt as never });
  const vm = createVmState();
  attachRuntimeHandlers(runtime, vm);
  const context = runtime.newContext({ contextPointer: snapshot.contextPointer as never });
  const parts: ContextParts = { runtime, context, apiHandles: new Map(), deferreds: new Set(), vm };
  createHostFunctions(parts).forEach(([name, fn], index) => {
    const id = runtime.hostRefs.put(fn);
    if (id !== snapshot.hostRefIds[index]) throw new Error(`The restored sandbox context gave host function ${name} id ${id}, not ${snapshot.hostRefIds[index]}.`);
  });
  const contextMemory = (context as unknown as ContextInternals).memory;
  for (const [method, pointer] of snapshot.apiPointers) parts.apiHandles.set(method, contextMemory.heapValueHandle(pointer));
  return wrapContextParts(parts);
}

/** Runs `install` while noting the id of every host reference `quickjs`'s new runtimes hand out. */
function withRecordedHostRefs<T extends ContextParts>(quickjs: QuickJSWASMModule, ids: number[], install: () => T): T {
  const newRuntime = quickjs.newRuntime.bind(quickjs);
  quickjs.newRuntime = (options) => {
    const runtime = newRuntime(options);
    const put = runtime.hostRefs.put.bind(runtime.hostRefs);
    runtime.hostRefs.put = (value) => {
      const id = put(value);
      ids.push(id);
      return id;
    };
    return runtime;
  };
  try {
    return install();
  } finally {
    quickjs.newRuntime = newRuntime;
  }
}

/** The pages of `after` that differ from `before`, merged into runs. */
function diffPages(before: Uint8Array, after: Uint8Array): { offset: number; bytes: Uint8Array }[] {
  const chunks: { offset: number; bytes: Uint8Array }[] = [];
  let runStart = -1;
  const flush = (end: number) => {
    if (runStart >= 0) chunks.push({ offset: runStart, bytes: after.slice(runStart, end) });
    runStart = -1;
  };
  for (let offset = 0; offset < after.length; offset += PAGE_BYTES) {
    const end = Math.min(offset + PAGE_BYTES, after.length);
    if (pagesDiffer(before, after, offset, end)) {
      if (runStart < 0) runStart = offset;
    } else flush(offset);
  }
  flush(after.length);
  return chunks;
}

function pagesDiffer(before: Uint8Array, after: Uint8Array, start: number, end: number): boolean {
  if (end > before.length) return true;
  const left = new Int32Array(before.buffer, before.byteOffset + start, (end - start) >> 2);
  const right = new Int32Array(after.buffer, after.byteOffset + start, (end - start) >> 2);
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return true;
  return false;
}
