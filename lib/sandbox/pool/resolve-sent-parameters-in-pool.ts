// Server-only: the strict form of a stranger's schemas (an MCP server's tools) is worked out in a sandbox worker.
import { err, ok, type Result, type SentParameters, type Tool } from '@/lib/runtime';
import type { SandboxPool } from './sandbox-pool';
import type { SentParametersQuestion } from './worker-protocol';
import type { PoolFailure } from './worker-slot';

/** Checking and strictifying up to 1,000 tools and 4 MB of schemas, queued behind other work on a loaded machine. */
const RESOLVE_TIMEOUT_MS = 30_000;
/** The host's own bounded code, beating between tools. */
const RESOLVE_SILENCE_MS = 20_000;

/**
 * The tools with their `sentParameters` filled in by a worker, so the turn's tool assembly on the
 * HTTP thread takes them as they are instead of walking every schema itself. Questions and
 * answers cross as JSON text: a string crosses threads far cheaper than a tree of small objects.
 */
export async function resolveSentParametersInPool(pool: SandboxPool, tools: readonly Tool[]): Promise<Result<Tool[], PoolFailure>> {
  if (tools.length === 0) return ok([]);
  const questions: SentParametersQuestion[] = tools.map(({ name, namespace, strict, parameters }) => ({ name, ...(namespace === undefined ? {} : { namespace }), strict, parameters }));
  const answer = await pool.run<'resolve-sent-parameters'>({ kind: 'resolve-sent-parameters', toolsJson: JSON.stringify(questions) }, { timeoutMs: RESOLVE_TIMEOUT_MS, silenceMs: RESOLVE_SILENCE_MS });
  if (!answer.ok) return err(answer.error);
  const resolved = JSON.parse(answer.value) as SentParameters[];
  return ok(tools.map((tool, index) => ({ ...tool, sentParameters: resolved[index] ?? { ok: false, error: `No strict form was worked out for ${tool.name}.` } })));
}
