import { isPlainObject } from '@/lib/runtime/json';
import { ok, type Result } from '@/lib/runtime/result';
import type { ImportError, ImportFormat, ImportedTool, ToolImport } from './imported-tool';
import { importMcpTools } from './import-mcp-tools';
import { importOpenAITools } from './import-openai-tools';
import { importOpenApiDocument } from './import-openapi-document';
import { failAt } from './read-import-fields';
import { renderToolModule } from './render-tool-module';

const FORMAT_LABELS: Record<ImportFormat, string> = {
  'mcp-tools-list': 'an MCP tools/list result',
  'openai-responses': 'an OpenAI Responses tools array',
  'openai-chat-completions': 'a Chat Completions tools array',
  openapi: 'an OpenAPI document',
};

/**
 * Reads an MCP `tools/list` result (bare, or inside a JSON-RPC response), an OpenAI Responses or
 * Chat Completions `tools` array (bare or as `{tools: [...]}`), or an OpenAPI 3 document (JSON),
 * and writes the playground tool module for it. Bad input fails with the field and index at fault.
 */
export function importToolDefinitions(text: string): Result<ToolImport, ImportError> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint = /^\s*(openapi|swagger)\s*:/m.test(text) ? ' YAML is not supported; convert the document to JSON first.' : '';
    return failAt('', `not valid JSON (${reason}).${hint}`, 'invalid-json');
  }
  const notes: string[] = [];
  const detected = detectAndImport(parsed, notes);
  if (!detected.ok) return detected;
  const { format, tools } = detected.value;
  if (tools.length === 0) return failAt('', `${FORMAT_LABELS[format]} with no function tools to import.`, 'no-tools');
  return ok({ format, tools, notes, source: renderToolModule(tools, FORMAT_LABELS[format]) });
}

function detectAndImport(parsed: unknown, notes: string[]): Result<{ format: ImportFormat; tools: ImportedTool[] }, ImportError> {
  if (isPlainObject(parsed) && ('openapi' in parsed || 'swagger' in parsed)) {
    const tools = importOpenApiDocument(parsed, notes);
    return tools.ok ? ok({ format: 'openapi', tools: tools.value }) : tools;
  }
  const envelope = isPlainObject(parsed) && isPlainObject(parsed.result) ? { list: parsed.result.tools, pointer: '/result/tools' } : undefined;
  const { list, pointer } = envelope ?? (isPlainObject(parsed) ? { list: parsed.tools, pointer: '/tools' } : { list: parsed, pointer: '' });
  if (!Array.isArray(list)) {
    return failAt(pointer, 'expected a tools array, an object with a "tools" array (MCP tools/list), or an OpenAPI 3 document.', 'unknown-format');
  }
  const first = list.find(isPlainObject);
  if (first && 'inputSchema' in first) {
    const tools = importMcpTools(list, pointer, notes);
    return tools.ok ? ok({ format: 'mcp-tools-list', tools: tools.value }) : tools;
  }
  if (list.length === 0 || (first && 'type' in first)) {
    const imported = importOpenAITools(list, pointer, notes);
    return imported.ok ? ok({ format: imported.value.format, tools: imported.value.tools }) : imported;
  }
  return failAt(`${pointer}/0`, 'not recognised: MCP tools have "inputSchema", OpenAI tools have "type": "function".', 'unknown-format');
}
