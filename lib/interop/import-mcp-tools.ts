import { isPlainObject } from '@/lib/runtime/json';
import { ok, type Result } from '@/lib/runtime/result';
import type { ImportError, ImportedTool } from './imported-tool';
import { describeJsonType, failAt, readOptionalString, readParameterSchema, readString } from './read-import-fields';
import { isValidToolName, sanitizeToolName } from './sanitize-tool-name';

/**
 * Tools from an MCP `tools/list` result. `ns.tool` names (how the playground exports namespaced
 * tools) become a namespace again; `readOnlyHint`/`destructiveHint` become the risk flags (a
 * destructive hint only counts on a tool that is not read-only, as the spec says).
 */
export function importMcpTools(list: unknown[], pointer: string, notes: string[]): Result<ImportedTool[], ImportError> {
  const taken = new Set<string>();
  const tools: ImportedTool[] = [];
  for (const [index, entry] of list.entries()) {
    const at = `${pointer}/${index}`;
    if (!isPlainObject(entry)) return failAt(at, `expected a tool object, got ${describeJsonType(entry)}.`);
    const name = readString(entry, 'name', at);
    if (!name.ok) return name;
    const description = readOptionalString(entry, 'description', at);
    if (!description.ok) return description;
    const schema = readParameterSchema(entry, 'inputSchema', at);
    if (!schema.ok) return schema;
    const annotations = isPlainObject(entry.annotations) ? entry.annotations : {};
    const isReadOnly = annotations.readOnlyHint === true;
    const { namespace, local } = splitQualifiedName(name.value);
    const toolName = isValidToolName(local) ? local : sanitizeToolName(local, taken);
    if (toolName !== local) notes.push(`${at}/name: ${JSON.stringify(name.value)} renamed to ${JSON.stringify(toolName)}.`);
    const title = typeof entry.title === 'string' ? entry.title : undefined;
    tools.push({
      name: toolName,
      ...(namespace ? { namespace } : {}),
      description: description.value ?? title ?? toolName,
      jsonSchema: schema.value,
      isReadOnly,
      isDestructive: !isReadOnly && annotations.destructiveHint === true,
      origin: `MCP tool ${name.value}`,
    });
  }
  return ok(tools);
}

function splitQualifiedName(name: string): { namespace?: string; local: string } {
  const parts = name.split('.');
  if (parts.length === 2 && parts[0] && parts[1] && isValidToolName(parts[0])) return { namespace: parts[0], local: parts[1] };
  return { local: name };
}
