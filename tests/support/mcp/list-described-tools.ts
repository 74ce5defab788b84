// The listing POST /api/mcp/tools answers, described on this thread (the app describes it in the worker pool).
import { ok, type Result } from '@/lib/runtime';
import type { McpToolsAnswer, McpToolsRequest } from '@/lib/contract';
import { describeMcpTools } from '@/lib/mcp';
import { listServerTools, type DescribeMcpListing, type McpEnvironment, type McpFailure } from '@/lib/mcp/server';

export const describeHere: DescribeMcpListing = async (listing, options) => ok(new TextEncoder().encode(JSON.stringify(describeMcpTools(listing.tools, options))));

export async function listDescribedTools(request: McpToolsRequest, environment: McpEnvironment): Promise<Result<McpToolsAnswer, McpFailure>> {
  const listed = await listServerTools(request, { environment, describe: describeHere });
  return listed.ok ? ok({ server: listed.value.server, tools: JSON.parse(new TextDecoder().decode(listed.value.toolsJson)) as McpToolsAnswer['tools'] }) : listed;
}
