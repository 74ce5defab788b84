// Server-only: keeps a few pre-warmed QuickJS contexts (Zod already evaluated) ready.
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';
import { createSandboxContext, type SandboxContext } from './sandbox-context';
import { loadZodBundle } from './zod-bundle';

/**
 * Evaluating Zod in a fresh context costs ~110 ms (see docs/decisions/0001-sandbox-isolation.md),
 * so compiles and turns take a context that was warmed earlier. Contexts are never reused: each
 * compile or turn disposes its own, which is what gives every turn fresh global state.
 */
const POOL_SIZE = 2;
/** Warming blocks the event loop for ~110 ms, so it waits until no sandboxed work is in flight. */
const REFILL_RETRY_MS = 25;
/** Retired contexts wait for an idle moment to be freed, but never pile up beyond this. */
const MAX_RETIRED = 4;

const warmContexts: SandboxContext[] = [];
const retiredContexts: SandboxContext[] = [];
let quickjsPromise: Promise<QuickJSWASMModule> | undefined;
let callsInFlight = 0;
let refillTimer: ReturnType<typeof setTimeout> | undefined;

function loadQuickJs(): Promise<QuickJSWASMModule> {
  quickjsPromise ??= newQuickJSWASMModuleFromVariant(releaseSyncVariant).catch((error: unknown) => {
    quickjsPromise = undefined;
    throw error;
  });
  return quickjsPromise;
}

/** A fresh context for one compile or one turn; the caller disposes it. */
export async function acquireSandboxContext(): Promise<SandboxContext> {
  const [quickjs, zodBundle] = await Promise.all([loadQuickJs(), loadZodBundle()]);
  const context = warmContexts.pop() ?? createSandboxContext(quickjs, zodBundle);
  scheduleRefill();
  return guardDisposal(context);
}

/**
 * QuickJS can abort while freeing a runtime that hit its memory cap (an internal assertion on
 * leaked GC objects). The WASM module is then suspect, so it is discarded with its warm
 * contexts, and later contexts come from a fresh module; the failing turn still ends cleanly.
 */
function guardDisposal(context: SandboxContext): SandboxContext {
  const dispose = context.dispose.bind(context);
  return Object.assign(context, {
    dispose() {
      try {
        dispose();
      } catch (error) {
        console.warn('Discarding the QuickJS module after a failed dispose:', error instanceof Error ? error.message : error);
        quickjsPromise = undefined;
        warmContexts.length = 0;
      }
    },
  });
}

/** Fills the pool now (at server start, before a benchmark); later refills happen in the background. */
export async function prewarmSandboxPool(): Promise<void> {
  const [quickjs, zodBundle] = await Promise.all([loadQuickJs(), loadZodBundle()]);
  while (warmContexts.length < POOL_SIZE) warmContexts.push(createSandboxContext(quickjs, zodBundle));
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
    if (warmContexts.length < POOL_SIZE) warmContexts.push(createSandboxContext(quickjs, zodBundle));
    scheduleRefill();
  }).catch((error: unknown) => {
    console.error('Could not warm a sandbox context:', error);
  });
}
