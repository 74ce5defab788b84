import { err, ok, type Result } from '@/lib/runtime';
import type { McpToolsAnswer, McpToolsRequest, OperatorMcpServer } from '@/lib/contract';
import { describeErrorBody, readJsonBody, sendJson, type ApiError } from './api-client';

export type { McpToolsAnswer, OperatorMcpServer };

/** Connects to a server (a URL with headers, or an operator's by key) and lists every page of its tools. */
export async function fetchMcpTools(request: McpToolsRequest, signal?: AbortSignal): Promise<Result<McpToolsAnswer, ApiError>> {
  const response = await sendJson('/api/mcp/tools', request, signal);
  if (!response.ok) return response;
  const body = await readJsonBody(response.value);
  if (!body.ok) return body;
  const value = body.value as Partial<McpToolsAnswer> | null;
  if (!value || typeof value.server?.name !== 'string' || !Array.isArray(value.tools)) {
    return err({ code: 'malformed-response', message: 'The MCP endpoint answered without a server and its tools.' });
  }
  return ok(value as McpToolsAnswer);
}

/** The operator's servers (`GET /api/mcp/servers`); none when the operator configured none. */
export async function fetchOperatorMcpServers(signal?: AbortSignal): Promise<Result<OperatorMcpServer[], ApiError>> {
  let response: Response;
  try {
    response = await fetch('/api/mcp/servers', { signal });
  } catch (error) {
    return err({ code: signal?.aborted ? 'aborted' : 'network', message: `Could not reach /api/mcp/servers: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (!response.ok) {
    const text = await response.text().catch((error: unknown) => String(error));
    return err({ code: 'http', status: response.status, message: `${response.status} ${describeErrorBody(text, response.statusText)}` });
  }
  const body = await readJsonBody(response);
  if (!body.ok) return body;
  const value = body.value as { servers?: unknown } | null;
  if (!value || !Array.isArray(value.servers)) return err({ code: 'malformed-response', message: 'The MCP servers endpoint answered without a servers list.' });
  return ok(value.servers.filter((server): server is OperatorMcpServer => typeof (server as OperatorMcpServer | null)?.name === 'string'));
}
