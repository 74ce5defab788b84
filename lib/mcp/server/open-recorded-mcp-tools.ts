import { err, ok, type Result, type TakeToolChanges, type Tool, type ToolSourceChange } from '@/lib/runtime';
import type { McpFailure } from './mcp-failure';
import type { McpServerRef, McpTape } from '@/lib/contract';
import type { McpListedTool } from '../mcp-listed-tool';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import type { McpToolServer, ValidateJson } from './create-mcp-tool';
import { createServerTools } from './create-server-tools';
import { createRecordedCall } from './create-recorded-call';

/** A recorded turn's server tools, and their changes during the turn as recorded. */
export type RecordedMcpTools = { tools: Tool[]; takeChanges: TakeToolChanges };

/**
 * A recorded turn's server tools, rebuilt from its tape: the tools as they were listed, under the
 * request's settings, their calls answered from the recording (the server is never contacted, so
 * a replay works for someone who cannot reach it, or after it is gone), and each listing again
 * offered to the request it was first offered to. The recorder, when given, keeps the same
 * servers, listings and calls as answered, so a replay's record matches its recording.
 */
export function openRecordedMcpTools(servers: readonly McpServerRef[], tape: McpTape, options: { validate: ValidateJson; recorder?: McpTapeRecorder }): Result<RecordedMcpTools, McpFailure> {
  // A server the request names that the recording lacks fails the set: it is never connected to.
  const missing = servers.find((reference) => !tape.servers.some((server) => server.name === reference.name));
  if (missing) return err({ code: 'unknown-server', message: `${missing.name}: the recording has no listing of this server, and the server is not contacted on replay.` });
  const calls = { count: 0 };
  const byServer = new Map<string, { reference: McpServerRef; server: McpToolServer }>();
  const tools = servers.flatMap((reference) => {
    const recorded = tape.servers.find((server) => server.name === reference.name);
    if (!recorded) return [];
    options.recorder?.recordServer(recorded);
    const server: McpToolServer = { name: reference.name, validate: options.validate, calls, callTool: createRecordedCall(reference.name, tape.calls, { recorder: options.recorder }) };
    byServer.set(reference.name, { reference, server });
    return createServerTools(reference, recorded.tools as McpListedTool[], server);
  });
  const takeChanges: TakeToolChanges = async (iteration) =>
    (tape.relists ?? []).flatMap((relist): ToolSourceChange[] => {
      const owner = byServer.get(relist.server);
      if (relist.iteration !== iteration || !owner) return [];
      options.recorder?.recordRelist(relist);
      if (relist.tools === undefined) return [{ server: relist.server, error: relist.error ?? 'The server could not be listed again.' }];
      return [{ server: relist.server, tools: createServerTools(owner.reference, relist.tools as McpListedTool[], owner.server) }];
    });
  return ok({ tools, takeChanges });
}
