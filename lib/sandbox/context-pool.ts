// Server-only (runs inside a sandbox worker): keeps a few pre-warmed QuickJS contexts ready.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import { createSandboxContext, type SandboxContext } from './sandbox-context';
import { SANDBOX_LIMITS } from './sandbox-limits';
import { loadZodBundle } from './zod-bundle';

/**
 * Evaluating Zod in a fresh context costs ~110 ms (see docs/decisions/0001-sandbox-isolation.md),
 * so compiles and turns take a context that was warmed earlier. Contexts are never reused: each
 * compile or turn disposes its own, which is what gives every turn fresh global state.
 *
 * Every context lives in its own WebAssembly instance with its own capped memory: a turn that
 * allocates typed arrays or huge strings exhausts only its own instance, never a neighbour's.
 */
const POOL_SIZE = 2;
/** Warming blocks the event loop for ~110 ms, so it waits until no sandboxed work is in flight. */
const REFILL_RETRY_MS = 25;
/** Retired contexts wait for an idle moment to be freed, but never pile up beyond this. */
const MAX_RETIRED = 4;

const warmContexts: SandboxContext[] = [];
const retiredContexts: SandboxContext[] = [];
let wasmModulePromise: Promise<WebAssembly.Module> | undefined;
let callsInFlight = 0;
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
async function loadQuickJs(): Promise<QuickJSWASMModule> {
  const wasmModule = await loadWasmModule();
  const wasmMemory = new WebAssembly.Memory({ initial: INITIAL_MEGABYTES * PAGES_PER_MEGABYTE, maximum: SANDBOX_LIMITS.wasmMemoryMegabytes * PAGES_PER_MEGABYTE });
  return newQuickJSWASMModuleFromVariant(newVariant(releaseSyncVariant, { wasmModule, wasmMemory }));
}

/** A fresh context for one compile or one turn; the caller disposes it. */
export async function acquireSandboxContext(): Promise<SandboxContext> {
  const warm = warmContexts.pop();
  const context = warm ?? createGuardedContext(...(await Promise.all([loadQuickJs(), loadZodBundle()])));
  scheduleRefill();
  return context;
}

/**
 * QuickJS can abort while freeing a runtime that hit its memory cap (an internal assertion on
 * leaked GC objects). The context owns its WASM instance, so dropping it discards the suspect
 * instance alone; the failing turn still ends cleanly.
 */
function createGuardedContext(quickjs: QuickJSWASMModule, zodBundle: string): SandboxContext {
  const context = createSandboxContext(quickjs, zodBundle);
  const dispose = context.dispose.bind(context);
  return Object.assign(context, {
    dispose() {
      try {
        dispose();
      } catch (error) {
        console.warn('Dropping a QuickJS instance after a failed dispose:', error instanceof Error ? error.message : error);
      }
    },
  });
}

/** Fills the pool now (at server start, before a benchmark); later refills happen in the background. */
export async function prewarmSandboxPool(): Promise<void> {
  const zodBundle = await loadZodBundle();
  while (warmContexts.length < POOL_SIZE) warmContexts.push(createGuardedContext(await loadQuickJs(), zodBundle));
}

/**
 * Compiles, turn set-ups and running calls report themselves so background work (a ~110 ms
 * refill, a ~10 ms disposal) never lands inside them: a compile awaits esbuild, and a refill
 * firing in that gap used to add its whole warm-up to the compile.
 */
export function trackSandboxCall(delta: 1 | -1): void {
  callsInFlight = Math.max(0, callsInFlight + delta);
}

/**
 * Hands a used context back for disposal in the background. Freeing a runtime that holds Zod
 * takes ~10 ms; a compile's answer does not need to wait for it. The context is never used
 * again, so this changes nothing about isolation.
 */
export function retireSandboxContext(context: SandboxContext): void {
  retiredContexts.push(context);
  if (retiredContexts.length > MAX_RETIRED) disposeRetired();
  scheduleRefill();
}

/** Disposes the warm and retired contexts (tests and benchmarks that want a cold start or a clean exit). */
export function drainSandboxPool(): void {
  if (refillTimer) clearTimeout(refillTimer);
  refillTimer = undefined;
  disposeRetired();
  for (const context of warmContexts.splice(0)) context.dispose();
}

function disposeRetired(): void {
  for (const context of retiredContexts.splice(0)) context.dispose();
}

function scheduleRefill(): void {
  if (refillTimer || (warmContexts.length >= POOL_SIZE && retiredContexts.length === 0)) return;
  refillTimer = setTimeout(refillOne, REFILL_RETRY_MS);
  refillTimer.unref?.();
}

function refillOne(): void {
  refillTimer = undefined;
  if (callsInFlight > 0) {
    scheduleRefill();
    return;
  }
  disposeRetired();
  if (warmContexts.length >= POOL_SIZE) return;
  void Promise.all([loadQuickJs(), loadZodBundle()]).then(([quickjs, zodBundle]) => {
    if (warmContexts.length < POOL_SIZE) warmContexts.push(createGuardedContext(quickjs, zodBundle));
    scheduleRefill();
  }).catch((error: unknown) => {
    console.error('Could not warm a sandbox context:', error);
  });
}
