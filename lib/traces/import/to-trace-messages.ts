import type { TraceMessage } from './trace-run';

/** The text messages of a conversation, in order: system, user and assistant text (calls and results are the tape's and the module's). */
export function toTraceMessages(messages: readonly { role: string; text: string }[]): TraceMessage[] {
  return messages.flatMap((message) => {
    const role = message.role === 'developer' ? 'system' : message.role;
    if ((role === 'system' || role === 'user' || role === 'assistant') && message.text !== '') return [{ role, content: message.text }];
    return [];
  });
}
