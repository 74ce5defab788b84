// Server-only: a server's listing is described (strict verdicts, gate, provider matrix) in a sandbox worker.
import { err, ok, type Result } from '@/lib/runtime';
import type { DescribeMcpToolsOptions } from '@/lib/mcp';
import type { SandboxPool } from './sandbox-pool';
import type { PoolFailure } from './worker-slot';

/**
 * Waiting for the description of a listing of up to 1,000 tools and 4 MB, queued behind other
 * work on a loaded machine (an idle worker takes about two seconds for the worst of it).
 */
const DESCRIBE_TIMEOUT_MS = 30_000;
/** The host's own bounded code: it may hold the worker's event loop longer than a module's entry. */
const DESCRIBE_SILENCE_MS = 20_000;

/** A listing (`McpListedTool[]` as JSON text) described as `McpToolView[]` in UTF-8 JSON, or why the pool could not. */
export type PooledMcpDescriber = (toolsJson: string, options: DescribeMcpToolsOptions) => Promise<Result<Uint8Array<ArrayBuffer>, PoolFailure>>;

export function createPooledMcpDescriber(pool: SandboxPool): PooledMcpDescriber {
  return async (toolsJson, options) => {
    const answer = await pool.run<'describe-mcp-tools'>({ kind: 'describe-mcp-tools', toolsJson, options }, { timeoutMs: DESCRIBE_TIMEOUT_MS, silenceMs: DESCRIBE_SILENCE_MS });
    return answer.ok ? ok(answer.value) : err(answer.error);
  };
}
