import { err, ok, type JsonValue } from '@/lib/runtime';
import type { McpRecordedCall } from '@/lib/contract';
import type { McpCallResult } from '../convert-call-result';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import type { CallServerTool } from './create-mcp-tool';

export type CreateRecordedCallOptions = {
  /** Keeps each call as answered, so a replay's (or a fork's) record matches its recording. */
  recorder?: McpTapeRecorder;
  /** A fork's live call: what a call the recording does not have goes to (it records itself). Absent on replay. */
  live?: CallServerTool;
};

/**
 * Answers a server's calls from a turn's recording: each call takes the first recorded call of
 * the same tool with the same arguments not yet used, replays its progress and answers what it
 * answered. A call the recording does not have goes to the server in a fork, and fails with the
 * reason on replay (the replay then differs from the recording there, and says so).
 */
export function createRecordedCall(server: string, recorded: readonly McpRecordedCall[], options: CreateRecordedCallOptions = {}): CallServerTool {
  const unused = recorded.filter((call) => call.server === server);
  const record = (call: { tool: string; arguments: JsonValue }, outcome: Pick<McpRecordedCall, 'progress'> & ({ result: JsonValue } | { error: string })) =>
    options.recorder?.recordCall({ server, tool: call.tool, arguments: call.arguments, ...outcome });
  return async (call, callOptions) => {
    const key = JSON.stringify(call.arguments);
    const index = unused.findIndex((candidate) => candidate.tool === call.tool && JSON.stringify(candidate.arguments) === key);
    const found = unused[index];
    if (!found) {
      if (options.live) return options.live(call, callOptions);
      const error = `The recording has no call of ${call.tool} on ${server} with these arguments; the server is not contacted on replay.`;
      record(call, { error });
      return err(error);
    }
    unused.splice(index, 1);
    for (const progress of found.progress ?? []) callOptions.onProgress(progress);
    const progress = found.progress ? { progress: found.progress } : {};
    if (found.error !== undefined || found.result === undefined) {
      const error = found.error ?? 'The recorded call has no result.';
      record(call, { ...progress, error });
      return err(error);
    }
    record(call, { ...progress, result: found.result });
    return ok(found.result as McpCallResult);
  };
}
