import { err, ok } from '@/lib/runtime';
import type { McpRecordedCall } from '@/lib/contract';
import type { McpCallResult } from '../convert-call-result';
import type { CallServerTool } from './create-mcp-tool';

/**
 * Answers a server's calls from a turn's recording, without connecting: each call takes the first
 * recorded call of the same tool with the same arguments not yet used, replays its progress and
 * answers what it answered. A call the recording does not have fails with the reason (the replay
 * then differs from the recording there, and says so).
 */
export function createRecordedCall(server: string, recorded: readonly McpRecordedCall[]): CallServerTool {
  const unused = recorded.filter((call) => call.server === server);
  return async (call, options) => {
    const key = JSON.stringify(call.arguments);
    const index = unused.findIndex((candidate) => candidate.tool === call.tool && JSON.stringify(candidate.arguments) === key);
    const found = unused[index];
    if (!found) return err(`The recording has no call of ${call.tool} on ${server} with these arguments; the server is not contacted on replay.`);
    unused.splice(index, 1);
    for (const progress of found.progress ?? []) options.onProgress(progress);
    if (found.error !== undefined || found.result === undefined) return err(found.error ?? 'The recorded call has no result.');
    return ok(found.result as McpCallResult);
  };
}
