import { describeCompiledTools, type McpToolSetting, type McpToolView, type ToolSpec } from '@/lib/contract';
import type { McpListedTool } from './mcp-listed-tool';
import { mapToolAnnotations } from './map-tool-annotations';
import { namespaceToolNames } from './namespace-tool-name';

/** Above this many tools, a server's tools are deferred behind Tool Search unless a setting says otherwise. */
export const DEFER_LOADING_ABOVE_TOOLS = 20;

export type DescribeMcpToolsOptions = {
  /** The namespace the tools are offered in (the server's name in the request). */
  namespace: string;
  /** The server's own description of itself, offered with the namespace. */
  namespaceDescription?: string;
  settings?: Readonly<Record<string, McpToolSetting>>;
};

/** A listed tool as the runtime's plain data: what the turn offers and the schema panel shows. */
export function toMcpToolSpecs(tools: readonly McpListedTool[], options: DescribeMcpToolsOptions): ToolSpec[] {
  const names = namespaceToolNames(tools.map((tool) => tool.name));
  const deferByDefault = tools.length > DEFER_LOADING_ABOVE_TOOLS;
  return tools.map((tool, index) => {
    const contract = mapToolAnnotations(tool.annotations, { setting: options.settings?.[tool.name], deferByDefault });
    return {
      name: names[index] ?? tool.name,
      namespace: options.namespace,
      ...(options.namespaceDescription ? { namespaceDescription: options.namespaceDescription } : {}),
      description: tool.description ?? tool.title ?? tool.annotations?.title ?? '',
      parameters: tool.inputSchema,
      schemaSource: 'json-schema',
      strict: true,
      deferLoading: contract.deferLoading,
      ...(contract.executionMode === undefined ? {} : { executionMode: contract.executionMode }),
      isReadOnly: contract.isReadOnly,
      isDestructive: contract.isDestructive,
      needsApproval: contract.needsApproval,
      hasOutputSchema: tool.outputSchema !== undefined,
      ...(tool.outputSchema === undefined ? {} : { outputParameters: tool.outputSchema }),
      hasExecute: true,
      line: index + 1,
    };
  });
}

/** Every listed tool as the schema panel reads it: a module tool's view plus what MCP adds. */
export function describeMcpTools(tools: readonly McpListedTool[], options: DescribeMcpToolsOptions): McpToolView[] {
  const views = describeCompiledTools(toMcpToolSpecs(tools, options));
  return tools.map((tool, index) => {
    const view = views[index];
    if (!view) throw new Error('describeCompiledTools answers one view per tool.');
    const title = tool.title ?? tool.annotations?.title;
    return {
      ...view,
      serverToolName: tool.name,
      ...(title === undefined ? {} : { title }),
      annotations: tool.annotations ?? {},
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      external: tool.annotations?.openWorldHint === true,
    };
  });
}
