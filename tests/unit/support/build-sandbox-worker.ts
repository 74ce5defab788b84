// Vitest global set-up: the pool tests spawn real worker threads from the bundled entry.
import { buildSandboxWorker } from '../../../scripts/build-sandbox-worker.mjs';

export default async function setup(): Promise<void> {
  await buildSandboxWorker();
}
