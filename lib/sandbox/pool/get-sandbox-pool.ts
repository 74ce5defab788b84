// Server-only: the process's one sandbox pool, surviving hot reloads in development.
import { createSandboxPool, type SandboxPool } from './sandbox-pool';

const globalKey = Symbol.for('tool-runtime-playground.sandbox-pool');

/** Started on first use (or at server start by instrumentation.ts); `PLAYGROUND_SANDBOX_WORKERS` overrides the size. */
export function getSandboxPool(): SandboxPool {
  const holder = globalThis as typeof globalThis & { [globalKey]?: SandboxPool };
  const configured = Number(process.env.PLAYGROUND_SANDBOX_WORKERS);
  holder[globalKey] ??= createSandboxPool(Number.isInteger(configured) && configured > 0 ? { size: configured } : {});
  return holder[globalKey];
}
