import type { McpServerEntry, McpServerInfo, McpToolView } from '@/lib/client/mcp';
import { createToolView } from '../client-fixtures';

export const SERVER_INFO: McpServerInfo = { name: 'Weather Server', version: '1.2.0', protocolVersion: '2025-11-25', transport: 'streamable-http' };

/** A server tool as `POST /api/mcp/tools` lists it. */
export function createMcpToolView(name: string, overrides: Partial<McpToolView> = {}): McpToolView {
  const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
  return {
    ...createToolView({ name, qualifiedName: `weather.${name}`, namespace: 'weather', description: `The ${name} tool.`, jsonSchema: schema, sentSchema: schema }),
    serverToolName: name,
    annotations: {},
    inputSchema: schema,
    external: false,
    ...overrides,
  };
}

export function createEntry(overrides: Partial<McpServerEntry> = {}): McpServerEntry {
  return {
    id: 'url:http://127.0.0.1:9/mcp',
    source: { kind: 'url', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'Authorization', value: 'Bearer s3cret' }] },
    namespace: 'weather',
    namespaceEdited: false,
    included: true,
    defaults: {},
    toolChoices: {},
    connection: { status: 'connected', server: SERVER_INFO, tools: [createMcpToolView('forecast')] },
    ...overrides,
  };
}
