import type { Tool } from '@/lib/runtime';
import type { McpServerRef, McpTape } from '@/lib/contract';
import { toMcpToolSpecs } from '../describe-mcp-tools';
import type { McpListedTool } from '../mcp-listed-tool';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import { createMcpTool, type ValidateJson } from './create-mcp-tool';
import { createRecordedCall } from './create-recorded-call';

/**
 * A recorded turn's server tools, rebuilt from its tape: the tools as they were listed, under the
 * request's settings, their calls answered from the recording (the server is never contacted, so
 * a replay works for someone who cannot reach it, or after it is gone). The recorder, when given,
 * keeps the same servers and the calls as answered, so a replay's record matches its recording.
 */
export function openRecordedMcpTools(servers: readonly McpServerRef[], tape: McpTape, options: { validate: ValidateJson; recorder?: McpTapeRecorder }): Tool[] {
  const calls = { count: 0 };
  return servers.flatMap((reference) => {
    const recorded = tape.servers.find((server) => server.name === reference.name);
    if (!recorded) return [];
    options.recorder?.recordServer(recorded);
    const listed = recorded.tools as McpListedTool[];
    const replayed = createRecordedCall(reference.name, tape.calls);
    const server = {
      name: reference.name,
      validate: options.validate,
      calls,
      callTool: async (...args: Parameters<typeof replayed>) => {
        const answer = await replayed(...args);
        options.recorder?.recordCall({ server: reference.name, tool: args[0].tool, arguments: args[0].arguments, ...(answer.ok ? { result: answer.value as never } : { error: answer.error }) });
        return answer;
      },
    };
    const specs = toMcpToolSpecs(listed, { namespace: reference.name, settings: reference.settings });
    return specs.flatMap((spec, index) => {
      const tool = listed[index];
      return tool ? [createMcpTool({ spec, serverToolName: tool.name, title: tool.title ?? tool.annotations?.title, server })] : [];
    });
  });
}
