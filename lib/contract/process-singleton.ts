// Server-only: state the whole server process shares, whichever copy of a module asks for it.

/**
 * A getter for the one value registered on `globalThis` under `tool-runtime-playground.<name>`,
 * made by `create` on first use. In a production build `instrumentation.ts` (the routes
 * `server.mjs` serves directly) and Next's route bundles load the same module separately, and
 * `next dev` reloads modules: state that must be one per process (pools, caches, limiters, the
 * turn registry) is kept here, not in a module's own variables.
 */
export function processSingleton<T>(name: string, create: () => T): () => T {
  const key = Symbol.for(`tool-runtime-playground.${name}`);
  const holder = globalThis as typeof globalThis & Record<symbol, T | undefined>;
  return () => (holder[key] ??= create());
}
