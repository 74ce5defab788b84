// Server-only (runs inside a sandbox worker): copies a freshly warmed QuickJS instance instead of warming each one.
import { Lifetime, QuickJSRuntime, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { API_METHODS, attachRuntimeHandlers, createHostFunctions, createVmState, installContextParts, wrapContextParts, type ApiMethod, type ContextParts, type QuickJsInstance, type SandboxContext } from './sandbox-context';

/** Makes a QuickJS instance whose memory starts with `pages` pages. */
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
  /**
   * The whole memory of a restored instance before it runs anything (`pages` pages): what
   * `resetSandboxContext` writes over a used instance. Kept once per worker (~16 MB).
   */
  image: Uint8Array;
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
  const chunks = diffPages(baseline, memory);
  const snapshot: ContextSnapshot = {
    pages: instance.memory.buffer.byteLength / 65536,
    chunks,
    runtimePointer: (parts.runtime as unknown as RuntimeInternals).rt.value,
    contextPointer: (parts.context as unknown as ContextInternals).ctx.value,
    apiPointers: API_METHODS.map((method) => [method, (parts.apiHandles.get(method) as unknown as HandleInternals).value]),
    hostRefIds,
    image: composeImage(baseline, chunks, memory.length),
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
  return attachContext(snapshot, instance);
}

/**
 * The instance of a used context, set back to the snapshot byte for byte (every page of its
 * memory written from the image), with a new context over it: the same fresh state as a copy
 * into a new instance, without a new 16 MB memory for the garbage collector to reclaim (~1.5
 * full collections per dropped instance). Only for a context that `isRecyclable` accepts.
 */
export function resetSandboxContext(snapshot: ContextSnapshot, used: SandboxContext): SandboxContext {
  const instance = used.instance;
  if (!instance || !isRecyclable(snapshot, used)) throw new Error('This sandbox context cannot be reset to the snapshot.');
  used.dispose();
  new Uint8Array(instance.memory.buffer).set(snapshot.image);
  return attachContext(snapshot, instance);
}

/**
 * A disposed or finished context whose instance can be reset: copied from this snapshot, never
 * left by a host exception (a trap or a host stack overflow can leave WASM globals, such as the C
 * stack pointer, that a memory copy does not restore), and whose memory did not grow.
 */
export function isRecyclable(snapshot: ContextSnapshot, context: SandboxContext): boolean {
  return context.instance !== undefined && context.entriesEndedCleanly && context.instance.memory.buffer.byteLength === snapshot.image.length;
}

function attachContext(snapshot: ContextSnapshot, instance: QuickJsInstance): SandboxContext {
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
  return wrapContextParts(parts, instance);
}

/** The memory of a restored instance: `baseline` (a fresh instance's) with `chunks` written over it, `length` bytes. */
function composeImage(baseline: Uint8Array, chunks: ContextSnapshot['chunks'], length: number): Uint8Array {
  const image = new Uint8Array(length);
  image.set(baseline.subarray(0, length));
  for (const chunk of chunks) image.set(chunk.bytes, chunk.offset);
  return image;
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
