// Server-only: what POST /api/mcp/tools answers.
import { ok, type Result } from '@/lib/runtime';
import type { McpToolsAnswer, McpToolsRequest } from '@/lib/contract';
import { describeMcpTools } from '../describe-mcp-tools';
import { connectMcpServer } from './connect-mcp-server';
import { listMcpTools } from './list-mcp-tools';
import { loadOperatorConfig } from './load-operator-config';
import type { McpEnvironment } from './mcp-environment';
import type { McpFailure } from './mcp-failure';
import { describeTarget } from './mcp-server-target';
import { resolveMcpServer } from './resolve-mcp-server';

/**
 * Connects to the server a request names, reads every page of its tools and describes them as
 * the schema panel shows module tools, in the namespace of the operator's name for it or of the
 * server's own name (made namespace-safe); then disconnects.
 */
export async function listServerTools(request: McpToolsRequest, environment: McpEnvironment, signal?: AbortSignal): Promise<Result<McpToolsAnswer, McpFailure>> {
  const config = await loadOperatorConfig(environment);
  const target = resolveMcpServer(request, { config, environment });
  if (!target.ok) return target;
  const where = 'url' in request ? describeTarget(target.value) : request.name;
  const connected = await connectMcpServer(target.value, { signal });
  if (!connected.ok) return connected;
  const connection = connected.value;
  try {
    const listed = await listMcpTools(connection.client, { where, signal });
    if (!listed.ok) return listed;
    const name = 'name' in request ? request.name : connection.info.name ?? 'server';
    const namespace = toNamespace(name);
    return ok({
      server: { ...connection.info, name },
      tools: describeMcpTools(listed.value, { namespace }),
    });
  } finally {
    await connection.close().catch((error: unknown) => console.warn(`Closing the MCP connection to ${where} failed:`, error));
  }
}

/** A server's own name as a namespace: `@acme/files server` becomes `acme_files_server`. */
export function toNamespace(name: string): string {
  const safe = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return safe || 'server';
}

