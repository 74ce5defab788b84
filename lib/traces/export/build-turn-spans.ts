import type { SessionTurn } from '@/lib/sessions';
import { createSpanId, encodeOtlpAttributes, OTLP_SPAN_KIND, OTLP_STATUS_CODE, toUnixNanos, type AttributeInput, type OtlpSpan } from '../otlp';
import { collectTurnCalls, type RecordedCall, type RecordedRequest, type RecordedTurn } from './collect-turn-calls';
import { describeGenAiModel, type GenAiModel } from './describe-genai-model';
import { buildAssistantMessage, buildToolMessage, convertConversationItems, type GenAiMessage, type GenAiOutputMessage } from './genai-messages';
import { readToolDefinitions } from './read-tool-definitions';

/** The agent name a playground turn's `invoke_agent` span carries. */
export const PLAYGROUND_AGENT_NAME = 'playground';

export type TurnSpanOptions = {
  traceId: string;
  sessionId: string;
  turnIndex: number;
  /** A whole millisecond since the epoch (the session's `createdAt`) that times count from. */
  epochMs: number;
  /** When the turn started, in ms from `epochMs` (negative: before it); its events' `at` count from here. */
  startOffsetMs: number;
};

type SpanFrame = { options: TurnSpanOptions; turnSpanId: string; model: GenAiModel };

/**
 * One recorded turn as spans: an `invoke_agent` span for the turn, a `chat <model>` span per
 * model request and an `execute_tool <name>` span per proposed call, both children of the turn's.
 */
export function buildTurnSpans(turn: SessionTurn, options: TurnSpanOptions): OtlpSpan[] {
  const recorded = collectTurnCalls(turn.events);
  const firstExchange = turn.tape[0];
  const model = describeGenAiModel(turn.request.model, recorded.turnStart?.model ?? turn.request.model.provider, firstExchange?.request, firstExchange?.url);
  const frame: SpanFrame = { options, turnSpanId: createSpanId(options.sessionId, options.turnIndex, 'turn'), model };
  const opening = [...convertConversationItems(turn.request.conversation ?? []), ...turn.request.messages.map((message): GenAiMessage => ({ role: message.role, parts: [{ type: 'text', content: message.content }] }))];
  const spans: OtlpSpan[] = [buildAgentSpan(frame, recorded, opening, turn)];
  const history = [...opening];
  for (const [index, request] of recorded.requests.entries()) {
    const calls = recorded.calls.filter((call) => call.iteration === request.iteration);
    spans.push(buildChatSpan(frame, { request, history, turn, exchange: index }));
    if (request.response) history.push(buildAssistantMessage(request.response.text, request.response.calls));
    for (const call of calls) {
      spans.push(buildToolSpan(frame, call));
      const answer = call.output?.output ?? (call.matches ? JSON.stringify(call.matches) : undefined);
      if (answer !== undefined) history.push(buildToolMessage(call.callId, answer));
    }
  }
  return spans;
}

function buildAgentSpan(frame: SpanFrame, recorded: RecordedTurn, opening: GenAiMessage[], turn: SessionTurn): OtlpSpan {
  const end = recorded.turnEnd;
  const finalText = end && (end.reason === 'completed' || end.reason === 'tool-ended') ? end.finalText : undefined;
  const instructions = recorded.turnStart?.instructions ?? turn.request.instructions;
  return span(frame, {
    spanId: frame.turnSpanId,
    parent: undefined,
    name: `invoke_agent ${PLAYGROUND_AGENT_NAME}`,
    kind: OTLP_SPAN_KIND.internal,
    startAt: 0,
    endAt: end?.at ?? lastAt(turn),
    attributes: {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': PLAYGROUND_AGENT_NAME,
      'gen_ai.conversation.id': frame.options.sessionId,
      'gen_ai.provider.name': frame.model.provider,
      'gen_ai.request.model': frame.model.model,
      'gen_ai.system_instructions': instructions ? JSON.stringify([{ type: 'text', content: instructions }]) : undefined,
      'gen_ai.input.messages': JSON.stringify(opening),
      'gen_ai.output.messages': finalText === undefined ? undefined : JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: finalText }], finish_reason: 'stop' }]),
      'playground.turn.id': turn.turnId,
      'playground.turn.end_reason': end?.reason,
    },
    error: end?.reason === 'error' ? { type: 'turn-error', message: end.error } : undefined,
  });
}

function buildChatSpan(frame: SpanFrame, { request, history, turn, exchange }: { request: RecordedRequest; history: GenAiMessage[]; turn: SessionTurn; exchange: number }): OtlpSpan {
  const response = request.response;
  const tape = turn.tape[exchange];
  const model = tape ? describeGenAiModel(turn.request.model, frame.model.model, tape.request, tape.url).model : frame.model.model;
  const tools = readToolDefinitions(tape?.request);
  const settings = turn.request.modelSettings;
  const instructions = turn.request.instructions;
  const output: GenAiOutputMessage[] = response ? [{ ...buildAssistantMessage(response.text, response.calls), role: 'assistant', finish_reason: response.calls.length > 0 ? 'tool_call' : 'stop' }] : [];
  return span(frame, {
    spanId: createSpanId(frame.options.sessionId, frame.options.turnIndex, 'chat', request.iteration),
    parent: frame.turnSpanId,
    name: `chat ${model}`,
    kind: OTLP_SPAN_KIND.client,
    startAt: request.requestAt,
    endAt: request.endAt,
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': frame.model.provider,
      'gen_ai.request.model': model,
      'gen_ai.conversation.id': frame.options.sessionId,
      'gen_ai.request.temperature': settings?.temperature,
      'gen_ai.request.max_tokens': settings?.max_output_tokens,
      'gen_ai.response.id': response?.responseId,
      'gen_ai.response.finish_reasons': response ? [output[0]?.finish_reason ?? 'stop'] : undefined,
      'gen_ai.system_instructions': instructions ? JSON.stringify([{ type: 'text', content: instructions }]) : undefined,
      'gen_ai.input.messages': JSON.stringify(history),
      'gen_ai.output.messages': response ? JSON.stringify(output) : undefined,
      'gen_ai.tool.definitions': tools.length > 0 ? JSON.stringify(tools) : undefined,
      'gen_ai.usage.input_tokens': response?.usage?.inputTokens,
      'gen_ai.usage.output_tokens': response?.usage?.outputTokens,
      'gen_ai.usage.cache_read.input_tokens': response?.usage?.cachedInputTokens,
      'gen_ai.usage.cache_creation.input_tokens': response?.usage?.cacheWriteInputTokens,
      'gen_ai.usage.reasoning.output_tokens': response?.usage?.reasoningTokens,
      'playground.iteration': request.iteration,
    },
    error: request.error ? { type: request.error.code, message: request.error.message } : undefined,
  });
}

function buildToolSpan(frame: SpanFrame, call: RecordedCall): OtlpSpan {
  const output = call.output;
  const failed = output !== undefined && output.status !== 'success';
  return {
    ...span(frame, {
      spanId: createSpanId(frame.options.sessionId, frame.options.turnIndex, 'tool', call.callId),
      parent: frame.turnSpanId,
      name: `execute_tool ${call.name}`,
      kind: OTLP_SPAN_KIND.internal,
      startAt: call.startAt,
      endAt: call.endAt,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': call.name,
        'gen_ai.tool.call.id': call.callId,
        'gen_ai.tool.type': 'function',
        'gen_ai.tool.call.arguments': call.arguments,
        'gen_ai.tool.call.result': output?.output ?? (call.matches ? JSON.stringify(call.matches) : undefined),
        'gen_ai.conversation.id': frame.options.sessionId,
        'playground.iteration': call.iteration,
        'playground.tool.status': output?.status,
        'playground.tool.permission': call.permission,
        'playground.tool.repairs': call.repairs,
      },
      error: failed ? { type: output.status, message: output.output } : undefined,
    }),
    ...(call.logs.length > 0
      ? {
          events: call.logs.map((log) => ({
            timeUnixNano: toUnixNanos(frame.options.epochMs, frame.options.startOffsetMs + log.at),
            name: 'playground.tool.log',
            attributes: encodeOtlpAttributes({ 'log.level': log.level, 'log.message': log.message }),
          })),
        }
      : {}),
  };
}

type SpanInput = {
  spanId: string;
  parent: string | undefined;
  name: string;
  kind: OtlpSpan['kind'];
  startAt: number;
  endAt: number;
  attributes: Record<string, AttributeInput>;
  error: { type: string; message: string } | undefined;
};

function span(frame: SpanFrame, input: SpanInput): OtlpSpan {
  const { epochMs, startOffsetMs, traceId } = frame.options;
  const attributes = input.error ? { ...input.attributes, 'error.type': input.error.type } : input.attributes;
  return {
    traceId,
    spanId: input.spanId,
    ...(input.parent ? { parentSpanId: input.parent } : {}),
    name: input.name,
    kind: input.kind,
    startTimeUnixNano: toUnixNanos(epochMs, startOffsetMs + input.startAt),
    endTimeUnixNano: toUnixNanos(epochMs, startOffsetMs + Math.max(input.startAt, input.endAt)),
    attributes: encodeOtlpAttributes(attributes),
    status: input.error ? { code: OTLP_STATUS_CODE.error, message: input.error.message } : { code: OTLP_STATUS_CODE.unset },
  };
}

/** How long a turn's events span, in ms from its start. */
export function lastAt(turn: SessionTurn): number {
  return turn.events.reduce((latest, event) => Math.max(latest, event.at), 0);
}
