import { exportAgentsSdkCode } from './export-agents-sdk-code';
import { exportAiSdkCode } from './export-ai-sdk-code';
import { NATIVE_MODULE_WARNING, resolveExecuteSource, type ExecuteSource } from './embed-tool-module';
import { describeExportFormat, type ExportArtifact, type ExportFormat } from './export-format';
import { exportMcpToolsList } from './export-mcp-tools-list';
import { exportChatCompletionsTools, exportResponsesTools, type JsonExport } from './export-openai-tools';
import { exportTanstackAiCode } from './export-tanstack-ai-code';
import type { InteropTool } from './interop-tool';
import { assertNever } from '@/lib/runtime';

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
  const source = info.language === 'typescript' ? resolveExecuteSource(options.moduleSource) : undefined;
  const { text, notes } = renderExport(tools, format, source);
  return { format, text, fileName, notes, ...(source?.kind === 'module' ? { nativeCodeWarning: NATIVE_MODULE_WARNING } : {}) };
}

function renderExport(tools: readonly InteropTool[], format: ExportFormat, source: ExecuteSource | undefined): { text: string; notes: string[] } {
  switch (format) {
    case 'openai-responses':
      return renderJson(exportResponsesTools(tools));
    case 'openai-chat-completions':
      return renderJson(exportChatCompletionsTools(tools));
    case 'mcp-tools-list':
      return renderJson(exportMcpToolsList(tools));
    case 'vercel-ai-sdk':
      return exportAiSdkCode(tools, source);
    case 'openai-agents-sdk':
      return exportAgentsSdkCode(tools, source);
    case 'tanstack-ai':
      return exportTanstackAiCode(tools, source);
    default:
      return assertNever(format);
  }
}

function renderJson(exported: JsonExport): { text: string; notes: string[] } {
  return { text: `${JSON.stringify(exported.value, null, 2)}\n`, notes: exported.notes };
}
