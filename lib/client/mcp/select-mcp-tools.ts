import { decidePermission, permissionModeSchema, type PermissionDecision, type PermissionMode } from '@/lib/runtime';
import type { CompiledToolSummary, CompiledToolView } from '@/lib/contract';
import { resolveToolChoice } from './build-mcp-servers';
import type { McpServerEntry, McpToolView } from './mcp-server-entry';

/** Where a schema-panel tool comes from when it is a server's: what its badge, its controls and its Try read. */
export type McpToolOrigin = {
  kind: 'mcp';
  entryId: string;
  /** The server's name as the badge shows it. */
  server: string;
  /** The tool's name on the server (what its choices are kept by). */
  tool: string;
  /** What the tool-detail store knows this server's tool list by. */
  moduleKey: string;
  /** Left out of turns and direct calls. */
  excluded: boolean;
  /** `openWorldHint`: the tool reaches beyond the server. */
  external: boolean;
};

/** A tool as the schema panel lists it: a module's, or a server's with its origin (and its detail, which the listing carries). */
export type SourcedToolSummary = CompiledToolSummary & { origin?: McpToolOrigin };
export type SourcedToolView = CompiledToolView & { origin?: McpToolOrigin };

/** The key the tool-detail store holds a server's listed tools under: a new listing gets a new key. */
export function mcpModuleKey(entry: McpServerEntry, tools: readonly McpToolView[]): string {
  return `mcp:${entry.id}:${hashText(tools.map((tool) => tool.serverToolName).join('\n'))}`;
}

/** A short, stable digest (FNV-1a, 32 bits) of a text: only tells listings apart. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * A connected server's tools as the schema panel shows them: in the server's namespace, with the
 * user's choices (deferral, execution mode, approval) applied and the gate's verdicts decided
 * again for them, each with its origin. A server that is not connected lists nothing.
 */
export function selectMcpTools(entry: McpServerEntry): SourcedToolView[] {
  const connection = entry.connection.status === 'connecting' ? entry.connection.previous : entry.connection.status === 'connected' ? entry.connection : undefined;
  if (!connection) return [];
  const moduleKey = mcpModuleKey(entry, connection.tools);
  const server = connection.server.title ?? connection.server.name;
  return connection.tools.map((tool, index) => ({
    ...applyChoices(entry, tool, connection.tools.length),
    index,
    origin: { kind: 'mcp', entryId: entry.id, server, tool: tool.serverToolName, moduleKey, excluded: !entry.included || entry.toolChoices[tool.serverToolName]?.excluded === true, external: tool.external },
  }));
}

function applyChoices(entry: McpServerEntry, tool: McpToolView, toolCount: number): CompiledToolView {
  const choice = resolveToolChoice(entry, tool.serverToolName, toolCount);
  const qualifiedName = `${entry.namespace}.${tool.name}`;
  const needsApproval = choice.needsApproval ?? tool.needsApproval;
  const gate = Object.fromEntries(
    permissionModeSchema.options.map((mode) => [mode, decidePermission({ qualifiedName, risk: tool.risk, needsApproval }, { mode })]),
  ) as Record<PermissionMode, PermissionDecision>;
  return {
    ...tool,
    namespace: entry.namespace,
    qualifiedName,
    deferLoading: choice.deferLoading ?? tool.deferLoading,
    executionMode: choice.executionMode ?? tool.executionMode,
    needsApproval,
    gate,
  };
}
