import { exportAgentsSdkCode } from './export-agents-sdk-code';
import { exportAiSdkCode } from './export-ai-sdk-code';
import { describeExportFormat, type ExportArtifact, type ExportFormat } from './export-format';
import { exportMcpToolsList } from './export-mcp-tools-list';
import { exportChatCompletionsTools, exportResponsesTools, type JsonExport } from './export-openai-tools';
import { exportTanstackAiCode } from './export-tanstack-ai-code';
import type { InteropTool } from './interop-tool';

/** The tool set (or one tool) in `format`, as text ready to copy or download. */
export function exportTools(tools: readonly InteropTool[], format: ExportFormat): ExportArtifact {
  const info = describeExportFormat(format);
  const fileName = tools.length === 1 && tools[0] ? info.fileName.replace(/^[^.]+/, (stem) => `${tools[0]?.qualifiedName.replace(/\./g, '-')}-${stem}`) : info.fileName;
  const { text, notes } = renderExport(tools, format);
  return { format, text, fileName, notes };
}

function renderExport(tools: readonly InteropTool[], format: ExportFormat): { text: string; notes: string[] } {
  switch (format) {
    case 'openai-responses':
      return renderJson(exportResponsesTools(tools));
    case 'openai-chat-completions':
      return renderJson(exportChatCompletionsTools(tools));
    case 'mcp-tools-list':
      return renderJson(exportMcpToolsList(tools));
    case 'vercel-ai-sdk':
      return exportAiSdkCode(tools);
    case 'openai-agents-sdk':
      return exportAgentsSdkCode(tools);
    case 'tanstack-ai':
      return exportTanstackAiCode(tools);
    default:
      return assertNever(format);
  }
}

function renderJson(exported: JsonExport): { text: string; notes: string[] } {
  return { text: `${JSON.stringify(exported.value, null, 2)}\n`, notes: exported.notes };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled export format: ${String(value)}`);
}
