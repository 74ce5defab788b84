// Server-only: a server that could not be listed, as the 4xx the page shows.
import type { McpFailure } from '@/lib/mcp/server';
import { jsonError } from '../http';

/**
 * 503 when the sandbox pool had no room to describe the listing (it usually has a moment later), 403 when the egress policy refused the URL, 404 for an operator server that does not exist,
 * 422 for a server that was reached but could not be listed (or not reached: refused, timed out,
 * not MCP, too large, HTTP 401…). The body is the app's `{ error, details: { code, status? } }`.
 */
export function respondMcpFailure(failure: McpFailure): Response {
  const status = failure.code === 'busy' ? 503 : failure.code === 'egress-refused' ? 403 : failure.code === 'unknown-server' ? 404 : 422;
  return jsonError(status, failure.message, { code: failure.code, ...(failure.status === undefined ? {} : { status: failure.status }) });
}
