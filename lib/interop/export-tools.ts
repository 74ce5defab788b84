import { exportAgentsSdkCode } from './export-agents-sdk-code';
import { exportAiSdkCode } from './export-ai-sdk-code';
import { resolveExecuteSource } from './embed-tool-module';
import { describeExportFormat, type ExportArtifact, type ExportFormat } from './export-format';
import { exportMcpToolsList } from './export-mcp-tools-list';
import { exportChatCompletionsTools, exportResponsesTools, type JsonExport } from './export-openai-tools';
import { exportTanstackAiCode } from './export-tanstack-ai-code';
import type { InteropTool } from './interop-tool';
import { assertNever } from '@/lib/runtime/loop/decide-permission';

/** What an export may draw on besides the tools' definitions. */
export type ExportOptions = {
  /**
   * The tool module's TypeScript source. The code formats that run TypeScript (AI SDK, Agents SDK,
   * TanStack AI) then carry it over, so each tool's execute is the module's own; without it, or
   * when it cannot be carried over safely (a comment says why), execute bodies are stubs.
   */
  moduleSource?: string;
};

/** The tool set (or one tool) in `format`, as text ready to copy or download. */
export function exportTools(tools: readonly InteropTool[], format: ExportFormat, options: ExportOptions = {}): ExportArtifact {
  const info = describeExportFormat(format);
  const fileName = tools.length === 1 && tools[0] ? info.fileName.replace(/^[^.]+/, (stem) => `${tools[0]?.qualifiedName.replace(/\./g, '-')}-${stem}`) : info.fileName;
  const { text, notes } = renderExport(tools, format, options);
  return { format, text, fileName, notes };
}

function renderExport(tools: readonly InteropTool[], format: ExportFormat, options: ExportOptions): { text: string; notes: string[] } {
  switch (format) {
    case 'openai-responses':
      return renderJson(exportResponsesTools(tools));
    case 'openai-chat-completions':
      return renderJson(exportChatCompletionsTools(tools));
    case 'mcp-tools-list':
      return renderJson(exportMcpToolsList(tools));
    case 'vercel-ai-sdk':
      return exportAiSdkCode(tools, resolveExecuteSource(options.moduleSource));
    case 'openai-agents-sdk':
      return exportAgentsSdkCode(tools, resolveExecuteSource(options.moduleSource));
    case 'tanstack-ai':
      return exportTanstackAiCode(tools, resolveExecuteSource(options.moduleSource));
    default:
      return assertNever(format);
  }
}

function renderJson(exported: JsonExport): { text: string; notes: string[] } {
  return { text: `${JSON.stringify(exported.value, null, 2)}\n`, notes: exported.notes };
}
