import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { AskPerson, ToolLogLevel } from '@/lib/runtime';
import { MCP_LIMITS, type McpRecordedQuestion } from '@/lib/contract';

/** `ask`, keeping each question and its reply for the recording, and refusing past `MCP_LIMITS.questionsPerCall`. */
export function recordQuestions(ask: AskPerson, questions: McpRecordedQuestion[], log: (level: ToolLogLevel, message: string) => void): AskPerson {
  let asked = 0;
  return async (request) => {
    asked += 1;
    if (asked > MCP_LIMITS.questionsPerCall) {
      const refusal = `a call may ask a person at most ${MCP_LIMITS.questionsPerCall} questions.`;
      log('warn', `Refused the server's elicitation/create request: ${refusal}`);
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `Refused: ${refusal}`);
    }
    const reply = await ask(request);
    questions.push({ question: request.question, reply } as McpRecordedQuestion);
    return reply;
  };
}
