// Server-only (runs inside a sandbox worker): keeps a few pre-warmed QuickJS contexts ready.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import { captureContextSnapshot, isRecyclable, resetSandboxContext, restoreSandboxContext, type ContextSnapshot } from './context-snapshot';
import { createSandboxContext, type QuickJsInstance, type SandboxContext } from './sandbox-context';
import { SANDBOX_LIMITS } from '@/lib/contract';
import { loadZodBundle } from './zod-bundle';

/**
 * Evaluating Zod in a fresh context costs ~100 ms (QuickJS parses the whole bundle; see
 * docs/decisions/0001-sandbox-isolation.md), so it is done once per worker: the first context's
 * memory is kept as a snapshot, and every later context is a new WebAssembly instance whose memory
 * is a copy of it (~5 ms). Contexts are never reused: each compile or turn gets its own context,
 * which is what gives every turn fresh global state. A used instance (a compile's or a turn's) is
 * written back to the snapshot byte for byte and serves again with a new context over it, so
 * neither a preview that compiles on every keystroke nor an evaluation's hundred runs hands the
 * garbage collector a 16 MB memory each time (each one cost a full collection).
 *
 * Every context lives in its own WebAssembly instance with its own capped memory: a turn that
 * allocates typed arrays or huge strings exhausts only its own instance, never a neighbour's.
 */
const POOL_SIZE = 2;
/**
 * Refilling blocks the event loop (a copy ~5 ms, a full warm-up ~100 ms): it never lands inside
 * a compile or a turn's set-up, and a full warm-up also waits until no call is in flight.
 */
const REFILL_RETRY_MS = 25;

const warmContexts: SandboxContext[] = [];
/** Used contexts (compiles' and turns') waiting to be reset to the snapshot by the next acquire or refill. */
const usedContexts: SandboxContext[] = [];
let wasmModulePromise: Promise<WebAssembly.Module> | undefined;
/** Resolves to undefined when copies do not work here: contexts are then warmed one by one. */
let snapshotPromise: Promise<ContextSnapshot | undefined> | undefined;
/** The snapshot once taken and checked: what contexts are copied from and used ones reset to. */
let readySnapshot: ContextSnapshot | undefined;
let callsInFlight = 0;
let setUpsInFlight = 0;
let refillTimer: ReturnType<typeof setTimeout> | undefined;

/** WebAssembly pages are 64 KiB; QuickJS's build starts with 16 MB. */
const PAGES_PER_MEGABYTE = 16;
const INITIAL_MEGABYTES = 16;

/** The compiled QuickJS code, shared by every instance (compiling it is the slow part). */
function loadWasmModule(): Promise<WebAssembly.Module> {
  wasmModulePromise ??= readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm'))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      wasmModulePromise = undefined;
      throw error;
    });
  return wasmModulePromise;
}

/** A fresh QuickJS instance (~2 ms) whose memory can never grow past the sandbox's cap. */
export async function loadInstance(pages = INITIAL_MEGABYTES * PAGES_PER_MEGABYTE): Promise<QuickJsInstance> {
  const wasmModule = await loadWasmModule();
  const memory = new WebAssembly.Memory({ initial: pages, maximum: SANDBOX_LIMITS.wasmMemoryMegabytes * PAGES_PER_MEGABYTE });
  const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(releaseSyncVariant, { wasmModule, wasmMemory: memory }));
  return { quickjs, memory };
}

/**
 * The snapshot every context of this worker is copied from, taken once. Its own context goes to
 * the pool. A copy is checked once before any is relied on; if it fails, contexts are warmed in full.
 */
function loadSnapshot(): Promise<ContextSnapshot | undefined> {
  snapshotPromise ??= loadZodBundle().then(async (zodBundle) => {
    try {
      const { snapshot, context } = await captureContextSnapshot(loadInstance, zodBundle);
      const probe = await restoreSandboxContext(snapshot, loadInstance);
      const answer = probe.call('configure', [1, 0]);
      probe.dispose();
      if (!answer.ok) throw new Error(answer.error.message);
      warmContexts.push(context);
      readySnapshot = snapshot;
      return snapshot;
    } catch (error) {
      console.warn('Sandbox contexts cannot be copied from a snapshot here; each is warmed in full:', error instanceof Error ? error.message : error);
      return undefined;
    }
  });
  return snapshotPromise;
}

async function createContext(): Promise<SandboxContext> {
  const snapshot = await loadSnapshot();
  if (snapshot) return restoreSandboxContext(snapshot, loadInstance);
  const [instance, zodBundle] = await Promise.all([loadInstance(), loadZodBundle()]);
  return createSandboxContext(instance.quickjs, zodBundle);
}

/** A fresh context for one compile or one turn; the caller hands it back with `recycleSandboxContext`. */
export async function acquireSandboxContext(): Promise<SandboxContext> {
  // A used instance first: resetting it (one 16 MB copy) costs less than the new instance a warm context's refill makes.
  const context = resetUsedContext() ?? warmContexts.pop() ?? (await createContext());
  scheduleRefill();
  return context;
}

/** Fills the pool now (at server start, before a benchmark); later refills happen in the background. */
export async function prewarmSandboxPool(): Promise<void> {
  await loadSnapshot();
  while (warmContexts.length < POOL_SIZE) warmContexts.push(await createContext());
}

/**
 * Compiles and turn set-ups report themselves so a refill never lands inside them: a compile
 * awaits esbuild, and a refill firing in that gap used to add its whole warm-up to the compile.
 */
export function trackSandboxSetUp(delta: 1 | -1): void {
  setUpsInFlight = Math.max(0, setUpsInFlight + delta);
}

/**
 * Running calls report themselves too. A copy (~5 ms) may be made while calls wait on their
 * sleeps, so that under load a turn still finds a warm context; a full warm-up may not.
 */
export function trackSandboxCall(delta: 1 | -1): void {
  callsInFlight = Math.max(0, callsInFlight + delta);
}

/** Drops the warm contexts and the snapshot (tests and benchmarks that want a cold start or a clean exit). */
export function drainSandboxPool(): void {
  if (refillTimer) clearTimeout(refillTimer);
  refillTimer = undefined;
  for (const context of warmContexts.splice(0)) context.dispose();
  usedContexts.splice(0);
  snapshotPromise = undefined;
  readySnapshot = undefined;
}

/**
 * Hands back the context of a compile or a turn: disposed now (it can run nothing more, and a
 * pending timer or promise of its turn finds it gone), and its instance kept, when it can be reset
 * (`isRecyclable`), to be reset to the snapshot before it serves again: by the next acquire or
 * the next refill. Whatever the used instance held is overwritten then, every page of it.
 */
export function recycleSandboxContext(context: SandboxContext): void {
  context.dispose();
  if (readySnapshot && isRecyclable(readySnapshot, context) && usedContexts.length < POOL_SIZE) usedContexts.push(context);
  scheduleRefill();
}

/** A used instance reset to the snapshot, with a new context over it; undefined when none is kept. */
function resetUsedContext(): SandboxContext | undefined {
  const used = usedContexts.pop();
  if (!used || !readySnapshot) return undefined;
  try {
    return resetSandboxContext(readySnapshot, used);
  } catch (error) {
    console.error('Could not reset a used sandbox context:', error);
    return undefined;
  }
}

function scheduleRefill(): void {
  if (refillTimer || warmContexts.length >= POOL_SIZE) return;
  refillTimer = setTimeout(refillOne, REFILL_RETRY_MS);
  refillTimer.unref?.();
}

function refillOne(): void {
  refillTimer = undefined;
  if (setUpsInFlight > 0 || (callsInFlight > 0 && !readySnapshot)) {
    scheduleRefill();
    return;
  }
  if (warmContexts.length >= POOL_SIZE) return;
  const reset = resetUsedContext();
  if (reset) {
    warmContexts.push(reset);
    scheduleRefill();
    return;
  }
  void createContext()
    .then((context) => {
      if (warmContexts.length < POOL_SIZE) warmContexts.push(context);
      else context.dispose();
      scheduleRefill();
    })
    .catch((error: unknown) => {
      console.error('Could not warm a sandbox context:', error);
    });
}
