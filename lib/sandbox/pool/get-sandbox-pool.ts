// Server-only: the process's one sandbox pool, surviving hot reloads in development.
import { processSingleton } from '@/lib/contract';
import { createSandboxPool, type SandboxPool } from './sandbox-pool';

/** Started on first use (or at server start by instrumentation.ts); `PLAYGROUND_SANDBOX_WORKERS` overrides the size. */
export const getSandboxPool: () => SandboxPool = processSingleton('sandbox-pool', () => {
  const configured = Number(process.env.PLAYGROUND_SANDBOX_WORKERS);
  return createSandboxPool(Number.isInteger(configured) && configured > 0 ? { size: configured } : {});
});
