import { isPlainObject, type JsonSchema, err, ok, type Result } from '@/lib/runtime';
import type { ImportedTool, SkippedTool } from './imported-tool';
import { normalizeToolSchema } from './normalize-tool-schema';
import { describeJsonType, readOptionalString, readParameterSchema, readString } from './read-import-fields';
import { claimToolName, isValidToolName, takenIn, type TakenNames } from '../schema';

/** The tools of an MCP `tools/list` result, and the entries that could not be read. */
export type McpImport = { tools: ImportedTool[]; skipped: SkippedTool[] };

/**
 * Tools from an MCP `tools/list` result. `ns.tool` names (how the playground exports namespaced
 * tools) become a namespace again; `readOnlyHint`/`destructiveHint` become the risk flags (a
 * destructive hint only counts on a tool that is not read-only, as the spec says). Names outside
 * `^[a-zA-Z0-9_-]{1,64}$` are rewritten; an entry without a name or a usable `inputSchema` is
 * skipped with the reason. An `outputSchema` is kept (see `ImportedTool.outputSchema`).
 */
export function importMcpTools(list: unknown[], pointer: string): McpImport {
  const taken: TakenNames = new Map();
  const tools: ImportedTool[] = [];
  const skipped: SkippedTool[] = [];
  for (const [index, entry] of list.entries()) {
    const at = `${pointer}/${index}`;
    if (!isPlainObject(entry)) {
      skipped.push({ pointer: at, reason: `${at}: expected a tool object, got ${describeJsonType(entry)}.` });
      continue;
    }
    const label = typeof entry.name === 'string' && entry.name !== '' ? { name: entry.name } : {};
    const read = readEntry(entry, at);
    if (!read.ok) {
      skipped.push({ pointer: at, ...label, reason: read.error });
      continue;
    }
    const { name, description, schema } = read.value;
    const annotations = isPlainObject(entry.annotations) ? entry.annotations : {};
    const isReadOnly = annotations.readOnlyHint === true;
    const { namespace, local } = splitQualifiedName(name);
    const toolName = claimToolName(local, takenIn(taken, namespace));
    const renamed = toolName !== local ? [`${at}/name: ${JSON.stringify(name)} renamed to ${JSON.stringify(toolName)}.`] : [];
    const title = typeof entry.title === 'string' && entry.title !== '' ? entry.title : undefined;
    const output = readOutputSchema(entry, at);
    tools.push({
      name: toolName,
      ...(namespace ? { namespace } : {}),
      description: description || title || toolName,
      jsonSchema: schema.schema,
      isReadOnly,
      isDestructive: !isReadOnly && annotations.destructiveHint === true,
      ...(output.schema ? { outputSchema: output.schema } : {}),
      origin: `MCP tool ${name}`,
      tags: [],
      notes: [...renamed, ...schema.notes, ...output.notes],
    });
  }
  return { tools, skipped };
}

function readEntry(entry: Record<string, unknown>, at: string): Result<{ name: string; description?: string; schema: { schema: JsonSchema; notes: string[] } }, string> {
  const name = readString(entry, 'name', at);
  if (!name.ok) return err(name.error.message);
  const description = readOptionalString(entry, 'description', at);
  if (!description.ok) return err(description.error.message);
  const schema = readParameterSchema(entry, 'inputSchema', at);
  if (!schema.ok) return err(schema.error.message);
  const normalized = normalizeToolSchema(schema.value, `${at}/inputSchema`);
  if (!normalized.ok) return normalized;
  return ok({ name: name.value, description: description.value, schema: normalized.value });
}

/** An MCP tool's `outputSchema` (a JSON Schema of `type: "object"`, as the spec requires), or a note on why it was left out. */
function readOutputSchema(entry: Record<string, unknown>, at: string): { schema?: JsonSchema; notes: string[] } {
  const raw = entry.outputSchema;
  if (raw === undefined) return { notes: [] };
  if (!isPlainObject(raw) || raw.type !== 'object') {
    const found = isPlainObject(raw) ? `type ${JSON.stringify(raw.type ?? null)}` : describeJsonType(raw);
    return { notes: [`${at}/outputSchema: left out: an output schema is a JSON Schema of type "object", got ${found}.`] };
  }
  return { schema: raw as JsonSchema, notes: [] };
}

function splitQualifiedName(name: string): { namespace?: string; local: string } {
  const parts = name.split('.');
  if (parts.length === 2 && parts[0] && parts[1] && isValidToolName(parts[0])) return { namespace: parts[0], local: parts[1] };
  return { local: name };
}
