// Server-only: `tools/call` on a turn's connection, recorded for the turn's tape.
import type { Client } from '@modelcontextprotocol/client';
import { err, ok, type JsonValue } from '@/lib/runtime';
import { MCP_LIMITS, TURN_LIMITS, type McpProgress, type McpRecordedQuestion } from '@/lib/contract';
import type { ServerRequestAnswers } from './answer-server-requests';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import type { CallServerTool } from './create-mcp-tool';
import { describeMcpFailure } from './describe-mcp-failure';
import { recordQuestions } from './record-questions';

/** How the official client words the progress it reports for its own input_required rounds. */
const CLIENT_ROUND = /^Fulfilling input required by '[^']*' \(round \d+\)$/;

/**
 * Calls through the official client with the call's signal (on 2025 revisions its abort sends
 * `notifications/cancelled`; on 2026-07-28 it closes the request's stream, which is that
 * revision's cancellation): the runtime's deadline aborts it, and that deadline pauses while a
 * person answers the server, so the client's own timeout is only the turn's wait budget as a
 * backstop. Keeps the first `progressLinesPerCall` progress notifications, and records the call
 * with the questions its server asked a person (at most `questionsPerCall`, a further one is
 * refused), the replies they got, and what it answered.
 */
export function createLiveCall(server: { name: string; client: Client; overflowed: AbortSignal; answers: ServerRequestAnswers; recorder?: McpTapeRecorder }): CallServerTool {
  return async (call, options) => {
    const progress: McpProgress[] = [];
    const questions: McpRecordedQuestion[] = [];
    const record = (outcome: { result: JsonValue } | { error: string }) =>
      server.recorder?.recordCall({
        server: server.name,
        tool: call.tool,
        arguments: call.arguments,
        ...(progress.length > 0 ? { progress } : {}),
        ...(questions.length > 0 ? { questions } : {}),
        ...outcome,
      });
    try {
      const inFlight = { log: options.log, ...(options.ask ? { ask: recordQuestions(options.ask, questions, options.log) } : {}) };
      const result = await server.answers.during(inFlight, () => server.client.callTool(
        { name: call.tool, arguments: call.arguments as Record<string, unknown> },
        {
          signal: AbortSignal.any([options.signal, server.overflowed]),
          timeout: Math.max(options.timeoutMs, TURN_LIMITS.waitMs),
          onprogress: ({ progress: value, total, message }) => {
            // The client reports its own rounds of answering a 2026-07-28 input_required result as progress; the timeline shows the questions instead.
            if (message !== undefined && CLIENT_ROUND.test(message)) return;
            if (progress.length >= MCP_LIMITS.progressLinesPerCall) return;
            const line = { progress: value, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) };
            progress.push(line);
            options.onProgress(line);
          },
        },
      ));
      const kept = { content: result.content, ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }), ...(result.isError ? { isError: true } : {}) };
      record({ result: kept as JsonValue });
      return ok(kept);
    } catch (error) {
      const cause = server.overflowed.aborted ? server.overflowed.reason : error;
      const refused = server.answers.describeRefusal(cause);
      if (refused) options.log('warn', refused);
      const message = options.signal.aborted ? 'The call was stopped.' : (refused ?? describeMcpFailure(cause, server.name).message);
      record({ error: message });
      return err(message);
    }
  };
}
