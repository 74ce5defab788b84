// Server-only: the operator's mcp.json, read once per process and path.
import { processSingleton } from '@/lib/contract';
import { readMcpConfig, type McpConfig } from './read-mcp-config';
import type { McpEnvironment } from './mcp-environment';

const loaded = processSingleton('mcp-config', () => new Map<string, Promise<McpConfig>>());

/**
 * The operator's servers (none without `PLAYGROUND_MCP_CONFIG`). A file that cannot be used is
 * reported once on the server's console and then counts as empty: a visitor cannot fix it, and
 * the rest of the playground works without it.
 */
export function loadOperatorConfig(environment: McpEnvironment): Promise<McpConfig> {
  const path = environment.PLAYGROUND_MCP_CONFIG;
  if (!path) return Promise.resolve(new Map());
  const cache = loaded();
  let config = cache.get(path);
  if (!config) {
    config = readMcpConfig(path).then((read) => {
      if (read.ok) return read.value;
      console.error(read.error);
      return new Map();
    });
    cache.set(path, config);
  }
  return config;
}
