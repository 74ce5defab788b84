import { err, ok, type AskPerson, type ElicitationReply, type JsonValue, type Result } from '@/lib/runtime';
import type { McpRecordedCall, McpRecordedQuestion } from '@/lib/contract';
import { recordQuestions } from './record-questions';
import type { McpCallResult } from '../convert-call-result';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';
import type { CallServerTool } from './create-mcp-tool';

export type CreateRecordedCallOptions = {
  /** Keeps each call as answered, so a replay's (or a fork's) record matches its recording. */
  recorder?: McpTapeRecorder;
  /**
   * A fork's live call: what a call the recording does not have goes to (it records itself). Absent
   * on replay. Given, the questions of a call the recording has are answered with the person's
   * recorded answers (shown, not asked again); on replay they are asked of the session's stored
   * answers, so a stored answer that is not the one the server got is a difference.
   */
  live?: CallServerTool;
};

/**
 * Answers a server's calls from a turn's recording: each call takes the first recorded call of
 * the same tool with the same arguments not yet used, replays its progress and answers what it
 * answered. The questions its server asked are asked again, never of a person: a replay answers
 * them from the session's stored answers, a fork with the reply the recorded server got. A reply
 * other than the one the recorded server got fails the call with both named. A call the recording
 * does not have goes to the server in a fork (where the live server may ask the person), and fails
 * with the reason on replay (the replay then differs from the recording there, and says so).
 */
export function createRecordedCall(server: string, recorded: readonly McpRecordedCall[], options: CreateRecordedCallOptions = {}): CallServerTool {
  const unused = recorded.filter((call) => call.server === server);
  const record = (call: { tool: string; arguments: JsonValue }, outcome: Pick<McpRecordedCall, 'progress' | 'questions'> & ({ result: JsonValue } | { error: string })) =>
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
    const questions: McpRecordedQuestion[] = [];
    const asked = await askAgain(server, found.questions ?? [], { ask: callOptions.ask && recordQuestions(callOptions.ask, questions, callOptions.log), answerAsRecorded: options.live !== undefined });
    const progress = { ...(found.progress ? { progress: found.progress } : {}), ...(questions.length > 0 ? { questions } : {}) };
    if (!asked.ok) {
      record(call, { ...progress, error: asked.error });
      return asked;
    }
    if (found.error !== undefined || found.result === undefined) {
      const error = found.error ?? 'The recorded call has no result.';
      record(call, { ...progress, error });
      return err(error);
    }
    record(call, { ...progress, result: found.result });
    return ok(found.result as McpCallResult);
  };
}

/**
 * Asks each recorded question in order (`answerAsRecorded`: with the recorded reply, so nobody is
 * asked); the first reply that is not the one the recorded server got stops the call.
 */
async function askAgain(server: string, questions: readonly McpRecordedQuestion[], { ask, answerAsRecorded }: { ask: AskPerson | undefined; answerAsRecorded: boolean }): Promise<Result<void, string>> {
  for (const { question, reply: recorded } of questions) {
    if (!ask) return err(`The recording's server asked "${question.message}" here, and nobody can answer it on replay.`);
    const reply = await ask({ server, question, ...(answerAsRecorded ? { recorded: recorded as ElicitationReply } : {}) });
    if (!isSameReply(reply, recorded)) {
      return err(
        `The server asked "${question.message}" and was answered ${describeReply(recorded)} in the recording, but ${describeReply(reply)} on replay; the server is not contacted on replay, so its recorded result does not apply.`,
      );
    }
  }
  return ok(undefined);
}

function isSameReply(reply: ElicitationReply, recorded: McpRecordedQuestion['reply']): boolean {
  return JSON.stringify(canonical(reply)) === JSON.stringify(canonical(recorded));
}

/** The reply with its fields in a fixed order, so the same answer compares equal however it was written. */
function canonical(reply: ElicitationReply | McpRecordedQuestion['reply']): unknown {
  if (reply.action !== 'accept' || !reply.content) return { action: reply.action };
  return { action: reply.action, content: Object.fromEntries(Object.entries(reply.content).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

function describeReply(reply: ElicitationReply | McpRecordedQuestion['reply']): string {
  return reply.action === 'accept' && reply.content ? `accept ${JSON.stringify(reply.content)}` : reply.action;
}
