import { err, ok, type Result } from '@/lib/runtime';
import { ALLOW_PRIVATE_NETWORK_VALUE } from '@/lib/models/server';
import type { McpFailure } from './mcp-failure';
import type { McpConfig } from './read-mcp-config';
import type { McpEnvironment } from './mcp-environment';
import type { McpServerTarget } from './mcp-server-target';

/**
 * Where a request's server is: its own URL (under the egress policy, with its headers), or, without
 * one, the operator's server of that name. A request never gets a process: only mcp.json has them.
 */
export function resolveMcpServer(
  reference: { name?: string; url?: string; headers?: Readonly<Record<string, string>> },
  context: { config: McpConfig; environment: McpEnvironment },
): Result<McpServerTarget, McpFailure> {
  if (reference.url !== undefined) {
    return ok({ transport: 'http', url: reference.url, headers: reference.headers ?? {}, allowPrivateNetwork: context.environment.PLAYGROUND_ALLOW_PRIVATE_NETWORK === ALLOW_PRIVATE_NETWORK_VALUE });
  }
  const target = reference.name === undefined ? undefined : context.config.get(reference.name);
  if (!target) {
    const known = [...context.config.keys()];
    const list = known.length > 0 ? `the operator configured ${known.join(', ')}` : 'the operator configured none';
    return err({ code: 'unknown-server', message: `There is no operator MCP server named ${JSON.stringify(reference.name ?? '')} (${list}); give a url to reach your own server.` });
  }
  return ok(target);
}
