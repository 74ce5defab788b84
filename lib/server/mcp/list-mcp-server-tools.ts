// Server-only: POST /api/mcp/tools's one call: the server listed on the HTTP thread (I/O only), described in the pool.
import { err, type Result } from '@/lib/runtime';
import type { McpToolsRequest } from '@/lib/contract';
import { listServerTools, type DescribeMcpListing, type McpFailure, type McpToolsListing } from '@/lib/mcp/server';
import { createPooledMcpDescriber, getSandboxPool } from '@/lib/sandbox/pool';
import { readMcpEnvironment } from './read-mcp-environment';

/** Lists the server a request names and describes its tools in a sandbox worker. */
export function listMcpServerTools(request: McpToolsRequest, signal: AbortSignal): Promise<Result<McpToolsListing, McpFailure>> {
  return listServerTools(request, { environment: readMcpEnvironment(), describe: describeInPool(), signal });
}

function describeInPool(): DescribeMcpListing {
  const describe = createPooledMcpDescriber(getSandboxPool());
  return async (listing, options, where) => {
    const described = await describe(listing.json, options);
    if (described.ok) return described;
    const failure = described.error;
    if (failure.code === 'busy') return err({ code: 'busy', message: `The sandbox is busy; describing the tools of the MCP server at ${where} can be tried again in a moment.` });
    return err({ code: 'protocol', message: `The ${listing.tools.length} tools the MCP server at ${where} lists could not be described: ${failure.message}` });
  };
}

/** The answer's JSON, with the tools' bytes (written and encoded in the worker) spliced in as they are. */
export function respondMcpToolsListing(listing: McpToolsListing): Response {
  const body = new Blob([`{"server":${JSON.stringify(listing.server)},"tools":`, listing.toolsJson, '}']);
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
