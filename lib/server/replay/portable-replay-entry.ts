// Server-only: the entry of playground-replay.mjs, the runtime an exported test imports outside
// this repository (bundled by scripts/build-export-runtime.mjs, beside the sandbox worker's bundle).
import { fileURLToPath } from 'node:url';

// The sandbox pool spawns its workers from this file, which travels in the same folder.
process.env.PLAYGROUND_SANDBOX_WORKER_FILE ??= fileURLToPath(new URL('./sandbox-worker.mjs', import.meta.url));

export { checkReplayOnTape as replayAndCheck } from './check-replay-on-tape';
export type { ReplayAndCheckReport } from '@/lib/replay/server';
export { compareEvaluationRun, describeAssertion, type SessionAssertion } from '@/lib/assertions';
