import type { InteropTool } from './interop-tool';
import type { JsonExport } from './export-openai-tools';

/**
 * An MCP `tools/list` result (spec 2025-11-25). MCP has no strict mode, so `inputSchema` is the
 * schema as authored. Tool names may contain dots there, so a namespaced tool keeps its
 * qualified name. Both risk hints are explicit because an absent `destructiveHint` means `true`
 * (https://modelcontextprotocol.io/specification/2025-11-25/schema#toolannotations).
 */
export function exportMcpToolsList(tools: readonly InteropTool[]): JsonExport {
  const notes: string[] = [];
  const nonObject = tools.filter((tool) => tool.jsonSchema.type !== 'object');
  if (nonObject.length > 0) {
    notes.push(`MCP requires an inputSchema of type "object" at the root: ${nonObject.map((tool) => tool.qualifiedName).join(', ')} will be rejected by clients.`);
  }
  const deferred = tools.filter((tool) => tool.deferLoading);
  if (deferred.length > 0) notes.push(`MCP lists every tool in full; deferred loading is not carried over (${deferred.map((tool) => tool.qualifiedName).join(', ')}).`);
  const value = {
    tools: tools.map((tool) => ({
      name: tool.qualifiedName,
      title: createTitle(tool.name),
      description: tool.description,
      inputSchema: tool.jsonSchema,
      annotations: { readOnlyHint: tool.risk === 'read', destructiveHint: tool.risk === 'destructive' },
    })),
  };
  return { value, notes };
}

/** `get_pet_by-id` → `Get pet by id`. */
function createTitle(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[_\-\s]+/).filter(Boolean);
  const sentence = words.join(' ').toLowerCase();
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
