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
 * one connected); a tool larger than a module tool's schemas may be, or a listing past
 * `listingBytes` as JSON, is refused too. The whole walk shares one deadline.
 */
/** A whole listing, and the same as JSON text (written once while its size was measured), for the worker pool. */
export type McpListing = { tools: McpListedTool[]; json: string };

export async function listMcpTools(client: Client, options: { where: string; signal?: AbortSignal; overflowed?: AbortSignal }): Promise<Result<McpListing, McpFailure>> {
  const deadline = AbortSignal.timeout(MCP_LIMITS.listMs);
  const signal = AbortSignal.any([deadline, ...(options.signal ? [options.signal] : []), ...(options.overflowed ? [options.overflowed] : [])]);
  const tools: McpListedTool[] = [];
  const texts: string[] = [];
  let listingBytes = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MCP_LIMITS.listPages; page += 1) {
    let answer;
    try {
      answer = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout: MCP_LIMITS.listMs });
    } catch (error) {
      if (deadline.aborted) return err({ code: 'timeout', message: `The MCP server at ${options.where} did not finish listing its tools within ${MCP_LIMITS.listMs / 1000} s.` });
      return err(describeMcpFailure(options.overflowed?.aborted ? options.overflowed.reason : error, options.where));
    }
    if (tools.length + answer.tools.length > MCP_LIMITS.toolsPerServer) {
      return err({ code: 'too-many-tools', message: `The MCP server at ${options.where} lists more than ${MCP_LIMITS.toolsPerServer} tools; this playground takes at most ${MCP_LIMITS.toolsPerServer} from one server.` });
    }
    for (const tool of answer.tools) {
      const read = readListedTool(tool);
      if (!read.ok) return err({ code: 'protocol', message: `The MCP server at ${options.where} lists ${JSON.stringify(tool.name.slice(0, 100))}: ${read.error}` });
      listingBytes += read.value.text.length;
      if (listingBytes > MCP_LIMITS.listingBytes) {
        return err({ code: 'too-large', message: `The tools the MCP server at ${options.where} lists are more than ${MCP_LIMITS.listingBytes / (1024 * 1024)} MB as JSON; this playground takes at most that from one server.` });
      }
      tools.push(read.value.tool);
      texts.push(read.value.text);
    }
    cursor = answer.nextCursor;
    if (cursor === undefined) return ok({ tools, json: `[${texts.join(',')}]` });
  }
  return err({ code: 'too-many-tools', message: `The MCP server at ${options.where} did not finish its tool listing within ${MCP_LIMITS.listPages} pages.` });
}

function readListedTool(tool: Tool): Result<{ tool: McpListedTool; text: string }, string> {
  const listed = toListedTool(tool, tool.inputSchema as JsonSchema, tool.outputSchema as JsonSchema | undefined);
  const text = writeJson(listed);
  if (text === undefined) return err('its schemas are nested too deeply to be read as JSON.');
  if (text.length > SANDBOX_LIMITS.schemaBytesPerTool) return err(`it is ${text.length} bytes as JSON; a tool's schemas may be at most ${SANDBOX_LIMITS.schemaBytesPerTool}.`);
  return ok({ tool: listed, text });
}

function toListedTool(tool: Tool, inputSchema: JsonSchema, outputSchema: JsonSchema | undefined): McpListedTool {
  const annotations = tool.annotations;
  return {
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
  };
}

/** A tool as JSON text; undefined when it nests past what serializing can walk (a stack overflow). */
function writeJson(tool: McpListedTool): string | undefined {
  try {
    return JSON.stringify(tool);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
