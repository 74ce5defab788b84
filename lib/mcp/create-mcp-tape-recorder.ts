import { createRedactor, redactJsonValue, type JsonValue } from '@/lib/runtime';
import { MCP_TAPE_LIMITS, type McpRecordedCall, type McpRecordedQuestion, type McpRecordedRelist, type McpRecordedServer, type McpTape } from '@/lib/contract';

/** Collects a turn's MCP side as it happens; `tape()` is what the finished turn keeps. */
export type McpTapeRecorder = {
  recordServer(server: McpRecordedServer): void;
  recordCall(call: McpRecordedCall): void;
  /** A server listed again during the turn, as the request of `iteration` first offered it. */
  recordRelist(relist: McpRecordedRelist): void;
  recordMessage(server: string, direction: 'sent' | 'received', message: unknown): void;
  /** The recording so far, or undefined when the turn had no server. */
  tape(): McpTape | undefined;
};

/**
 * Every text is scrubbed of the turn's secrets (a server may echo a token it was sent) before it
 * is kept. The raw messages are for people to read: past `MCP_TAPE_LIMITS.messages` they are no
 * longer kept, and one larger than `messageChars` is kept as a stub naming its method and size.
 */
export function createMcpTapeRecorder(secrets: readonly string[]): McpTapeRecorder {
  const redact = createRedactor(secrets);
  const clean = (value: unknown) => redactJsonValue((value ?? null) as JsonValue, redact);
  // The message as the timeline shows it (redacted, then cut), so a replay asks in the same words.
  const cleanQuestion = ({ question, reply }: McpRecordedQuestion): McpRecordedQuestion =>
    ({ question: { ...(clean(question) as object), message: redact(question.message).slice(0, MCP_TAPE_LIMITS.questionChars) }, reply: clean(reply) }) as McpRecordedQuestion;
  const servers: McpRecordedServer[] = [];
  const calls: McpRecordedCall[] = [];
  const relists: McpRecordedRelist[] = [];
  const messages: McpTape['messages'] = [];
  return {
    recordServer: (server) => void servers.push(server),
    recordRelist: (relist) => void relists.push(relist.error === undefined ? relist : { ...relist, error: redact(relist.error) }),
    recordCall: (call) =>
      void calls.push({
        ...call,
        arguments: clean(call.arguments),
        ...(call.questions === undefined ? {} : { questions: call.questions.map(cleanQuestion) }),
        ...(call.result === undefined ? {} : { result: clean(call.result) }),
        ...(call.error === undefined ? {} : { error: redact(call.error) }),
      }),
    recordMessage(server, direction, message) {
      if (messages.length >= MCP_TAPE_LIMITS.messages) return;
      const text = JSON.stringify(message) ?? 'null';
      // Measured again once redacted: a redaction may be longer than the secret it replaces.
      const kept = text.length <= MCP_TAPE_LIMITS.messageChars ? clean(message) : undefined;
      const keptChars = kept === undefined ? text.length : JSON.stringify(kept).length;
      messages.push({ server, direction, message: kept !== undefined && keptChars <= MCP_TAPE_LIMITS.messageChars ? kept : stubOf(message, keptChars) });
    },
    tape: () => (servers.length === 0 ? undefined : { servers, ...(relists.length > 0 ? { relists } : {}), calls, messages }),
  };
}

function stubOf(message: unknown, chars: number): JsonValue {
  const record = typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : {};
  return {
    ...(typeof record.method === 'string' ? { method: record.method.slice(0, 200) } : {}),
    ...(typeof record.id === 'string' || typeof record.id === 'number' ? { id: record.id } : {}),
    omittedChars: chars,
  };
}
