import { isPlainObject, err, ok, type Result } from '@/lib/runtime';
import type { ImportError, ImportFormat, ImportedTool, SharedDefinitions, SkippedTool, ToolImport } from './imported-tool';
import { importMcpTools } from './import-mcp-tools';
import { importOpenAITools } from './import-openai-tools';
import { importOpenApiDocument } from './import-openapi-document';
import { parseImportText } from './parse-import-text';
import { failAt } from './read-import-fields';
import { relaxUnstrictableTool } from './relax-unstrictable-tool';
import { renderToolModule } from './render-tool-module';

const FORMAT_LABELS: Record<ImportFormat, string> = {
  'mcp-tools-list': 'an MCP tools/list result',
  'openai-responses': 'an OpenAI Responses tools array',
  'openai-chat-completions': 'a Chat Completions tools array',
  openapi: 'an OpenAPI document',
};
/** Reasons quoted in the error of an import where nothing could be used. */
const MAX_QUOTED_REASONS = 5;

type Detected = { format: ImportFormat; tools: ImportedTool[]; skipped: SkippedTool[]; definitions: SharedDefinitions };

/**
 * Reads an MCP `tools/list` result (bare, or inside a JSON-RPC response), an OpenAI Responses or
 * Chat Completions `tools` array (bare or as `{tools: [...]}`), or a Swagger 2.0 / OpenAPI 3.x
 * document, as JSON or YAML, and writes the playground tool module for it. An entry that cannot
 * become a tool is skipped with its reason; the import fails only when no tool is left, or when
 * the input is none of these.
 */
export function importToolDefinitions(text: string): Result<ToolImport, ImportError> {
  const parsed = parseImportText(text);
  if (!parsed.ok) return parsed;
  const notes: string[] = [];
  const detected = detectAndImport(parsed.value, notes);
  if (!detected.ok) return detected;
  const { format, skipped, definitions } = detected.value;
  const tools = detected.value.tools.map((tool) => relaxUnstrictableTool(tool, definitions));
  const sourceLabel = FORMAT_LABELS[format];
  if (tools.length === 0) return describeNothingImported(sourceLabel, skipped);
  return ok({
    format,
    sourceLabel,
    tools,
    definitions,
    skipped,
    notes: [...new Set([...notes, ...tools.flatMap((tool) => tool.notes)])],
    source: renderToolModule({ tools, definitions, sourceLabel }),
  });
}

function detectAndImport(parsed: unknown, notes: string[]): Result<Detected, ImportError> {
  if (isPlainObject(parsed) && ('openapi' in parsed || 'swagger' in parsed)) {
    const imported = importOpenApiDocument(parsed, notes);
    return imported.ok ? ok({ format: 'openapi', ...imported.value }) : imported;
  }
  const envelope = isPlainObject(parsed) && isPlainObject(parsed.result) ? { list: parsed.result.tools, pointer: '/result/tools' } : undefined;
  const { list, pointer } = envelope ?? (isPlainObject(parsed) ? { list: parsed.tools, pointer: '/tools' } : { list: parsed, pointer: '' });
  if (!Array.isArray(list)) {
    return failAt(pointer, 'expected a tools array, an object with a "tools" array (MCP tools/list), or an OpenAPI or Swagger document.', 'unknown-format');
  }
  const first = list.find(isPlainObject);
  if (first && 'inputSchema' in first) return ok({ format: 'mcp-tools-list', ...importMcpTools(list, pointer), definitions: {} });
  if (list.length === 0 || (first && 'type' in first)) {
    const { format, tools, skipped } = importOpenAITools(list, pointer, notes);
    return ok({ format, tools, skipped, definitions: {} });
  }
  return failAt(`${pointer}/0`, 'not recognised: MCP tools have "inputSchema", OpenAI tools have "type": "function".', 'unknown-format');
}

/** One skipped entry speaks for itself; several are summed up, the first few quoted. */
function describeNothingImported(sourceLabel: string, skipped: readonly SkippedTool[]): { ok: false; error: ImportError } {
  const [first] = skipped;
  if (first === undefined) return failAt('', `${sourceLabel} with no function tools to import.`, 'no-tools');
  if (skipped.length === 1) return err({ code: 'no-tools', pointer: first.pointer, message: first.reason });
  const quoted = skipped.slice(0, MAX_QUOTED_REASONS).map((entry) => entry.reason);
  const more = skipped.length > MAX_QUOTED_REASONS ? ` …and ${skipped.length - MAX_QUOTED_REASONS} more.` : '';
  return err({ code: 'no-tools', pointer: '', message: `${sourceLabel} with no usable tools; all ${skipped.length} were skipped: ${quoted.join(' ')}${more}` });
}
