// Server-only: one server's listed tools as the runtime's tools, in the namespace of its name in the request.
import type { Tool } from '@/lib/runtime';
import type { McpServerRef } from '@/lib/contract';
import { toMcpToolSpecs } from '../describe-mcp-tools';
import type { McpListedTool } from '../mcp-listed-tool';
import { createMcpTool, type McpToolServer } from './create-mcp-tool';

/** The listed tools under the request's settings for them, each calling through `server`. */
export function createServerTools(reference: McpServerRef, listed: readonly McpListedTool[], server: McpToolServer): Tool[] {
  const specs = toMcpToolSpecs([...listed], { namespace: reference.name, settings: reference.settings });
  return specs.flatMap((spec, index) => {
    const tool = listed[index];
    return tool ? [createMcpTool({ spec, serverToolName: tool.name, title: tool.title ?? tool.annotations?.title, server })] : [];
  });
}
