// Server-only: reads a server's whole tool listing, page by page, within bounds.
import type { Client, Tool } from '@modelcontextprotocol/client';
import { err, ok, type JsonSchema, type Result } from '@/lib/runtime';
import { MCP_LIMITS, SANDBOX_LIMITS } from '@/lib/contract';
import type { McpListedTool } from '../mcp-listed-tool';
import { describeMcpFailure } from './describe-mcp-failure';
import type { McpFailure } from './mcp-failure';

/**
 * Every page of `tools/list`, following `nextCursor`. A listing past `MCP_LIMITS.toolsPerServer`
 * tools or `listPages` pages is refused (a cut listing would offer a different server than the
 * one connected); a tool whose schemas are larger than a module tool's may be is refused too. The
 * whole walk shares one deadline.
 */
export async function listMcpTools(client: Client, options: { where: string; signal?: AbortSignal }): Promise<Result<McpListedTool[], McpFailure>> {
  const deadline = AbortSignal.timeout(MCP_LIMITS.listMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const tools: McpListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MCP_LIMITS.listPages; page += 1) {
    let answer;
    try {
      answer = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout: MCP_LIMITS.listMs });
    } catch (error) {
      if (deadline.aborted) return err({ code: 'timeout', message: `The MCP server at ${options.where} did not finish listing its tools within ${MCP_LIMITS.listMs / 1000} s.` });
      return err(describeMcpFailure(error, options.where));
    }
    for (const tool of answer.tools) {
      const read = readListedTool(tool);
      if (!read.ok) return err({ code: 'protocol', message: `The MCP server at ${options.where} lists ${JSON.stringify(tool.name.slice(0, 100))}: ${read.error}` });
      tools.push(read.value);
    }
    if (tools.length > MCP_LIMITS.toolsPerServer) {
      return err({ code: 'too-many-tools', message: `The MCP server at ${options.where} lists more than ${MCP_LIMITS.toolsPerServer} tools; this playground takes at most ${MCP_LIMITS.toolsPerServer} from one server.` });
    }
    cursor = answer.nextCursor;
    if (cursor === undefined) return ok(tools);
  }
  return err({ code: 'too-many-tools', message: `The MCP server at ${options.where} did not finish its tool listing within ${MCP_LIMITS.listPages} pages.` });
}

function readListedTool(tool: Tool): Result<McpListedTool, string> {
  const inputSchema = tool.inputSchema as JsonSchema;
  const outputSchema = tool.outputSchema as JsonSchema | undefined;
  const schemaBytes = JSON.stringify(inputSchema).length + (outputSchema ? JSON.stringify(outputSchema).length : 0);
  if (schemaBytes > SANDBOX_LIMITS.schemaBytesPerTool) return err(`its schemas are ${schemaBytes} bytes as JSON; a tool's may be at most ${SANDBOX_LIMITS.schemaBytesPerTool}.`);
  const annotations = tool.annotations;
  return ok({
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined
      ? {}
      : {
          annotations: {
            ...(annotations.title === undefined ? {} : { title: annotations.title }),
            ...(annotations.readOnlyHint === undefined ? {} : { readOnlyHint: annotations.readOnlyHint }),
            ...(annotations.destructiveHint === undefined ? {} : { destructiveHint: annotations.destructiveHint }),
            ...(annotations.idempotentHint === undefined ? {} : { idempotentHint: annotations.idempotentHint }),
            ...(annotations.openWorldHint === undefined ? {} : { openWorldHint: annotations.openWorldHint }),
          },
        }),
  });
}
