import type { OtlpSpan, OtlpTraceDocument } from '@/lib/traces';
import { encodeOtlpAttributes } from '@/lib/traces';

/** How big a conversation to build: turns (user messages), model calls in each, calls each non-final model call proposes at once. */
export type ConversationSize = { turns: number; modelCallsPerTurn: number; callsPerStep?: number; toolName?: string; callIdPrefix?: string };

/**
 * A written OTLP JSON trace in the OpenTelemetry GenAI conventions of a conversation of `size`,
 * for bounds and attacks (what a library makes is in the `record-*` fixtures): each turn a new user
 * message, its model calls proposing `lookup` calls until the last answers in text, each call's
 * `execute_tool` span with its result.
 */
export function buildGenAiConversation(size: ConversationSize): OtlpTraceDocument {
  const spans: OtlpSpan[] = [];
  let clock = 1_000_000_000n;
  const span = (name: string, attributes: Record<string, string>): void => {
    clock += 1_000n;
    spans.push({ traceId: 'c'.repeat(32), spanId: clock.toString(16).padStart(16, '0'), name, kind: 1, startTimeUnixNano: String(clock), endTimeUnixNano: String(clock + 1n), attributes: encodeOtlpAttributes(attributes), events: [], status: { code: 0 } });
  };
  const users: unknown[] = [];
  for (let turn = 0; turn < size.turns; turn += 1) {
    users.push({ role: 'user', parts: [{ type: 'text', content: `question ${turn}` }] });
    for (let step = 0; step < size.modelCallsPerTurn; step += 1) {
      const last = step === size.modelCallsPerTurn - 1;
      const ids = last ? [] : Array.from({ length: size.callsPerStep ?? 1 }, (_, index) => `${size.callIdPrefix ?? 'call'}_${turn}_${step}_${index}`);
      const output = last ? [{ type: 'text', content: `answer ${turn}` }] : ids.map((id) => ({ type: 'tool_call', id, name: size.toolName ?? 'lookup', arguments: JSON.stringify({ q: id }) }));
      span('chat m', { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'm', 'gen_ai.input.messages': JSON.stringify(users), 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: output }]) });
      for (const id of ids) span('execute_tool lookup', { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': size.toolName ?? 'lookup', 'gen_ai.tool.call.id': id, 'gen_ai.tool.call.result': `result of ${id}` });
    }
  }
  return { resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'written' }, spans }] }] };
}
