import { listOperatorServers, loadOperatorConfig } from '@/lib/mcp/server';
import { readMcpEnvironment } from '@/lib/server/mcp';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /api/mcp/servers` → `{ servers: [{ name, transport, url? }] }`: the operator's mcp.json, without its secrets. */
export async function GET(): Promise<Response> {
  return Response.json({ servers: listOperatorServers(await loadOperatorConfig(readMcpEnvironment())) });
}
