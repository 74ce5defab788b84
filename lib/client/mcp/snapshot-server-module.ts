import type { JsonValue, RuntimeEvent } from '@/lib/runtime';
import { snapshotMcpServer, type McpSnapshot, type RecordedOutput } from '@/lib/interop';
import type { ConversationState } from '../conversation-state';
import type { McpConnectedState, McpServerEntry } from './mcp-server-entry';

/**
 * The server's tools as a module for the editor, each answering with the outputs the server gave
 * in this conversation's turns (every branch), by tool: the successful calls of `<namespace>.<tool>`.
 */
export function snapshotServerModule(entry: McpServerEntry & { connection: McpConnectedState }, conversation: ConversationState): McpSnapshot {
  const { server, tools } = entry.connection;
  const events = conversation.branches.flatMap((branch) => branch.turns.flatMap((turn) => turn.events));
  return snapshotMcpServer({
    serverLabel: `the MCP server ${server.title ?? server.name} ${server.version}`,
    namespace: entry.namespace,
    tools: tools.map(({ name, description, inputSchema, outputSchema, annotations, title }) => ({
      name,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations,
      ...(title ? { title } : {}),
    })),
    recorded: collectRecordedOutputs(events, entry.namespace),
  });
}

/** Successful outputs of calls in `namespace`, by tool name, with the arguments each call ran with; a repeated call counts once. */
export function collectRecordedOutputs(events: readonly RuntimeEvent[], namespace: string): Map<string, RecordedOutput[]> {
  const prefix = `${namespace}.`;
  const inputs = new Map<string, JsonValue>();
  const recorded = new Map<string, RecordedOutput[]>();
  for (const event of events) {
    if (event.type === 'tool-input-available' && event.name.startsWith(prefix)) inputs.set(`${event.turnId}:${event.callId}`, event.restoredInput ?? event.input);
    if (event.type !== 'tool-output' || event.status !== 'success' || !event.name.startsWith(prefix)) continue;
    const args = inputs.get(`${event.turnId}:${event.callId}`);
    if (args === undefined) continue;
    const tool = event.name.slice(prefix.length);
    const list = recorded.get(tool) ?? [];
    const key = JSON.stringify(args);
    recorded.set(tool, [...list.filter((entry) => JSON.stringify(entry.args) !== key), { args, output: parseOutput(event.output) }]);
  }
  return recorded;
}

/** A JSON object or array output as a value (so an output schema can check it); any other text as written. */
function parseOutput(output: string): JsonValue {
  const trimmed = output.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return output;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    // Text that merely starts like JSON: kept as the model saw it.
    return output;
  }
}
