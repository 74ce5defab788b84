// Server-only: what POST /api/mcp/tools answers.
import { ok, type Result } from '@/lib/runtime';
import type { McpServerInfo, McpToolsRequest } from '@/lib/contract';
import type { DescribeMcpToolsOptions } from '../describe-mcp-tools';
import { connectMcpServer } from './connect-mcp-server';
import { listMcpTools, type McpListing } from './list-mcp-tools';
import { loadOperatorConfig } from './load-operator-config';
import type { McpEnvironment } from './mcp-environment';
import type { McpFailure } from './mcp-failure';
import { describeTarget } from './mcp-server-target';
import { resolveMcpServer } from './resolve-mcp-server';

/**
 * Describes a listing as the schema panel reads it (`McpToolView[]`), as UTF-8 JSON. A server's
 * schemas are a stranger's input: the strict verdicts and the provider matrix run in the sandbox
 * worker pool, which also writes and encodes the answer, so the HTTP thread never walks them.
 */
export type DescribeMcpListing = (listing: McpListing, options: DescribeMcpToolsOptions, where: string) => Promise<Result<Uint8Array<ArrayBuffer>, McpFailure>>;

/** What POST /api/mcp/tools answers: `{ server, tools }` with the tools already UTF-8 JSON. */
export type McpToolsListing = { server: McpServerInfo; toolsJson: Uint8Array<ArrayBuffer> };

export type ListServerToolsOptions = { environment: McpEnvironment; describe: DescribeMcpListing; signal?: AbortSignal };

/**
 * Connects to the server a request names, reads every page of its tools and describes them as
 * the schema panel shows module tools, in the namespace of the operator's name for it or of the
 * server's own name (made namespace-safe); then disconnects.
 */
export async function listServerTools(request: McpToolsRequest, options: ListServerToolsOptions): Promise<Result<McpToolsListing, McpFailure>> {
  const { environment, signal } = options;
  const config = await loadOperatorConfig(environment);
  const target = resolveMcpServer(request, { config, environment });
  if (!target.ok) return target;
  const where = 'url' in request ? describeTarget(target.value) : request.name;
  const connected = await connectMcpServer(target.value, { signal });
  if (!connected.ok) return connected;
  const connection = connected.value;
  try {
    const listed = await listMcpTools(connection.client, { where, signal, overflowed: connection.overflowed });
    if (!listed.ok) return listed;
    const name = 'name' in request ? request.name : connection.info.name ?? 'server';
    const namespace = toNamespace(name);
    const described = await options.describe(listed.value, { namespace }, where);
    return described.ok ? ok({ server: { ...connection.info, name }, toolsJson: described.value }) : described;
  } finally {
    await connection.close().catch((error: unknown) => console.warn(`Closing the MCP connection to ${where} failed:`, error));
  }
}

/** A server's own name as a namespace: `@acme/files server` becomes `acme_files_server`. */
export function toNamespace(name: string): string {
  const safe = name.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  return safe || 'server';
}

