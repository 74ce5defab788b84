import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:abuse`: attacks the production server (`next start`, after `npm run build`).
 * One file at a time: each starts its own server, and the latency they measure must be the
 * server's, not a neighbour's.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/abuse/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    // A server start and warm-up may take two attempts (harness/start-warm-server.ts).
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
  },
});
