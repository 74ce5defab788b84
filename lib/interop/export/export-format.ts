/** Every target the tool set can be exported to. */
export type ExportFormat =
  | 'openai-responses'
  | 'openai-chat-completions'
  | 'vercel-ai-sdk'
  | 'openai-agents-sdk'
  | 'tanstack-ai'
  | 'mcp-tools-list';

/** How an export format is offered in the UI and saved to disk. */
export type ExportFormatInfo = { format: ExportFormat; label: string; fileName: string; language: 'json' | 'typescript' };

export const EXPORT_FORMATS: readonly ExportFormatInfo[] = [
  { format: 'openai-responses', label: 'OpenAI Responses tools', fileName: 'openai-responses-tools.json', language: 'json' },
  { format: 'openai-chat-completions', label: 'Chat Completions tools', fileName: 'chat-completions-tools.json', language: 'json' },
  { format: 'vercel-ai-sdk', label: 'Vercel AI SDK tool()', fileName: 'ai-sdk-tools.ts', language: 'typescript' },
  { format: 'openai-agents-sdk', label: 'OpenAI Agents SDK tool()', fileName: 'agents-sdk-tools.ts', language: 'typescript' },
  { format: 'tanstack-ai', label: 'TanStack AI toolDefinition()', fileName: 'tanstack-ai-tools.ts', language: 'typescript' },
  { format: 'mcp-tools-list', label: 'MCP tools/list result', fileName: 'mcp-tools-list.json', language: 'json' },
];

/**
 * The text of one export, its file name, and what did not carry over; `nativeCodeWarning` when the
 * text carries the tool module's code to run natively (the dialog shows it above the code).
 */
export type ExportArtifact = { format: ExportFormat; text: string; fileName: string; notes: string[]; nativeCodeWarning?: string };

export function describeExportFormat(format: ExportFormat): ExportFormatInfo {
  const info = EXPORT_FORMATS.find((item) => item.format === format);
  if (!info) throw new Error(`Unknown export format ${format}`);
  return info;
}
