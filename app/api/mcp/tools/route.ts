import { mcpToolsRequestSchema } from '@/lib/contract';
import { takeRouteRateLimit } from '@/lib/server/admission';
import { BODY_LIMITS, readClientAddress, jsonError, readJsonBody, respondTooManyRequests } from '@/lib/server/http';
import { listMcpServerTools, respondMcpFailure, respondMcpToolsListing } from '@/lib/server/mcp';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `POST /api/mcp/tools` `{ url, headers? }` or `{ name }` → `{ server, tools }`: the server's tools as the schema panel shows them, described in the sandbox pool. */
export async function POST(request: Request): Promise<Response> {
  const admitted = await takeRouteRateLimit('POST /api/mcp/tools', readClientAddress(request));
  if (!admitted.ok) return respondTooManyRequests(admitted.error);
  const body = await readJsonBody(request, mcpToolsRequestSchema, BODY_LIMITS.mcpTools);
  if (!body.ok) return jsonError(body.status, body.error);
  const listed = await listMcpServerTools(body.value, request.signal);
  return listed.ok ? respondMcpToolsListing(listed.value) : respondMcpFailure(listed.error);
}
